// Site search figures through the built server on its embedded PostgreSQL (issue 20 part 2):
// - 100,000 published articles bulk-loaded with SQL (titles, tags, summaries and ~200-word bodies drawn from jieba's
//   dictionary with Zipf-like word frequencies), then indexed by the server's own indexer (POST /cms/search/rebuild,
//   the full rebuild task): the time and articles/s are printed;
// - then BENCH_SEARCH_CLIENTS (20) concurrent clients search varied queries (one or two words of middle frequency, a
//   third of them sorted by date, some with a catalog filter, pages 1-3) through GET /prod-api/api/cms/search/query for
//   BENCH_DURATION (20) s: requests/s, p50, p95, p99, errors, and the average hits per query.
//   node scripts/bench/search.mjs   (BENCH_SERVER_MAIN=<main.js> runs a build of one's own; BENCH_SEARCH_ROWS changes 100,000;
//   BENCH_CPU_PROF=<folder> profiles the server)
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ROOT, stalePackages } from '../lib/build-state.mjs';
import { run } from '../lib/run.mjs';
import { adminCaller, benchServerEnv, benchSite, embeddedDatabaseUrl, rebuildSearchIndex, startServer } from './server-process.mjs';

const requireServer = createRequire(path.join(ROOT, 'server/package.json'));
const { Client } = requireServer('pg');
const ROWS = Number(process.env.BENCH_SEARCH_ROWS ?? 100_000);
const CATALOGS = 20;
const CLIENTS = Number(process.env.BENCH_SEARCH_CLIENTS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);

if (!process.env.BENCH_SERVER_MAIN) {
  for (const pkg of stalePackages().filter((p) => p.dir === 'shared' || p.dir === 'server')) {
    if ((await run('pnpm', ['--filter', pkg.name, 'run', 'build'], { cwd: ROOT })) !== 0) process.exit(1);
  }
}

// A deterministic random source, so every run loads the same articles and asks the same queries.
let seed = 20260520;
const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;

// Vocabulary: the 20,000 most frequent two- to four-character words of jieba's dictionary, drawn with p ~ 1/rank.
const dictText = readFileSync(requireServer.resolve('@node-rs/jieba/dict.txt'), 'utf8');
const vocab = dictText
  .split('\n')
  .map((line) => line.split(' '))
  .filter(([w, f]) => w && /^[\u4e00-\u9fff]{2,4}$/.test(w) && Number(f) > 0)
  .sort((a, b) => Number(b[1]) - Number(a[1]))
  .slice(0, 20_000)
  .map(([w]) => w);
const cumulative = [];
let acc = 0;
for (let i = 0; i < vocab.length; i++) cumulative.push((acc += 1 / (i + 1)));
const zipfWord = () => {
  const x = random() * acc;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return vocab[lo];
};
const words = (n, sep = '') => Array.from({ length: n }, zipfWord).join(sep);
const sentence = () => `${words(6 + Math.floor(random() * 8))}。`;

let server;
let db;
try {
  const { dataDir, env } = await benchServerEnv('search');
  // BENCH_CPU_PROF=<folder> writes the server's V8 CPU profile there (open it in Chrome's DevTools or speedscope).
  server = await startServer(env, process.env.BENCH_CPU_PROF ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] } : {});
  const call = await adminCaller(server);
  const { siteId, catalogs } = await benchSite(call, CATALOGS);
  db = new Client({ connectionString: embeddedDatabaseUrl(dataDir, env) });
  await db.connect();

  let t0 = performance.now();
  const BATCH = 5_000;
  for (let start = 0; start < ROWS; start += BATCH) {
    const n = Math.min(BATCH, ROWS - start);
    const cols = { catalog: [], title: [], summary: [], tags: [], date: [], html: [] };
    for (let i = 0; i < n; i++) {
      cols.catalog.push(catalogs[(start + i) % CATALOGS].catalogId);
      cols.title.push(words(3 + Math.floor(random() * 3)));
      cols.summary.push(sentence() + sentence());
      cols.tags.push(`{${words(2, ',')}}`);
      cols.date.push(new Date(Date.UTC(2020, 0, 1) + Math.floor(random() * 6 * 365 * 86_400_000)).toISOString());
      cols.html.push(`<p>${Array.from({ length: 10 }, sentence).join('')}</p><p>${Array.from({ length: 10 }, sentence).join('')}</p>`);
    }
    const { rows: ids } = await db.query(
      `SELECT nextval(pg_get_serial_sequence('cms_content', 'content_id'))::text AS id FROM generate_series(1, $1)`,
      [n],
    );
    const contentIds = ids.map((r) => r.id);
    await db.query(
      `INSERT INTO cms_content (content_id, site_id, catalog_id, catalog_ancestors, content_type, title, summary, tags, status, publish_date, create_by)
       SELECT u.id, $1, u.catalog_id, u.catalog_id::text, 'article', u.title, u.summary, u.tags::text[], 'published', u.publish_date, 'bench'
         FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::timestamptz[]) AS u(id, catalog_id, title, summary, tags, publish_date)`,
      [siteId, contentIds, cols.catalog, cols.title, cols.summary, cols.tags, cols.date],
    );
    await db.query(`INSERT INTO cms_article_detail (content_id, content_html) SELECT * FROM unnest($1::bigint[], $2::text[])`, [
      contentIds,
      cols.html,
    ]);
  }
  const loadS = (performance.now() - t0) / 1000;
  console.log(`Loaded ${ROWS.toLocaleString('en')} published articles with SQL in ${loadS.toFixed(1)} s`);

  t0 = performance.now();
  await rebuildSearchIndex(call);
  const indexS = (performance.now() - t0) / 1000;
  const [{ n: indexed, mb }] = (
    await db.query(`SELECT count(*)::int AS n, round(pg_total_relation_size('search_content_index') / 1048576.0) AS mb FROM search_content_index`)
  ).rows;
  console.log(
    `Indexed ${indexed.toLocaleString('en')} articles (jieba segmentation, weighted tsvector, GIN) through the rebuild task in ` +
      `${indexS.toFixed(1)} s = ${Math.round(indexed / indexS)} articles/s; index table ${mb} MB`,
  );
  await db.query('VACUUM ANALYZE search_content_index');

  // Queries: words of rank 300-8000 (what people type is rarely the most common words), a quarter of them two words.
  const queries = Array.from({ length: 500 }, (_, i) => {
    const pick = () => vocab[300 + Math.floor(random() * 7700)];
    const q = i % 4 === 0 ? `${pick()} ${pick()}` : pick();
    const params = new URLSearchParams({ siteId, q, pageSize: '10', pageNum: String(1 + (i % 3 === 2 ? Math.floor(random() * 3) : 0)) });
    if (i % 3 === 1) params.set('sort', 'date');
    if (i % 5 === 4) params.set('catalogId', catalogs[i % CATALOGS].catalogId);
    return `${server.url}/prod-api/api/cms/search/query?${params}`;
  });
  let hits = 0;
  for (const url of queries.slice(0, 100)) hits += (await (await fetch(url)).json()).data.total;
  console.log(`Queries: ${queries.length} varied; average hits of the first 100: ${Math.round(hits / 100)}`);

  // The SQL of one search (a two-word query ranked by relevance) as the database runs it.
  const plan = (
    await db.query(
      `EXPLAIN (ANALYZE, FORMAT JSON) SELECT s.content_id, ts_rank(s.doc, plainto_tsquery('simple', $2)) AS rank, count(*) OVER () AS total
         FROM search_content_index s WHERE s.site_id = $1 AND s.doc @@ plainto_tsquery('simple', $2) ORDER BY rank DESC LIMIT 10`,
      [siteId, `${vocab[400]} ${vocab[900]}`],
    )
  ).rows[0]['QUERY PLAN'][0];
  console.log(
    `SQL of one search: ${plan['Execution Time'].toFixed(1)} ms (${JSON.stringify(plan.Plan)
      .match(/"Node Type":"[^"]+"/g)
      .join(' > ')})`,
  );
  const health = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await (await fetch(`${server.url}/prod-api/health`)).text();
    health.push(performance.now() - t);
  }
  health.sort((a, b) => a - b);
  console.log(`Baseline, GET /prod-api/health alone: p50 ${health[25].toFixed(1)} ms`);

  // One client alone first: the cost of a search without queueing behind others.
  const alone = [];
  for (const url of queries.slice(100, 200)) {
    const t = performance.now();
    await (await fetch(url)).json();
    alone.push(performance.now() - t);
  }
  alone.sort((a, b) => a - b);
  console.log(`One client, 100 searches: p50 ${alone[50].toFixed(1)} ms, p95 ${alone[95].toFixed(1)} ms`);

  // The clients use node:http with kept-alive sockets: fetch() costs several times more CPU per request, and the
  // client shares the two cores with the server and PostgreSQL.
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const get = (url) =>
    new Promise((resolve, reject) => {
      http
        .get(url, { agent, headers: { 'user-agent': 'Mozilla/5.0 (bench)' } }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode, body }));
        })
        .on('error', reject);
    });
  // Two runs of BENCH_SEARCH_CLIENTS clients: the 500 queries over and over (popular searches: the server's result
  // cache answers repeats within its 10 s), then queries that are all different (every search reaches PostgreSQL).
  // Each of the 7,700 middle-frequency words once, every other query paired with a second word.
  const distinct = Array.from({ length: 15_400 }, (_, i) => {
    const word = vocab[300 + (i >> 1)];
    const q = i % 2 ? `${word} ${vocab[300 + Math.floor(random() * 7700)]}` : word;
    const params = new URLSearchParams({ siteId, q, pageSize: '10', pageNum: '1' });
    if (i % 3 === 1) params.set('sort', 'date');
    return `${server.url}/prod-api/api/cms/search/query?${params}`;
  });
  for (const [label, urls] of [
    ['the 500 queries repeated', queries],
    ['every query different', distinct],
  ]) {
    const latencies = [];
    let errors = 0;
    let next = 0;
    const end = performance.now() + DURATION_S * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < end) {
          const url = urls[next++ % urls.length];
          const t = performance.now();
          try {
            const { status, body } = await get(url);
            if (status !== 200 || JSON.parse(body).code !== 200) errors++;
          } catch {
            errors++;
          }
          latencies.push(performance.now() - t);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
    console.log(
      `Search, ${CLIENTS} concurrent clients for ${DURATION_S} s, ${label}: ${Math.round(latencies.length / seconds)} req/s, ` +
        `p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, ${errors} errors (${latencies.length} requests)`,
    );
  }
  const [{ logs }] = (await db.query(`SELECT count(*)::int AS logs FROM search_log`)).rows;
  console.log(`Search logs written: ${logs.toLocaleString('en')} (batched, off the answer's path)`);
  console.log(
    `${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  rmSync(dataDir, { recursive: true, force: true });
} finally {
  await db?.end().catch(() => undefined);
  await server?.stop();
}
