import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from '../ingest/index';
import { runCheck } from '../pipeline';
import { typoMatcher } from '../typos';
import { buildReport } from './build';
import { renderReportHtml } from './html';
import { renderReportPdf } from './pdf';
import { parsedThesis } from './test-fixtures';
import type { CheckReport } from './types';

const THESIS = [
  '软件部署研究',
  '第一章 绪论',
  '实验前需要按装测试软件，并按装配图连接设备。',
  '第二章 展望',
  '今后我们将再接再励，继续完善系统。',
  '参考文献',
  '[1] 李四. 如何按装软件[J]. 软件学报, 2020.',
].join('\n');

/** A check of a text file with no library and no AIGC scorer. */
async function check(text: string): Promise<CheckReport> {
  const detector = { check: async () => ({ detections: [] }) } as unknown as Parameters<typeof runCheck>[0]['detector'];
  const { report } = await runCheck({
    buffer: Buffer.from(text, 'utf8'),
    fileName: 'thesis.txt',
    detector,
    sources: () => [],
    typos: typoMatcher(),
    checkedAt: '2025-03-01T08:00:00.000Z',
  });
  return report;
}

describe('report: 疑似错别字 (error-prone words)', () => {
  let report: CheckReport;

  beforeAll(async () => {
    report = await check(THESIS);
  });

  it('lists 按装 and 再接再励 with their corrections, positions and paragraphs; not 按装配图, not the references', () => {
    const occurrences = report.typos!.occurrences;
    expect(occurrences.map(({ wrong, correct }) => [wrong, correct])).toEqual([
      ['按装', '安装'],
      ['再接再励', '再接再厉'],
    ]);
    const first = THESIS.indexOf('按装测试');
    const second = THESIS.indexOf('再接再励');
    expect(occurrences.map(({ start, end }) => [start, end])).toEqual([
      [first, first + 2],
      [second, second + 4],
    ]);
    for (const typo of occurrences) {
      expect(report.text.slice(typo.start, typo.end)).toBe(typo.wrong);
      const paragraph = report.paragraphs[typo.paragraph];
      expect(paragraph.start <= typo.start && typo.end <= paragraph.end).toBe(true);
    }
    expect(report.typos!.listVersion).toBe('seed-1');
  });

  it('HTML: the section with the count, each wrong form marked in its context, the correction and the paragraph', () => {
    const html = renderReportHtml(report);
    const section = html.slice(html.indexOf('<section class="typos">'), html.indexOf('</section>', html.indexOf('<section class="typos">')));
    expect(section).toContain('<h2>疑似错别字</h2>');
    expect(section).toContain('共 2 处（2 个词）');
    expect(section).toContain('需要<span class="typo-wrong">按装</span>测试软件');
    expect(section).toContain('<td class="typo-fix">安装</td>');
    expect(section).toContain('将<span class="typo-wrong">再接再励</span>，继续');
    expect(section).toContain('<td class="typo-fix">再接再厉</td>');
    expect(section).toMatch(/<td>第 \d+ 段<\/td>/);
    // The AIGC report shows it too; other languages are localised.
    expect(renderReportHtml(report, { scope: 'aigc' })).toContain('疑似错别字');
    expect(renderReportHtml(report, { language: 'zh-TW' })).toContain('疑似錯別字');
    const en = renderReportHtml(report, { language: 'en' });
    expect(en).toContain('Possible typos');
    expect(en).toContain('2 occurrences (2 words)');
  });

  it('PDF: the section reads back with the count, the wrong forms and corrections', async () => {
    const back = await parseDocument(renderReportPdf(report), 'report.pdf');
    const text = back.text.replace(/\s+/g, '');
    for (const phrase of ['疑似错别字', '共2处（2个词）', '按装', '建议改为：安装', '再接再励', '建议改为：再接再厉']) expect(text).toContain(phrase);
  });

  it('a clean text gets an empty section that says so', async () => {
    const clean = await check('论文题目\n第一章 绪论\n本文按部就班地安装了测试软件，并按装配图连接设备。');
    expect(clean.typos).toEqual({ listVersion: 'seed-1', occurrences: [] });
    const html = renderReportHtml(clean);
    expect(html).toContain('<h2>疑似错别字</h2><p>未发现疑似错别字。</p>');
    expect((await parseDocument(renderReportPdf(clean), 'r.pdf')).text).toContain('未发现疑似错别字。');
  });

  it('a report without a word list (or stored before the section) has no section', async () => {
    const document = await parsedThesis();
    const built = buildReport({ document, detections: [], source: () => undefined, checkedAt: '2025-03-01T08:00:00.000Z' });
    expect(built.typos).toBeNull();
    expect(renderReportHtml(built)).not.toContain('疑似错别字');
    const { typos: _dropped, ...stored } = built;
    expect(renderReportHtml(stored as CheckReport)).not.toContain('疑似错别字');
  });
});
