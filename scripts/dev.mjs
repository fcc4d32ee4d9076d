// `pnpm dev`: server rebuilt and restarted on change (tsc --watch + node --watch), both clients on Vite dev servers
// proxying /prod-api to it. Site http://localhost:5173, back office http://localhost:5174/admin/.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib/build-state.mjs';
import { run } from './lib/run.mjs';

if ((await run('pnpm', ['--filter', '@zhiwen/shared', 'run', 'build'], { cwd: ROOT })) !== 0) process.exit(1);
if ((await run('pnpm', ['--filter', '@zhiwen/server', 'run', 'build'], { cwd: ROOT })) !== 0) process.exit(1);

const children = [];
function start(label, command, args, cwd) {
  const child = spawn(command, args, { cwd: path.join(ROOT, cwd), stdio: ['ignore', 'pipe', 'pipe'], env: { LOG_PRETTY: 'true', ...process.env } });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((l) => `[${label}] ${l}`)
      .join('\n') + '\n';
  child.stdout.on('data', (c) => process.stdout.write(prefix(c)));
  child.stderr.on('data', (c) => process.stderr.write(prefix(c)));
  children.push(child);
}

start('tsc', 'pnpm', ['exec', 'tsc', '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'], 'server');
start('server', process.execPath, ['--watch-path=dist', 'dist/main.js'], 'server');
start('site', 'pnpm', ['run', 'dev'], 'site-client');
start('admin', 'pnpm', ['run', 'dev'], 'admin-client');

const stop = () => {
  for (const c of children) c.kill('SIGINT');
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
