// Decides whether a package's build output is older than its sources, so `pnpm start` builds only when needed.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** Packages in build order, with the sources that feed each one and a file its build always writes. */
export const PACKAGES = [
  { name: '@zhiwen/shared', dir: 'shared', sources: ['src', 'package.json', 'tsconfig.json'], output: 'dist/index.js' },
  { name: '@zhiwen/server', dir: 'server', sources: ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json'], output: 'dist/main.js' },
  {
    name: '@zhiwen/site-client',
    dir: 'site-client',
    sources: ['src', 'index.html', 'package.json', 'vite.config.ts', 'public'],
    output: 'dist/index.html',
  },
  {
    name: '@zhiwen/admin-client',
    dir: 'admin-client',
    sources: ['src', 'index.html', 'package.json', 'vite.config.ts', 'public'],
    output: 'dist/index.html',
  },
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Packages whose output is missing or older than a source file (a stale shared package makes its users stale too). */
export function stalePackages() {
  const stale = [];
  let sharedChanged = false;
  for (const pkg of PACKAGES) {
    const out = path.join(ROOT, pkg.dir, pkg.output);
    const built = existsSync(out) ? statSync(out).mtimeMs : 0;
    const sources = Math.max(...pkg.sources.map((s) => newestMtime(path.join(ROOT, pkg.dir, s))));
    if (!built || sources > built || sharedChanged) {
      stale.push(pkg);
      if (pkg.dir === 'shared') sharedChanged = true;
    }
  }
  return stale;
}
