import { mkdtempSync, promises as fs, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin } from './browser';
import {
  apiCaller,
  E2E_ADMIN_PASSWORD,
  freePort,
  ownDatabase,
  seedPublishedArticles,
  type ServerProcess,
  startServerProcess,
  startWorkerProcess,
} from './helpers';

/**
 * A whole-site publish in the deployment docs/operations.md describes: the API process (which runs jobs too) and a
 * worker process (`WORKER=1`) on one database and one data folder. The publish is one task per pipe, each a job of its
 * own, so the two processes publish the two pipes at the same time, one core each (issue 17).
 */

const ARTICLES = 4000;
const database = ownDatabase('pubworkers');
const dbUrl = database.url;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zhiwen-e2e-pubworkers-'));
const processes: ServerProcess[] = [];
let db: Client;

/** CPU time (ms, user + system) a process has used so far. */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

beforeAll(async () => {
  await database.create();
  db = new Client({ connectionString: dbUrl });
  await db.connect();
});

afterAll(async () => {
  for (const p of processes) await p.stop();
  await db?.end();
  await database.drop();
  await fs.rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
});

describe('a whole-site publish with the API and a worker', () => {
  it('publishes the pipes side by side, one in each process, and writes every page of both', async () => {
    const port = String(await freePort());
    const env = { DATABASE_URL: dbUrl, DATA_DIR: dataDir, ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, NODE_ENV: 'test', DEMO_SITE: 'false' };
    // The API first: it runs the migrations.
    const api = await startServerProcess({ ...env, PORT: port });
    processes.push(api);
    const worker = await startWorkerProcess({ ...env, PORT: String(await freePort()) });
    processes.push(worker);
    const base = `http://127.0.0.1:${port}`;
    const token = await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD);
    const call = apiCaller(base, token);

    const { siteId } = await call<{ siteId: string }>('POST', '/cms/site', { name: '双进程发布', path: 'workers' });
    const { catalogId } = await apiCaller(base, token, siteId)<{ catalogId: string }>('POST', '/cms/catalog', { name: '新闻', alias: 'news' });
    await seedPublishedArticles(db, siteId, catalogId, ARTICLES);

    const workerCpu = cpuMs(worker.child.pid!);
    const { taskIds } = await call<{ taskId: string; taskIds: string[] }>('POST', '/cms/site/publish', { siteId });
    expect(taskIds).toHaveLength(2);
    // Polled finely: both tasks are seen running at one moment.
    let together = false;
    const deadline = Date.now() + 180_000;
    let rows: Array<{ status: string; progress: number; total: number; error: string }>;
    for (;;) {
      rows = (
        await db.query(`SELECT status, progress, total, error FROM cms_publish_task WHERE task_id = ANY($1::bigint[]) ORDER BY task_id`, [taskIds])
      ).rows;
      if (rows.every((r) => r.status === 'running')) together = true;
      if (rows.every((r) => r.status === 'done' || r.status === 'failed')) break;
      if (Date.now() > deadline) throw new Error(`publish not finished: ${JSON.stringify(rows)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    for (const row of rows) expect(row).toMatchObject({ status: 'done', error: '' });
    expect(together).toBe(true);
    // The worker did a pipe's share of the rendering (it idles otherwise).
    expect(cpuMs(worker.child.pid!) - workerCpu).toBeGreaterThan(1000);

    // Both pipes' pages are on disk, the list pages and every detail page.
    for (const pipe of ['pc', 'h5']) {
      const files = (await fs.readdir(path.join(dataDir, 'uploads', 'site', 'workers', pipe, 'news'))).map(String);
      expect(
        files.filter((f) => /^\d+\.s?html$/.test(f)),
        pipe,
      ).toHaveLength(ARTICLES);
      expect(
        files.some((f) => /^index\.s?html$/.test(f)),
        pipe,
      ).toBe(true);
    }
    const home = await fetch(`${base}/site/workers/h5/`);
    expect(home.status).toBe(200);
  }, 300_000);
});
