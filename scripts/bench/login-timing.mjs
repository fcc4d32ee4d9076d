// `node scripts/bench/login-timing.mjs`: does a failed sign-in take as long for an unknown account as for a known
// one with a wrong password? (Issue 15, point 4: an unknown user must not answer faster, or accounts can be
// enumerated by timing.) Starts the built server on a new embedded database, seeds accounts, then sends
// interleaved failed sign-ins to POST /prod-api/login (staff) and /prod-api/member/login (members) and prints the
// two medians and their ratio per realm; the goal is a ratio within 10 % of 1.
// Each identifier is tried once, so no captcha requirement or slowing applies; requests come from loopback, which
// the address limits leave alone. BENCH_LOGIN_SAMPLES sets the number of samples per kind (default 150).
// Run it on a quiet machine: medians of a few ms move with the load of other processes.
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT, stalePackages } from '../lib/build-state.mjs';
import { run } from '../lib/run.mjs';
import { benchServerEnv, startServer } from './server-process.mjs';

const { Client } = createRequire(path.join(ROOT, 'server/package.json'))('pg');
const SAMPLES = Number(process.env.BENCH_LOGIN_SAMPLES ?? 150);
const GOAL = 0.1;

/** Seeds `count` staff users `bench1..` and members `mbench1..`, all with the admin's password hash. */
async function seedAccounts(dataDir, pgPort, count) {
  const secrets = JSON.parse(readFileSync(path.join(dataDir, 'pg.secrets.json'), 'utf8'));
  const client = new Client({ host: '127.0.0.1', port: Number(pgPort), user: secrets.user, password: secrets.password, database: 'zhiwen' });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO sys_user (dept_id, user_name, nick_name, password)
       SELECT (SELECT min(dept_id) FROM sys_dept), 'bench' || g, 'bench' || g, (SELECT password FROM sys_user WHERE user_name = 'admin')
       FROM generate_series(1, $1) g`,
      [count],
    );
    await client.query(
      `INSERT INTO member_user (user_name, nick_name, password, invite_code)
       SELECT 'mbench' || g, 'mbench' || g, (SELECT password FROM sys_user WHERE user_name = 'admin'), upper(lpad(to_hex(g + 700000), 5, '0'))
       FROM generate_series(1, $1) g`,
      [count],
    );
  } finally {
    await client.end();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** One failed sign-in; answers its time in ms and fails the bench if it was not refused with the one message. */
async function failedSignIn(url, route, username) {
  const started = performance.now();
  const res = await fetch(`${url}/prod-api${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' },
    body: JSON.stringify({ username, password: `Wrong-${username}-1` }),
  });
  const body = await res.json();
  const ms = performance.now() - started;
  if (body.msg !== '用户不存在或密码错误') throw new Error(`${route} ${username}: unexpected answer ${JSON.stringify(body)}`);
  return ms;
}

async function benchRealm(url, name, route, knownPrefix) {
  // Warm up both paths (JIT, connection pool) before measuring.
  for (let i = 0; i < 5; i++) {
    await failedSignIn(url, route, `warm-ghost-${name}-${i}`);
    await failedSignIn(url, route, `${knownPrefix}${SAMPLES + 1 + i}`);
  }
  const unknown = [];
  const known = [];
  for (let i = 1; i <= SAMPLES; i++) {
    // Interleaved, alternating which goes first, so drift in machine load hits both kinds alike.
    const pair = [() => failedSignIn(url, route, `ghost-${name}-${i}`), () => failedSignIn(url, route, `${knownPrefix}${i}`)];
    if (i % 2) {
      unknown.push(await pair[0]());
      known.push(await pair[1]());
    } else {
      known.push(await pair[1]());
      unknown.push(await pair[0]());
    }
  }
  const u = median(unknown);
  const k = median(known);
  const ratio = u / k;
  console.log(
    `${name.padEnd(6)} POST /prod-api${route}, ${SAMPLES} each: unknown user p50 ${u.toFixed(1)} ms, ` +
      `known user with wrong password p50 ${k.toFixed(1)} ms, ratio ${ratio.toFixed(3)} ` +
      `(${Math.abs(ratio - 1) <= GOAL ? 'within' : 'OUTSIDE'} ${GOAL * 100} %)`,
  );
  return Math.abs(ratio - 1) <= GOAL;
}

// Only what the server needs: the clients are not served here. BENCH_NO_BUILD=1 measures the build as it is.
const toBuild = process.env.BENCH_NO_BUILD ? [] : stalePackages().filter((p) => p.dir === 'shared' || p.dir === 'server');
for (const pkg of toBuild) {
  if ((await run('pnpm', ['--filter', pkg.name, 'run', 'build'], { cwd: ROOT })) !== 0) process.exit(1);
}
const { dataDir, env } = await benchServerEnv('login');
let server;
let ok = false;
try {
  server = await startServer(env);
  await seedAccounts(dataDir, env.EMBEDDED_PG_PORT, SAMPLES + 10);
  const staff = await benchRealm(server.url, 'staff', '/login', 'bench');
  const members = await benchRealm(server.url, 'member', '/member/login', 'mbench');
  ok = staff && members;
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
