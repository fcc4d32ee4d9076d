import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectOk, type Row } from '../../../test/helpers/api';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-database';
import { JobHandlerRegistry } from './job-handler.registry';
import { JobScheduler, MAX_CATCH_UP_RUNS, planFiring } from './job-scheduler.service';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const minuteFloor = (d: Date) => new Date(Math.floor(d.getTime() / 60_000) * 60_000);

async function addJob(t: TestApp, token: string, body: Row): Promise<string> {
  const http = api(() => t, { token, base: '/prod-api/monitor' });
  const job = expectOk(await http.post('/job').send({ jobName: 'job', handler: 'system.noop', cronExpression: '0 * * * * ?', status: '0', ...body }));
  return job.jobId as string;
}
const logsOf = async (ds: DataSource, jobId: string): Promise<Row[]> =>
  ds.query(`SELECT status, trigger_type, job_message, exception_info, start_time, end_time FROM sys_job_log WHERE job_id = $1 ORDER BY job_log_id`, [
    jobId,
  ]);

describe('misfire policies', () => {
  const job = (misfirePolicy: '0' | '1' | '2' | '3', late: number) => ({
    cronExpression: '0 * * * * ?',
    misfirePolicy,
    nextFireTime: new Date(minuteFloor(new Date('2026-03-01T10:00:30Z')).getTime() - late),
  });
  const now = new Date('2026-03-01T10:00:30Z');

  it('fires on time within a minute of the due time, whatever the policy', () => {
    expect(planFiring(job('3', 0), now)).toEqual({ runs: 1, trigger: 'schedule', next: new Date('2026-03-01T10:01:00Z') });
  });

  it('after downtime: skip runs nothing, run once runs one, run immediately runs each missed time up to a limit', () => {
    const late = 5 * 60_000; // due at 09:55, missed 09:55 ... 10:00
    expect(planFiring(job('3', late), now)).toMatchObject({ runs: 0, next: new Date('2026-03-01T10:01:00Z') });
    expect(planFiring(job('2', late), now)).toMatchObject({ runs: 1, trigger: 'misfire' });
    expect(planFiring(job('0', late), now)).toMatchObject({ runs: 1, trigger: 'misfire' });
    expect(planFiring(job('1', late), now)).toMatchObject({ runs: 6, trigger: 'misfire', next: new Date('2026-03-01T10:01:00Z') });
    expect(planFiring(job('1', 3 * 3_600_000), now).runs).toBe(MAX_CATCH_UP_RUNS);
  });
});

describe('the scheduler across instances and restarts', () => {
  let db: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let token: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    a = await startTestApp({ db });
    b = await startTestApp({ db });
    token = await tokenOf(a.app);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  it('fires a non-concurrent job once per firing with two instances ticking together, and its runs never overlap', async () => {
    const runs: Array<{ app: string; start: number; end: number }> = [];
    for (const [name, t] of [
      ['a', a],
      ['b', b],
    ] as const) {
      t.app.get(JobHandlerRegistry).register({
        name: 'test.slow',
        description: 'test',
        params: {},
        run: async () => {
          const start = Date.now();
          await sleep(250);
          runs.push({ app: name, start, end: Date.now() });
          return `ran on ${name}`;
        },
      });
    }
    const ds = a.app.get(DataSource);
    const jobId = await addJob(a, token, { handler: 'test.slow', cronExpression: '* * * * * ?', concurrent: '1' });
    const firings = 8;
    for (let i = 0; i < firings; i++) {
      const now = new Date();
      // Due now: this firing is to be claimed by exactly one of the two instances.
      await ds.query(`UPDATE sys_job SET next_fire_time = $2 WHERE job_id = $1`, [jobId, new Date(now.getTime() - 200)]);
      const claimed = await Promise.all([a.app.get(JobScheduler).tick(now), b.app.get(JobScheduler).tick(now)]);
      expect(claimed[0] + claimed[1], `firing ${i}`).toBe(1);
      // The claim moved the next time on, so a second look finds nothing due.
      expect(await b.app.get(JobScheduler).tick(now)).toBe(0);
      await sleep(90);
    }
    await Promise.all([a.app.get(JobScheduler).idle(), b.app.get(JobScheduler).idle()]);

    const logs = await logsOf(ds, jobId);
    expect(logs).toHaveLength(firings); // one row per firing: a run, or "still running"
    const ran = logs.filter((l) => l.status === '0');
    const busy = logs.filter((l) => l.status === '1');
    expect(ran.length).toBe(runs.length);
    expect(busy.length).toBeGreaterThan(0); // firings every ~100 ms against runs of 250 ms
    expect(busy[0].job_message).toBe('上一次执行尚未结束，本次未执行（该任务不允许并发）');
    const sorted = [...runs].sort((x, y) => x.start - y.start);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i].start, 'runs overlap').toBeGreaterThanOrEqual(sorted[i - 1].end);
    for (const l of ran) expect(['ran on a', 'ran on b']).toContain(l.job_message);
  });

  it('after a restart, a job missed during the downtime follows its misfire policy', async () => {
    const ids = {
      skip: await addJob(a, token, { jobName: 'skip', misfirePolicy: '3', params: { message: 'skip' } }),
      once: await addJob(a, token, { jobName: 'once', misfirePolicy: '2', params: { message: 'once' } }),
      dflt: await addJob(a, token, { jobName: 'default', misfirePolicy: '0', params: { message: 'default' } }),
      now: await addJob(a, token, { jobName: 'now', misfirePolicy: '1', params: { message: 'now' } }),
    };
    // The instances stop; while they are down three firings (each minute) pass.
    await a.close();
    await b.close();
    const missedFrom = new Date(minuteFloor(new Date()).getTime() - 2 * 60_000);
    const restarted = await startTestApp({ db });
    try {
      const rds = restarted.app.get(DataSource);
      await rds.query(`UPDATE sys_job SET next_fire_time = $2 WHERE job_id = ANY($1::bigint[])`, [Object.values(ids), missedFrom]);
      const scheduler = restarted.app.get(JobScheduler);
      const restartedAt = new Date();
      await scheduler.start(); // its first tick runs at once
      scheduler.stop();
      await scheduler.idle();

      expect(await logsOf(rds, ids.skip)).toEqual([]);
      expect((await logsOf(rds, ids.once)).map((l) => [l.status, l.trigger_type, l.job_message])).toEqual([['0', 'misfire', 'once']]);
      expect((await logsOf(rds, ids.dflt)).map((l) => l.trigger_type)).toEqual(['misfire']);
      // Three missed minutes (four when the clock passed a minute since they were set).
      const caughtUp = await logsOf(rds, ids.now);
      expect([3, 4]).toContain(caughtUp.length);
      expect(caughtUp.every((l) => l.trigger_type === 'misfire' && l.job_message === 'now')).toBe(true);
      const next: Row[] = await rds.query(`SELECT next_fire_time FROM sys_job WHERE job_id = ANY($1::bigint[])`, [Object.values(ids)]);
      for (const row of next) expect(new Date(row.next_fire_time).getTime()).toBeGreaterThan(Date.now() - 1000);
      // Nothing is due any more: a second look at the same moment fires nothing (a later one may cross into the next
      // minute, when the jobs are due again).
      expect(await scheduler.tick(restartedAt)).toBe(0);
    } finally {
      await restarted.close();
      // The next tests run on two instances again, whatever happened here.
      a = await startTestApp({ db });
      b = await startTestApp({ db });
      token = await tokenOf(a.app);
    }
  });

  it('logs a handler that throws and goes on with the next due job and the next tick', async () => {
    const ds = a.app.get(DataSource);
    const registry = a.app.get(JobHandlerRegistry);
    registry.register({
      name: 'test.boom',
      description: 'test',
      params: {},
      run: () => {
        throw new TypeError('boom');
      },
    });
    const boom = await addJob(a, token, { jobName: 'boom', handler: 'test.boom' });
    const fine = await addJob(a, token, { jobName: 'fine', params: { message: 'still here' } });
    // A job whose handler this process does not have, and one whose cron was broken in the database.
    const ghost = await addJob(a, token, { jobName: 'ghost', handler: 'test.boom' });
    await ds.query(`UPDATE sys_job SET handler = 'test.gone' WHERE job_id = $1`, [ghost]);
    const broken = await addJob(a, token, { jobName: 'broken' });
    await ds.query(`UPDATE sys_job SET cron_expression = 'not a cron' WHERE job_id = $1`, [broken]);
    const scheduler = a.app.get(JobScheduler);
    const all = [boom, fine, ghost, broken];
    await ds.query(`UPDATE sys_job SET status = '1', next_fire_time = NULL WHERE job_id <> ALL($1::bigint[])`, [all]);

    for (let round = 1; round <= 2; round++) {
      const now = new Date();
      await ds.query(`UPDATE sys_job SET next_fire_time = $2 WHERE job_id = ANY($1::bigint[])`, [all, new Date(now.getTime() - 1000)]);
      expect(await scheduler.tick(now)).toBe(3); // the broken one is passed over
      await scheduler.idle();
      const boomLogs = await logsOf(ds, boom);
      expect(boomLogs).toHaveLength(round);
      expect(boomLogs[0]).toMatchObject({ status: '1', job_message: 'boom' });
      expect(boomLogs[0].exception_info).toMatch(/^TypeError: boom\n\s+at /);
      expect((await logsOf(ds, fine)).map((l) => [l.status, l.job_message])).toHaveLength(round);
      expect((await logsOf(ds, fine))[0]).toMatchObject({ status: '0', job_message: 'still here' });
      expect((await logsOf(ds, ghost))[0]).toMatchObject({ status: '1', job_message: '调用目标“test.gone”不存在，请从已注册的任务处理器中选择' });
      expect(await logsOf(ds, broken)).toEqual([]);
    }
  });
});

describe('run once from an API process that runs no jobs', () => {
  let db: TestDatabase;
  let apiOnly: TestApp;
  let worker: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase();
    apiOnly = await startTestApp({ db, env: { JOBS_IN_API: 'false' } });
    worker = await startTestApp({ db });
  });
  afterAll(async () => {
    await apiOnly?.close();
    await worker?.close();
    await db?.drop();
  });

  it('hands the run to a process that runs jobs through the queue, which logs it', async () => {
    expect(apiOnly.config.runJobs).toBe(false);
    const token = await tokenOf(apiOnly.app);
    const jobId = await addJob(apiOnly, token, { jobName: 'queued', status: '1', params: { message: 'ran in the worker' } });
    const http = api(() => apiOnly, { token, base: '/prod-api/monitor' });
    expectOk(await http.put('/job/run').send({ jobId }));
    const ds = worker.app.get(DataSource);
    const deadline = Date.now() + 20_000;
    let logs: Row[] = [];
    while (Date.now() < deadline && !logs.length) {
      await sleep(200);
      logs = await logsOf(ds, jobId);
    }
    expect(logs.map((l) => [l.status, l.trigger_type, l.job_message])).toEqual([['0', 'manual', 'ran in the worker']]);
  });
});
