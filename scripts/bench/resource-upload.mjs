// Resource library upload figures through the built server on its embedded PostgreSQL: BENCH_RESOURCE_FILES photos of
// about 3 MB (4000x3000 JPEG with noise, so they really weigh that much; BENCH_RESOURCE_DISTINCT different ones,
// cycled) uploaded one per request to POST /cms/resource/upload, BENCH_RESOURCE_CONCURRENCY at a time (the library's
// drag-and-drop sends one request per file), with a thumbnail size and a text watermark on, so every photo is decoded,
// oriented, watermarked, re-encoded and thumbnailed. Prints files/s, ms per image (request latency p50/p95) and the
// server's peak memory (VmHWM of the process, which includes start-up).
//   node scripts/bench/resource-upload.mjs   (BENCH_RESOURCE_FILES=100, BENCH_RESOURCE_DISTINCT=10,
//                                             BENCH_RESOURCE_CONCURRENCY=4; BENCH_SERVER_MAIN=<main.js> runs a build
//                                             of one's own)
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT, stalePackages } from '../lib/build-state.mjs';
import { run } from '../lib/run.mjs';
import { adminCaller, benchServerEnv, benchSite, startServer } from './server-process.mjs';

const FILES = Number(process.env.BENCH_RESOURCE_FILES ?? 100);
const DISTINCT = Math.max(1, Math.min(FILES, Number(process.env.BENCH_RESOURCE_DISTINCT ?? 10)));
const CONCURRENCY = Math.max(1, Number(process.env.BENCH_RESOURCE_CONCURRENCY ?? 4));
const sharp = createRequire(path.join(ROOT, 'server/package.json'))('sharp');

// Only the server is measured: the clients are not built for it.
if (!process.env.BENCH_SERVER_MAIN) {
  for (const pkg of stalePackages().filter((p) => p.dir === 'shared' || p.dir === 'server')) {
    if ((await run('pnpm', ['--filter', pkg.name, 'run', 'build'], { cwd: ROOT })) !== 0) process.exit(1);
  }
}

const peakRssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
};
/** Value at quantile q of sorted numbers. */
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** A 4000x3000 photo-like JPEG of about 3 MB: seeded noise at 700x525, scaled up (smooth grain), quality 82. */
async function photo(seed) {
  const [w, h] = [700, 525];
  const raw = Buffer.alloc(w * h * 3);
  let x = seed * 7919 + 1;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = (x >> 16) & 255;
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .resize(4000, 3000, { kernel: 'cubic' })
    .jpeg({ quality: 82 })
    .toBuffer();
}

const generated = performance.now();
const photos = [];
for (let i = 0; i < DISTINCT; i++) photos.push(await photo(i + 1));
const averageMb = photos.reduce((n, p) => n + p.length, 0) / photos.length / 1024 / 1024;
console.log(
  `${DISTINCT} distinct photos of 4000x3000, ${averageMb.toFixed(2)} MB on average, made in ${((performance.now() - generated) / 1000).toFixed(1)} s`,
);

const { dataDir, env } = await benchServerEnv('resource');
let server;
try {
  server = await startServer(env);
  const call = await adminCaller(server);
  const { siteId } = await benchSite(call, 0);
  // Photos are over the default 2 MB image limit: the bench raises the limits, and turns thumbnails and the watermark on.
  await call('POST', `/cms/site/extends/${siteId}`, {
    uploadMaxSizeMb: 10,
    imageMaxSizeMb: 10,
    thumbnailWidth: 400,
    thumbnailHeight: 300,
    watermark: {
      enabled: true,
      kind: 'text',
      text: '智文 CMS 压测',
      position: 'bottom-right',
      opacity: 0.6,
      width: 400,
      height: 80,
      fontSize: 48,
      color: '#ffffff',
    },
  });
  const rssBefore = peakRssMb(server.pid);

  const upload = async (i) => {
    const form = new FormData();
    form.append('file', new Blob([photos[i % DISTINCT]], { type: 'image/jpeg' }), `photo-${i + 1}.jpg`);
    const t0 = performance.now();
    const res = await fetch(`${server.url}/prod-api/cms/resource/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${call.token}`, CurrentSite: siteId },
      body: form,
    });
    const json = await res.json();
    const ms = performance.now() - t0;
    if (json.code !== 200) throw new Error(`upload ${i + 1}: ${json.msg}`);
    const [row] = json.data;
    if (!row.thumbnail || row.width !== 4000 || row.height !== 3000) throw new Error(`upload ${i + 1}: unexpected row ${JSON.stringify(row)}`);
    return ms;
  };

  const times = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < FILES) times.push(await upload(next++));
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const total = await call('GET', '/cms/resource?pageSize=1');
  console.log(
    `${FILES} uploads of ~3 MB photos, ${CONCURRENCY} at a time, thumbnail 400x300 and text watermark on: ` +
      `${(FILES / elapsed).toFixed(2)} files/s (${elapsed.toFixed(1)} s, ${total.total} rows)`,
  );
  console.log(
    `ms per image (request latency): p50 ${quantile(times, 0.5).toFixed(0)}, p95 ${quantile(times, 0.95).toFixed(0)}, max ${times.at(-1).toFixed(0)}`,
  );
  console.log(`server peak memory (VmHWM): ${peakRssMb(server.pid).toFixed(0)} MB (${rssBefore.toFixed(0)} MB before the uploads)`);
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
