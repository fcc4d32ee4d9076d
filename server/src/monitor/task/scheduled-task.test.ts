import { Module, type OnModuleInit } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenOf } from '../../../test/helpers/staff';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-database';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { QueueService } from '../../queue/queue.service';
import { INTERRUPTED } from './scheduled-task.store';
import { operLogRows } from '../../../test/helpers/oper-log';

/** Runs of the test schedules in this process, by name. */
const runs: Record<string, number> = {};
const TICK = 'test-sched-tick';
const FAIL = 'test-sched-fail';
const DECLARED = '0 0 1 1 *';

@Module({})
class ScheduleFixtureModule implements OnModuleInit {
  constructor(private readonly queue: QueueService) {}

  onModuleInit() {
    this.queue.registerSchedule({ name: TICK, cron: DECLARED, description: 'Counts its runs (test)' }, async () => {
      runs[TICK] = (runs[TICK] ?? 0) + 1;
    });
    this.queue.registerSchedule({ name: FAIL, cron: DECLARED, description: 'Always fails (test)' }, () => {
      throw new Error('the test handler failed');
    });
  }
}

let db: TestDatabase;
let t: TestApp;
let admin: string;

const api = (method: 'get' | 'put' | 'post' | 'delete', path: string) =>
  request(t.server)[method](`/prod-api${path}`).set('Authorization', `Bearer ${admin}`);

async function waitFor<T>(probe: () => Promise<T>, until: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  let value = await probe();
  while (!until(value) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 200));
    value = await probe();
  }
  return value;
}

const logsOf = async (taskName: string) =>
  (await api('get', `/monitor/task/logs?taskName=${taskName}&pageSize=100`)).body.data as {
    total: number;
    rows: Array<{ logId: string; status: string | null; manual: boolean; durationMs: number | null; message: string | null; jobId: string }>;
  };

const scheduleOf = async (name: string) => {
  const { rows } = await t.app.get(QueueService).db().executeSql('SELECT cron FROM pgboss.schedule WHERE name = $1', [name]);
  return (rows[0] as { cron: string } | undefined)?.cron ?? null;
};

beforeAll(async () => {
  db = await createTestDatabase();
  t = await startTestApp({ db, imports: [ScheduleFixtureModule] });
  admin = await tokenOf(t.app);
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

describe('scheduled tasks (/monitor/task)', () => {
  it("lists the product's schedules and the declared ones with trigger, next 5 runs and no last run yet", async () => {
    const res = await api('get', '/monitor/task?pageSize=100');
    expect(res.status).toBe(200);
    const names = res.body.data.rows.map((r: { taskName: string }) => r.taskName);
    expect(names).toEqual(expect.arrayContaining(['cms-content-publish-due', 'cms-content-offline-due', 'cms-content-top-expired', TICK, FAIL]));
    expect(names).toEqual([...names].sort());
    const publish = res.body.data.rows.find((r: { taskName: string }) => r.taskName === 'cms-content-publish-due');
    expect(publish).toMatchObject({ status: '0', triggerType: 'cron', cronExpression: '* * * * *', description: '发布到了定时发布时间的内容' });
    expect(publish.nextRuns).toHaveLength(5);
    const tick = res.body.data.rows.find((r: { taskName: string }) => r.taskName === TICK);
    expect(tick).toMatchObject({ taskId: TICK, status: '0', cronExpression: DECLARED, declaredCron: DECLARED, lastRun: null });
    expect(new Date(tick.nextRunTime).getMonth()).toBe(0);
    expect(await scheduleOf(TICK)).toBe(DECLARED);

    const paused = await api('get', '/monitor/task?status=1');
    expect(paused.body.data.total).toBe(0);
    const one = await api('get', `/monitor/task?taskName=TICK`);
    expect(one.body.data.rows.map((r: { taskName: string }) => r.taskName)).toEqual([TICK]);
  });

  it('answers one task and 404 for a name nobody declared', async () => {
    const res = await api('get', `/monitor/task/${TICK}`);
    expect(res.body.data).toMatchObject({ taskId: TICK, description: 'Counts its runs (test)' });
    const missing = await api('get', '/monitor/task/no-such-task');
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('计划任务“no-such-task”不存在');
  });

  it('runs a task now through the queue and logs the run: one row with its duration; a throwing one is logged as failed', async () => {
    const before = runs[TICK] ?? 0;
    const exec = await api('post', `/monitor/task/exec/${TICK}`);
    expect(exec.status).toBe(201);
    const jobId = exec.body.data as string;
    const logs = await waitFor(
      () => logsOf(TICK),
      (l) => l.total === 1 && l.rows[0].status !== null,
    );
    expect(logs.total).toBe(1);
    expect(logs.rows[0]).toMatchObject({ status: '0', manual: true, jobId, message: null });
    expect(logs.rows[0].durationMs).toBeGreaterThanOrEqual(0);
    expect(runs[TICK]).toBe(before + 1);

    await api('post', `/monitor/task/exec/${FAIL}`).expect(201);
    const failed = await waitFor(
      () => logsOf(FAIL),
      (l) => l.total === 1 && l.rows[0].status !== null,
    );
    expect(failed.rows[0]).toMatchObject({ status: '1', message: 'the test handler failed' });
    // One attempt only: a run by hand is not retried.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await logsOf(FAIL)).total).toBe(1);

    // A run left open by a process that died is closed as interrupted when the task runs again.
    const queue = t.app.get(QueueService);
    await queue.db().executeSql(`INSERT INTO sys_scheduled_task_log (task_name, start_time) VALUES ($1, now() - interval '2 hours')`, [TICK]);
    await api('post', `/monitor/task/exec/${TICK}`).expect(201);
    const closed = await waitFor(
      () => logsOf(TICK),
      (l) => l.total === 3 && l.rows.every((r) => r.status !== null),
    );
    // Newest id first: the new run, the stale row (inserted after the first run), the first run.
    expect(closed.rows.map((r) => r.status)).toEqual(['0', '1', '0']);
    expect(closed.rows[1].message).toBe(INTERRUPTED);
    await api('delete', `/monitor/task/logs?logIds=${closed.rows[1].logId}`).expect(200);

    const listed = await api('get', `/monitor/task/${FAIL}`);
    expect(listed.body.data.lastRun).toMatchObject({ status: '1', message: 'the test handler failed' });
    expect((await api('post', '/monitor/task/exec/nope')).status).toBe(404);
  });

  it('a disabled cron task is unscheduled everywhere and a firing already queued is dropped; enabling schedules it again', async () => {
    expect((await api('put', `/monitor/task/disable/${TICK}`)).status).toBe(200);
    expect(await scheduleOf(TICK)).toBeNull();
    expect((await api('get', `/monitor/task/${TICK}`)).body.data).toMatchObject({ status: '1', nextRunTime: null });
    const before = runs[TICK];
    const logged = (await logsOf(TICK)).total;
    // What pg-boss would send at a firing (no data): not run while disabled.
    const queue = t.app.get(QueueService);
    const id = await queue.send(TICK, {});
    await waitFor(
      () => queue.jobState(TICK, id),
      (s) => s === 'completed',
    );
    expect(runs[TICK]).toBe(before);
    expect((await logsOf(TICK)).total).toBe(logged);

    expect((await api('put', `/monitor/task/enable/${TICK}`)).status).toBe(200);
    expect(await scheduleOf(TICK)).toBe(DECLARED);
  });

  it('a fixed-rate trigger runs the task every period; disabled, it fires no more', async () => {
    const res = await api('put', '/monitor/task').send({ taskName: TICK, triggerType: 'fixedRate', periodSeconds: 1, initialDelaySeconds: 0 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ triggerType: 'fixedRate', periodSeconds: 1, initialDelaySeconds: 0, nextRuns: [] });
    // A fixed-rate task has no pg-boss schedule: its timer sends the jobs.
    expect(await scheduleOf(TICK)).toBeNull();
    const start = (await logsOf(TICK)).total;
    const grown = await waitFor(
      () => logsOf(TICK),
      (l) => l.total >= start + 3,
    );
    expect(grown.total).toBeGreaterThanOrEqual(start + 3);
    expect(grown.rows[0].manual).toBe(false);

    await api('put', `/monitor/task/disable/${TICK}`).expect(200);
    await new Promise((r) => setTimeout(r, 1500));
    const settled = runs[TICK];
    const settledLogs = (await logsOf(TICK)).total;
    await new Promise((r) => setTimeout(r, 3000));
    expect(runs[TICK]).toBe(settled);
    expect((await logsOf(TICK)).total).toBe(settledLogs);
    await api('put', `/monitor/task/enable/${TICK}`).expect(200);
  });

  it('refuses a bad trigger with a message saying what is wrong', async () => {
    const range = await api('put', '/monitor/task').send({ taskName: TICK, triggerType: 'cron', cronExpression: '61 * * * *' });
    expect(range.status).toBe(400);
    expect(range.body.msg).toMatch(/^cron 表达式“61 \* \* \* \*”不正确：.*59/);
    const fields = await api('put', '/monitor/task').send({ taskName: TICK, triggerType: 'cron', cronExpression: '* * * *' });
    expect(fields.body.msg).toBe('cron 表达式“* * * *”不正确：应为 5 段（分 时 日 月 周），实际 4 段');
    const noPeriod = await api('put', '/monitor/task').send({ taskName: TICK, triggerType: 'fixedRate' });
    expect(noPeriod.status).toBe(400);
    expect(noPeriod.body.msg).toBe('触发方式为固定频率时必须填写执行周期（秒）');
    const badType = await api('put', '/monitor/task').send({ taskName: TICK, triggerType: 'weekly' });
    expect(badType.status).toBe(400);
    const zero = await api('put', '/monitor/task').send({ taskName: TICK, triggerType: 'fixedRate', periodSeconds: 0 });
    expect(zero.status).toBe(400);
    const unknown = await api('put', '/monitor/task').send({ taskName: 'nope', triggerType: 'cron', cronExpression: '* * * * *' });
    expect(unknown.status).toBe(404);
  });

  it('previews a cron: its next five firings, or what is wrong', async () => {
    const res = await api('get', `/monitor/task/cronPreview?cron=${encodeURIComponent('*/15 * * * *')}`);
    expect(res.status).toBe(200);
    const times = (res.body.data as string[]).map((s) => new Date(s));
    expect(times).toHaveLength(5);
    expect(times.every((d) => d.getMinutes() % 15 === 0)).toBe(true);
    expect(times[1].getTime() - times[0].getTime()).toBe(15 * 60_000);
    const bad = await api('get', `/monitor/task/cronPreview?cron=${encodeURIComponent('* * 32 * *')}`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^cron 表达式/);
  });

  it('keeps a changed cron trigger across a restart of the app on the same database, and schedules with it', async () => {
    const res = await api('put', '/monitor/task').send({ taskName: TICK, triggerType: 'cron', cronExpression: '*/5  * * * *' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ triggerType: 'cron', cronExpression: '*/5 * * * *', declaredCron: DECLARED, periodSeconds: null });
    expect(await scheduleOf(TICK)).toBe('*/5 * * * *');
    // Something else puts the declared cron back in pg-boss (an instance of an older version, say).
    await t.app.get(QueueService).pgBoss?.schedule(TICK, DECLARED);
    expect(await scheduleOf(TICK)).toBe(DECLARED);

    await t.close();
    t = await startTestApp({ db, imports: [ScheduleFixtureModule] });
    admin = await tokenOf(t.app);
    expect(await scheduleOf(TICK)).toBe('*/5 * * * *');
    const after = await api('get', `/monitor/task/${TICK}`);
    expect(after.body.data).toMatchObject({ triggerType: 'cron', cronExpression: '*/5 * * * *', updateBy: 'admin' });
    expect(new Date(after.body.data.nextRuns[0]).getMinutes() % 5).toBe(0);

    // The declared cron again (an empty one) removes the override.
    const back = await api('put', '/monitor/task').send({ taskName: TICK, triggerType: 'cron', cronExpression: '' });
    expect(back.body.data.cronExpression).toBe(DECLARED);
    expect(await scheduleOf(TICK)).toBe(DECLARED);
  });

  it('pages and filters the logs and deletes rows by id, by task and all', async () => {
    const failedOnly = await api('get', `/monitor/task/logs?status=1`);
    expect(failedOnly.body.data.rows.every((r: { status: string }) => r.status === '1')).toBe(true);
    expect(failedOnly.body.data.total).toBeGreaterThanOrEqual(1);
    const page = await api('get', `/monitor/task/logs?taskName=${TICK}&pageSize=2`);
    expect(page.body).toMatchObject({ code: 200 });
    expect(page.body.data.rows).toHaveLength(2);
    const all = (await logsOf(TICK)).total;

    const one = await api('delete', `/monitor/task/logs?logIds=${page.body.data.rows[0].logId}`);
    expect(one.body.data).toBe(1);
    expect((await logsOf(TICK)).total).toBe(all - 1);
    const task = await api('delete', `/monitor/task/logs?taskName=${FAIL}`);
    expect(task.body.data).toBe(1);
    expect((await logsOf(FAIL)).total).toBe(0);
    const rest = await api('delete', '/monitor/task/logs');
    expect(rest.status).toBe(200);
    expect((await api('get', '/monitor/task/logs')).body.data.total).toBe(0);
    const bad = await api('delete', '/monitor/task/logs?logIds=1;DROP');
    expect(bad.status).toBe(400);
  });

  it('two instances on one database run a fixed-rate task once per period between them', async () => {
    await api('put', '/monitor/task').send({ taskName: TICK, triggerType: 'fixedRate', periodSeconds: 2, initialDelaySeconds: 0 }).expect(200);
    // The second instance starts with the trigger already stored, as after a deployment.
    const second = await startTestApp({ db, imports: [ScheduleFixtureModule] });
    try {
      await new Promise((r) => setTimeout(r, 1000));
      const before = runs[TICK];
      const started = Date.now();
      await new Promise((r) => setTimeout(r, 8000));
      const periods = (Date.now() - started) / 2000;
      const ran = runs[TICK] - before;
      // Each instance ticks every 2 s; together they would run twice per period without the claim.
      expect(ran).toBeGreaterThanOrEqual(Math.floor(periods) - 1);
      expect(ran).toBeLessThanOrEqual(Math.ceil(periods) + 1);
    } finally {
      await api('put', `/monitor/task/disable/${TICK}`).expect(200);
      await second.close();
    }
  });

  it('records writes in the operation log', async () => {
    const rows = await operLogRows<{ oper_url: string }>(
      t,
      `SELECT title, oper_url FROM sys_oper_log WHERE oper_url LIKE '/prod-api/monitor/task%' ORDER BY oper_id`,
    );
    const urls = rows.map((r) => r.oper_url);
    expect(urls).toEqual(expect.arrayContaining([`/prod-api/monitor/task/enable/${TICK}`, '/prod-api/monitor/task']));
  });
});
