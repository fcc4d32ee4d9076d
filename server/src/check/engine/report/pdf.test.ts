import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from '../ingest/index';
import { buildReport } from './build';
import { renderReportPdf } from './pdf';
import { layoutRuns, type TextStyle } from './pdf-text';
import { reportFonts } from './pdf-fonts';
import { fixtureDetections, MEMBER, parsedThesis, SOURCES, TITLE } from './test-fixtures';
import type { CheckReport } from './types';

describe('renderReportPdf', () => {
  let report: CheckReport;

  beforeAll(async () => {
    const document = await parsedThesis();
    report = buildReport({
      document,
      detections: fixtureDetections(document.text),
      source: (id) => SOURCES[id],
      sourceText: () => '来源原文'.repeat(100),
      memberId: MEMBER,
      aigc: {
        model: { backend: 'offline', name: 'zhiwen-aigc-stumps', version: '9.9' },
        scores: document.paragraphs.map((p) => (p.kind === 'body' ? 0.85 : null)),
      },
      checkedAt: '2025-03-01T08:00:00.000Z',
    });
  });

  it('writes a PDF with the Noto Sans SC subsets embedded and no other font', () => {
    const pdf = renderReportPdf(report);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC-Regular/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC-Bold/);
    expect(raw).toContain('/FontFile2');
    expect(raw).not.toMatch(/\/BaseFont \/(?:Helvetica|Times|Courier)/);
  });

  it('reads back as Chinese text with the figures (through the ingestion PDF reader)', async () => {
    const back = await parseDocument(renderReportPdf(report, { variant: 'full' }), 'report.pdf');
    for (const phrase of [
      '文本复制检测报告单',
      '总文字复制比',
      '去除本人文献复制比',
      '22.0%',
      '19.0%',
      '18.0%',
      TITLE,
      '来源甲',
      '仅供参考',
      'zhiwen-aigc-stumps',
      '全文对照',
    ]) {
      expect(back.text).toContain(phrase);
    }
  });

  it("renders the AIGC detection report (scope 'aigc') without duplicate figures or sources", async () => {
    for (const variant of ['concise', 'full'] as const) {
      const pdf = renderReportPdf(report, { scope: 'aigc', variant });
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
      const back = await parseDocument(pdf, 'report.pdf');
      // Every body paragraph scored 0.85.
      for (const phrase of ['AIGC检测报告单', TITLE, '85.0%', '100.0%', '已检测字数', '第一章 绪论', '仅供参考', 'zhiwen-aigc-stumps'])
        expect(back.text).toContain(phrase);
      for (const phrase of ['文本复制检测报告单', '总文字复制比', '相似文献列表', '来源甲', '全文对照', '简洁版'])
        expect(back.text).not.toContain(phrase);
    }
    const en = await parseDocument(renderReportPdf(report, { scope: 'aigc', language: 'en' }), 'report.pdf');
    expect(en.text).toContain('AI-generated content report');
    const tw = await parseDocument(renderReportPdf(report, { scope: 'aigc', language: 'zh-TW' }), 'report.pdf');
    expect(tw.text).toContain('AIGC檢測報告單');
  });

  it("renders the AIGC detection report of an unscored check with the 'not run' line", async () => {
    const document = await parsedThesis();
    const unscored = buildReport({
      document,
      detections: fixtureDetections(document.text),
      source: (id) => SOURCES[id],
      memberId: MEMBER,
      aigc: null,
    });
    const back = await parseDocument(renderReportPdf(unscored, { scope: 'aigc' }), 'report.pdf');
    expect(back.text).toContain('AIGC检测报告单');
    expect(back.text).toContain('未进行 AI 生成内容检测');
    expect(back.text).not.toContain('总文字复制比');
  });

  it('renders the other languages', async () => {
    const en = await parseDocument(renderReportPdf(report, { language: 'en' }), 'report.pdf');
    expect(en.text).toContain('Total copy ratio');
    const tw = await parseDocument(renderReportPdf(report, { language: 'zh-TW' }), 'report.pdf');
    expect(tw.text).toContain('總文字複製比');
  });
});

describe('layoutRuns', () => {
  const style: TextStyle = { color: '#000' };
  const fonts = reportFonts();

  it('breaks Chinese between characters at the width and keeps Latin words whole', () => {
    // Noto Sans SC ideographs are 1 em wide: 10 of them at 10 pt fill 100 pt.
    const lines = layoutRuns([{ text: '一二三四五六七八九十甲乙', style }], 100, 10, fonts);
    expect(lines.map((line) => line.segments.map((s) => s.text).join(''))).toEqual(['一二三四五六七八九十', '甲乙']);
    const latin = layoutRuns([{ text: '研究 fingerprint 方法', style }], 60, 10, fonts);
    expect(latin.some((line) => line.segments.some((s) => s.text.includes('fingerprint')))).toBe(true);
  });

  it('never starts a line with closing punctuation and keeps styles apart', () => {
    const red: TextStyle = { color: '#f00' };
    const lines = layoutRuns(
      [
        { text: '一二三四五六七八九十', style },
        { text: '。后', style: red },
      ],
      100,
      10,
      fonts,
    );
    expect(lines[0].segments.map((s) => [s.text, s.style.color])).toEqual([
      ['一二三四五六七八九十', '#000'],
      ['。', '#f00'],
    ]);
    expect(lines[1].segments[0]).toMatchObject({ text: '后', x: 0 });
  });
});
