// List figures through the built server on its embedded PostgreSQL, side by side with a minimal Node + `pg` server
// (minimal-list-server.mjs) answering the same content page from the same database:
// - GET /prod-api/cms/content/list over pages 1–500 (20 rows a page) of 10,000 articles in 20 catalogs;
// - GET /prod-api/system/user/list over pages 1–500 with 10,000 staff users;
// each at BENCH_CONNECTIONS (100) concurrent clients for BENCH_DURATION (10) s, BENCH_LIST_RUNS (3) times: requests/s
// (best, and the spread of the runs), p50 and p99 of the best run, non-2xx answers and time-outs.
//   node scripts/bench/lists.mjs   (BENCH_SERVER_MAIN=<main.js> runs a build of one's own; BENCH_CPU_PROF=<folder> writes
//                                  the server's CPU profile there)
import { fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ROOT, stalePackages } from '../lib/build-state.mjs';
import { run } from '../lib/run.mjs';
import { adminCaller, benchServerEnv, benchSite, embeddedDatabaseUrl, freePort, startServer } from './server-process.mjs';

const requireServer = createRequire(path.join(ROOT, 'server/package.json'));
const autocannon = requireServer('autocannon');
const { Client } = requireServer('pg');
const ROWS = 10_000;
const CATALOGS = 20;
const PAGE_SIZE = 20;
const PAGES = ROWS / PAGE_SIZE;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 3);
const CPU_PROF = process.env.BENCH_CPU_PROF;

if (!process.env.BENCH_SERVER_MAIN) {
  for (const pkg of stalePackages().filter((p) => p.dir === 'shared' || p.dir === 'server')) {
    if ((await run('pnpm', ['--filter', pkg.name, 'run', 'build'], { cwd: ROOT })) !== 0) process.exit(1);
  }
}

/** Runs autocannon RUNS times over pages 1–500 of `base` (a URL ending in `?` or `&`); prints the best and the spread. */
async function measure(label, base, headers) {
  const probe = await fetch(`${base}pageNum=1&pageSize=${PAGE_SIZE}`, { headers });
  if (probe.status !== 200) throw new Error(`${label}: ${probe.status} ${await probe.text()}`);
  const results = [];
  for (let i = 0; i < RUNS; i++) {
    let n = 0;
    const { origin } = new URL(base);
    const prefix = base.slice(origin.length);
    results.push(
      await autocannon({
        url: origin,
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers,
        requests: [{ setupRequest: (req) => ({ ...req, path: `${prefix}pageNum=${(n++ % PAGES) + 1}&pageSize=${PAGE_SIZE}` }) }],
      }),
    );
  }
  const rates = results.map((r) => r.requests.average).sort((a, b) => a - b);
  const best = results.find((r) => r.requests.average === rates[rates.length - 1]);
  console.log(
    `${label}: ${Math.round(best.requests.average)} req/s (runs ${rates.map(Math.round).join(', ')}), ` +
      `p50 ${best.latency.p50} ms, p99 ${best.latency.p99} ms, ${results.reduce((s, r) => s + r.non2xx, 0)} non-2xx, ` +
      `${results.reduce((s, r) => s + r.timeouts, 0)} time-outs`,
  );
}

const { dataDir, env } = await benchServerEnv('lists');
let server;
let minimal;
let db;
try {
  server = await startServer(env, { nodeArgs: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF)}`] : [] });
  const call = await adminCaller(server);
  const { siteId, catalogs } = await benchSite(call, CATALOGS);

  const databaseUrl = embeddedDatabaseUrl(dataDir, env);
  db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const paragraph = '城市治理现代化需要在制度、技术与参与三个层面协同推进，本文结合若干案例讨论其路径与成效。'.repeat(8);
  await db.query(
    `WITH inserted AS (
       INSERT INTO cms_content (site_id, catalog_id, catalog_ancestors, content_type, title, summary, author, status, publish_date, sort_flag, create_by)
       SELECT $1, ($2::bigint[])[1 + n % $4], ($2::bigint[])[1 + n % $4]::text, 'article', '压测文章 ' || n, '第 ' || n || ' 篇文章的摘要', '压测',
              'published', now() - make_interval(mins => n), n, 'bench'
         FROM generate_series(1, $3::int) AS n
       RETURNING content_id
     )
     INSERT INTO cms_article_detail (content_id, content_html) SELECT content_id, $5 FROM inserted`,
    [siteId, catalogs.map((c) => c.catalogId), ROWS, CATALOGS, `<p>${paragraph}</p><p>${paragraph}</p>`],
  );
  await db.query(
    `INSERT INTO sys_user (dept_id, user_name, nick_name, email, phonenumber, password)
     SELECT (SELECT min(dept_id) FROM sys_dept), 'bench' || g, '压测用户' || g, 'bench' || g || '@example.com', '', ''
       FROM generate_series(1, $1::int) g`,
    [ROWS],
  );
  await db.query('ANALYZE');
  const indexed = (await db.query(`SELECT indexdef FROM pg_indexes WHERE tablename = 'cms_content' AND indexdef LIKE '%(site_id, top_flag DESC%'`))
    .rows.length;
  console.log(
    `${ROWS} published articles in ${CATALOGS} catalogs, ${ROWS} staff users; ${CONNECTIONS} connections, ${DURATION_S} s x ${RUNS} runs; ` +
      `index on (site_id, top_flag DESC, sort_flag DESC, content_id DESC): ${indexed ? 'yes' : 'no'}; ${os.cpus().length} cores, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );

  const headers = { authorization: `Bearer ${call.token}`, CurrentSite: siteId };
  await measure('GET /prod-api/cms/content/list (zhiwen)', `${server.url}/prod-api/cms/content/list?`, headers);
  await measure('GET /prod-api/system/user/list (zhiwen)', `${server.url}/prod-api/system/user/list?`, headers);

  // The yardstick on the same database (the server stays up, idle: its embedded PostgreSQL serves both).
  const port = await freePort();
  minimal = fork(path.join(ROOT, 'scripts/bench/minimal-list-server.mjs'), [], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), SITE_ID: siteId },
  });
  await new Promise((resolve, reject) => {
    minimal.once('message', resolve);
    minimal.once('exit', reject);
  });
  await measure('content list page, minimal Node + pg server', `http://127.0.0.1:${port}/?`, {});
} finally {
  minimal?.kill();
  await db?.end();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
