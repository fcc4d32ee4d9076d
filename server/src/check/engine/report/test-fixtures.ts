// A hand-made thesis with hand-placed detections whose report figures are worked out by hand in build.test.ts.
//
// Counted characters (non-whitespace, outside the references): title 6 + "第一章 绪论" 5 + P1 500 + "第二章 方法" 5 +
// P2 240 + P3 244 = 1,000. P1 holds five sentences at these offsets (relative to P1):
//   S1 [0,100)  S2 [100,150)  S3 [150,234) = 50 plain + “quote” [200,230) + "[1]" + "。"  S4 [234,300)  S5 [300,500)
// P2: S6 [0,100) S7 [100,240); P3: S8 [0,60) S9 [60,244).
import { parseDocument } from '../ingest/index';
import type { ParsedDocument } from '../ingest/types';
import type { ReportDetection, SourceMeta } from './types';

const POOL =
  '研究数据分析结果表明系统方法模型实验过程设计理论应用技术发展问题影响因素条件环境社会经济文化教育管理信息网络结构功能特征变化趋势评价指标体系构建路径机制';

/** n ideographs from the pool, starting at `seed` (no punctuation, so no sentence ends inside). */
export function filler(n: number, seed = 0): string {
  let out = '';
  for (let i = 0; i < n; i++) out += POOL[(seed * 7 + i * 3 + Math.floor(i / POOL.length)) % POOL.length];
  return out;
}

const sentence = (n: number, seed: number) => `${filler(n - 1, seed)}。`;

export const TITLE = '测试论文题目';
export const P1 = sentence(100, 1) + sentence(50, 2) + filler(50, 3) + `“${filler(28, 4)}”` + '[1]。' + sentence(66, 5) + sentence(200, 6);
export const P2 = sentence(100, 7) + sentence(140, 8);
export const P3 = sentence(60, 9) + sentence(184, 10);
export const REFERENCES = '参考文献\n[1] 张三. 论文查重方法研究[J]. 计算机学报, 2020, 43(1): 1-10.';
export const MEMBER = 'm-42';

/** The paper as a .txt upload. */
export function thesisText(extra = ''): string {
  return [TITLE, '第一章 绪论', P1 + extra, '第二章 方法', P2, P3, REFERENCES].join('\n');
}

export async function parsedThesis(extra = ''): Promise<ParsedDocument> {
  return parseDocument(Buffer.from(thesisText(extra), 'utf8'), 'thesis.txt');
}

/** Source ids of the fixture. */
export const SRC = { A: 11, D: 14, B: 12, C: 13, E: 15 } as const;

export const SOURCES: Record<number, SourceMeta> = {
  [SRC.A]: { id: SRC.A, title: '来源甲', origin: '期刊甲', libraryKind: 'reference' },
  [SRC.D]: { id: SRC.D, title: '来源丁', origin: '网站', libraryKind: 'cms' },
  [SRC.B]: { id: SRC.B, title: '本人早期论文', origin: '自建库', libraryKind: 'self', memberId: MEMBER },
  [SRC.C]: { id: SRC.C, title: '他人自建库论文', origin: '自建库', libraryKind: 'self', memberId: 'm-7' },
  [SRC.E]: { id: SRC.E, title: '参考文献来源', origin: '期刊戊', libraryKind: 'reference' },
};

function detection(sourceId: number, start: number, end: number, similarity: number): ReportDetection {
  return { sourceId, thisOffset: start, thisLength: end - start, sourceOffset: 5, sourceLength: end - start, similarity };
}

/** The detections: A copies P1 [100,230) (its last 30 characters are the cited quote), D overlaps A's start, B and C in P2 and P3, E in the references. */
export function fixtureDetections(text: string): ReportDetection[] {
  const p1 = text.indexOf(P1);
  const p2 = text.indexOf(P2);
  const p3 = text.indexOf(P3);
  const refs = text.indexOf(REFERENCES);
  return [
    detection(SRC.A, p1 + 100, p1 + 230, 0.9),
    detection(SRC.D, p1 + 70, p1 + 120, 0.6),
    detection(SRC.B, p2 + 60, p2 + 100, 1),
    detection(SRC.C, p3 + 10, p3 + 30, 0.4),
    detection(SRC.E, refs + 8, refs + 28, 1),
  ];
}
