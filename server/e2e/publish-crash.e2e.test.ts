import { mkdtempSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin } from './browser';
import { apiCaller, E2E_ADMIN_PASSWORD, freePort, ownDatabase, seedPublishedArticles, type ServerProcess, startServerProcess } from './helpers';

/**
 * A whole-site publish whose server is killed with SIGKILL mid-way (issue 15, point 3): the next server's sweep resumes it and it finishes; the publish indicator never shows the dead task as under way; no temporary file
 * is ever served. The database is a PostgreSQL server of its own (DATABASE_URL, else 127.0.0.1:5432), so the kill
 * concerns the API process only.
 */

const ARTICLES = 4000;
/** The servers take a task as dead after this long without a heartbeat (60 s unless told), and sweep that often. */
const STALE_SECONDS = 20;
const database = ownDatabase('pubcrash');
const dbUrl = database.url;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zhiwen-e2e-pubcrash-'));
let server: ServerProcess | undefined;
let db: Client;

async function start(): Promise<{ base: string; token: string; call: ReturnType<typeof apiCaller> }> {
  const port = String(await freePort());
  server = await startServerProcess({
    PORT: port,
    DATABASE_URL: dbUrl,
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    NODE_ENV: 'test',
    DEMO_SITE: 'false',
    TASK_STALE_SECONDS: String(STALE_SECONDS),
  });
  const base = `http://127.0.0.1:${port}`;
  const token = await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD);
  return { base, token, call: apiCaller(base, token) };
}

const task = async (taskId: string) =>
  (await db.query(`SELECT status, progress, total, attempts, error FROM cms_publish_task WHERE task_id = $1`, [taskId])).rows[0] as {
    status: string;
    progress: number;
    total: number;
    attempts: number;
    error: string;
  };

/** Every file under a folder, relative, temporary ones included. */
const filesUnder = async (folder: string) => (await fs.readdir(folder, { recursive: true }).catch(() => [])).map(String);

beforeAll(async () => {
  await database.create();
  db = new Client({ connectionString: dbUrl });
  await db.connect();
});

afterAll(async () => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  await db?.end();
  await database.drop();
  await fs.rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
});

describe('a whole-site publish killed mid-way', () => {
  it('is resumed by the sweep of the next server and finishes; nothing dead is shown running, no .tmp is served', async () => {
    const first = await start();
    let { base, call } = first;
    const { token } = first;
    const { siteId } = await call<{ siteId: string }>('POST', '/cms/site', { name: '崩溃测试', path: 'crash' });
    const catalogId = (
      await fetch(`${base}/prod-api/cms/catalog`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, CurrentSite: siteId, 'content-type': 'application/json' },
        body: JSON.stringify({ name: '新闻', alias: 'news' }),
      }).then((r) => r.json())
    ).data.catalogId as string;
    // Enough published articles that a whole-site publish takes a while.
    await seedPublishedArticles(db, siteId, catalogId, ARTICLES);

    // One task per pipe; the first is pc's.
    const { taskId, taskIds } = await call<{ taskId: string; taskIds: string[] }>('POST', '/cms/site/publish', { siteId });
    expect(taskIds[0]).toBe(taskId);
    // Killed once it has written some pages, not all.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const row = await task(taskId);
      if (row.status === 'running' && row.progress > 50) break;
      if (row.status === 'done' || Date.now() > deadline) throw new Error(`publish not caught mid-way: ${JSON.stringify(row)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    server!.child.kill('SIGKILL');
    await server!.stop();
    const killedAt = Date.now();
    const killed = await task(taskId);
    expect(killed.status).toBe('running');
    expect(killed.progress).toBeLessThan(killed.total);

    ({ base, call } = await start());
    const siteFolder = path.join(dataDir, 'uploads', 'site', 'crash');
    const seen = { running: 0, temp: new Set<string>() };
    const end = Date.now() + 180_000;
    for (;;) {
      const row = await task(taskId);
      if (row.status === 'done' || row.status === 'failed') break;
      if (Date.now() > end) throw new Error(`publish not resumed: ${JSON.stringify(row)}`);
      // Once the heartbeat is stale the indicator does not count the dead task.
      const stale = (
        await db.query(`SELECT heartbeat_time < now() - make_interval(secs => $2) AS stale FROM cms_publish_task WHERE task_id = $1`, [
          taskId,
          STALE_SECONDS + 1,
        ])
      ).rows[0].stale;
      const count = await call<number>('GET', '/cms/publish/taskCount');
      if (stale && row.status === 'running' && count > 0) seen.running++;
      // Temporary files (of the killed write or of the running one) are never served.
      for (const file of (await filesUnder(siteFolder)).filter((f) => f.endsWith('.tmp'))) {
        seen.temp.add(file);
        const res = await fetch(`${base}/site/crash/${file.split(path.sep).join('/')}`);
        expect(res.status, file).toBe(404);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    const resumed = await task(taskId);
    // The other pipe's task (a job of its own, never started by the killed server, or finished by it) is done too.
    for (const other of taskIds.slice(1)) {
      for (;;) {
        const row = await task(other);
        if (row.status === 'done' || row.status === 'failed') break;
        if (Date.now() > end) throw new Error(`task ${other} not finished: ${JSON.stringify(row)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(await task(other)).toMatchObject({ status: 'done', error: '' });
    }
    console.log(
      `killed at ${killed.progress}/${killed.total} pages; done ${((Date.now() - killedAt) / 1000).toFixed(0)} s after the kill; ` +
        `temporary files seen (each answered 404): ${seen.temp.size}`,
    );
    expect(resumed).toMatchObject({ status: 'done', error: '', attempts: 2 });
    expect(resumed.progress).toBe(resumed.total);
    expect(seen.running).toBe(0);
    expect(await call<number>('GET', '/cms/publish/taskCount')).toBe(0);
    // Every detail page is there, whole.
    const pages = (await filesUnder(path.join(siteFolder, 'pc', 'news'))).filter((f) => /^\d+\.shtml$/.test(f) || /^\d+\.html$/.test(f));
    expect(pages).toHaveLength(ARTICLES);
    const home = await fetch(`${base}/site/crash/pc/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('</html>');
    await server!.stop();
  }, 300_000);
});
