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
    for (const variant of ['concise', 'full'] as const) {
      const html = renderReportHtml(dirty, { variant });
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/<img/i);
      expect(html).not.toContain('<b>粗体');
      expect(html).toContain(escapeHtml(SCRIPT));
      expect(html).toContain('&lt;b&gt;粗体&lt;/b&gt; &amp; &quot;引号&quot;');
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

  it('speaks the three languages', () => {
    expect(renderReportHtml(report, { language: 'en' })).toContain('Total copy ratio');
    expect(renderReportHtml(report, { language: 'en' })).toContain('<html lang="en">');
    expect(renderReportHtml(report, { language: 'zh-TW' })).toContain('總文字複製比');
    expect(renderReportHtml(report)).toContain('总文字复制比');
  });
});
