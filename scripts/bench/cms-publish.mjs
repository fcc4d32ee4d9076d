// Static publishing figures on a 10,000-article site (20 catalogs, 2 publish pipes, the default theme) through the built
// server on its embedded PostgreSQL:
// - whole-site publish: pages written per second, from the request until its task is done (BENCH_CMS_SITE_RUNS runs
//   on the same site; best, median and worst);
// - single-article publish: an edited article published again as the back office does it (POST /cms/content/publish),
//   timed from the request until every task it queued is done, i.e. its page, its catalog's list pages and the home
//   page are on disk (the files are checked for the new title); median and p90 of BENCH_CMS_ARTICLE_RUNS;
// - the server's peak memory (VmHWM of the process, which includes start-up).
// The server runs as a deployment does (docs/operations.md): the API process, which also runs jobs, and
// BENCH_CMS_WORKERS worker processes (`WORKER=1`) beside it, 1 by default: one process per core of a 2-core machine. A
// whole-site publish is one task per pipe, each a job of its own, so the processes publish the pipes side by side.
//   node scripts/bench/cms-publish.mjs   (BENCH_CMS_ARTICLES=10000, BENCH_CMS_CATALOGS=20, BENCH_CMS_SITE_RUNS=3,
//                                         BENCH_CMS_ARTICLE_RUNS=30, BENCH_CMS_WORKERS=1 (0: the API process
//                                         alone); BENCH_CPU_PROF=<folder> writes the server's
//                                         CPU profile there; BENCH_SERVER_MAIN=<main.js> runs a build of one's own;
//                                         BENCH_DEBUG=1 prints when each task of an article publish ran)
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT, stalePackages } from '../lib/build-state.mjs';
import { run } from '../lib/run.mjs';
import {
  adminCaller,
  benchServerEnv,
  benchSite,
  cpuMs,
  embeddedDatabaseUrl,
  postgresCpuMs,
  rebuildSearchIndex,
  startServer,
  startWorker,
} from './server-process.mjs';

const ARTICLES = Number(process.env.BENCH_CMS_ARTICLES ?? 10_000);
const CATALOGS = Number(process.env.BENCH_CMS_CATALOGS ?? 20);
const SITE_RUNS = Number(process.env.BENCH_CMS_SITE_RUNS ?? 3);
const ARTICLE_RUNS = Number(process.env.BENCH_CMS_ARTICLE_RUNS ?? 30);
const WORKERS = Number(process.env.BENCH_CMS_WORKERS ?? 1);
const CPU_PROF = process.env.BENCH_CPU_PROF;
const { Client } = createRequire(path.join(ROOT, 'server/package.json'))('pg');

// Only the server is measured: the clients are not built for it.
if (!process.env.BENCH_SERVER_MAIN) {
  for (const pkg of stalePackages().filter((p) => p.dir === 'shared' || p.dir === 'server')) {
    if ((await run('pnpm', ['--filter', pkg.name, 'run', 'build'], { cwd: ROOT })) !== 0) process.exit(1);
  }
}

/** Files (and their bytes) under a folder. */
function walk(dir) {
  let files = 0;
  let bytes = 0;
  if (!existsSync(dir)) return { files, bytes };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const sub = walk(full);
      files += sub.files;
      bytes += sub.bytes;
    } else {
      files++;
      bytes += statSync(full).size;
    }
  }
  return { files, bytes };
}

const peakRssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Value at quantile q of sorted numbers. */
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

const { dataDir, env } = await benchServerEnv('cms');
let server;
const workers = [];
let db;
try {
  const nodeArgs = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF)}`] : [];
  server = await startServer(env, { nodeArgs });
  for (let i = 0; i < WORKERS; i++) workers.push(await startWorker(env, embeddedDatabaseUrl(dataDir, env), { nodeArgs }));
  // CPU of our processes: the API's and the workers'.
  const ourCpuMs = () => cpuMs(server.pid) + workers.reduce((sum, w) => sum + cpuMs(w.pid), 0);
  const call = await adminCaller(server);

  // The site (pc and h5 pipes, default theme) and its catalogs through the API.
  const { siteId, catalogs } = await benchSite(call, CATALOGS);

  // The articles straight into the database: published, with a body of about 1,500 characters each.
  db = new Client({ connectionString: embeddedDatabaseUrl(dataDir, env) });
  await db.connect();
  const paragraph = '城市治理现代化需要在制度、技术与参与三个层面协同推进，本文结合若干案例讨论其路径与成效。'.repeat(8);
  const loadStarted = performance.now();
  for (let start = 0; start < ARTICLES; start += 1000) {
    const count = Math.min(1000, ARTICLES - start);
    await db.query(
      `WITH rows AS (
         SELECT n, $2::bigint[] AS cats FROM generate_series($3::int, $3::int + $4::int - 1) AS n
       ), inserted AS (
         INSERT INTO cms_content (site_id, catalog_id, catalog_ancestors, content_type, title, summary, author, status, publish_date, sort_flag, create_by)
         SELECT $1, cats[1 + n % cardinality(cats)], cats[1 + n % cardinality(cats)]::text, 'article', '压测文章 ' || n, '第 ' || n || ' 篇文章的摘要', '压测',
                'published', now() - make_interval(mins => n), n, 'bench'
           FROM rows
         RETURNING content_id
       )
       INSERT INTO cms_article_detail (content_id, content_html) SELECT content_id, $5 FROM inserted`,
      [siteId, catalogs.map((c) => c.catalogId), start + 1, count, `<p>${paragraph}</p><p>${paragraph}</p><p>${paragraph}</p>`],
    );
  }
  // Statistics as a site that has been running has them (autovacuum would take a while to get to it).
  await db.query('ANALYZE cms_content, cms_article_detail');
  // The articles in the search index before the runs, as published content is (see rebuildSearchIndex).
  await rebuildSearchIndex(call);
  console.log(
    `site: ${ARTICLES} published articles in ${CATALOGS} catalogs, 2 pipes (pc, h5), default theme; loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s; ` +
      `processes running jobs: the API${WORKERS ? ` and ${WORKERS} worker${WORKERS > 1 ? 's' : ''}` : ' alone'}`,
  );

  // Tasks still waiting or running (read from the database: finer than the task list's polling).
  const unfinished = async (afterTaskId) =>
    (await db.query(`SELECT count(*)::int AS n FROM cms_publish_task WHERE task_id > $1 AND status IN ('pending', 'running')`, [afterTaskId])).rows[0]
      .n;
  const lastTaskId = async () => (await db.query(`SELECT coalesce(max(task_id), 0)::text AS id FROM cms_publish_task`)).rows[0].id;

  // The whole-site publish, as the back office starts it; timed until its task is done. The first run writes into an
  // empty folder; before each later one the site is renamed, so every page changes and is written again (unchanged
  // pages are left alone, which would measure less).
  const siteFolder = path.join(dataDir, 'uploads', 'site', 'bench');
  const [{ data_directory: pgDir }] = (await db.query('SHOW data_directory')).rows;
  const rates = [];
  for (let i = 1; i <= SITE_RUNS; i++) {
    if (i > 1) await db.query(`UPDATE cms_site SET name = $2 WHERE site_id = $1`, [siteId, `压测站点${i}`]);
    // CPU spent per page (the server's, PostgreSQL's) beside pages/s: it varies less than the wall clock when the
    // machine's speed drifts between runs (a shared host).
    const cpuStart = { server: ourCpuMs(), postgres: postgresCpuMs(pgDir) };
    const started = performance.now();
    // One task per pipe; done when all are.
    const { taskIds } = await call('POST', '/cms/site/publish', { siteId });
    let task;
    for (;;) {
      await sleep(50);
      const { rows } = await db.query(`SELECT status, progress, total, error FROM cms_publish_task WHERE task_id = ANY($1::bigint[])`, [taskIds]);
      task = {
        status: rows.every((r) => r.status === 'done') ? 'done' : rows.some((r) => r.status === 'failed') ? 'failed' : 'running',
        progress: rows.reduce((sum, r) => sum + r.progress, 0),
        total: rows.reduce((sum, r) => sum + r.total, 0),
        error: rows.map((r) => r.error).join(' '),
      };
      if (rows.length === taskIds.length && rows.every((r) => r.status === 'done' || r.status === 'failed')) break;
      if (performance.now() - started > 30 * 60_000) throw new Error('publish did not finish within 30 min');
    }
    const seconds = (performance.now() - started) / 1000;
    const written = walk(siteFolder);
    rates.push(written.files / seconds);
    console.log(
      `whole-site publish ${i}/${SITE_RUNS} (${i === 1 ? 'empty folder' : 'every page changed'}): task ${task.status} (${task.progress}/${task.total}${task.error.trim() ? `, errors: ${task.error.trim().slice(0, 200)}` : ''}) ` +
        `in ${seconds.toFixed(1)} s; ${written.files} files (${(written.bytes / 1024 / 1024).toFixed(1)} MB) -> ${(written.files / seconds).toFixed(0)} pages/s; ` +
        `CPU per page: server ${((ourCpuMs() - cpuStart.server) / written.files).toFixed(2)} ms, PostgreSQL ${((postgresCpuMs(pgDir) - cpuStart.postgres) / written.files).toFixed(2)} ms`,
    );
  }
  rates.sort((a, b) => a - b);
  console.log(
    `whole-site publish: best ${rates.at(-1).toFixed(0)} pages/s (median ${quantile(rates, 0.5).toFixed(0)}, worst ${rates[0].toFixed(0)}; ${SITE_RUNS} runs)`,
  );

  // One article edited and published again, as an editor does: the page the visitor sees is current once its detail
  // page, the list page of its catalog that shows it and the home page are written. Articles near the top of their
  // catalogs (the newest: on list page 1 and the home page), one after another.
  const { rows: picks } = await db.query(
    `SELECT content_id AS id, catalog_id AS "catalogId", title FROM (
       SELECT c.*, row_number() OVER (PARTITION BY catalog_id ORDER BY top_flag DESC, sort_flag DESC, content_id DESC) AS pos
         FROM cms_content c WHERE site_id = $1 AND status = 'published') t
      WHERE pos <= 8 ORDER BY md5(content_id::text) LIMIT $2`,
    [siteId, ARTICLE_RUNS],
  );
  const catalogPath = new Map(catalogs.map((c) => [String(c.catalogId), c.path]));
  const contains = (file, text) => existsSync(file) && readFileSync(file, 'utf8').includes(text);
  const times = [];
  // CPU of the article publishes (the server's and its PostgreSQL's), beside their latency; the polling below adds a
  // little to PostgreSQL's.
  const cpuBefore = { server: ourCpuMs(), postgres: postgresCpuMs(pgDir) };
  const answered = [];
  let onHomePage = 0;
  for (const [i, pick] of picks.entries()) {
    const title = `${pick.title} 修订${i}`;
    const onHome = readFileSync(path.join(siteFolder, 'pc', 'index.html'), 'utf8').includes(`/${pick.id}.html"`);
    // The edit (as PUT /cms/content does it: a published article being edited is re_edit until published again).
    await db.query(`UPDATE cms_content SET title = $2, status = 're_edit' WHERE content_id = $1`, [pick.id, title]);
    const after = await lastTaskId();
    const started = performance.now();
    await call('POST', '/cms/content/publish', [String(pick.id)]);
    answered.push(performance.now() - started);
    const seen = new Map();
    for (;;) {
      if (process.env.BENCH_DEBUG) {
        const { rows } = await db.query(`SELECT task_id, task_type, status FROM cms_publish_task WHERE task_id > $1`, [after]);
        for (const r of rows)
          if (!seen.has(`${r.task_id}${r.status}`))
            seen.set(`${r.task_id}${r.status}`, `${r.task_type}:${r.status}@${(performance.now() - started).toFixed(0)}`);
      }
      if ((await unfinished(after)) === 0) break;
      await sleep(2);
      if (performance.now() - started > 60_000) throw new Error('article publish did not finish within 60 s');
    }
    times.push(performance.now() - started);
    if (process.env.BENCH_DEBUG) console.log([...seen.values()].join(' '), `end@${times.at(-1).toFixed(0)}`);
    const pipeRoot = path.join(siteFolder, 'pc');
    const folder = catalogPath.get(String(pick.catalogId));
    const expected = [path.join(pipeRoot, folder, `${pick.id}.html`), path.join(pipeRoot, folder, 'index.html')];
    // The home page shows the newest of the first 8 catalogs.
    if (onHome) expected.push(path.join(pipeRoot, 'index.html'));
    if (onHome) onHomePage++;
    const missing = expected.filter((f) => !contains(f, title));
    if (missing.length) throw new Error(`article ${pick.id}: the new title is not in ${missing.join(', ')}`);
  }
  const cpuPerArticle = {
    server: (ourCpuMs() - cpuBefore.server) / times.length,
    postgres: (postgresCpuMs(pgDir) - cpuBefore.postgres) / times.length,
  };
  times.sort((a, b) => a - b);
  console.log(
    `single-article publish (detail, catalog list, home; ${times.length} articles near the top of their catalogs, ${onHomePage} on the home page): median ${quantile(times, 0.5).toFixed(0)} ms, ` +
      `p90 ${quantile(times, 0.9).toFixed(0)} ms (min ${times[0].toFixed(0)}, max ${times.at(-1).toFixed(0)}); ` +
      `of which the request itself (status change, tasks queued) median ${quantile(
        answered.sort((a, b) => a - b),
        0.5,
      ).toFixed(0)} ms; CPU per article: server ${cpuPerArticle.server.toFixed(0)} ms, PostgreSQL ${cpuPerArticle.postgres.toFixed(0)} ms`,
  );
  console.log(
    `server peak memory (VmHWM): ${peakRssMb(server.pid).toFixed(0)} MB${workers.map((w, i) => `, worker ${i + 1}: ${peakRssMb(w.pid).toFixed(0)} MB`).join('')}`,
  );
} finally {
  await db?.end().catch(() => undefined);
  for (const worker of workers) await worker.stop();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
