// List figures through the built server on its embedded PostgreSQL, side by side with a minimal Node + `pg` server
// (minimal-list-server.mjs) answering the same content page from the same database:
// - GET /prod-api/cms/content/list over pages 1–500 (20 rows a page) of 10,000 articles in 20 catalogs;
// - GET /prod-api/system/user/list over pages 1–500 with 10,000 staff users;
// each at BENCH_CONNECTIONS (100) concurrent clients for BENCH_RAMP (5) + BENCH_DURATION (10) s, BENCH_LIST_RUNS (3)
// times: requests/s (best, and the spread of the runs), p50 and p99 of the best run's steady state, the time until
// every connection had its first answer (see runOnce), non-2xx answers, time-outs and CPU per request.
//   node scripts/bench/lists.mjs   (BENCH_SERVER_MAIN=<main.js> runs a build of one's own; BENCH_CPU_PROF=<folder> writes
//                                  the server's CPU profile there; BENCH_NODE_ARGS="--flag …" starts the server's node with them;
//                                  BENCH_STRAPI=1 runs Strapi 5 beside them on the same rows, see strapi-server.mjs)
import { fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ROOT, stalePackages } from '../lib/build-state.mjs';
import { run } from '../lib/run.mjs';
import {
  adminCaller,
  benchServerEnv,
  benchSite,
  cpuMs,
  embeddedDatabaseUrl,
  freePort,
  postgresCpuMs,
  rebuildSearchIndex,
  startServer,
} from './server-process.mjs';
import { prepareStrapiApp, seedStrapi, startStrapi, STRAPI_VERSION, strapiPagePath } from './strapi-server.mjs';

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
const RAMP_ALLOW_S = Number(process.env.BENCH_RAMP ?? 5);
const CPU_PROF = process.env.BENCH_CPU_PROF;
const STRAPI = process.env.BENCH_STRAPI === '1';

if (!process.env.BENCH_SERVER_MAIN) {
  for (const pkg of stalePackages().filter((p) => p.dir === 'shared' || p.dir === 'server')) {
    if ((await run('pnpm', ['--filter', pkg.name, 'run', 'build'], { cwd: ROOT })) !== 0) process.exit(1);
  }
}

const median = (values) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/** The q-quantile (0..1) of sorted numbers. */
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/**
 * A list to measure: `origin` and `pagePath(page, pageSize)` the request of a page (pages 1–500 are asked in turn),
 * `pid` the server answering it, `results` the runs so far. `probe` checks it answers and records the fields of its
 * rows (`rowsOf` finds them in the answer: the product's envelope by default).
 */
function target(label, origin, pagePath, headers, pid, rowsOf = (json) => json.data.rows) {
  return {
    label,
    origin,
    pagePath,
    headers,
    pid,
    results: [],
    async probe() {
      const res = await fetch(`${origin}${pagePath(1, PAGE_SIZE)}`, { headers });
      if (res.status !== 200) throw new Error(`${label}: ${res.status} ${await res.text()}`);
      const rows = rowsOf(await res.json());
      if (rows.length !== PAGE_SIZE) throw new Error(`${label}: ${rows.length} rows on page 1`);
      this.fields = Object.keys(rows[0]).sort().join(',');
    },
  };
}

/** A product-style list path: `base` ends with `?` or `&`. */
const pagedPath = (base) => (page, pageSize) => `${base}pageNum=${page}&pageSize=${pageSize}`;

/**
 * One autocannon run over pages 1–500 of a target, added to its results.
 *
 * Each run opens CONNECTIONS new connections at once. Node (libuv 1.45+) accepts one connection per event-loop
 * iteration, so a server under load takes a while to accept them all, and the requests of the last connections
 * accepted wait that long: the "ramp". A run therefore lasts RAMP_ALLOW_S + DURATION_S; the ramp (the time until
 * every connection has had its first answer) is printed apart, and requests/s, p50 and p99 are those of the steady
 * state after it (all connections open), for both servers alike. The whole run's p99 is printed beside them. CPU per
 * request is the server's and its PostgreSQL's (`pgDir`: the cluster folder) over the whole run.
 */
async function runOnce(t, pgDir) {
  let n = 0;
  const answers = []; // [ms since start, latency ms]
  const firstAnswer = new Map();
  const cpuBefore = { server: cpuMs(t.pid), postgres: postgresCpuMs(pgDir) };
  const t0 = performance.now();
  const instance = autocannon({
    url: t.origin,
    connections: CONNECTIONS,
    duration: RAMP_ALLOW_S + DURATION_S,
    headers: t.headers,
    requests: [{ setupRequest: (req) => ({ ...req, path: t.pagePath((n++ % PAGES) + 1, PAGE_SIZE) }) }],
  });
  instance.on('response', (client, _status, _bytes, latency) => {
    const at = performance.now() - t0;
    answers.push([at, latency]);
    if (!firstAnswer.has(client)) firstAnswer.set(client, at);
  });
  const result = await instance;
  const end = performance.now() - t0;
  const ramp = firstAnswer.size === CONNECTIONS ? Math.max(...firstAnswer.values()) : end;
  const steady = answers
    .filter(([at]) => at >= ramp)
    .map(([, latency]) => latency)
    .sort((a, b) => a - b);
  const all = answers.map(([, latency]) => latency).sort((a, b) => a - b);
  t.results.push({
    // 0 when some connection never had an answer (the run was all ramp).
    rate: end > ramp ? steady.length / ((end - ramp) / 1000) : 0,
    p50: quantile(steady, 0.5),
    p99: quantile(steady, 0.99),
    allP99: quantile(all, 0.99),
    ramp,
    serverCpu: (cpuMs(t.pid) - cpuBefore.server) / answers.length,
    postgresCpu: (postgresCpuMs(pgDir) - cpuBefore.postgres) / answers.length,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
  });
}

/** Prints a target's figures: the best run's steady state, the spread of the runs, ramps, CPU per request. */
function report(t) {
  const { results } = t;
  const rates = results.map((r) => r.rate).sort((a, b) => a - b);
  const best = results.find((r) => r.rate === rates[rates.length - 1]);
  const ms = (v) => Math.round(v);
  console.log(
    `${t.label}: ${Math.round(best.rate)} req/s (runs ${results.map((r) => Math.round(r.rate)).join(', ')}; median ${Math.round(median(rates))}), ` +
      `p50 ${ms(best.p50)} ms, p99 ${ms(best.p99)} ms; all ${CONNECTIONS} connections answered after ` +
      `${results.map((r) => ms(r.ramp)).join(', ')} ms (whole-run p99 ${results.map((r) => ms(r.allP99)).join(', ')} ms); ` +
      `${results.reduce((s, r) => s + r.non2xx, 0)} non-2xx, ${results.reduce((s, r) => s + r.timeouts, 0)} time-outs; ` +
      `CPU per request (median of the runs): server ${median(results.map((r) => r.serverCpu)).toFixed(2)} ms, PostgreSQL ` +
      `${median(results.map((r) => r.postgresCpu)).toFixed(2)} ms`,
  );
}

const { dataDir, env } = await benchServerEnv('lists');
let server;
let minimal;
let db;
let strapi;
let strapiDb;
try {
  const nodeArgs = [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])];
  if (CPU_PROF) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF)}`);
  server = await startServer(env, { nodeArgs });
  const call = await adminCaller(server);
  const { siteId, catalogs } = await benchSite(call, CATALOGS);

  const databaseUrl = embeddedDatabaseUrl(dataDir, env);
  db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const paragraph = '城市治理现代化需要在制度、技术与参与三个层面协同推进，本文结合若干案例讨论其路径与成效。'.repeat(8);
  const bodyHtml = `<p>${paragraph}</p><p>${paragraph}</p>`;
  await db.query(
    `WITH inserted AS (
       INSERT INTO cms_content (site_id, catalog_id, catalog_ancestors, content_type, title, summary, author, status, publish_date, sort_flag, create_by)
       SELECT $1, ($2::bigint[])[1 + n % $4], ($2::bigint[])[1 + n % $4]::text, 'article', '压测文章 ' || n, '第 ' || n || ' 篇文章的摘要', '压测',
              'published', now() - make_interval(mins => n), n, 'bench'
         FROM generate_series(1, $3::int) AS n
       RETURNING content_id
     )
     INSERT INTO cms_article_detail (content_id, content_html) SELECT content_id, $5 FROM inserted`,
    [siteId, catalogs.map((c) => c.catalogId), ROWS, CATALOGS, bodyHtml],
  );
  await db.query(
    `INSERT INTO sys_user (dept_id, user_name, nick_name, email, phonenumber, password)
     SELECT (SELECT min(dept_id) FROM sys_dept), 'bench' || g, '压测用户' || g, 'bench' || g || '@example.com', '', ''
       FROM generate_series(1, $1::int) g`,
    [ROWS],
  );
  // The articles in the search index before the runs, as published content is (see rebuildSearchIndex).
  await rebuildSearchIndex(call);
  // As autovacuum leaves a table soon after a bulk load: statistics, and the visibility map index-only scans rely on.
  await db.query('VACUUM ANALYZE');
  const indexed = (await db.query(`SELECT indexdef FROM pg_indexes WHERE tablename = 'cms_content' AND indexdef LIKE '%(site_id, top_flag DESC%'`))
    .rows.length;
  console.log(
    `${ROWS} published articles in ${CATALOGS} catalogs, ${ROWS} staff users; ${CONNECTIONS} connections, ${DURATION_S} s x ${RUNS} runs; ` +
      `index on (site_id, top_flag DESC, sort_flag DESC, content_id DESC): ${indexed ? 'yes' : 'no'}; ${os.cpus().length} cores, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );

  // The yardstick runs beside the product on the same database (its embedded PostgreSQL serves both); the content
  // list's runs and the yardstick's alternate, so that a change in the machine's load falls on both.
  const port = await freePort();
  minimal = fork(path.join(ROOT, 'scripts/bench/minimal-list-server.mjs'), [], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), SITE_ID: siteId },
  });
  await new Promise((resolve, reject) => {
    minimal.once('message', resolve);
    minimal.once('exit', reject);
  });
  const [{ data_directory: pgDir }] = (await db.query('SHOW data_directory')).rows;
  const headers = { authorization: `Bearer ${call.token}`, CurrentSite: siteId };
  const content = target('GET /prod-api/cms/content/list (zhiwen)', server.url, pagedPath('/prod-api/cms/content/list?'), headers, server.pid);
  const yardstick = target('content list page, minimal Node + pg server', `http://127.0.0.1:${port}`, pagedPath('/?'), {}, minimal.pid);
  const users = target('GET /prod-api/system/user/list (zhiwen)', server.url, pagedPath('/prod-api/system/user/list?'), headers, server.pid);
  const sideBySide = [content, yardstick];
  if (STRAPI) {
    // Strapi on its own database of the same PostgreSQL, seeded with the same rows (strapi-server.mjs).
    await prepareStrapiApp();
    await db.query('CREATE DATABASE strapi');
    const strapiUrl = databaseUrl.replace(/\/zhiwen$/, '/strapi');
    strapi = await startStrapi(strapiUrl, await freePort());
    strapiDb = new Client({ connectionString: strapiUrl });
    await strapiDb.connect();
    await seedStrapi(strapiDb, { rows: ROWS, catalogs: CATALOGS, bodyHtml });
    await strapiDb.query('VACUUM ANALYZE');
    sideBySide.push(target(`GET /api/articles (Strapi ${STRAPI_VERSION})`, strapi.url, strapiPagePath, {}, strapi.pid, (json) => json.data));
  }
  for (const t of [...sideBySide, users]) await t.probe();
  // The yardstick answers the same page: the same fields of each row.
  if (yardstick.fields !== content.fields) throw new Error(`the minimal server answers ${yardstick.fields}, the product ${content.fields}`);
  // Strapi's rows carry the catalog (its name), as the product's carry catalogName.
  if (STRAPI && !sideBySide[2].fields.split(',').includes('catalog')) throw new Error(`Strapi answers ${sideBySide[2].fields}: no catalog`);
  for (let i = 0; i < RUNS; i++) for (const t of sideBySide) await runOnce(t, pgDir);
  for (let i = 0; i < RUNS; i++) await runOnce(users, pgDir);
  for (const t of [...sideBySide, users]) report(t);
  const medianRate = (results) => median(results.map((r) => r.rate));
  const bestRate = (results) => Math.max(...results.map((r) => r.rate));
  const ratio = (other) =>
    `median ${(medianRate(content.results) / medianRate(other.results)).toFixed(2)}, best ${(bestRate(content.results) / bestRate(other.results)).toFixed(2)}`;
  console.log(`content list / minimal server, requests/s: ${ratio(yardstick)}`);
  if (STRAPI) console.log(`content list / Strapi, requests/s: ${ratio(sideBySide[2])}`);
} finally {
  await strapi?.stop();
  await strapiDb?.end();
  minimal?.kill();
  await db?.end();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
