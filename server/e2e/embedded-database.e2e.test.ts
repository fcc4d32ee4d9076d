import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { processAlive as alive, startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../src/database/embedded-postgres';
import { apiLogin } from './browser';
import { E2E_ADMIN_PASSWORD, freePort, freshProductEnv, startServerProcess, type ServerProcess } from './helpers';

/**
 * Issue 15, "crashes and the embedded database": a server killed with SIGKILL starts again on the same data folder
 * (its PostgreSQL is stopped by the watchdog, or recognised and stopped by the next start), and a database that stops
 * under a running server gives 503 answers with code 503 until the server has restarted it (or, an external one, until
 * it is back); when it cannot be restarted, the server exits non-zero for its supervisor.
 */

const UNAVAILABLE = { code: 503, msg: '服务暂不可用，请稍后再试' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(50);
  }
  return check();
}

interface Product {
  env: Record<string, string>;
  base: string;
  dataDir: string;
  server: ServerProcess;
  /** The cluster folder the server named (under /var/lib/zhiwen when it relocated it). */
  cluster: string;
}

const clusterIn = (log: string) => /Embedded PostgreSQL (?:created|reused) in (\S+) \(port/.exec(log)?.[1];
const postmasterOf = (cluster: string) => Number(readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0]);

/** Starts the built server on `env`, and cleans up after the test: server, any postmaster left, the folders. */
async function start(env: Record<string, string>): Promise<Product> {
  const server = await startServerProcess(env);
  const cluster = clusterIn(server.output());
  expect(cluster, server.output()).toBeTruthy();
  cleanups.push(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) await server.stop();
    const pidFile = path.join(cluster!, 'postmaster.pid');
    if (existsSync(pidFile)) {
      const pid = postmasterOf(cluster!);
      if (pid > 0 && alive(pid)) {
        process.kill(pid, 'SIGINT');
        await waitFor(() => !alive(pid), 20_000);
      }
    }
    rmSync(env.DATA_DIR, { recursive: true, force: true });
    if (cluster!.startsWith('/var/lib/zhiwen/')) rmSync(path.dirname(cluster!), { recursive: true, force: true });
  });
  return { env, base: `http://127.0.0.1:${env.PORT}`, dataDir: env.DATA_DIR, server, cluster: cluster! };
}

async function call(base: string, method: string, url: string, token?: string, body?: unknown, lang = 'zh-CN') {
  const res = await fetch(`${base}/prod-api${url}`, {
    method,
    headers: {
      'Accept-Language': lang,
      'content-type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: { code?: number; msg?: string; data?: unknown } | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, body: json, text };
}

async function killHard(server: ServerProcess): Promise<void> {
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGKILL');
  await exited;
}

/** The value of config parameter `key` as the list reads it from the database. */
async function configValue(base: string, token: string, key: string): Promise<string | undefined> {
  const res = await call(base, 'GET', `/system/config/list?configKey=${key}`, token);
  expect(res.status, res.text).toBe(200);
  const rows = (res.body!.data as { rows: { configKey: string; configValue: string }[] }).rows;
  return rows.find((r) => r.configKey === key)?.configValue;
}

async function saveConfig(base: string, token: string, key: string, value: string): Promise<void> {
  const res = await call(base, 'POST', '/system/config', token, { configName: key, configKey: key, configValue: value });
  expect(res.body?.code, res.text).toBe(200);
}

/** A foreign program on a port: accepts and hangs up at once. */
async function occupy(port: number): Promise<net.Server> {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
  return server;
}

/** What a caller sees while the database is away: every answer 503 with code 503, the health report without addresses. */
async function expectUnavailable(base: string, token: string, pgPort: string): Promise<void> {
  const health = await call(base, 'GET', '/health');
  expect(health.status, health.text).toBe(503);
  expect(health.body).toMatchObject(UNAVAILABLE);
  expect(health.body).toMatchObject({ data: { report: { status: 'down', components: { database: { status: 'down' } } } } });
  expect(health.text).not.toContain('127.0.0.1');
  expect(health.text).not.toContain('localhost');
  expect(health.text).not.toContain(pgPort);

  const list = await call(base, 'GET', '/system/config/list', token);
  expect(list.status, list.text).toBe(503);
  expect(list.body).toEqual(UNAVAILABLE);
  const write = await call(base, 'POST', '/system/config', token, { configName: 'x', configKey: `e2e.down.${Date.now()}`, configValue: 'x' });
  expect(write.status, write.text).toBe(503);
  expect(write.body).toEqual(UNAVAILABLE);
  const english = await call(base, 'GET', '/system/user/list', token, undefined, 'en');
  expect(english.status, english.text).toBe(503);
  expect(english.body).toEqual({ code: 503, msg: 'Service temporarily unavailable, please try again later' });
}

describe('a server killed with SIGKILL', () => {
  it('takes its embedded PostgreSQL down with it (the watchdog), and starts again on the same data folder', async () => {
    const env = await freshProductEnv('sigkill');
    const first = await start(env);
    const token = await apiLogin(first.base, 'admin', E2E_ADMIN_PASSWORD);
    await saveConfig(first.base, token, 'e2e.sigkill', 'kept');
    const postmaster = postmasterOf(first.cluster);
    expect(alive(postmaster)).toBe(true);

    await killHard(first.server);
    // Nobody else stops it: the database goes down because the server did.
    expect(await waitFor(() => !alive(postmaster), 20_000)).toBe(true);

    const second = await start(env);
    expect(second.cluster).toBe(first.cluster);
    expect((await call(second.base, 'GET', '/health')).status).toBe(200);
    const token2 = await apiLogin(second.base, 'admin', E2E_ADMIN_PASSWORD);
    expect(await configValue(second.base, token2, 'e2e.sigkill')).toBe('kept');
  });

  it('whose PostgreSQL outlived it (watchdog killed too): the next start stops that postmaster and starts its own', async () => {
    const env = await freshProductEnv('leftover');
    const first = await start(env);
    const token = await apiLogin(first.base, 'admin', E2E_ADMIN_PASSWORD);
    await saveConfig(first.base, token, 'e2e.leftover', 'kept');
    const postmaster = postmasterOf(first.cluster);

    // As when the whole process tree is killed hard but for the postmaster (adopted by PID 1).
    const watchdog = Number(/watchdog PID (\d+)/.exec(first.server.output())?.[1] ?? 0);
    if (watchdog) process.kill(watchdog, 'SIGKILL');
    await killHard(first.server);
    await sleep(1_000);
    expect(alive(postmaster)).toBe(true);

    const second = await start(env);
    expect(second.server.output()).toContain(`earlier run left running (PID ${postmaster}`);
    expect(alive(postmaster)).toBe(false);
    const health = await call(second.base, 'GET', '/health');
    expect(health.status, health.text).toBe(200);
    const token2 = await apiLogin(second.base, 'admin', E2E_ADMIN_PASSWORD);
    expect(await configValue(second.base, token2, 'e2e.leftover')).toBe('kept');
    expect(postmasterOf(second.cluster)).not.toBe(postmaster);
  });
});

describe('a second server on the data folder of a running one', () => {
  it('is refused, and leaves the running server and its PostgreSQL alone', async () => {
    const env = await freshProductEnv('twice');
    const first = await start(env);
    const postmaster = postmasterOf(first.cluster);
    const second = startServerProcess({ ...env, PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()) }, 60_000);
    await expect(second).rejects.toThrow(/belongs to a server that is running/);
    expect(alive(postmaster)).toBe(true);
    expect(postmasterOf(first.cluster)).toBe(postmaster);
    expect((await call(first.base, 'GET', '/health')).status).toBe(200);
  });
});

describe('the embedded PostgreSQL stopped under a running server', () => {
  it('answers 503 with code 503 while it is away, restarts it, and answers 200 again with the data there', async () => {
    const env = await freshProductEnv('pgstop');
    const product = await start(env);
    const token = await apiLogin(product.base, 'admin', E2E_ADMIN_PASSWORD);
    await saveConfig(product.base, token, 'e2e.outage', 'kept');
    const postmaster = postmasterOf(product.cluster);

    // An operator's `pg_ctl stop -m fast`.
    process.kill(postmaster, 'SIGINT');
    expect(await waitFor(() => !alive(postmaster), 20_000)).toBe(true);
    // Its port held by something else for a few seconds, so the first restart fails and the outage can be watched.
    const blocker = await occupy(Number(env.EMBEDDED_PG_PORT));
    const seen: number[] = [];
    const heldUntil = Date.now() + 2_500;
    while (Date.now() < heldUntil) {
      await expectUnavailable(product.base, token, env.EMBEDDED_PG_PORT);
      seen.push(503);
      await sleep(200);
    }
    await new Promise<void>((r) => blocker.close(() => r()));

    // The server restarts it by itself; no answer in between is a 500.
    const recovered = await waitFor(async () => {
      const res = await call(product.base, 'GET', '/system/config/list', token);
      seen.push(res.status);
      return res.status === 200;
    }, 40_000);
    expect(recovered, product.server.output().slice(-3000)).toBe(true);
    expect(seen.filter((s) => s !== 503 && s !== 200)).toEqual([]);
    expect((await call(product.base, 'GET', '/health')).status).toBe(200);
    expect(await configValue(product.base, token, 'e2e.outage')).toBe('kept');
    const restarted = postmasterOf(product.cluster);
    expect(restarted).not.toBe(postmaster);
    expect(alive(restarted)).toBe(true);
    expect(product.server.output()).toContain('The embedded PostgreSQL stopped unexpectedly');
    expect(product.server.output()).toContain('The embedded PostgreSQL is running again');
  });

  it('exits with a non-zero code when it cannot be restarted, for a supervisor to restart the product', async () => {
    const env = await freshProductEnv('pgdead');
    const product = await start(env);
    const token = await apiLogin(product.base, 'admin', E2E_ADMIN_PASSWORD);
    const exited = new Promise<number | null>((r) => product.server.child.once('exit', (code) => r(code)));
    const postmaster = postmasterOf(product.cluster);
    process.kill(postmaster, 'SIGINT');
    expect(await waitFor(() => !alive(postmaster), 20_000)).toBe(true);
    await occupy(Number(env.EMBEDDED_PG_PORT));
    await expectUnavailable(product.base, token, env.EMBEDDED_PG_PORT);

    // Five attempts over about half a minute, then exit.
    const code = await Promise.race([exited, sleep(90_000).then(() => 'still running' as const)]);
    expect(code, product.server.output().slice(-3000)).not.toBe('still running');
    expect(code).not.toBe(0);
    expect(product.server.output()).toContain('could not be restarted');
  });
});

describe('an external database (DATABASE_URL) that stops', () => {
  it('answers 503 with code 503 while it is away and recovers by itself when it is back', async () => {
    // The "external" server: a cluster of our own, which the product does not own.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'zhiwen-e2e-external-'));
    chmodSync(dir, 0o755);
    const pgPort = await freePort();
    const options = { dir: path.join(dir, 'pg'), port: pgPort, database: 'zhiwen' };
    let db: EmbeddedPostgresHandle = await startEmbeddedPostgres(options);
    cleanups.push(async () => {
      await db.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    const env = await freshProductEnv('external', { DATABASE_URL: db.url });
    const server = await startServerProcess(env);
    cleanups.push(async () => {
      await server.stop();
      rmSync(env.DATA_DIR, { recursive: true, force: true });
    });
    const base = `http://127.0.0.1:${env.PORT}`;
    const token = await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD);
    await saveConfig(base, token, 'e2e.external', 'kept');

    await db.stop();
    await expectUnavailable(base, token, String(pgPort));
    await sleep(500);
    await expectUnavailable(base, token, String(pgPort));

    db = await startEmbeddedPostgres(options);
    const recovered = await waitFor(async () => (await call(base, 'GET', '/health')).status === 200, 30_000);
    expect(recovered, server.output().slice(-3000)).toBe(true);
    expect(await configValue(base, token, 'e2e.external')).toBe('kept');
    expect(server.child.exitCode).toBeNull();
  });
});
