// `pnpm start`: builds what is stale, then serves site, back office and API from one process on the embedded default.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, stalePackages } from './lib/build-state.mjs';
import { run } from './lib/run.mjs';

const stale = stalePackages();
for (const pkg of stale) {
  console.log(`Building ${pkg.name}...`);
  const code = await run('pnpm', ['--filter', pkg.name, 'run', 'build'], { cwd: ROOT });
  if (code !== 0) {
    console.error(`Build of ${pkg.name} failed.`);
    process.exit(code);
  }
}

const server = spawn(process.execPath, [path.join(ROOT, 'server/dist/main.js')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
// The server stops the embedded PostgreSQL itself; pass the signal on and wait for it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
