// Benchmark of a member's paper check through the API against a large library in PostgreSQL: a synthetic library of N
// characters bulk-loaded into the partitioned fingerprint table of a bench database, the built server started on it, a
// member registered, a 30,000-character thesis (with passages reused from the library) ordered with a free product,
// paid, followed to its finished state and its PDF. Prints the load, each stage, the end-to-end time, the table and
// index sizes on disk and the server's peak RSS; the last line is a JSON summary. Figures only, no thresholds.
//
//   node scripts/bench/check-order.mjs [--chars 20M] [--doc-chars 30000] [--runs 3] [--db NAME] [--keep-db] [--reuse-db] [--lib DIR]
//                                      [--pause SECONDS]
//
// --pause waits that long before each order (the first included), as when members' checks come minutes apart.
//
// Needs the built server (`cd server && npx tsc -p tsconfig.build.json`; BENCH_SERVER_MAIN points at a build of one's
// own while others rebuild the tree) and PostgreSQL on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432).
// The bench database is dropped at the end unless --keep-db; --reuse-db skips the load when the library is there.
// The library is made with ../shared/bench/make-library.mjs (--seed 1 --perturb 0.03) in /tmp, reused by later runs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from './server-process.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const SHARED = path.resolve(ROOT, '../shared');
const MAIN = process.env.BENCH_SERVER_MAIN || path.join(ROOT, 'server/dist/main.js');
const DIST = path.dirname(MAIN);
const PG_URL = (process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');

const { values } = parseArgs({
  options: {
    chars: { type: 'string', default: '20M' },
    'doc-chars': { type: 'string', default: '30000' },
    runs: { type: 'string', default: '3' },
    db: { type: 'string' },
    'keep-db': { type: 'boolean', default: false },
    'reuse-db': { type: 'boolean', default: false },
    'batch-chars': { type: 'string', default: '4000000' },
    lib: { type: 'string' },
    perturb: { type: 'string', default: '0.03' },
    pause: { type: 'string', default: '0' },
    'keep-indexes': { type: 'boolean', default: false },
  },
});

if (!existsSync(MAIN)) {
  console.error(`No built server at ${MAIN}: run \`cd server && npx tsc -p tsconfig.build.json\` first.`);
  process.exit(2);
}
const require = createRequire(path.join(ROOT, 'server/package.json'));
const { Client, Pool } = require('pg');
const { prepareBatch, importBatch, dropFingerprintIndexes, restoreFingerprintIndexes } = require(path.join(DIST, 'check/library/bulk-import.js'));
const { PgFingerprintIndex } = require(path.join(DIST, 'check/library/pg-fingerprint-index.js'));
const { normalizeForMatching } = require(path.join(DIST, 'check/engine/text/normalize.js'));
const { kgramHashes } = require(path.join(DIST, 'check/engine/match/fingerprint.js'));
const { DuplicateDetector, MemoryTextStore } = require(path.join(DIST, 'check/engine/match/detector.js'));
const { MemoryFingerprintIndex } = require(path.join(DIST, 'check/engine/match/fingerprint-index.js'));

const now = () => performance.now();
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const secs = (ms) => `${(ms / 1000).toFixed(2)} s`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const dbName = values.db ?? `zw_bench_order_${values.chars.toLowerCase()}`;
if (!/^[a-z0-9_]+$/.test(dbName)) throw new Error(`bad database name ${dbName}`);
const dbUrl = `${PG_URL}/${dbName}`;

// 1. The library files.
const libDir = values.lib ?? path.join(os.tmpdir(), `zhiwen-check-order-lib-${values.chars}-p${values.perturb}-s1`);
if (!existsSync(path.join(libDir, 'manifest.json'))) {
  mkdirSync(libDir, { recursive: true });
  const made = spawnSync(
    process.execPath,
    [
      path.join(SHARED, 'bench/make-library.mjs'),
      ...['--in', path.join(SHARED, 'data/check-dev/plag/sources'), '--out', libDir, '--chars', values.chars],
      ...['--seed', '1', '--perturb', values.perturb, '--force'],
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) {
    console.error(made.stderr || made.stdout);
    process.exit(1);
  }
}
const files = readdirSync(libDir)
  .filter((f) => f.endsWith('.txt'))
  .sort();

// 2. The bench database (the server migrates and seeds it at its first start).
const admin = new Client({ connectionString: `${PG_URL}/postgres` });
await admin.connect();
const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rows.length > 0;
if (exists && !values['reuse-db']) await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
if (!exists || !values['reuse-db']) await admin.query(`CREATE DATABASE ${dbName}`);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zhiwen-check-order-'));
let server;
let stdout = '';
async function startServer() {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const t0 = now();
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      PORT: String(port),
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Bench2026pw',
      CAPTCHA_ENABLED: 'false',
      DEMO_SITE: 'false',
      RATE_LIMIT_PER_MINUTE: '100000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (errors += c));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${errors}\n${stdout.slice(-3000)}`);
    try {
      if ((await fetch(`${url}/prod-api/health`)).status === 200) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 50));
    if (now() - t0 > 300_000) throw new Error('server did not start within 300 s');
  }
  return {
    url,
    pid: child.pid,
    readyMs: now() - t0,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
/** Peak resident memory of the server process so far (VmHWM), in bytes. */
const peakRssOf = (pid) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;

const pool = new Pool({ connectionString: dbUrl, max: 3 });
const figures = {};
try {
  server = await startServer();
  console.log(`server ready in ${secs(server.readyMs)} (${dbName}; migrations and seeds at the first start)`);

  // 3. The bulk load: a reference library, its documents' texts and postings in batches of ~4M characters, each batch
  // one transaction; the next batch is fingerprinted while the previous one is written.
  const library = await pool.query(`SELECT library_id::text AS id FROM check_library WHERE library_code = 'bench_order'`);
  let libraryId = library.rows[0]?.id;
  let loadMs = 0;
  let libraryChars = 0;
  if (libraryId && values['reuse-db']) {
    const [row] = (await pool.query(`SELECT coalesce(sum(char_count), 0)::int8 AS n FROM check_document WHERE library_id = $1`, [libraryId])).rows;
    libraryChars = Number(row.n);
    console.log(`library: reused (${libraryChars.toLocaleString('en')} characters counted)`);
  } else {
    libraryId = (
      await pool.query(
        `INSERT INTO check_library (library_name, library_code, library_kind, create_by) VALUES ('基准库', 'bench_order', 'reference', 'bench') RETURNING library_id::text AS id`,
      )
    ).rows[0].id;
    const batchChars = Number(values['batch-chars']);
    const t0 = now();
    // A first load into an empty index: bare rows, then one index build per partition (unless --keep-indexes, which
    // measures the incremental path: every row inserted into the growing B-trees).
    if (!values['keep-indexes']) await dropFingerprintIndexes(pool);
    let fpMs = 0;
    let pending = Promise.resolve();
    let batch = [];
    let chars = 0;
    let logged = 0;
    const flush = async () => {
      const a = now();
      const prepared = prepareBatch(batch);
      fpMs += now() - a;
      batch = [];
      chars = 0;
      await pending;
      pending = importBatch(pool, libraryId, prepared, 'bench').then(() => undefined);
    };
    for (const f of files) {
      const text = readFileSync(path.join(libDir, f), 'utf8');
      libraryChars += text.length;
      batch.push({ title: f.replace(/\.txt$/, ''), text, origin: f });
      chars += text.length;
      if (chars >= batchChars) {
        await flush();
        if (libraryChars - logged >= 20e6) {
          logged = libraryChars;
          console.log(`  loaded ${(libraryChars / 1e6).toFixed(0)}M characters, ${secs(now() - t0)}`);
        }
      }
    }
    if (batch.length) await flush();
    await pending;
    const copiedMs = now() - t0;
    const ta = now();
    if (!values['keep-indexes']) await restoreFingerprintIndexes(pool);
    const indexMs = now() - ta;
    await pool.query('ANALYZE check_document');
    await pool.query('ANALYZE check_fingerprint');
    loadMs = now() - t0;
    figures.copy_s = +(copiedMs / 1000).toFixed(1);
    figures.index_build_s = +(indexMs / 1000).toFixed(1);
    console.log(
      `bulk load: ${files.length} documents, ${libraryChars.toLocaleString('en')} characters in ${secs(loadMs)} ` +
        `(${(((libraryChars / loadMs) * 1000) / 1e6).toFixed(2)}M chars/s): rows written in ${secs(copiedMs)} (fingerprinting ${secs(fpMs)} of it, ` +
        `in this process), ${values['keep-indexes'] ? 'indexes kept during the load' : `indexes built after it in ${secs(indexMs)}`}, then VACUUM ANALYZE`,
    );
  }
  const sizes = (
    await pool.query(
      `SELECT pg_total_relation_size(i.inhrelid) AS total, pg_relation_size(i.inhrelid) AS heap, pg_indexes_size(i.inhrelid) AS indexes
         FROM pg_inherits i WHERE i.inhparent = 'check_fingerprint'::regclass`,
    )
  ).rows;
  const sum = (k) => sizes.reduce((n, r) => n + Number(r[k]), 0);
  const [{ postings }] = (await pool.query(`SELECT count(*)::int8 AS postings FROM check_fingerprint`)).rows;
  const [{ text_bytes }] = (await pool.query(`SELECT pg_total_relation_size('check_document_text') AS text_bytes`)).rows;
  figures.fingerprint_total_bytes = sum('total');
  figures.fingerprint_heap_bytes = sum('heap');
  figures.fingerprint_index_bytes = sum('indexes');
  figures.text_bytes = Number(text_bytes);
  console.log(
    `check_fingerprint: ${Number(postings).toLocaleString('en')} postings in ${sizes.length} partitions; on disk ${mb(figures.fingerprint_total_bytes)} ` +
      `(table ${mb(figures.fingerprint_heap_bytes)}, indexes ${mb(figures.fingerprint_index_bytes)}); source texts ${mb(figures.text_bytes)}`,
  );

  // 4. The thesis: thesis structure around paragraphs of the dev corpus's suspicious documents (edited reuse of source
  // passages the library repeats) and, every fourth paragraph, a paragraph taken verbatim from a library document.
  const susDir = path.join(SHARED, 'data/check-dev/plag/suspicious');
  const paragraphs = [];
  for (const f of readdirSync(susDir).sort()) {
    for (const line of readFileSync(path.join(susDir, f), 'utf8').split('\n')) if (line.length >= 60) paragraphs.push(line.trim());
  }
  const libraryParagraphs = [];
  for (let i = 0; libraryParagraphs.length < 40 && i < files.length; i += Math.max(1, Math.floor(files.length / 40))) {
    const block = readFileSync(path.join(libDir, files[i]), 'utf8')
      .split(/\n\s*\n/)
      .find((p) => p.length >= 150);
    if (block) libraryParagraphs.push(block.replace(/\s+/g, ''));
  }
  const docChars = Number(values['doc-chars']);
  function thesis(run) {
    const head = [`基于多源数据的区域文化与交通发展研究（第${run + 1}稿）`, '摘要', paragraphs[0], '关键词：区域文化；交通；多源数据'];
    const tail = ['参考文献', ...Array.from({ length: 20 }, (_, i) => `[${i + 1}] 作者${i + 1}. 关于第${i + 1}个问题的研究[J]. 学报, ${2000 + i}.`)];
    const body = [];
    let used = head.join('\n').length + tail.join('\n').length;
    for (let p = 1, l = 0, n = 0; used < docChars && p < paragraphs.length; n++) {
      if (n % 20 === 0) body.push(`第${Math.floor(n / 20) + 1}章 研究内容`);
      const text = n % 4 === 3 ? libraryParagraphs[l++ % libraryParagraphs.length] : paragraphs[p++];
      body.push(text);
      used += text.length + 1;
    }
    const text = [...head, ...body, ...tail].join('\n');
    return text.length > docChars
      ? text.slice(0, text.indexOf('\n参考文献\n') - (text.length - docChars)) + text.slice(text.indexOf('\n参考文献\n'))
      : text;
  }

  // 5. The member, the free product (硕博预审版: duplicate check with the AIGC score, for a thesis), and the orders (each run a different paper: the same one would reuse the report).
  const post = (url, body, token) =>
    fetch(`${server.url}/prod-api${url}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const reg = await post('/register', { username: `bench${Date.now() % 1e8}`, password: 'Bench2026pw' });
  if (reg.code !== 200) throw new Error(`registration failed: ${JSON.stringify(reg)}`);
  const token = reg.data;
  const auth = { Authorization: `Bearer ${token}` };
  const [product] = (await pool.query(`SELECT product_id::text AS id, price FROM check_product WHERE path_url = '/sbysb'`)).rows;
  if (Number(product.price) !== 0) await pool.query(`UPDATE check_product SET price = 0 WHERE product_id = $1`, [product.id]);

  // The scope a check searches: the enabled libraries.
  const scope = {
    libraryIds: (await pool.query(`SELECT library_id::text AS id FROM check_library WHERE status = '0'`)).rows.map((r) => r.id),
  };
  const { maxPostingsPerHash, maxCandidates, minCandidateHits } = new DuplicateDetector(new MemoryFingerprintIndex(), new MemoryTextStore()).options;
  const topDocuments = { max: maxCandidates, minPostings: minCandidateHits };

  const runs = Number(values.runs);
  const stages = { upload: [], queued: [], parse: [], lookup: [], alignment: [], aigc: [], report: [], render: [], pdf: [], total: [] };
  let lastOrder;
  let lookupPostings = 0;
  for (let r = 0; r < runs; r++) {
    if (Number(values.pause) > 0) await new Promise((resolve) => setTimeout(resolve, Number(values.pause) * 1000));
    const paper = thesis(r);
    const logFrom = stdout.length;

    const t0 = now();
    const form = new FormData();
    form.set('productId', product.id);
    form.set('title', `基准论文${r + 1}`);
    form.set('file', new Blob([Buffer.from(paper, 'utf8')], { type: 'text/plain' }), '论文.txt');
    const created = await (await fetch(`${server.url}/prod-api/check/orders`, { method: 'POST', headers: auth, body: form })).json();
    if (created.code !== 200) throw new Error(`order failed: ${JSON.stringify(created)}`);
    const orderNo = created.data.orderNo;
    const t1 = now();
    const paid = await post(`/check/orders/${orderNo}/pay`, {}, token);
    if (paid.code !== 200) throw new Error(`payment failed: ${JSON.stringify(paid)}`);
    let order;
    for (;;) {
      order = (await (await fetch(`${server.url}/prod-api/check/orders/${orderNo}`, { headers: auth })).json()).data;
      if (['done', 'failed'].includes(order.status)) break;
      if (now() - t1 > 600_000) throw new Error(`order ${orderNo} not done in 600 s: ${order.status}`);
      await new Promise((res) => setTimeout(res, 25));
    }
    if (order.status !== 'done') throw new Error(`order ${orderNo} failed: ${JSON.stringify(order)}`);
    const t2 = now();
    const pdfRes = await fetch(`${server.url}/prod-api/check/reports/${orderNo}?format=pdf`, { headers: auth });
    const pdf = Buffer.from(await pdfRes.arrayBuffer());
    if (pdfRes.status !== 200 || pdf.subarray(0, 4).toString() !== '%PDF') throw new Error(`no PDF for ${orderNo}: ${pdfRes.status}`);
    const t3 = now();

    // The lookup alone, as the check ran it (every k-gram of the paper, the same scope), on this process's own
    // connection, after the check: the pages it reads are as warm as the check left them.
    const hashes = kgramHashes(normalizeForMatching(paper).text);
    const la = now();
    const found = await new PgFingerprintIndex(pool, scope).lookup(hashes, { maxPostingsPerHash, topDocuments });
    const lookupMs = now() - la;
    lookupPostings = found.length;

    // The server's own stage times of this check (its "Check done" log line).
    const line = stdout
      .slice(logFrom)
      .split('\n')
      .find((l) => l.includes('Check done'));
    const timings = line ? JSON.parse(line).timings : null;
    if (!timings) throw new Error('no "Check done" log line with timings');
    stages.upload.push(t1 - t0);
    stages.parse.push(timings.parseMs);
    stages.lookup.push(lookupMs);
    stages.alignment.push(Math.max(0, timings.matchMs - lookupMs));
    stages.aigc.push(timings.aigcMs);
    stages.report.push(timings.reportMs);
    stages.render.push(timings.renderMs);
    stages.queued.push(t2 - t1 - timings.totalMs - timings.renderMs);
    stages.pdf.push(t3 - t2);
    stages.total.push(t3 - t0);
    const [task] = (
      await pool.query(
        `SELECT summary->>'totalRatio' AS ratio, library_kinds FROM check_task WHERE summary IS NOT NULL ORDER BY task_id DESC LIMIT 1`,
      )
    ).rows;
    lastOrder = { ...order, pdfBytes: pdf.length, chars: paper.length, ratio: Number(task?.ratio), kinds: task?.library_kinds };
    console.log(
      `  run ${r + 1}: ${(t3 - t0).toFixed(0)} ms end to end (order ${orderNo}; upload ${(t1 - t0).toFixed(0)}, ` +
        `match ${timings.matchMs.toFixed(0)}, AIGC ${timings.aigcMs.toFixed(0)}, render ${timings.renderMs.toFixed(0)} ms)`,
    );
  }
  const peakRss = peakRssOf(server.pid);
  // A server that warms its check thread at start says so in its log (older builds do not).
  const warmed = /"ms":(\d+)[^\n]*Check thread ready/.exec(stdout);
  console.log(warmed ? `check thread warmed up at start in ${warmed[1]} ms` : 'no check thread warmed up at start');
  console.log(
    `thesis: ${lastOrder.chars.toLocaleString('en')} characters; report: total ratio ${(lastOrder.ratio * 100).toFixed(1)}% (libraries ${lastOrder.kinds}); PDF ${(lastOrder.pdfBytes / 1024).toFixed(0)} KB; lookup ${lookupPostings.toLocaleString('en')} postings`,
  );
  const labels = {
    upload: 'upload + parse (POST /orders)',
    queued: 'pay + queue + polling',
    parse: 'check: parse',
    lookup: 'check: fingerprint lookup (PG, rerun)',
    alignment: 'check: alignment + source texts (rest)',
    aigc: 'check: AIGC',
    report: 'check: report model',
    render: 'check: HTML + PDF render',
    pdf: 'PDF download',
    total: 'end to end (order to PDF in hand)',
  };
  console.log(`stage times over ${runs} runs (ms): median / min / max`);
  for (const [key, xs] of Object.entries(stages)) {
    const sorted = [...xs].sort((a, b) => a - b);
    console.log(
      `  ${labels[key].padEnd(40)} ${median(xs).toFixed(0).padStart(6)} ${sorted[0].toFixed(0).padStart(6)} ${sorted.at(-1).toFixed(0).padStart(6)}`,
    );
  }
  console.log(`memory: server peak RSS ${mb(peakRss)} (VmHWM, worker threads included)`);
  console.log(
    JSON.stringify({
      library_chars: libraryChars,
      documents: files.length,
      postings: Number(postings),
      partitions: sizes.length,
      perturb: Number(values.perturb),
      load_s: +(loadMs / 1000).toFixed(1),
      copy_s: figures.copy_s,
      index_build_s: figures.index_build_s,
      indexes_kept_during_load: values['keep-indexes'],
      fingerprint_total_mb: Math.round(figures.fingerprint_total_bytes / 2 ** 20),
      fingerprint_index_mb: Math.round(figures.fingerprint_index_bytes / 2 ** 20),
      fingerprint_heap_mb: Math.round(figures.fingerprint_heap_bytes / 2 ** 20),
      text_mb: Math.round(figures.text_bytes / 2 ** 20),
      doc_chars: lastOrder.chars,
      runs,
      ...Object.fromEntries(Object.entries(stages).map(([k, xs]) => [`${k}_ms`, Math.round(median(xs))])),
      lookup_postings: lookupPostings,
      total_ratio: lastOrder.ratio,
      server_peak_rss_mb: Math.round(peakRss / 2 ** 20),
    }),
  );
} finally {
  await pool.end().catch(() => undefined);
  if (server) await server.stop();
  if (!values['keep-db']) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
