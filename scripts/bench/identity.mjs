// Identity figures on a running server: sign-in latency (argon2id verify + session) and the authenticated
// staff user list with 10,000 users seeded.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from '../lib/build-state.mjs';

const requireServer = createRequire(path.join(ROOT, 'server/package.json'));
const autocannon = requireServer('autocannon');
const { Client } = requireServer('pg');

const USERS = 10_000;
const LOGINS = Number(process.env.BENCH_LOGINS ?? 200);

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Seeds bench users into the embedded database of `dataDir`, all with the admin's password hash. */
async function seedUsers(dataDir, pgPort) {
  const secrets = JSON.parse(readFileSync(path.join(dataDir, 'pg.secrets.json'), 'utf8'));
  const client = new Client({ host: '127.0.0.1', port: Number(pgPort), user: secrets.user, password: secrets.password, database: 'zhiwen' });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO sys_user (dept_id, user_name, nick_name, email, phonenumber, password)
       SELECT (SELECT min(dept_id) FROM sys_dept), 'bench' || g, '压测用户' || g, 'bench' || g || '@example.com', '',
              (SELECT password FROM sys_user WHERE user_name = 'admin')
       FROM generate_series(1, $1) g`,
      [USERS],
    );
  } finally {
    await client.end();
  }
}

/** Prints sign-in latency and user-list throughput for the server at `url` (started with `env`). */
export async function benchIdentity(url, env) {
  await seedUsers(env.DATA_DIR, env.EMBEDDED_PG_PORT);
  const times = [];
  let token;
  for (let i = 1; i <= LOGINS; i++) {
    // Distinct accounts: the same body twice within a second is refused as a repeat submit.
    const started = performance.now();
    const res = await fetch(`${url}/prod-api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `bench${i}`, password: env.ADMIN_PASSWORD }),
    });
    const body = await res.json();
    times.push(performance.now() - started);
    if (body.code !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`);
  }
  times.sort((a, b) => a - b);
  console.log(
    `POST /prod-api/login, ${LOGINS} sequential sign-ins: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
  );

  const login = await fetch(`${url}/prod-api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: env.ADMIN_PASSWORD }),
  });
  token = (await login.json()).data;
  const result = await autocannon({
    url: `${url}/prod-api/system/user/list?pageNum=2&pageSize=20`,
    headers: { authorization: `Bearer ${token}` },
    connections: 20,
    duration: Number(process.env.BENCH_DURATION ?? 10),
  });
  console.log(
    `GET /prod-api/system/user/list (${USERS + 1} users, page 2 of 20), 20 connections: ` +
      `${Math.round(result.requests.average)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx`,
  );
}
