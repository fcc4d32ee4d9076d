import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from '../ingest/index';
import type { ParagraphKind } from '../ingest/types';
import { buildReport } from '../report/build';
import { fixtureDetections, MEMBER, P1, P2, P3, parsedThesis, SOURCES } from '../report/test-fixtures';
import { DEFAULT_REPORT_RULES, type CheckReport, type ReportParagraph } from '../report/types';
import {
  applyRewrites,
  buildRewriteDocx,
  citationMarks,
  cleanRewrite,
  paragraphsOf,
  REWRITTEN_FILL,
  rewriteMessages,
  runRewrites,
  selectParagraphs,
  type RewriteItem,
  type RewriteResult,
} from './index';

const MODEL = { backend: 'offline' as const, name: 'test-model', version: '1' };

interface HandParagraph {
  text: string;
  kind?: ParagraphKind;
  excluded?: boolean;
  copiedChars?: number;
  suspect?: boolean;
  aigcScore?: number | null;
}

/** A report with just what the rewrite stage reads: text, rules, chapters and paragraphs (one per line). */
function handReport(specs: HandParagraph[]): CheckReport {
  let offset = 0;
  const paragraphs: ReportParagraph[] = specs.map((spec) => {
    const start = offset;
    const end = start + spec.text.length;
    offset = end + 1;
    const totalChars = spec.text.replace(/\s/g, '').length;
    const copiedChars = spec.copiedChars ?? 0;
    const copiedShare = totalChars ? copiedChars / totalChars : 0;
    return {
      start,
      end,
      kind: spec.kind ?? 'body',
      chapter: 0,
      excluded: spec.excluded ?? false,
      totalChars,
      duplicateChars: copiedChars,
      citedChars: 0,
      copiedChars,
      copiedShare,
      suspect: spec.suspect ?? copiedShare > DEFAULT_REPORT_RULES.suspectParagraphShare,
      aigcScore: spec.aigcScore ?? null,
      aigcBand: null,
    };
  });
  return {
    text: specs.map((s) => s.text).join('\n'),
    rules: DEFAULT_REPORT_RULES,
    chapters: [],
    paragraphs,
    document: { title: '手工论文', fileName: 'x.txt', format: 'txt', pageCount: null, keywords: [] },
  } as unknown as CheckReport;
}

const BODY = '本研究采用问卷调查与深度访谈相结合的方法，对三所高校的学生进行了调查，共回收有效问卷三百二十份[1]。';
const REWRITE = '研究综合运用问卷调查和深度访谈两种方法，以三所高校学生为对象开展调查，最终得到有效问卷三百二十份[1]。';

describe('selectParagraphs', () => {
  const report = handReport([
    { text: '第一章 绪论', kind: 'heading', copiedChars: 5, suspect: true, aigcScore: 0.9 },
    { text: BODY, copiedChars: 30, aigcScore: 0.2 }, // 0: suspect by share
    { text: `${BODY}另一段`, copiedChars: 10, suspect: false, aigcScore: 0.5 }, // 10/52 >= 0.1: copied share rule; aigc at threshold
    { text: `${BODY}第三段`, copiedChars: 0, aigcScore: 0.49 }, // neither
    { text: '图1-1 研究框架', kind: 'caption', copiedChars: 8, aigcScore: 0.9 },
    { text: '数据来源于统计年鉴与实地调查', kind: 'table', copiedChars: 14, aigcScore: 0.9 },
    { text: '[1] 张三. 论文查重方法研究[J]. 计算机学报, 2020.', kind: 'references', excluded: true, copiedChars: 20, aigcScore: 0.9 },
    { text: '摘要：本文研究了高校学生的阅读习惯，并提出了改进建议。', kind: 'abstract', copiedChars: 20, aigcScore: 0.95 },
    { text: '关键词：阅读习惯；高校学生；问卷调查', kind: 'abstract', copiedChars: 10, aigcScore: 0.9 },
  ]);

  it('picks flagged text paragraphs for the duplicate rate', () => {
    const items = selectParagraphs(report, 'duplicate');
    expect(items.map((i) => i.index)).toEqual([1, 2, 7]);
    expect(items[0]).toMatchObject({ start: report.paragraphs[1].start, end: report.paragraphs[1].end, text: BODY, aigcScore: 0.2 });
    expect(items[0].copiedShare).toBeCloseTo(30 / BODY.length);
    for (const item of items) expect(report.text.slice(item.start, item.end)).toBe(item.text);
  });

  it('picks paragraphs scoring at least the AIGC threshold for the AI rate', () => {
    expect(selectParagraphs(report, 'aigc').map((i) => i.index)).toEqual([2, 7]);
  });

  it('selects on a report built by the engine', async () => {
    const document = await parsedThesis();
    const scoreOf = new Map([
      [document.text.indexOf(P1), 0.9],
      [document.text.indexOf(P2), 0.2],
      [document.text.indexOf(P3), 0.6],
    ]);
    const built = buildReport({
      document,
      detections: fixtureDetections(document.text),
      source: (id) => SOURCES[id],
      memberId: MEMBER,
      aigc: { model: MODEL, scores: document.paragraphs.map((p) => scoreOf.get(p.range.start) ?? null) },
      checkedAt: '2025-03-01T08:00:00.000Z',
    });
    // P1 and P2 have copied shares above 10 %; P3 only 20 of 244 characters.
    expect(selectParagraphs(built, 'duplicate').map((i) => i.text)).toEqual([P1, P2]);
    expect(selectParagraphs(built, 'aigc').map((i) => i.text)).toEqual([P1, P3]);
  });
});

describe('rewriteMessages', () => {
  const item: RewriteItem = { index: 3, start: 0, end: BODY.length, text: `${BODY}（张三，2020）`, copiedShare: 0.5, aigcScore: 0.8 };

  it('asks for a rewrite that keeps meaning and citation marks, per mode', () => {
    const duplicate = rewriteMessages(item, 'duplicate', { title: '高校学生阅读习惯研究', keywords: ['阅读习惯', '问卷调查'] });
    expect(duplicate.map((m) => m.role)).toEqual(['system', 'user']);
    expect(duplicate[0].content).toContain('降重');
    expect(duplicate[0].content).toContain('引用标注');
    expect(duplicate[0].content).toContain('只输出改写后的段落');
    expect(duplicate[1].content).toContain('论文题目：高校学生阅读习惯研究');
    expect(duplicate[1].content).toContain('关键词：阅读习惯、问卷调查');
    expect(duplicate[1].content).toContain('[1]、（张三，2020）');
    expect(duplicate[1].content.endsWith(item.text)).toBe(true);

    const aigc = rewriteMessages(item, 'aigc', { title: '', keywords: [] });
    expect(aigc[0].content).toContain('综上所述');
    expect(aigc[0].content).toContain('不得为了显得具体而编造');
    expect(aigc[1].content).not.toContain('论文题目');
  });
});

describe('cleanRewrite', () => {
  it('accepts a plain rewrite', () => {
    expect(cleanRewrite(BODY, REWRITE)).toEqual({ ok: true, text: REWRITE });
  });

  it('strips preambles, quotes, code fences, Markdown and notes', () => {
    const answers = [
      `改写后：${REWRITE}`,
      `好的，以下是改写后的段落：\n\n“${REWRITE}”`,
      `\`\`\`text\n${REWRITE}\n\`\`\``,
      `**改写后的段落：**\n${REWRITE.slice(0, 20)}**${REWRITE.slice(20, 30)}**${REWRITE.slice(30)}`,
      `${REWRITE}\n\n注：调整了句式并替换了部分词语。`,
      `${REWRITE.slice(0, 30)}\n${REWRITE.slice(30)}`,
    ];
    for (const answer of answers) expect(cleanRewrite(BODY, answer)).toEqual({ ok: true, text: REWRITE });
  });

  it('keeps a first line that belongs to the paragraph', () => {
    const original = '本文的主要贡献如下：一是提出了新的指标体系，二是验证了模型在多个数据集上的有效性。';
    const answer = '本文的主要贡献如下：\n其一，构建了新的指标体系；其二，在多个数据集上检验了模型的有效性。';
    expect(cleanRewrite(original, answer)).toEqual({
      ok: true,
      text: '本文的主要贡献如下：其一，构建了新的指标体系；其二，在多个数据集上检验了模型的有效性。',
    });
  });

  it('keeps an inline abstract label', () => {
    const original = '摘要：本文研究了高校学生的阅读习惯，并提出了改进建议。';
    expect(cleanRewrite(original, '文章考察了大学生的阅读习惯，进而给出若干改进建议。')).toEqual({
      ok: true,
      text: '摘要：文章考察了大学生的阅读习惯，进而给出若干改进建议。',
    });
  });

  it('rejects empty, too short, too long, unchanged answers and lost citation marks', () => {
    expect(cleanRewrite(BODY, '  \n ')).toMatchObject({ ok: false, reason: 'empty answer' });
    expect(cleanRewrite(BODY, '```\n```')).toMatchObject({ ok: false });
    expect(cleanRewrite(BODY, '研究调查了三所高校[1]。')).toMatchObject({ ok: false, reason: expect.stringContaining('too short') });
    expect(cleanRewrite(BODY, REWRITE.repeat(3))).toMatchObject({ ok: false, reason: expect.stringContaining('too long') });
    expect(cleanRewrite(BODY, REWRITE.replace('[1]', ''))).toEqual({ ok: false, reason: 'lost citation mark [1]' });
    expect(cleanRewrite(BODY, `“${BODY}”`)).toEqual({ ok: false, reason: 'unchanged' });
  });

  it('checks every kind of citation mark, tolerating width and spacing', () => {
    const original = '已有研究[2-4]指出了该问题（张三，2020），李四（2019）认为还需要更多的实证数据加以检验[5]。';
    expect(citationMarks(original)).toEqual(['[2-4]', '（张三，2020）', '（2019）', '[5]']);
    const kept = '李四（2019）主张应以更多实证数据检验这一结论[5]，已有研究［2–4］也指出了该问题(张三, 2020)。';
    expect(cleanRewrite(original, kept)).toEqual({ ok: true, text: kept });
    const lostAuthorYear = '李四（2019）主张应以更多实证数据检验这一结论[5]，已有研究[2-4]也指出了该问题，这一点值得重视。';
    expect(cleanRewrite(original, lostAuthorYear)).toEqual({ ok: false, reason: 'lost citation mark （张三，2020）' });
    // Each occurrence counts: [1] twice in the original needs [1] twice.
    expect(cleanRewrite(`${BODY}${BODY}`, `${REWRITE}${REWRITE.replace('[1]', '')}`)).toEqual({ ok: false, reason: 'lost citation mark [1]' });
  });
});

const item = (index: number, text = BODY): RewriteItem => ({ index, start: 0, end: text.length, text, copiedShare: 0.5, aigcScore: null });
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('runRewrites', () => {
  it('never has more than `concurrency` calls in flight and reports every result', async () => {
    let inFlight = 0;
    let peak = 0;
    const reported: RewriteResult[] = [];
    const items = Array.from({ length: 12 }, (_, i) => item(i * 2));
    const results = await runRewrites(items, {
      concurrency: 3,
      maxAttempts: 2,
      rewrite: async (it) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await tick(2 + ((it.index * 7) % 5));
        inFlight--;
        return REWRITE;
      },
      onResult: async (result) => {
        await tick(1);
        reported.push(result);
      },
    });
    expect(peak).toBe(3);
    expect(results.map((r) => r.index)).toEqual(items.map((i) => i.index));
    expect(results.every((r) => r.status === 'done' && r.text === REWRITE && r.attempts === 1)).toBe(true);
    expect(reported.map((r) => r.index).sort((a, b) => a - b)).toEqual(items.map((i) => i.index));
  });

  it('retries throws and rejected answers, and marks an item failed after maxAttempts while others succeed', async () => {
    const calls = new Map<number, number>();
    const reported: RewriteResult[] = [];
    const results = await runRewrites([item(0), item(1), item(2), item(3)], {
      concurrency: 2,
      maxAttempts: 3,
      rewrite: async (it, attempt) => {
        calls.set(it.index, (calls.get(it.index) ?? 0) + 1);
        expect(attempt).toBe(calls.get(it.index));
        await tick(1);
        if (it.index === 1) throw new Error('upstream 502');
        if (it.index === 2 && attempt === 1) throw new Error('timeout');
        if (it.index === 3 && attempt < 3) return REWRITE.replace('[1]', ''); // rejected: citation lost
        return REWRITE;
      },
      onResult: (result) => {
        reported.push(result);
      },
    });
    expect(results).toEqual([
      { index: 0, status: 'done', text: REWRITE, attempts: 1 },
      { index: 1, status: 'failed', attempts: 3, error: 'upstream 502' },
      { index: 2, status: 'done', text: REWRITE, attempts: 2 },
      { index: 3, status: 'done', text: REWRITE, attempts: 3 },
    ]);
    expect(calls.get(1)).toBe(3);
    expect(reported).toHaveLength(4);
    expect(new Set(reported)).toEqual(new Set(results));
  });

  it('keeps the last rejection reason of a failed item', async () => {
    const [result] = await runRewrites([item(5)], { concurrency: 1, maxAttempts: 2, rewrite: async () => '太短了。' });
    expect(result).toMatchObject({ index: 5, status: 'failed', attempts: 2, error: expect.stringContaining('too short') });
  });

  it('stops starting items once aborted and leaves interrupted ones out', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const results = await runRewrites(
      Array.from({ length: 6 }, (_, i) => item(i)),
      {
        concurrency: 2,
        maxAttempts: 3,
        signal: controller.signal,
        rewrite: (it, _attempt, signal) => {
          started.push(it.index);
          if (it.index === 0) return Promise.resolve(REWRITE);
          // Item 1 waits on the signal, as a streamed call would, and fails when it is aborted.
          return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
        },
        onResult: (result) => {
          if (result.index === 0) setTimeout(() => controller.abort(), 5);
        },
      },
    );
    // 0 done; 2 starts after 0 and hangs like 1; both are interrupted; 3-5 never start.
    expect(started).toEqual([0, 1, 2]);
    expect(results).toEqual([{ index: 0, status: 'done', text: REWRITE, attempts: 1 }]);
  });

  it('rethrows a failing onResult after the calls in flight', async () => {
    await expect(
      runRewrites([item(0), item(1), item(2)], {
        concurrency: 1,
        maxAttempts: 1,
        rewrite: async () => REWRITE,
        onResult: () => {
          throw new Error('database down');
        },
      }),
    ).rejects.toThrow('database down');
  });

  it('rejects nonsense limits', async () => {
    await expect(runRewrites([], { concurrency: 0, maxAttempts: 1, rewrite: async () => '' })).rejects.toThrow(RangeError);
    await expect(runRewrites([], { concurrency: 1, maxAttempts: 0, rewrite: async () => '' })).rejects.toThrow(RangeError);
  });
});

describe('applyRewrites', () => {
  it('substitutes rewritten paragraphs and moves all ranges', () => {
    const report = handReport([{ text: '标题' }, { text: '第一段原文。' }, { text: '第二段😀原文。' }, { text: '第三段原文。' }]);
    const rewrites = new Map([
      [3, '第三段改写后变长了。'],
      [1, '一改'],
    ]);
    const { text, ranges, applied } = applyRewrites(report.text, report.paragraphs, rewrites);
    expect(text).toBe('标题\n一改\n第二段😀原文。\n第三段改写后变长了。');
    expect(applied).toEqual([1, 3]);
    expect(ranges.map((r) => text.slice(r.start, r.end))).toEqual(['标题', '一改', '第二段😀原文。', '第三段改写后变长了。']);
  });

  it('leaves the text alone without rewrites and refuses unknown paragraphs', () => {
    const report = handReport([{ text: '甲' }, { text: '乙' }]);
    expect(applyRewrites(report.text, report.paragraphs, new Map()).text).toBe(report.text);
    expect(() => applyRewrites(report.text, report.paragraphs, new Map([[2, 'x']]))).toThrow(RangeError);
    expect(() => applyRewrites('短', [{ start: 0, end: 5 }], new Map([[0, 'x']]))).toThrow(RangeError);
  });
});

describe('buildRewriteDocx', () => {
  let report: CheckReport;
  beforeAll(() => {
    report = handReport([
      { text: '高校学生阅读习惯研究', kind: 'title' },
      { text: '第一章 绪论', kind: 'heading' },
      { text: '1.1 研究背景', kind: 'heading' },
      { text: BODY, copiedChars: 30 },
      { text: '阅读是获取知识的重要途径。', copiedChars: 0 },
      { text: '[1] 张三. 论文查重方法研究[J]. 计算机学报, 2020.', kind: 'references', excluded: true },
    ]);
    (report as { chapters: unknown[] }).chapters = [{ start: report.paragraphs[1].start, role: 'body' }];
  });

  const documentXml = (docx: Buffer) => strFromU8(unzipSync(new Uint8Array(docx))['word/document.xml']);

  it('writes a .docx with the summary, headings and the rewritten paragraph shaded', async () => {
    const paragraphs = paragraphsOf(report, new Map([[3, REWRITE]]));
    expect(paragraphs.map((p) => [p.kind, p.rewritten, p.level])).toEqual([
      ['title', false, undefined],
      ['heading', false, 1],
      ['heading', false, 2],
      ['body', true, undefined],
      ['body', false, undefined],
      ['references', false, undefined],
    ]);
    const docx = await buildRewriteDocx({ title: '高校学生阅读习惯研究', paragraphs, mode: 'duplicate', before: 0.352, after: 0.12 });
    expect(docx.subarray(0, 2).toString('latin1')).toBe('PK');
    const xml = documentXml(docx);
    expect(xml).toContain(REWRITE);
    expect(xml).not.toContain(BODY);
    expect(xml).toContain('阅读是获取知识的重要途径。');
    for (const label of ['全文降重改写结果', '改写前文字复制比', '35.2%', '12.0%', '1 段（共 2 段正文）']) expect(xml).toContain(label);
    expect(xml).toContain('w:pStyle w:val="Heading1"');
    expect(xml).toContain('w:pStyle w:val="Heading2"');
    expect(xml).toContain('宋体');
    expect(xml).toContain('黑体');
    // The shading sits on the rewritten paragraph only.
    const shaded = (xml.match(/<w:p>.*?<\/w:p>/g) ?? []).filter((p) => p.includes(`w:fill="${REWRITTEN_FILL}"`));
    expect(shaded).toHaveLength(1);
    expect(shaded[0]).toContain(REWRITE);
  });

  it('reads back through the ingest stage, with the AIGC labels and an unknown after-rate', async () => {
    const docx = await buildRewriteDocx({
      title: '高校学生阅读习惯研究',
      paragraphs: paragraphsOf(report, new Map([[3, `${REWRITE}\u0001`]])),
      mode: 'aigc',
      before: 0.8,
      after: null,
    });
    const xml = documentXml(docx);
    for (const label of ['全文降AIGC改写结果', '改写前AIGC值', '80.0%', '待检测']) expect(xml).toContain(label);
    const parsed = await parseDocument(docx, 'rewrite.docx');
    expect(parsed.format).toBe('docx');
    expect(parsed.text).toContain(REWRITE);
    expect(parsed.text).not.toContain('\u0001');
    expect(parsed.chapters.map((c) => c.title)).toContain('第一章 绪论');
  });
});
