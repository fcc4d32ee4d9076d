import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryParser } from '../../../test/helpers/binary';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { parseDocument } from '../engine/ingest';
import { CheckLibraryModule } from '../library/check-library.module';
import { CheckTaskModule } from './check-task.module';
import { api, type Row } from '../../../test/helpers/api';

let t: TestApp;
let admin: string;
const http = api(() => t, { token: () => admin });

const PAPER = [
  '实验平台的搭建',
  '第一章 绪论',
  '实验开始前需要按装测试软件，并按装配图连接全部设备，然后记录每一项参数。',
  '第二章 结论',
  '今后我们将再接再励，继续完善这一实验平台。',
].join('\n');

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
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

describe('check task reports: 疑似错别字', () => {
  it('a checked paper with 按装 and 再接再励 gets both in its JSON, HTML and PDF reports with their corrections', async () => {
    const res = await http.post('/check/task').field('title', '错别字测试').attach('file', Buffer.from(PAPER, 'utf8'), '论文.txt');
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const task = await finished(res.body.data.taskId);
    expect(task.status).toBe('done');

    const json = await http.get(`/check/task/${task.taskId}/report/json`).buffer(true).parse(binaryParser);
    const report = JSON.parse(json.body.toString('utf8'));
    expect(report.typos.occurrences.map((o: { wrong: string; correct: string }) => `${o.wrong}->${o.correct}`)).toEqual([
      '按装->安装',
      '再接再励->再接再厉',
    ]);
    for (const o of report.typos.occurrences) expect(report.text.slice(o.start, o.end)).toBe(o.wrong);

    const html = await http.get(`/check/task/${task.taskId}/report/html`);
    expect(html.text).toContain('<h2>疑似错别字</h2>');
    expect(html.text).toContain('<span class="typo-wrong">按装</span>测试软件');
    expect(html.text).toContain('<td class="typo-fix">再接再厉</td>');

    const pdf = await http.get(`/check/task/${task.taskId}/report/pdf`).buffer(true).parse(binaryParser);
    const text = (await parseDocument(new Uint8Array(pdf.body), 'report.pdf')).text.replace(/\s+/g, '');
    for (const phrase of ['疑似错别字', '共2处（2个词）', '建议改为：安装', '建议改为：再接再厉']) expect(text).toContain(phrase);
  });
});
