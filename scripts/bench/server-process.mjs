// Spawns the built server and measures how long it takes to answer its first request.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
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

export const BENCH_ADMIN_PASSWORD = 'Bench2026pw';

/**
 * A fresh data folder and the environment of a bench server on it: free ports, the embedded PostgreSQL, no captcha and
 * no rate limit (a bench measures the server, not its limits). `extra` adds or overrides variables.
 */
export async function benchServerEnv(name, extra = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `zhiwen-bench-${name}-`));
  // As root the embedded PostgreSQL runs as the postgres user, which must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const env = {
    PORT: String(await freePort()),
    EMBEDDED_PG_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    CAPTCHA_ENABLED: 'false',
    RATE_LIMIT_PER_MINUTE: '100000000',
    ...extra,
  };
  return { dataDir, env };
}

/**
 * Signs `admin` in on a started server and answers `call(method, url, body)`: the `data` of a code-200 answer of
 * `/prod-api<url>`, else it throws. `call.token` is the token; setting `call.siteId` sends it as CurrentSite.
 */
export async function adminCaller(server, password = BENCH_ADMIN_PASSWORD) {
  const login = await (
    await fetch(`${server.url}/prod-api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    })
  ).json();
  if (login.code !== 200) throw new Error(`login: ${JSON.stringify(login)}`);
  const call = async (method, url, body) => {
    const res = await fetch(`${server.url}/prod-api${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${login.data}`,
        ...(call.siteId ? { CurrentSite: call.siteId } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (json.code !== 200) throw new Error(`${method} ${url}: ${json.msg}`);
    return json.data;
  };
  call.token = login.data;
  call.siteId = '';
  return call;
}

/** The URL of the embedded PostgreSQL a bench server made in `dataDir` (its password is kept beside the cluster). */
export function embeddedDatabaseUrl(dataDir, env) {
  const { password } = JSON.parse(readFileSync(path.join(dataDir, 'pg.secrets.json'), 'utf8'));
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${env.EMBEDDED_PG_PORT}/zhiwen`;
}

/** A CMS site (pc and h5 pipes, default theme) with `catalogs` top-level catalogs c1…cN, through the API; `call` works in it. */
export async function benchSite(call, catalogs) {
  const site = await call('POST', '/cms/site', { name: '压测站点', path: 'bench', staticSuffix: 'html', sort: 1 });
  call.siteId = String(site.siteId);
  const made = [];
  for (let i = 1; i <= catalogs; i++)
    made.push(await call('POST', '/cms/catalog', { name: `栏目${i}`, alias: `c${i}`, parentId: '0', catalogType: 'common' }));
  return { siteId: call.siteId, catalogs: made };
}

/**
 * Runs the search index's full rebuild task through the API (`call` from adminCaller) and resolves once it is done. A
 * bench that loads content with SQL runs it first: else the index's reconciliation (every minute) would index that
 * content in the middle of the measured runs.
 */
export async function rebuildSearchIndex(call) {
  await call('POST', '/cms/search/rebuild');
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const status = await call('GET', '/cms/search/rebuild');
    if (status.status === 'failed') throw new Error(`search index rebuild failed: ${status.error}`);
    if (status.status === 'completed') return;
  }
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

/**
 * A worker process (`WORKER=1`: background jobs, no HTTP) beside a started server, on its database, as a deployment
 * runs one (docs/operations.md); resolves once it says it runs.
 */
export async function startWorker(env, databaseUrl, { nodeArgs = [] } = {}) {
  const t0 = performance.now();
  const { DATABASE_URL, ...inherited } = process.env;
  const child = spawn(process.execPath, [...nodeArgs, process.env.BENCH_SERVER_MAIN || path.join(ROOT, 'server/dist/main.js')], {
    cwd: ROOT,
    env: { ...inherited, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env, WORKER: '1', DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stderr.on('data', (c) => (errors += c));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('worker did not start within 180 s')), 180_000);
    child.stdout.on('data', (c) => {
      output += c;
      if (output.includes('worker is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`worker exited: ${errors}`));
    });
  });
  // Later output is not kept.
  child.stdout.removeAllListeners('data');
  child.stdout.resume();
  return {
    readyMs: performance.now() - t0,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const USER_HZ_MS = 1000 / 100;

/** The fields of /proc/<pid>/stat after the command name, or undefined for a process gone. */
function procStat(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  } catch {
    return undefined;
  }
}

/** CPU time (user + system, ms) process `pid` has used so far; with `reaped`, its ended children's too. */
export function cpuMs(pid, reaped = false) {
  const f = procStat(pid);
  if (!f) return 0;
  return (Number(f[11]) + Number(f[12]) + (reaped ? Number(f[13]) + Number(f[14]) : 0)) * USER_HZ_MS;
}

/**
 * CPU time (ms) the PostgreSQL cluster in `dataDirectory` has used so far: its postmaster with the backends that have
 * ended, plus the live ones.
 */
export function postgresCpuMs(dataDirectory) {
  const postmaster = Number(readFileSync(path.join(dataDirectory, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const live = readdirSync('/proc').filter((d) => /^\d+$/.test(d) && Number(procStat(d)?.[1]) === postmaster);
  return cpuMs(postmaster, true) + live.reduce((sum, pid) => sum + cpuMs(pid), 0);
}
