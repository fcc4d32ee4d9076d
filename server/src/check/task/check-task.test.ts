import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryParser } from '../../../test/helpers/binary';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { PARAGRAPHS } from '../engine/match/test-fixtures';
import { CheckLibraryModule } from '../library/check-library.module';
import { CheckTaskModule } from './check-task.module';
import { CheckTaskService } from './check-task.service';
import { api, expectMessage, type Row } from '../../../test/helpers/api';
import type { AddressInfo } from 'node:net';
import { QueueService } from '../../queue/queue.service';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { fakeCompletionsServer, type Seen } from '../engine/aigc/test-fixtures';
import { CHECK_JOB } from './check-task.constants';

let t: TestApp;
let ds: DataSource;
let admin: string;
let libraryId: string;

const http = api(() => t, { token: () => admin });

/** A source of the reference library: two paragraphs of the fixtures. */
const SOURCE = `${PARAGRAPHS[0]}\n\n${PARAGRAPHS[1]}`;
/** The paper: its own words around a passage copied from the source, and a references section that must not count. */
const OWN = `${PARAGRAPHS[4]}\n\n${PARAGRAPHS[5]}`;
const PAPER = `关于比对库的一项研究\n\n摘要\n${PARAGRAPHS[3]}\n\n第一章 绪论\n${OWN}\n\n第二章 相关工作\n${PARAGRAPHS[1]}\n\n参考文献\n[1] 张三. ${PARAGRAPHS[0].slice(0, 60)}[J]. 学报, 2020.`;

const submit = (text: string, fields: Record<string, string> = {}, token = admin, lang = 'zh-CN') => {
  let req = http.as(token).lang(lang).post('/check/task');
  for (const [key, value] of Object.entries(fields)) req = req.field(key, value);
  return req.attach('file', Buffer.from(text, 'utf8'), '论文.txt');
};

/** Polls a task until it leaves queued/running (or 60 s pass). */
async function finished(taskId: string): Promise<Row> {
  const end = Date.now() + 60_000;
  for (;;) {
    const res = await http.get(`/check/task/${taskId}`);
    if (!['queued', 'running'].includes(res.body.data.status) || Date.now() > end) return res.body.data;
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  t = await startTestApp({ imports: [CheckLibraryModule, CheckTaskModule] });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
  const library = await http.post('/check/library').send({ libraryName: '测试参考库', libraryCode: 'task_ref', sort: 9 });
  libraryId = library.body.data.libraryId;
  await http.post('/check/document/upload').field('libraryId', libraryId).attach('file', Buffer.from(SOURCE, 'utf8'), '来源论文.txt');
  const end = Date.now() + 30_000;
  while (Date.now() < end) {
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM check_document WHERE library_id = $1 AND status = 'indexed'`, [libraryId]);
    if (n === 1) break;
    await new Promise((r) => setTimeout(r, 200));
  }
});
afterAll(() => t?.close());

describe('check tasks', () => {
  it('queues a paper at once, then checks it against the libraries and keeps the reports', async () => {
    const res = await submit(PAPER, { title: '比对测试', author: '李四' });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expectMessage(res, 'zh-CN', '已提交检测，正在排队');
    expect(res.body.data).toMatchObject({ title: '比对测试', status: 'queued', progress: 0, libraryKinds: ['reference', 'cms', 'self'] });
    const task = await finished(res.body.data.taskId);
    expect(task).toMatchObject({ status: 'done', progress: 100, stage: 'done', errorMessage: '' });
    // The copied chapter is about a third of the counted text; the references section is not counted.
    expect(task.totalRatio).toBeGreaterThan(0.2);
    expect(task.totalRatio).toBeLessThan(0.6);
    expect(task.largestSourceRatio).toBeCloseTo(task.totalRatio, 5);
    expect(task.aigcScore).toBeGreaterThanOrEqual(0);
    expect(task.aigcScore).toBeLessThanOrEqual(1);

    const json = await http.get(`/check/task/${task.taskId}/report/json`).buffer(true).parse(binaryParser);
    const report = JSON.parse(json.body.toString('utf8'));
    expect(report.sources.map((s: { title: string }) => s.title)).toEqual(['来源论文']);
    expect(report.summary.excludedChars).toBeGreaterThan(0);

    const html = await http.get(`/check/task/${task.taskId}/report/html`);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.headers['content-security-policy']).toContain('sandbox');
    expect(html.text).toContain('比对测试');
    expect(html.text).toContain('来源论文');
    const full = await http.get(`/check/task/${task.taskId}/report/full`);
    expect(full.text).toContain(PARAGRAPHS[1].slice(0, 12));
    const pdf = await http.get(`/check/task/${task.taskId}/report/pdf`).buffer(true).parse(binaryParser);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('fails an unreadable paper with a clear message in the caller language and no report', async () => {
    const res = await http.lang('en').post('/check/task').attach('file', Buffer.from('PK\u0003\u0004 not really a docx'), 'broken.docx');
    const task = await finished(res.body.data.taskId);
    expect(task.status).toBe('failed');
    const zh = await http.get(`/check/task/${task.taskId}`);
    expect(zh.body.data.errorMessage).toMatch(/损坏|无法/);
    const report = await http.get(`/check/task/${task.taskId}/report/html`);
    expect(report.body).toMatchObject({ code: 500, msg: '检测尚未完成，暂无报告' });
  });

  it('adds a consenting member paper to the self library, leaves it out of that member re-check, and finds it for another', async () => {
    const paper = `${PARAGRAPHS[6]}\n\n${PARAGRAPHS[7]}`;
    const first = await finished((await submit(paper, { memberId: '501', selfConsent: 'true' })).body.data.taskId);
    expect(first.status).toBe('done');
    expect(first.totalRatio).toBe(0);
    const [own] = await ds.query(
      `SELECT d.doc_id, d.member_id, d.paper_md5 FROM check_document d JOIN check_library l USING (library_id) WHERE l.library_code = 'self' AND d.origin = $1`,
      [`task:${first.taskId}`],
    );
    expect(own).toMatchObject({ member_id: '501', paper_md5: first.fileMd5 });

    const again = await finished((await submit(paper, { memberId: '501' })).body.data.taskId);
    expect(again.totalRatio).toBe(0);
    const other = await finished((await submit(paper, { memberId: '502' })).body.data.taskId);
    expect(other.totalRatio).toBeGreaterThan(0.9);
    expect(other.ratioExcludingSelf).toBeGreaterThan(0.9);
  });

  it('queues again a check whose process died while running, and finishes it', async () => {
    const res = await submit(PAPER, { title: '中断的检测' });
    await finished(res.body.data.taskId);
    // As a crash leaves it: running, with a heartbeat nobody refreshes any more.
    await ds.query(
      `UPDATE check_task SET status = 'running', progress = 40, stage = 'match', summary = NULL, heartbeat_time = now() - interval '5 minutes', attempts = 1 WHERE task_id = $1`,
      [res.body.data.taskId],
    );
    const recovered = await t.app.get(CheckTaskService).recoverStale();
    expect(recovered).toEqual([res.body.data.taskId]);
    const task = await finished(res.body.data.taskId);
    expect(task).toMatchObject({ status: 'done', progress: 100, attempts: 2 });
    expect(task.totalRatio).toBeGreaterThan(0.2);
    // A live run (fresh heartbeat) is left alone.
    await ds.query(`UPDATE check_task SET status = 'running', heartbeat_time = now() WHERE task_id = $1`, [res.body.data.taskId]);
    expect(await t.app.get(CheckTaskService).recoverStale()).toEqual([]);
    await ds.query(`UPDATE check_task SET status = 'done' WHERE task_id = $1`, [res.body.data.taskId]);
  });

  it('runs a finished check again, deletes checks, and refuses bad input without changing anything', async () => {
    const task = await finished((await submit(PAPER)).body.data.taskId);
    const rerun = await http.post(`/check/task/${task.taskId}/rerun`);
    expect(rerun.body).toMatchObject({ code: 200, msg: '已重新提交检测' });
    expect((await finished(task.taskId)).status).toBe('done');

    const before = (await ds.query(`SELECT count(*)::int AS n FROM check_task`))[0].n;
    expect((await http.post('/check/task')).body).toMatchObject({ code: 500, msg: '请选择要检测的论文' });
    expect((await submit(PAPER, { libraryKinds: 'reference,nowhere' })).status).toBe(400);
    expect((await ds.query(`SELECT count(*)::int AS n FROM check_task`))[0].n).toBe(before);

    expect((await http.delete(`/check/task/${task.taskId}`)).body.code).toBe(200);
    expect((await http.get(`/check/task/${task.taskId}`)).status).toBe(404);
  });

  it('lists and exports checks only for staff with the check permissions', async () => {
    const list = await http.get('/check/task/list?status=done&pageSize=5');
    expect(list.body.data.total).toBeGreaterThan(0);
    expect(list.body.data.rows.every((r: { status: string }) => r.status === 'done')).toBe(true);
    const exported = await http.post('/check/task/list').set('cc-export', '1').buffer(true).parse(binaryParser);
    expect(exported.headers['content-type']).toContain('spreadsheetml');

    await createRole(t.app, 'no_checks', ['system.post']);
    await createStaffUser(t.app, { userName: 'nochecks', password: 'NoChecks2026', roles: ['no_checks'] });
    const token = await tokenOf(t.app, 'nochecks', 'NoChecks2026');
    expect((await http.as(token).get('/check/task/list')).status).toBe(403);
    expect((await submit(PAPER, {}, token)).status).toBe(403);
  });
});

describe('a check stopped by staff', () => {
  it('stops at its next step when its job is cancelled, stores no report, and can be checked again', async () => {
    // A logprob backend that never answers papers with 等待 holds the check in its AIGC stage until its timeout.
    const seen: Seen[] = [];
    const fake = fakeCompletionsServer(seen);
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    try {
      await ds.query(`UPDATE check_aigc_config SET backend = 'logprob', base_url = $1, model = 'qwen2.5-7b', timeout_ms = 4000`, [baseUrl]);
      const res = await submit(PAPER.replace(/\n\n/g, '等待\n\n'), { title: '停止的检测' });
      const taskId: string = res.body.data.taskId;
      const end = Date.now() + 30_000;
      while (!seen.length && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect(seen.length).toBeGreaterThan(0);
      const [{ job_id: jobId }] = await ds.query(`SELECT job_id FROM check_task WHERE task_id = $1`, [taskId]);
      const queue = t.app.get(QueueService);
      await queue.pgBoss!.cancel(CHECK_JOB, jobId);

      const task = await finished(taskId);
      expect(task).toMatchObject({ status: 'failed', stage: '', errorMessage: '检测已被管理员停止', totalRatio: null, aigcScore: null });
      expect((await http.lang('en').get(`/check/task/${taskId}`)).body.data.errorMessage).toBe('The check was stopped by staff');
      // Stopped before its reports were stored; nothing left running for the sweep or the heartbeat.
      const storage = t.app.get<FileStorage>(FILE_STORAGE);
      expect(await storage.get(`check/tasks/${taskId}/report.json`)).toBeNull();
      expect((await http.get(`/check/task/${taskId}/report/html`)).body.code).not.toBe(200);
      expect(await queue.jobState(CHECK_JOB, jobId)).toBe('cancelled');
      await new Promise((r) => setTimeout(r, 300));
      expect((await http.get(`/check/task/${taskId}`)).body.data.status).toBe('failed');

      // Checking it again works (the backend answering as offline now).
      await ds.query(`UPDATE check_aigc_config SET backend = 'offline'`);
      expect((await http.post(`/check/task/${taskId}/rerun`)).body.code).toBe(200);
      expect(await finished(taskId)).toMatchObject({ status: 'done', progress: 100, errorMessage: '' });
    } finally {
      await ds.query(`UPDATE check_aigc_config SET backend = 'offline', base_url = '', model = '', timeout_ms = 30000`);
      await new Promise((resolve) => fake.close(resolve));
    }
  });
});
