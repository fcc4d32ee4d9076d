// A publish job cancelled by staff (`PUT /async/task/stop` cancels it in pg-boss): the running task stops at its next
// step, is failed with a clear reason, leaves no heartbeat behind, and publishing again works.
import { buffer as readAll } from 'node:stream/consumers';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectOk } from '../../../test/helpers/api';
import { catalogFactory, siteFactory, type Creator } from '../../../test/helpers/factories';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { QueueService } from '../../queue/queue.service';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { CmsPublishService, PUBLISH_JOB, STOPPED_KEY } from './cms-publish.service';

let t: TestApp;
let ds: DataSource;
let storage: FileStorage;
let publisher: CmsPublishService;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  storage = t.app.get(FILE_STORAGE);
  publisher = t.app.get(CmsPublishService);
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

const by: Creator = { target: () => t, token: () => admin };
const http = api(() => t, { token: () => admin, lang: 'en', base: '/prod-api/cms' });

interface TaskRow {
  status: string;
  progress: number;
  total: number;
  error: string;
  heartbeat: Date | null;
  job_id: string;
}

const taskRow = async (taskId: string): Promise<TaskRow> =>
  (
    await ds.query(`SELECT status, progress, total, error, heartbeat_time AS heartbeat, job_id FROM cms_publish_task WHERE task_id = $1`, [taskId])
  )[0];

/** The task of `pipe` among the tasks of a whole-site publish. */
const pipeTask = async (taskIds: string[], pipe: string): Promise<string> =>
  String(
    (await ds.query(`SELECT task_id FROM cms_publish_task WHERE task_id = ANY($1::bigint[]) AND options->>'pipe' = $2`, [taskIds, pipe]))[0].task_id,
  );

async function waitFor(taskId: string, done: (row: TaskRow) => boolean): Promise<TaskRow> {
  const end = Date.now() + 60_000;
  for (;;) {
    const row = await taskRow(taskId);
    if (done(row)) return row;
    if (Date.now() > end) throw new Error(`task ${taskId} stuck: ${JSON.stringify(row)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a publish job stopped by staff', () => {
  it('stops its running task between steps, fails it with the reason and no heartbeat; a later publish works', async () => {
    const site = await siteFactory(by);
    const catalogs = [];
    for (let i = 0; i < 12; i++) catalogs.push(await catalogFactory(by, site.siteId, { alias: `stop${site.siteId}x${i}` }));
    // A slow list template: each catalog's page takes a while, so the whole-site publish is still under way when stopped.
    const listKey = `cms/sites/${site.siteId}/templates/pc/list.template.html`;
    const stream = await storage.get(listKey);
    expect(stream).not.toBeNull();
    const original = await readAll(stream!);
    await storage.put(listKey, Buffer.from('{% for i in (1..150000) %}{{ i }}{% endfor %}', 'utf8'));

    // One task per pipe: the pc one is slow.
    const tasks = await publisher.publishSite(site.siteId, 'admin');
    const taskId = await pipeTask(tasks, 'pc');
    const running = await waitFor(taskId, (r) => r.status === 'running' && r.progress > 0);
    expect(running.job_id).not.toBe('');
    const stopped = await t.app.get(QueueService).jobState(PUBLISH_JOB, running.job_id);
    expect(stopped).toBe('active');
    await api(() => t, { token: () => admin })
      .put('/async/task/stop')
      .send({ taskIds: [running.job_id] })
      .expect(200);

    const row = await waitFor(taskId, (r) => r.status !== 'running' && r.status !== 'pending');
    // The other pipe's task is a job of its own: not stopped.
    for (const other of tasks.filter((id) => id !== taskId))
      expect(await waitFor(other, (r) => r.status !== 'running' && r.status !== 'pending')).toMatchObject({ status: 'done' });
    expect(row).toMatchObject({ status: 'failed', error: STOPPED_KEY, heartbeat: null });
    // Stopped early: not every page was written.
    expect(row.progress).toBeLessThan(row.total);
    const indexPages = async () => (await storage.list(`site/${site.path}/pc`)).filter((k) => k.split('/').pop()!.startsWith('index.'));
    const written = await indexPages();
    expect(written.length).toBeLessThan(catalogs.length + 1);
    // Staff read the reason in their language; the publish indicator counts nothing left over.
    const listed = expectOk<{ rows: Array<{ taskId: string; status: string; error: string }> }>(
      await http.get('/publish/tasks?pageSize=50').set('CurrentSite', site.siteId),
    );
    expect(listed.rows.find((r) => r.taskId === taskId)).toMatchObject({
      status: 'failed',
      error: 'Stopped by staff; publish again to write the remaining pages',
    });
    expect(expectOk<number>(await http.get('/publish/taskCount'))).toBe(0);
    // Nothing for the sweep to resume: the stopped task stays stopped.
    expect(await publisher.recoverStale()).not.toContain(taskId);
    expect((await taskRow(taskId)).status).toBe('failed');

    // Publishing again works and writes every page.
    await storage.put(listKey, original);
    const again = await pipeTask(await publisher.publishSite(site.siteId, 'admin'), 'pc');
    const done = await waitFor(again, (r) => r.status !== 'running' && r.status !== 'pending');
    expect(done).toMatchObject({ status: 'done', error: '', heartbeat: null });
    expect(done.progress).toBe(done.total);
    const all = await indexPages();
    for (const catalog of catalogs)
      expect(
        all.some((k) => k.startsWith(`site/${site.path}/pc/${catalog.path}index.`)),
        catalog.path,
      ).toBe(true);
  });
});
