// Static publishing figures: a whole-site publish of a 10,000-article site (20 catalogs, 2 publish pipes, the default
// theme) through the built server on its embedded PostgreSQL. Prints pages written per second and the server's peak
// memory (VmHWM of the process, which includes start-up).
//   node scripts/bench/cms-publish.mjs            (BENCH_CMS_ARTICLES=10000, BENCH_CMS_CATALOGS=20)
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ROOT, stalePackages } from '../lib/build-state.mjs';
import { run } from '../lib/run.mjs';
import { freePort, startServer } from './server-process.mjs';

const ARTICLES = Number(process.env.BENCH_CMS_ARTICLES ?? 10_000);
const CATALOGS = Number(process.env.BENCH_CMS_CATALOGS ?? 20);
const { Client } = createRequire(path.join(ROOT, 'server/package.json'))('pg');

for (const pkg of stalePackages()) {
  if ((await run('pnpm', ['--filter', pkg.name, 'run', 'build'], { cwd: ROOT })) !== 0) process.exit(1);
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

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zhiwen-bench-cms-'));
chmodSync(dataDir, 0o755);
const env = {
  PORT: String(await freePort()),
  EMBEDDED_PG_PORT: String(await freePort()),
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: 'Bench2026pw',
  CAPTCHA_ENABLED: 'false',
  RATE_LIMIT_PER_MINUTE: '100000000',
};
let server;
let db;
try {
  server = await startServer(env);
  const login = await (
    await fetch(`${server.url}/prod-api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: env.ADMIN_PASSWORD }),
    })
  ).json();
  if (login.code !== 200) throw new Error(`login: ${JSON.stringify(login)}`);
  let siteId = '';
  const call = async (method, url, body) => {
    const res = await fetch(`${server.url}/prod-api${url}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${login.data}`, ...(siteId ? { CurrentSite: siteId } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (json.code !== 200) throw new Error(`${method} ${url}: ${json.msg}`);
    return json.data;
  };

  // The site (pc and h5 pipes, default theme) and its catalogs through the API.
  const site = await call('POST', '/cms/site', { name: '压测站点', path: 'bench', staticSuffix: 'html', sort: 1 });
  siteId = String(site.siteId);
  const catalogs = [];
  for (let i = 1; i <= CATALOGS; i++)
    catalogs.push(await call('POST', '/cms/catalog', { name: `栏目${i}`, alias: `c${i}`, parentId: '0', catalogType: 'common' }));

  // The articles straight into the database: published, with a body of about 1,500 characters each.
  const { password } = JSON.parse(readFileSync(path.join(dataDir, 'pg.secrets.json'), 'utf8'));
  db = new Client({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${env.EMBEDDED_PG_PORT}/zhiwen` });
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
  console.log(
    `site: ${ARTICLES} published articles in ${CATALOGS} catalogs, 2 pipes (pc, h5), default theme; loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
  );

  // The whole-site publish, as the back office starts it; timed until its task is done.
  const started = performance.now();
  const { taskId } = await call('POST', '/cms/site/publish', { siteId });
  let task;
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    task = (await call('GET', '/cms/publish/tasks?pageSize=50')).rows.find((t) => String(t.taskId) === String(taskId));
    if (task && (task.status === 'done' || task.status === 'failed')) break;
    if (performance.now() - started > 30 * 60_000) throw new Error('publish did not finish within 30 min');
  }
  const seconds = (performance.now() - started) / 1000;
  const written = walk(path.join(dataDir, 'uploads', 'site', 'bench'));
  const pages = written.files;
  console.log(
    `whole-site publish: task ${task.status} (${task.progress}/${task.total}${task.error ? `, errors: ${task.error.slice(0, 200)}` : ''}) in ${seconds.toFixed(1)} s`,
  );
  console.log(`files written: ${pages} (${(written.bytes / 1024 / 1024).toFixed(1)} MB) -> ${(pages / seconds).toFixed(0)} pages/s`);
  console.log(`server peak memory (VmHWM): ${peakRssMb(server.pid).toFixed(0)} MB`);
} finally {
  await db?.end().catch(() => undefined);
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
