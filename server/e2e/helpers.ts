import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { Client } from 'pg';

export const REPO_ROOT = path.resolve(__dirname, '../..');

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  /** Milliseconds from spawn to the first answered health check. */
  readyAfterMs: number;
  stop(): Promise<number | null>;
}

/** Spawns the built server (`node server/dist/main.js`) with `env` over this process's environment (less DATABASE_URL). */
function spawnBuilt(env: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'server/dist/main.js')], {
    cwd: REPO_ROOT,
    env: { ...inherited, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (c) => (log += c));
  child.stderr!.on('data', (c) => (log += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => log, exited };
}

/** Polls `ready` until it holds; kills the process and throws with its output when it exits or `timeoutMs` pass. */
async function untilReady(
  { child, output, exited }: ReturnType<typeof spawnBuilt>,
  ready: () => Promise<boolean>,
  timeoutMs: number,
): Promise<ServerProcess> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    if (await ready()) break;
    if (Date.now() - started >= timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`server not ready after ${timeoutMs} ms:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    output,
    readyAfterMs: Date.now() - started,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Starts the built server (`node server/dist/main.js`) and waits until /prod-api/health answers 200. */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 120_000): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${env.PORT}/prod-api/health`;
  const ready = async () => {
    try {
      return (await fetch(url)).status === 200;
    } catch {
      return false; // not listening yet
    }
  };
  return untilReady(spawnBuilt(env), ready, timeoutMs);
}

/** Starts a worker (`WORKER=1`: background jobs only, no HTTP) and waits until it says it runs. */
export async function startWorkerProcess(env: Record<string, string>, timeoutMs = 120_000): Promise<ServerProcess> {
  const spawned = spawnBuilt({ ...env, WORKER: '1' });
  return untilReady(spawned, async () => spawned.output().includes('worker is running'), timeoutMs);
}

/**
 * A database of a test's own on the PostgreSQL server of DATABASE_URL (else 127.0.0.1:5432), for a test that runs the
 * server as a process on it: `create()` before, `drop()` after (it never throws).
 */
export function ownDatabase(label: string) {
  const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `zw_e2e_${label}_${randomBytes(4).toString('hex')}`;
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const run = async (sql: string) => {
    const client = new Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return {
    name,
    url: url.toString(),
    create: () => run(`CREATE DATABASE ${name}`),
    drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined),
  };
}

/** `count` published articles ('Article 1'…) with a one-line body in a catalog, straight into the database. */
export async function seedPublishedArticles(db: Client, siteId: string, catalogId: string, count: number): Promise<void> {
  await db.query(
    `INSERT INTO cms_content (site_id, catalog_id, content_type, title, status, publish_date)
     SELECT $1, $2, 'article', 'Article ' || g, 'published', now() FROM generate_series(1, $3) g`,
    [siteId, catalogId, count],
  );
  await db.query(`INSERT INTO cms_article_detail (content_id, content_html) SELECT content_id, '<p>body</p>' FROM cms_content WHERE site_id = $1`, [
    siteId,
  ]);
}

/** First administrator password of the products the browser suite starts. */
export const E2E_ADMIN_PASSWORD = 'E2eAdmin2026';

export interface FreshProduct {
  server: ServerProcess;
  /** `http://127.0.0.1:<port>` */
  base: string;
  dataDir: string;
}

/**
 * Starts the built product as on a new machine: a fresh data folder, no DATABASE_URL (its own embedded PostgreSQL),
 * a known first admin password, no demo site unless `extraEnv` asks for it (`DEMO_SITE: 'true'`), and NODE_ENV=test,
 * which mounts the hook that reads captcha answers.
 */
export async function startFreshProduct(name: string, extraEnv: Record<string, string> = {}): Promise<FreshProduct> {
  const env = await freshProductEnv(name, extraEnv);
  return { server: await startServerProcess(env), base: `http://127.0.0.1:${env.PORT}`, dataDir: env.DATA_DIR };
}

/** The environment `startFreshProduct` starts with (a fresh `DATA_DIR`, free ports), for tests that start it themselves. */
export async function freshProductEnv(
  name: string,
  extraEnv: Record<string, string> = {},
): Promise<Record<string, string> & { DATA_DIR: string; PORT: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `zhiwen-e2e-${name}-`));
  chmodSync(dataDir, 0o755); // as root, the embedded PostgreSQL runs as the postgres user and must enter it
  return {
    PORT: String(await freePort()),
    EMBEDDED_PG_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    NODE_ENV: 'test',
    // Each suite starts from an empty CMS; demo-site.e2e.test.ts turns the demo site on.
    DEMO_SITE: 'false',
    ...extraEnv,
  };
}

/** A record of an API answer: browser tests read a few of its fields without declaring the whole shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Row = Record<string, any>;

/** Signs in through the API (captcha read through the test hook) and returns the token. */
export async function apiLogin(base: string, username: string, password: string): Promise<string> {
  const { uuid } = (await (await fetch(`${base}/prod-api/captchaImage`)).json()).data;
  const code = (await (await fetch(`${base}/prod-api/test-support/captcha/${uuid}`)).json()).data;
  const res = await fetch(`${base}/prod-api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, code, uuid }),
  });
  return (await res.json()).data;
}

/**
 * API calls as one signed-in user (in the CMS site `siteId` when given): each answers the envelope's `data`, and a
 * refusal throws with its message.
 */
export function apiCaller(base: string, token: string, siteId?: string) {
  return async function call<T = Row>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}/prod-api${url}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(siteId ? { CurrentSite: siteId } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (json.code !== 200) throw new Error(`${method} ${url}: ${json.msg}`);
    return json.data as T;
  };
}

/** Registers a member through the API (captcha read through the test hook); answers its token. */
export async function registerMemberByApi(base: string, username: string, password: string): Promise<string> {
  const { uuid } = (await (await fetch(`${base}/prod-api/captchaImage`)).json()).data;
  const authCode = (await (await fetch(`${base}/prod-api/test-support/captcha/${uuid}`)).json()).data;
  const res = await fetch(`${base}/prod-api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, authCode, uuid }),
  });
  const json = await res.json();
  if (json.code !== 200) throw new Error(`register ${username}: ${json.msg}`);
  return json.data;
}

/** The site's own host: serves every path of the product but without the sandbox policy of the built-in /site/ server. */
export function startSiteHost(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const proxy = http.createServer((req, res) => {
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        const headers = { ...answer.headers };
        delete headers['content-security-policy'];
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://localhost:${(proxy.address() as AddressInfo).port}`,
        close: () => new Promise<void>((done) => proxy.close(() => done())),
      }),
    ),
  );
}

/**
 * A staff user of the seeded 编辑 (editor) role, made by the admin, who then creates a CMS site: answers the user's
 * token, the site's id and an API caller working in that site.
 */
export async function editorWithSite(
  base: string,
  user: { userName: string; nickName: string; password: string },
  site: { name: string; path: string },
): Promise<{ token: string; siteId: string; onSite: ReturnType<typeof apiCaller> }> {
  const admin = apiCaller(base, await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD));
  const roles = await admin<{ rows: Array<{ roleId: string; roleKey: string }> }>('GET', '/system/role/list?pageSize=50');
  const editor = roles.rows.find((r) => r.roleKey === 'editor');
  if (!editor) throw new Error('the seeded editor role is missing');
  await admin('POST', '/system/user', { ...user, roleIds: [editor.roleId] });
  const token = await apiLogin(base, user.userName, user.password);
  const { siteId } = await apiCaller(base, token)<{ siteId: string }>('POST', '/cms/site', site);
  return { token, siteId, onSite: apiCaller(base, token, siteId) };
}

/** Puts `html` on the site's pc home page template, before its footer (as a site's developer would). */
export async function addToHomeTemplate(onSite: ReturnType<typeof apiCaller>, html: string): Promise<void> {
  const index = 'theme-templates/pc/index.template.html';
  const text = await onSite<string>('POST', '/cms/file/read', { filePath: index });
  const changed = text.replace("{% include 'include/footer' %}", `${html}\n{% include 'include/footer' %}`);
  if (changed === text) throw new Error('the home template has no footer include');
  await onSite('POST', '/cms/file/edit', { filePath: index, fileContent: changed });
}
