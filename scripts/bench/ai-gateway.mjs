// AI gateway figures over a loopback fake OpenAI-compatible provider: the latency the gateway adds to the first
// token (streamed generation through the built server vs. the same stream read straight from the fake), and how many
// concurrent streams it sustains. Starts the built server with LLM_BASE_URL pointing at the fake; prints figures.
//   node scripts/bench/ai-gateway.mjs            (BENCH_AI_SAMPLES=200, BENCH_AI_STREAMS=50,200)
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { ROOT, stalePackages } from '../lib/build-state.mjs';
import { run } from '../lib/run.mjs';
import { benchServerEnv, startServer } from './server-process.mjs';

const SAMPLES = Number(process.env.BENCH_AI_SAMPLES ?? 200);
const STREAM_LEVELS = (process.env.BENCH_AI_STREAMS ?? '50,200').split(',').map(Number);
const CHUNKS = 20;
const CHUNK_GAP_MS = 100;
const TARGET_MS = 20;

/** The fake: the first piece at once, then CHUNKS - 1 more (CHUNK_GAP_MS apart for model `long`), usage, [DONE]. */
function fakeProvider() {
  return createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', async () => {
      const { model } = JSON.parse(body || '{}');
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      const piece = (content) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;
      const count = model === 'long' ? CHUNKS : 3;
      for (let i = 0; i < count && !res.destroyed; i++) {
        if (i > 0 && model === 'long') await new Promise((r) => setTimeout(r, CHUNK_GAP_MS));
        res.write(piece(`第${i}段。`));
      }
      res.write(`data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 50, completion_tokens: count } })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
}

/** Reads a streamed answer; ms to the first content event and to the end, and whether it ended with [DONE]. */
async function timedStream(url, init) {
  const started = performance.now();
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
  const decoder = new TextDecoder();
  let text = '';
  let first;
  for await (const chunk of res.body) {
    text += decoder.decode(chunk, { stream: true });
    if (first === undefined && text.includes('"content"')) first = performance.now() - started;
  }
  return { first, total: performance.now() - started, done: text.trimEnd().endsWith('data: [DONE]') };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (v) => `${v.toFixed(2)} ms`;

for (const pkg of stalePackages()) {
  if ((await run('pnpm', ['--filter', pkg.name, 'run', 'build'], { cwd: ROOT })) !== 0) process.exit(1);
}

const fake = fakeProvider();
await new Promise((r) => fake.listen(0, '127.0.0.1', r));
const fakeUrl = `http://127.0.0.1:${fake.address().port}/v1`;
const { dataDir, env } = await benchServerEnv('ai', {
  LLM_BASE_URL: fakeUrl,
  LLM_MODEL: 'short',
  AI_RATE_MEMBER_PER_MINUTE: '100000000',
  AI_RATE_IP_PER_MINUTE: '100000000',
});
let server;
try {
  server = await startServer(env);
  const reg = await (
    await fetch(`${server.url}/prod-api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'benchwriter', password: 'Bench2026pw' }),
    })
  ).json();
  if (reg.code !== 200) throw new Error(`registration failed: ${JSON.stringify(reg)}`);
  const token = reg.data;
  let n = 0;
  // Distinct titles: the same body twice within a second is refused as a repeat submit.
  const generate = () =>
    timedStream(`${server.url}/prod-api/ai/tools/aiwnxz/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ fields: { title: `压测标题${++n}`, coreContent: '写一段话' } }),
    });
  const direct = () =>
    timedStream(`${fakeUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'short', stream: true, messages: [{ role: 'user', content: 'x' }] }),
    });

  for (let i = 0; i < 20; i++) await Promise.all([generate(), direct()]); // warm-up (JIT, connection pools, caches)
  const added = [];
  const viaGateway = [];
  const straight = [];
  for (let i = 0; i < SAMPLES; i++) {
    const d = await direct();
    const g = await generate();
    straight.push(d.first);
    viaGateway.push(g.first);
    added.push(g.first - d.first);
  }
  for (const list of [added, viaGateway, straight]) list.sort((a, b) => a - b);
  const median = pct(added, 50);
  console.log(
    `first token, ${SAMPLES} sequential generations: through the gateway p50 ${ms(pct(viaGateway, 50))} (p99 ${ms(pct(viaGateway, 99))}), ` +
      `straight from the provider p50 ${ms(pct(straight, 50))}`,
  );
  console.log(
    `gateway's added latency to first token: p50 ${ms(median)}, p90 ${ms(pct(added, 90))}, p99 ${ms(pct(added, 99))} (target < ${TARGET_MS} ms at the median: ${median < TARGET_MS ? 'met' : 'MISSED'})`,
  );

  // Concurrent streams: each lasts ~CHUNKS x CHUNK_GAP_MS upstream.
  const staff = await (
    await fetch(`${server.url}/prod-api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: env.ADMIN_PASSWORD }),
    })
  ).json();
  const add = await (
    await fetch(`${server.url}/prod-api/ai/provider`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${staff.data}` },
      body: JSON.stringify({ providerName: 'bench-long', baseUrl: fakeUrl, model: 'long', concurrency: 1000, timeoutMs: 60000 }),
    })
  ).json();
  if (add.code !== 200) throw new Error(`provider: ${JSON.stringify(add)}`);
  await new Promise((r) => setTimeout(r, 5_100)); // the gateway's provider cache
  for (const streams of STREAM_LEVELS) {
    const started = performance.now();
    const results = await Promise.allSettled(Array.from({ length: streams }, () => generate()));
    const wall = performance.now() - started;
    const ok = results.filter((r) => r.status === 'fulfilled' && r.value.done).map((r) => r.value);
    const firsts = ok.map((r) => r.first).sort((a, b) => a - b);
    const totals = ok.map((r) => r.total).sort((a, b) => a - b);
    console.log(
      `${streams} concurrent streams of ${CHUNKS} pieces (${(CHUNKS - 1) * CHUNK_GAP_MS} ms upstream each): ${ok.length}/${streams} completed in ${(wall / 1000).toFixed(2)} s; ` +
        `first token p50 ${ms(pct(firsts, 50) ?? NaN)}, p99 ${ms(pct(firsts, 99) ?? NaN)}; stream duration p50 ${ms(pct(totals, 50) ?? NaN)}, p99 ${ms(pct(totals, 99) ?? NaN)}`,
    );
  }
} finally {
  await server?.stop();
  fake.close();
  rmSync(dataDir, { recursive: true, force: true });
}
