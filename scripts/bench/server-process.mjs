// Spawns the built server and measures how long it takes to answer its first request.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { ROOT } from '../lib/build-state.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts `server/dist/main.js` (or BENCH_SERVER_MAIN, a build of one's own while others rebuild the tree) with `env`;
 * resolves once GET /prod-api/health answers 200. `nodeArgs` go to node (e.g. `--cpu-prof` to profile).
 */
export async function startServer(env, { nodeArgs = [] } = {}) {
  const t0 = performance.now();
  const { DATABASE_URL, ...inherited } = process.env;
  const child = spawn(process.execPath, [...nodeArgs, process.env.BENCH_SERVER_MAIN || path.join(ROOT, 'server/dist/main.js')], {
    cwd: ROOT,
    env: { ...inherited, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (c) => (errors += c));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${env.PORT}/prod-api/health`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${errors}`);
    try {
      if ((await fetch(url)).status === 200) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 20));
    if (performance.now() - t0 > 180_000) throw new Error('server did not start within 180 s');
  }
  return {
    readyMs: performance.now() - t0,
    pid: child.pid,
    url: `http://127.0.0.1:${env.PORT}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
