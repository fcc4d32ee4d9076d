import { Module, type OnModuleInit } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { DataSource } from 'typeorm';
import { createCmsSite } from '../../../test/helpers/cms';
import { CHECK_JOB } from '../../check/task/check-task.constants';
import { PUBLISH_JOB } from '../../cms/publish/cms-publish.service';
import { QueueService } from '../../queue/queue.service';
import { operLogRows } from '../../../test/helpers/oper-log';

const LONG = 'test-async-long';
const FLAKY = 'test-async-flaky';
const QUICK = 'test-async-quick';

/** What the test handlers saw, by job id. */
const progress = new Map<string, number>();
const stoppedAt = new Map<string, number>();
const attempts = new Map<string, number>();

@Module({})
class AsyncFixtureModule implements OnModuleInit {
  constructor(private readonly queue: QueueService) {}

  onModuleInit() {
    // A long job in steps: it checks its cancellation between steps, as real long handlers should.
    this.queue.register<{ steps: number }>(LONG, async ({ steps }, job) => {
      for (let step = 0; step < steps; step++) {
        if (job.signal.aborted) {
          stoppedAt.set(job.id, step);
          return;
        }
        progress.set(job.id, Math.round((step / steps) * 100));
        await new Promise((r) => setTimeout(r, 100));
      }
      progress.set(job.id, 100);
    });
    this.queue.registerProgress(
      LONG,
      async (jobs) => new Map(jobs.filter((j) => progress.has(j.id)).map((j) => [j.id, { progress: progress.get(j.id) as number, message: 'step' }])),
    );
    // Fails its first attempt, succeeds afterwards.
    this.queue.register<{ key: string }>(FLAKY, async ({ key }) => {
      const n = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, n);
      if (n === 1) throw new Error('first attempt fails');
    });
    this.queue.register(QUICK, async () => undefined);
  }
}

let t: TestApp;
let admin: string;
let queue: QueueService;

const api = (method: 'get' | 'put' | 'delete', path: string) => request(t.server)[method](`/prod-api${path}`).set('Authorization', `Bearer ${admin}`);

async function waitFor<T>(probe: () => Promise<T>, until: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  let value = await probe();
  while (!until(value) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 150));
    value = await probe();
  }
  return value;
}

const task = async (id: string) =>
  (await api('get', `/async/task/${id}`)).body.data as { state: string; progress: number | null; error: string | null };

beforeAll(async () => {
  t = await startTestApp({ imports: [AsyncFixtureModule] });
  admin = await tokenOf(t.app);
  queue = t.app.get(QueueService);
});
afterAll(() => t?.close());

describe('async tasks (/async/task)', () => {
  it('lists the queue’s jobs newest first with state and progress, filtered by type and state; scheduled tasks and pg-boss’s own queues stay out', async () => {
    const done = await queue.send(QUICK, {});
    await waitFor(
      () => queue.jobState(QUICK, done),
      (s) => s === 'completed',
    );
    const waiting = await queue.send(QUICK, { later: true }, { startAfter: 3600 });

    const all = await api('get', '/async/task?pageSize=100');
    expect(all.status).toBe(200);
    const names = new Set(all.body.data.rows.map((r: { name: string }) => r.name));
    expect(names.has(QUICK)).toBe(true);
    expect([...names].some((n) => String(n).startsWith('__pgboss__'))).toBe(false);
    expect(names.has('cms-content-publish-due')).toBe(false);

    const quick = await api('get', `/async/task?name=${QUICK}`);
    expect(quick.body.data.total).toBe(2);
    expect(quick.body.data.rows.map((r: { id: string }) => r.id)).toEqual([waiting, done]);
    expect(quick.body.data.rows[1]).toMatchObject({ state: 'completed', progress: 100, archived: false, retryCount: 0 });
    expect(quick.body.data.rows[0]).toMatchObject({ state: 'created', progress: null });
    expect(quick.body.data.rows[0].data).toBeUndefined();

    const created = await api('get', `/async/task?name=${QUICK}&status=created`);
    expect(created.body.data.rows.map((r: { id: string }) => r.id)).toEqual([waiting]);
    const paged = await api('get', `/async/task?name=${QUICK}&pageSize=1&pageNum=2&orderByColumn=createdOn&isAsc=asc`);
    expect(paged.body.data).toMatchObject({ total: 2, rows: [{ id: waiting }] });
    expect((await api('get', '/async/task?orderByColumn=data')).status).toBe(400);
    expect((await api('get', '/async/task?status=sleeping')).status).toBe(400);
  });

  it('answers one job with its payload; an unknown or malformed id is 404', async () => {
    const id = await queue.send(QUICK, { hello: 'world' }, { startAfter: 3600 });
    const res = await api('get', `/async/task/${id}`);
    expect(res.body.data).toMatchObject({ id, name: QUICK, state: 'created', data: { hello: 'world' } });
    expect((await api('get', '/async/task/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api('get', '/async/task/not-a-uuid')).status).toBe(404);
  });

  it('stops a queued job: it is cancelled and never runs; an ended one cannot be stopped', async () => {
    const id = await queue.send(QUICK, {}, { startAfter: 3600 });
    const res = await api('put', '/async/task/stop').send({ taskIds: [id] });
    expect(res.status).toBe(200);
    expect((await task(id)).state).toBe('cancelled');
    expect(await queue.isCancelled(id)).toBe(true);
    // The same PUT within a second is refused as a repeat submit first.
    await new Promise((r) => setTimeout(r, 1100));
    const again = await api('put', '/async/task/stop').send({ taskIds: [id] });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe(`任务“${id}”已结束（cancelled），不能停止`);
    expect((await api('put', '/async/task/stop').send({ taskIds: ['x'] })).status).toBe(400);
    expect((await api('put', '/async/task/stop').send({ taskIds: [] })).status).toBe(400);
  });

  it('stops a running long job at its next step, with its progress shown while it runs', async () => {
    const id = await queue.send(LONG, { steps: 600 }, { retryLimit: 0 });
    const running = await waitFor(
      () => task(id),
      (s) => s.state === 'active' && (s.progress ?? 0) > 0,
    );
    expect(running.state).toBe('active');
    expect(running.progress).toBeGreaterThan(0);
    const listed = await api('get', `/async/task?name=${LONG}&status=active`);
    expect(listed.body.data.rows[0]).toMatchObject({ id, progressMessage: 'step' });

    expect((await api('put', '/async/task/stop').send({ taskIds: [id] })).status).toBe(200);
    const stopped = await waitFor(
      async () => stoppedAt.get(id),
      (v) => v !== undefined,
      5000,
    );
    expect(stopped).toBeDefined();
    expect(stopped).toBeLessThan(600);
    expect((await task(id)).state).toBe('cancelled');
    // A running job cannot be removed; a cancelled one can.
    expect((await api('delete', '/async/task/remove').send({ taskIds: [id] })).status).toBe(200);
    expect((await api('get', `/async/task/${id}`)).status).toBe(404);
  });

  it('retries a failed job, which then completes; only failed ones can be retried', async () => {
    const id = await queue.send(FLAKY, { key: 'a' }, { retryLimit: 0 });
    const failed = await waitFor(
      () => task(id),
      (s) => s.state === 'failed',
    );
    expect(failed).toMatchObject({ state: 'failed', error: 'first attempt fails' });
    const listed = await api('get', `/async/task?name=${FLAKY}&status=failed`);
    expect(listed.body.data.rows.map((r: { id: string }) => r.id)).toEqual([id]);

    expect((await api('put', '/async/task/retry').send({ taskIds: [id] })).status).toBe(200);
    const done = await waitFor(
      () => task(id),
      (s) => s.state === 'completed',
    );
    expect(done.state).toBe('completed');
    expect(attempts.get('a')).toBe(2);
    await new Promise((r) => setTimeout(r, 1100));
    const again = await api('put', '/async/task/retry').send({ taskIds: [id] });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe(`只能重试失败的任务，任务“${id}”的状态是 completed`);
  });

  it('removes ended jobs only (also from the archive)', async () => {
    const queued = await queue.send(QUICK, {}, { startAfter: 3600 });
    const refused = await api('delete', '/async/task/remove').send({ taskIds: [queued] });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(`任务“${queued}”尚未结束（created），请先停止`);

    const done = await queue.send(QUICK, {});
    await waitFor(
      () => queue.jobState(QUICK, done),
      (s) => s === 'completed',
    );
    // pg-boss archives completed jobs after a while: move this one now, as its maintenance would.
    await queue
      .db()
      .executeSql(`WITH moved AS (DELETE FROM pgboss.job WHERE id = $1 RETURNING *) INSERT INTO pgboss.archive SELECT * FROM moved`, [done]);
    expect((await api('get', `/async/task/${done}`)).body.data).toMatchObject({ state: 'completed', archived: true });
    expect((await api('delete', '/async/task/remove').send({ taskIds: [done] })).status).toBe(200);
    expect((await api('get', `/async/task/${done}`)).status).toBe(404);
  });

  it("shows a publish job's progress from its publish tasks (pages done of all pages)", async () => {
    const ds = t.app.get(DataSource);
    const siteId = await createCmsSite(ds, '进度站点', 'progress');
    const [{ id: taskId }] = await ds.query(
      `INSERT INTO cms_publish_task (site_id, task_type, status, progress, total) VALUES ($1, 'site', 'running', 3, 12) RETURNING task_id::text AS id`,
      [siteId],
    );
    const jobId = await queue.send(PUBLISH_JOB, { tasks: [{ taskId }] }, { startAfter: 3600 });
    const listed = await api('get', `/async/task?name=${PUBLISH_JOB}`);
    expect(listed.body.data.rows.find((r: { id: string }) => r.id === jobId)).toMatchObject({ progress: 25, progressMessage: '3/12' });
    await new Promise((r) => setTimeout(r, 1100));
    await api('put', '/async/task/stop')
      .send({ taskIds: [jobId] })
      .expect(200);
  });

  it("shows a check job's progress and stage from its check task", async () => {
    const ds = t.app.get(DataSource);
    const [{ id: taskId }] = await ds.query(
      `INSERT INTO check_task (file_name, file_key, file_size, file_md5, library_kinds, status, progress, stage, heartbeat_time)
       VALUES ('a.docx', 'none', 1, repeat('0', 32), 'reference', 'running', 60, 'compare', now()) RETURNING task_id::text AS id`,
    );
    const jobId = await queue.send(CHECK_JOB, { taskId }, { startAfter: 3600 });
    const listed = await api('get', `/async/task?name=${CHECK_JOB}`);
    expect(listed.body.data.rows.find((r: { id: string }) => r.id === jobId)).toMatchObject({ progress: 60, progressMessage: 'compare' });
    await new Promise((r) => setTimeout(r, 1100));
    await api('put', '/async/task/stop')
      .send({ taskIds: [jobId] })
      .expect(200);
  });

  it('records stop, retry and remove in the operation log', async () => {
    const rows = await operLogRows<{ oper_url: string }>(
      t,
      `SELECT DISTINCT oper_url FROM sys_oper_log WHERE oper_url LIKE '/prod-api/async/task/%'`,
    );
    expect(rows.map((r) => r.oper_url).sort()).toEqual(['/prod-api/async/task/remove', '/prod-api/async/task/retry', '/prod-api/async/task/stop']);
  });
});
