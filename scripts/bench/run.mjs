// `pnpm bench`: server cold start to first answered request on the embedded PostgreSQL (first start of a new data
// folder, and a restart reusing it), GET /prod-api/health throughput with autocannon, then sign-in latency and the
// staff user list with 10,000 users; first the back office's initial download size. Prints figures.
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT, stalePackages } from '../lib/build-state.mjs';
import { run } from '../lib/run.mjs';
import { benchAdminBundle } from './admin-bundle.mjs';
import { benchIdentity } from './identity.mjs';
import { benchServerEnv, startServer } from './server-process.mjs';

const autocannon = createRequire(path.join(ROOT, 'server/package.json'))('autocannon');
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

for (const pkg of stalePackages()) {
  if ((await run('pnpm', ['--filter', pkg.name, 'run', 'build'], { cwd: ROOT })) !== 0) process.exit(1);
}
benchAdminBundle();

const { dataDir, env } = await benchServerEnv('run');
const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;

try {
  const first = await startServer(env);
  console.log(`cold start, new data folder (initdb + migrations + seeds): ${fmt(first.readyMs)}`);
  await first.stop();

  const warmRuns = [];
  let server;
  for (let i = 0; i < 3; i++) {
    server = await startServer(env);
    warmRuns.push(server.readyMs);
    if (i < 2) await server.stop();
  }
  warmRuns.sort((a, b) => a - b);
  console.log(`cold start, existing data folder (median of 3): ${fmt(warmRuns[1])} (min ${fmt(warmRuns[0])}, max ${fmt(warmRuns[2])})`);

  const result = await autocannon({ url: `${server.url}/prod-api/health`, connections: CONNECTIONS, duration: DURATION_S });
  console.log(
    `GET /prod-api/health, ${CONNECTIONS} connections, ${DURATION_S} s: ` +
      `${Math.round(result.requests.average)} req/s average, latency p50 ${result.latency.p50} ms, ` +
      `p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx, ${result.errors} errors`,
  );
  await benchIdentity(server.url, env);
  await server.stop();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
