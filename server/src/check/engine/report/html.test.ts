import { beforeAll, describe, expect, it } from 'vitest';
import { buildReport } from './build';
import { escapeHtml, renderReportHtml } from './html';
import { fixtureDetections, MEMBER, P1, P2, parsedThesis, SOURCES, SRC } from './test-fixtures';
import type { CheckReport, SourceMeta } from './types';

const SCRIPT = '<script>alert("赵")</script>';

const MODEL = { backend: 'offline' as const, name: 'zhiwen-aigc-stumps', version: '9.9' };

describe('renderReportHtml', () => {
  /** The hand-made thesis (figures as in build.test.ts). */
  let report: CheckReport;
  /** The same with markup in the paper, a source title and the source text. */
  let dirty: CheckReport;
  let p1: number;

  beforeAll(async () => {
    const document = await parsedThesis();
    p1 = document.text.indexOf(P1);
    const aigc = (doc: typeof document) => ({ model: MODEL, scores: doc.paragraphs.map((p) => (p.range.start === p1 ? 0.9 : null)) });
    report = buildReport({
      document,
      detections: fixtureDetections(document.text),
      source: (id) => SOURCES[id],
      sourceText: () => '来源原文'.repeat(100),
      memberId: MEMBER,
      aigc: aigc(document),
      checkedAt: '2025-03-01T08:00:00.000Z',
    });
    const marked = await parsedThesis(`${SCRIPT}。`);
    const sources: Record<number, SourceMeta> = { ...SOURCES, [SRC.D]: { ...SOURCES[SRC.D], title: '<b>粗体</b> & "引号"' } };
    dirty = buildReport({
      document: marked,
      detections: fixtureDetections(marked.text),
      source: (id) => sources[id],
      // Passages start at source offset 5.
      sourceText: () => `开头五个字<img src=x onerror=alert(1)>${'字'.repeat(300)}`,
      memberId: MEMBER,
      aigc: aigc(marked),
    });
  });

  it('escapes every text: no markup of the paper or the sources gets through', () => {
    for (const options of [{ variant: 'concise' }, { variant: 'full' }, { scope: 'aigc' }] as const) {
      const html = renderReportHtml(dirty, options);
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/<img/i);
      expect(html).not.toContain('<b>粗体');
      expect(html).toContain(escapeHtml(SCRIPT));
      if (options.scope !== 'aigc') expect(html).toContain('&lt;b&gt;粗体&lt;/b&gt; &amp; &quot;引号&quot;');
    }
    expect(renderReportHtml(dirty, { variant: 'full' })).toContain('<p>&lt;img src=x onerror=alert(1)&gt;字字');
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('is self-contained: inline CSS and SVG, no scripts or external resources', () => {
    const html = renderReportHtml(dirty, { variant: 'full' });
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<(?:link|script|img|iframe|object)\b/i);
    expect(html).not.toMatch(/(?:href|src)="(?!#)|url\(|@import/i);
    // The ratio gauge, the AI gauge and the chapter bars.
    expect(html.match(/<svg /g)).toHaveLength(3);
    expect(renderReportHtml(report)).toContain('aria-label="总文字复制比 22.0%"');
  });

  it('marks copied text red and cited text green, with the sentence bands', () => {
    const html = renderReportHtml(report);
    // P1 [70,100): copied in a sentence without band; [100,150): copied in a red sentence; the quote is cited in an orange one.
    expect(html).toContain(`<span class="m-copied">${P1.slice(70, 100)}</span>`);
    expect(html).toContain(`<span class="m-copied b-red">${P1.slice(100, 150)}</span>`);
    expect(html).toContain(`<span class="m-copied b-orange">${P1.slice(150, 200)}</span>`);
    expect(html).toContain(`<span class="m-cited b-orange">${P1.slice(200, 230)}</span>`);
    // The rest of that sentence (marker and full stop) is in the band but not marked.
    expect(html).toContain(`<span class="b-orange">${P1.slice(230, 234)}</span>`);
    expect(html).toContain(`<span class="m-copied b-yellow">${P2.slice(60, 100)}</span>`);
    // The paragraph scored 0.9 is shaded as strongly AI-like and shows its score.
    expect(html).toMatch(/<p class="ai-high">[^\n]*<span class="ai-badge">AI 90\.0%<\/span><\/p>/);
    // References are shown greyed.
    expect(html).toMatch(/<p class="excluded">\[1\] 张三/);
  });

  it('states the figures, the AIGC model and that AIGC scores are indicative', () => {
    const html = renderReportHtml(report);
    for (const figure of ['22.0%', '19.0%', '18.0%', '13.0%（来源甲）', '1,000']) expect(html).toContain(figure);
    expect(html).toContain('zhiwen-aigc-stumps 9.9 (offline)');
    expect(html).toContain('仅供参考');
    expect(html).toContain('<span class="tag own">本人文献</span>');
  });

  it('shows each fragment beside its source passages only in the full variant', () => {
    const concise = renderReportHtml(report, { variant: 'concise' });
    const full = renderReportHtml(report, { variant: 'full' });
    expect(concise).not.toContain('class="pair"');
    expect(full.match(/class="pair"/g)).toHaveLength(3);
    expect(full).toContain(`<p>${'来源原文'.repeat(100).slice(5, 135)}</p>`);
    // Fragment 1 links from the full text to its comparison and back.
    expect(full).toContain('<sup class="frag" id="t1"><a href="#f1">[1]</a></sup>');
    expect(full).toContain('<div class="pair" id="f1">');
  });

  it('marks each compared passage identical or similar, a similar one with its similarity', async () => {
    // Fixture: A copies with similarity 0.9 (similar), B with similarity 1 (identical).
    const full = renderReportHtml(report, { variant: 'full' });
    expect(full).toContain(`${escapeHtml(SOURCES[SRC.A].origin)} · 相似 90.0% ·`);
    expect(full).toContain(`${escapeHtml(SOURCES[SRC.B].origin)} · 相同 ·`);
    const en = renderReportHtml(report, { variant: 'full', language: 'en' });
    expect(en).toContain('· Similar 90.0% ·');
    expect(en).toContain('· Identical ·');
    // The detector's verdict wins over the figure: a disguised passage never reads as identical or as 100%.
    const document = await parsedThesis();
    const disguised = buildReport({
      document,
      detections: fixtureDetections(document.text).map((d) => ({ ...d, similarity: d.sourceId === SRC.B ? 0.9996 : d.similarity, identical: false })),
      source: (id) => SOURCES[id],
      memberId: MEMBER,
    });
    expect(disguised.passages.every((passage) => passage.match === 'similar')).toBe(true);
    const html = renderReportHtml(disguised, { variant: 'full' });
    expect(html).not.toContain('相同');
    expect(html).toContain(`${escapeHtml(SOURCES[SRC.B].origin)} · 相似 99.9% ·`);
  });

  it('speaks the three languages', () => {
    expect(renderReportHtml(report, { language: 'en' })).toContain('Total copy ratio');
    expect(renderReportHtml(report, { language: 'en' })).toContain('<html lang="en">');
    expect(renderReportHtml(report, { language: 'zh-TW' })).toContain('總文字複製比');
    expect(renderReportHtml(report)).toContain('总文字复制比');
  });

  describe("scope 'aigc': the AIGC detection report", () => {
    it('has its own title and the AIGC figures, overall and per scored chapter', () => {
      const html = renderReportHtml(report, { scope: 'aigc' });
      expect(html).toContain('<title>AIGC检测报告单 · 测试论文题目</title>');
      expect(html).toContain('<h1>AIGC检测报告单</h1>');
      expect(html).toContain('<dt>篇名</dt><dd>测试论文题目</dd>');
      // Only P1 (500 characters, in chapter 1) is scored, at 0.9: the AI gauge alone, and its figures.
      expect(html.match(/<svg /g)).toHaveLength(1);
      expect(html).toContain('aria-label="AI 特征值 90.0%"');
      for (const [label, value] of [
        ['AI 特征值', '90.0%'],
        ['疑似 AI 生成文字占比', '100.0%'],
        ['已检测字数', '500'],
        ['疑似 AI 生成字数', '500'],
        ['未检测字数（段落过短）', '0'],
        ['段落（显著 / 疑似 / 已检测）', '1 / 0 / 1'],
      ]) {
        expect(html).toContain(`<td>${label}</td><td class="num">${value}</td>`);
      }
      expect(html).toContain('<tr><td>第一章 绪论</td><td class="num">500</td><td class="num">90.0%</td><td class="num">100.0%</td></tr>');
      expect(html).not.toContain('<td>第二章 方法</td>');
      // The AIGC section as in the duplicate report, and the disclaimers.
      expect(html).toContain('zhiwen-aigc-stumps 9.9 (offline)');
      expect(html).toContain('<footer>本报告由系统自动生成，检测结果仅供参考。');
      expect(html).toContain('仅供参考：分值是根据写作风格估计的统计特征');
      // Polished text goes largely undetected (docs/check-engine.md): the member is told a low score proves nothing.
      expect(html).toContain('分值低也不代表未使用 AI');
    });

    it('leaves out every duplicate figure, mark, band, source and comparison', () => {
      const html = renderReportHtml(report, { scope: 'aigc' });
      for (const text of [
        '总文字复制比',
        '去除引用文献复制比',
        '相似文献列表',
        '来源甲',
        '本人文献',
        '全文标明引文',
        '全文对照',
        '复制比',
        '简洁版',
      ]) {
        expect(html).not.toContain(text);
      }
      expect(html).not.toMatch(/class="[^"]*\b(?:m-copied|m-cited|b-red|b-orange|b-yellow)\b/);
      expect(html).not.toContain('class="pair"');
      expect(html).not.toContain('<sup class="frag"');
      // The 'full' variant has nothing to compare: it renders like the concise one.
      expect(renderReportHtml(report, { scope: 'aigc', variant: 'full' })).toBe(html);
    });

    it('marks the AIGC paragraph bands in the full text, without marks inside', () => {
      const html = renderReportHtml(report, { scope: 'aigc' });
      expect(html).toContain('<h2>全文标明 AI 特征</h2>');
      expect(html).toContain(`<p class="ai-high">${escapeHtml(P1)}<span class="ai-badge">AI 90.0%</span></p>`);
      expect(html).toContain(`<p>${escapeHtml(P2)}</p>`);
      expect(html).toMatch(/<p class="excluded">\[1\] 张三/);
      expect(html).toContain('显著 AI 特征（≥ 80%）');
    });

    it('says "not run" instead of the figures when no scorer ran', async () => {
      const document = await parsedThesis();
      const unscored = buildReport({
        document,
        detections: fixtureDetections(document.text),
        source: (id) => SOURCES[id],
        memberId: MEMBER,
        aigc: null,
      });
      const html = renderReportHtml(unscored, { scope: 'aigc' });
      expect(html).toContain('<section class="summary"><h2>检测结果</h2><p>未进行 AI 生成内容检测。</p></section>');
      expect(html.match(/未进行 AI 生成内容检测/g)).toHaveLength(1);
      expect(html).not.toContain('<svg ');
      expect(html).not.toContain('<section class="chapters">');
      expect(html).not.toContain('class="ai-');
      expect(html).not.toContain('class="m-');
      expect(html).toContain('<footer>');
    });

    it('speaks the three languages', () => {
      expect(renderReportHtml(report, { scope: 'aigc', language: 'zh-TW' })).toContain('<h1>AIGC檢測報告單</h1>');
      const en = renderReportHtml(report, { scope: 'aigc', language: 'en' });
      expect(en).toContain('<h1>AI-generated content report</h1>');
      expect(en).toContain('<td>Scored characters</td><td class="num">500</td>');
      expect(en).not.toContain('Total copy ratio');
    });
  });
});
