import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectError, expectOk, type Row } from '../../../test/helpers/api';
import { binaryParser } from '../../../test/helpers/binary';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { cronProblem, nextRuns } from './job-cron';
import { JobScheduler } from './job-scheduler.service';

let t: TestApp;
let ds: DataSource;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin, base: '/prod-api/monitor' });
const jobCount = async () => (await ds.query(`SELECT count(*)::int AS n FROM sys_job`))[0].n as number;

async function addJob(body: Row): Promise<Row> {
  return expectOk(await http.post('/job').send({ jobName: '演示任务', handler: 'system.noop', cronExpression: '0 0 3 * * ?', ...body }));
}

/** Waits until the job has `count` log rows (runs are started in the background). */
async function logsOf(jobId: string, count: number): Promise<Row[]> {
  await t.app.get(JobScheduler).idle();
  const rows: Row[] = expectOk(await http.get(`/jobLog/list?jobId=${jobId}&pageSize=50`)).rows;
  expect(rows.length).toBe(count);
  return rows;
}

describe('cron expressions', () => {
  it('accepts Quartz (seconds, ?) and Unix forms and lists the next times in order', () => {
    const from = new Date(2026, 0, 1, 0, 0, 0);
    expect(cronProblem('0/10 * * * * ?')).toBeUndefined();
    expect(cronProblem('*/5 * * * *')).toBeUndefined();
    expect(cronProblem('0 0 12 ? * MON-FRI')).toBeUndefined();
    expect(nextRuns('0 30 2 * * ?', 3, from).map((d) => [d.getDate(), d.getHours(), d.getMinutes()])).toEqual([
      [1, 2, 30],
      [2, 2, 30],
      [3, 2, 30],
    ]);
  });

  it('says which field is wrong and why', () => {
    expect(cronProblem('')).toEqual({ key: 'job.cron.empty' });
    expect(cronProblem('0 0 2 * * ? 2026')).toEqual({ key: 'job.cron.year' });
    expect(cronProblem('a b c')).toEqual({ key: 'job.cron.fieldCount', args: { count: 3 } });
    expect(cronProblem('0 0 25 * * ?')).toMatchObject({
      key: 'job.cron.range',
      args: { position: 3, field: 'job.cron.field.hour', value: '25', min: '0', max: '23' },
    });
    expect(cronProblem('61 * * * *')).toMatchObject({ key: 'job.cron.range', args: { position: 1, field: 'job.cron.field.minute' } });
    expect(cronProblem('0 x * * * ?')).toMatchObject({ key: 'job.cron.characters', args: { position: 2, value: 'x' } });
    expect(cronProblem('0 0 0 31 2 ?')).toEqual({ key: 'job.cron.noSuchDay' });
  });

  it('GET /monitor/job/cron/next answers the next 5 times, or the message in the caller language', async () => {
    const ok = expectOk(await http.get('/job/cron/next?cron=' + encodeURIComponent('0 0/15 * * * ?')));
    expect(ok.valid).toBe(true);
    expect(ok.nextTimes).toHaveLength(5);
    const times = ok.nextTimes.map((s: string) => Date.parse(s));
    expect(times.every((v: number, i: number) => i === 0 || v - times[i - 1] === 15 * 60_000)).toBe(true);
    expect(times[0]).toBeGreaterThan(Date.now());

    const bad = expectOk(await http.get('/job/cron/next?cron=' + encodeURIComponent('0 0 25 * * ?')));
    expect(bad).toEqual({ valid: false, message: 'cron 表达式第 3 个字段（时）的值“25”超出范围 0–23', nextTimes: [] });
    const en = expectOk(await http.lang('en').get('/job/cron/next?cron=' + encodeURIComponent('* * * *')));
    expect(en.message).toBe('A cron expression has 6 fields (second minute hour day month weekday) or 5 (minute hour day month weekday), not 4');
    expectError(await http.get('/job/cron/next'), 400);
  });
});

describe('scheduled jobs', () => {
  it('lists the registered handlers with their parameter schemas', async () => {
    const handlers: Row[] = expectOk(await http.get('/job/handlers'));
    expect(handlers.map((h) => h.name)).toEqual(expect.arrayContaining(['system.noop', 'monitor.cleanJobLog', 'payment.reconcile']));
    const clean = handlers.find((h) => h.name === 'monitor.cleanJobLog')!;
    expect(clean.description).toBe('清理调度日志：删除若干天前的调度日志');
    expect(clean.params).toEqual([{ name: 'days', label: '保留天数', type: 'integer', required: false, default: 30, min: 1, max: 3650 }]);
    const en: Row[] = expectOk(await http.lang('en').get('/job/handlers'));
    expect(en.find((h) => h.name === 'monitor.cleanJobLog')!.params[0].label).toBe('Days to keep');
  });

  it('adds, reads, lists with filters, changes and deletes a job', async () => {
    const job = await addJob({ jobName: '夜间空任务', jobGroup: 'SYSTEM', params: { message: 'hello' }, remark: '演示' });
    expect(job).toMatchObject({
      jobName: '夜间空任务',
      jobGroup: 'SYSTEM',
      handler: 'system.noop',
      status: '1',
      concurrent: '1',
      misfirePolicy: '0',
      nextFireTime: null,
    });
    // Defaults of the schema are filled in when saved.
    expect(job.params).toEqual({ message: 'hello', delayMs: 0, fail: false });
    expect(expectOk(await http.get(`/job/${job.jobId}`))).toMatchObject({ jobId: job.jobId, remark: '演示' });

    await addJob({ jobName: '另一个', jobGroup: 'DEFAULT', status: '0' });
    expect(expectOk(await http.get('/job/list?jobGroup=SYSTEM&jobName=夜间')).rows.map((r: Row) => r.jobId)).toEqual([job.jobId]);
    const enabled = expectOk(await http.get('/job/list?status=0&handler=noop')).rows;
    expect(enabled.map((r: Row) => r.jobName)).toEqual(['另一个']);
    expect(Date.parse(enabled[0].nextFireTime)).toBeGreaterThan(Date.now());

    const changed = expectOk(
      await http.put('/job').send({
        jobId: job.jobId,
        jobName: '夜间空任务2',
        handler: 'monitor.cleanJobLog',
        params: { days: 7 },
        cronExpression: '0 0 4 * * ?',
        misfirePolicy: '3',
        concurrent: '0',
      }),
    );
    expect(changed).toMatchObject({
      jobName: '夜间空任务2',
      handler: 'monitor.cleanJobLog',
      params: { days: 7 },
      misfirePolicy: '3',
      concurrent: '0',
      jobGroup: 'SYSTEM',
    });

    expectOk(await http.delete(`/job/${job.jobId}`));
    expectError(await http.get(`/job/${job.jobId}`), 404, { 'zh-CN': '任务不存在' });
    expectError(await http.delete(`/job/${job.jobId}`), 404);
  });

  it('enables and pauses a job: enabled ones get their next time, paused ones none', async () => {
    const job = await addJob({ cronExpression: '0 0 5 * * ?' });
    const on = expectOk(await http.put('/job/changeStatus').send({ jobId: job.jobId, status: '0' }));
    const next = new Date(on.nextFireTime);
    expect([next.getHours(), next.getMinutes()]).toEqual([5, 0]);
    const off = expectOk(await http.put('/job/changeStatus').send({ jobId: job.jobId, status: '1' }));
    expect(off).toMatchObject({ status: '1', nextFireTime: null });
    expectError(await http.put('/job/changeStatus').send({ jobId: job.jobId, status: '2' }), 400);
  });

  it('refuses an invalid cron, an unknown handler and parameters that do not fit, naming the field, and saves nothing', async () => {
    const before = await jobCount();
    const cron = await http.post('/job').send({ jobName: 'x', handler: 'system.noop', cronExpression: '0 61 * * * ?' });
    expectError(cron, 400, { 'zh-CN': 'cron 表达式第 2 个字段（分）的值“61”超出范围 0–59' });
    expect(cron.body.data.errors[0].field).toBe('cronExpression');

    const unknown = await http.lang('en').post('/job').send({ jobName: 'x', handler: 'process.exit', cronExpression: '0 0 3 * * ?' });
    expectError(unknown, 400, { en: 'The invoke target "process.exit" does not exist; choose one of the registered job handlers' });
    // A string is never evaluated: a RuoYi-style invoke target is just an unknown name.
    expectError(await http.post('/job').send({ jobName: 'x', handler: "ryTask.ryParams('ry')", cronExpression: '0 0 3 * * ?' }), 400);

    const days = await http.post('/job').send({ jobName: 'x', handler: 'monitor.cleanJobLog', params: { days: 0 }, cronExpression: '0 0 3 * * ?' });
    expectError(days, 400, { 'zh-CN': '参数“保留天数”必须是 1 到 3650 之间的整数' });
    expect(days.body.data.errors).toEqual([{ field: 'params.days', message: '参数“保留天数”必须是 1 到 3650 之间的整数' }]);
    const typed = await http
      .lang('zh-TW')
      .post('/job')
      .send({ jobName: 'x', handler: 'monitor.cleanJobLog', params: { days: '30' }, cronExpression: '0 0 3 * * ?' });
    expectError(typed, 400, { 'zh-TW': '參數「保留天數」必須是 1 到 3650 之間的整數' });
    const extra = await http.post('/job').send({ jobName: 'x', handler: 'monitor.cleanJobLog', params: { keep: 3 }, cronExpression: '0 0 3 * * ?' });
    expectError(extra, 400, { 'zh-CN': '调用目标“monitor.cleanJobLog”没有参数“keep”' });
    const date = await http
      .post('/job')
      .send({ jobName: 'x', handler: 'payment.reconcile', params: { billDate: '2026/01/01' }, cronExpression: '0 0 3 * * ?' });
    expectError(date, 400, { 'zh-CN': '参数“对账日期（YYYY-MM-DD，留空为昨天）”的格式不正确：YYYY-MM-DD 格式的日期' });
    expectError(await http.post('/job').send({ jobName: '', handler: 'system.noop', cronExpression: '0 0 3 * * ?' }), 400);
    expectError(await http.post('/job').send({ jobName: 'x', handler: 'system.noop', cronExpression: '0 0 3 * * ?', misfirePolicy: '9' }), 400);

    const job = await addJob({});
    const edit = await http
      .put('/job')
      .send({ jobId: job.jobId, jobName: 'x', handler: 'system.noop', params: { delayMs: -1 }, cronExpression: '0 0 3 * * ?' });
    expectError(edit, 400, { 'zh-CN': '参数“等待毫秒数”必须是 0 到 600000 之间的整数' });
    expect(await jobCount()).toBe(before + 1);
    expect(expectOk(await http.get(`/job/${job.jobId}`)).jobName).toBe('演示任务');
  });

  it('runs a job once now (even when paused) and logs the run; the log is listed, read, deleted and cleaned', async () => {
    const job = await addJob({ jobName: '手动任务', params: { message: '你好' } });
    expectOk(await http.put('/job/run').send({ jobId: job.jobId }));
    const [log] = await logsOf(job.jobId, 1);
    expect(log).toMatchObject({
      jobId: job.jobId,
      jobName: '手动任务',
      handler: 'system.noop',
      status: '0',
      jobMessage: '你好',
      triggerType: 'manual',
      exceptionInfo: '',
    });
    expect(Date.parse(log.endTime)).toBeGreaterThanOrEqual(Date.parse(log.startTime));
    expect(log.durationMs).toBe(Date.parse(log.endTime) - Date.parse(log.startTime));
    expect(expectOk(await http.get(`/jobLog/${log.jobLogId}`))).toMatchObject({ jobLogId: log.jobLogId, params: { message: '你好' } });
    expectError(await http.put('/job/run').send({ jobId: '999999' }), 404);

    // A failing run: status 1, its message and a trimmed stack.
    const failing = await addJob({ jobName: '失败任务', params: { message: '磁盘已满', fail: true } });
    expectOk(await http.put('/job/run').send({ jobId: failing.jobId }));
    const [bad] = await logsOf(failing.jobId, 1);
    expect(bad).toMatchObject({ status: '1', jobMessage: '磁盘已满' });
    expect(bad.exceptionInfo).toMatch(/^Error: 磁盘已满\n\s+at /);
    expect(bad.exceptionInfo.split('\n').length).toBeLessThanOrEqual(12);
    expect(expectOk(await http.get('/jobLog/list?status=1')).rows.map((r: Row) => r.jobLogId)).toEqual([bad.jobLogId]);
    expect(expectOk(await http.get('/jobLog/list?jobName=手动')).total).toBe(1);

    expectOk(await http.delete(`/jobLog/${bad.jobLogId}`));
    expectError(await http.get(`/jobLog/${bad.jobLogId}`), 404, { 'zh-CN': '调度日志不存在' });
    expectOk(await http.delete('/jobLog/clean'));
    expect(expectOk(await http.get('/jobLog/list')).total).toBe(0);
  });

  it('cleans log rows older than N days through its handler', async () => {
    const job = await addJob({ jobName: '清理', handler: 'monitor.cleanJobLog', params: { days: 10 } });
    await ds.query(
      `INSERT INTO sys_job_log (job_name, job_group, handler, status, start_time, end_time)
       VALUES ('旧', 'DEFAULT', 'system.noop', '0', now() - interval '11 days', now() - interval '11 days'),
              ('新', 'DEFAULT', 'system.noop', '0', now() - interval '9 days', now() - interval '9 days')`,
    );
    expectOk(await http.put('/job/run').send({ jobId: job.jobId }));
    const [log] = await logsOf(job.jobId, 1);
    expect(log.jobMessage).toBe('已删除 1 条 10 天前的调度日志');
    expect((await ds.query(`SELECT job_name FROM sys_job_log WHERE job_id IS NULL`)).map((r: Row) => r.job_name)).toEqual(['新']);
  });

  it('exports jobs and the log as .xlsx', async () => {
    await addJob({ jobName: '导出任务' });
    const res = await http.post('/job/list').set('cc-export', '1').buffer(true).parse(binaryParser);
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['任务名称', '调用目标', 'cron 执行表达式']));
    const names = sheet.getColumn(2).values as unknown[];
    expect(names).toContain('导出任务');
    const logs = await http.post('/jobLog/list').set('cc-export', '1').buffer(true).parse(binaryParser);
    expect(logs.status).toBe(200);
  });

  it('is refused without the permissions', async () => {
    await createRole(t.app, 'job_viewer', ['monitor.job']);
    await createStaffUser(t.app, { userName: 'jobviewer', password: 'Viewer12345', roles: ['job_viewer'] });
    const viewer = await tokenOf(t.app, 'jobviewer', 'Viewer12345');
    const as = http.as(viewer);
    expectOk(await as.get('/job/list'));
    expectOk(await as.get('/job/handlers'));
    await ds.query(`DELETE FROM sys_role_menu WHERE role_id = (SELECT role_id FROM sys_role WHERE role_key = 'job_viewer')
      AND menu_id IN (SELECT menu_id FROM sys_menu WHERE perms IN ('monitor:job:remove', 'monitor:job:changeStatus'))`);
    const other = await tokenOf(t.app, 'jobviewer', 'Viewer12345');
    expectError(await http.as(other).delete('/job/1'), 403);
    expectError(await http.as(other).put('/job/run').send({ jobId: '1' }), 403);
    expectError(await http.as(undefined).get('/jobLog/list'), 401);
  });
});
