import * as OpenCC from 'opencc-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeForMatching } from '../text/normalize';
import { alignTexts } from './align';
import { DuplicateDetector, MemoryTextStore, type Detection } from './detector';
import { MemoryFingerprintIndex } from './fingerprint-index';
import { PARAGRAPHS } from './test-fixtures';

const toTraditional = OpenCC.Converter({ from: 'cn', to: 'twp' });

/** Sentences of a paragraph, each with its final 。. */
function sentences(p: string): string[] {
  return p.match(/[^。]+。/g) ?? [];
}

// Source documents: 0 = paragraphs 0-3, 1 = paragraphs 4-6. Paragraphs 7-11 are never in a source (filler).
const SOURCES = [PARAGRAPHS.slice(0, 4).join('\n\n'), PARAGRAPHS.slice(4, 7).join('\n\n')];
const FILLER_A = PARAGRAPHS[7];
const FILLER_B = PARAGRAPHS[8];

/** A passage of source 0: sentences 1-3 of paragraph 2 (the computer storage one), and where it is. */
const PASSAGE = sentences(PARAGRAPHS[2]).slice(1, 4).join('');
const PASSAGE_OFFSET = SOURCES[0].indexOf(PASSAGE);

/** Suspicious text with `inserted` between two filler paragraphs, and the inserted span. */
function suspicious(inserted: string): { text: string; offset: number; length: number } {
  const text = `${FILLER_A}${inserted}\n\n${FILLER_B}`;
  return { text, offset: FILLER_A.length, length: inserted.length };
}

/** Deterministic pseudo-random numbers (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Edits about `rate` of the ideographs: substitution, deletion or insertion (as the corpus generator describes). */
function lightEdit(text: string, rate: number, seed: number): string {
  const next = rng(seed);
  const pool =
    '的一是在了不和有大这主中人上为们地个用工时要动国产以我到他会作来分生对于学下级就年阶义发成部民可出能方进同行面说种过命度革而多子后自社加小机也经力线本电高量长党得实家定深法表着水理化争现所二起政';
  let out = '';
  for (const ch of text) {
    if (/\p{Script=Han}/u.test(ch) && next() < rate) {
      const r = next();
      const other = pool[Math.floor(next() * pool.length)];
      if (r < 0.45) out += other;
      else if (r < 0.7) continue;
      else out += ch + other;
    } else out += ch;
  }
  return out;
}

async function detectorWithSources(): Promise<DuplicateDetector> {
  const detector = new DuplicateDetector(new MemoryFingerprintIndex(), new MemoryTextStore());
  for (let id = 0; id < SOURCES.length; id++) await detector.addDocument(id, SOURCES[id]);
  return detector;
}

describe('alignment of reused passages', () => {
  let detector: DuplicateDetector;
  beforeAll(async () => {
    detector = await detectorWithSources();
  });

  const only = async (text: string): Promise<Detection> => {
    const { detections } = await detector.check(text);
    expect(detections.length).toBe(1);
    return detections[0];
  };

  it('finds a verbatim passage with exact boundaries on both sides', async () => {
    const s = suspicious(PASSAGE);
    const d = await only(s.text);
    expect(d.sourceId).toBe(0);
    expect([d.thisOffset, d.thisLength]).toEqual([s.offset, s.length]);
    expect([d.sourceOffset, d.sourceLength]).toEqual([PASSAGE_OFFSET, PASSAGE.length]);
    expect(d.similarity).toBe(1);
    expect(d.identical).toBe(true);
  });

  it('finds a passage with changed punctuation and full-width letters and digits', async () => {
    const changed = PASSAGE.replace(/，/g, ', ')
      .replace(/；/g, ';')
      .replace(/。/g, '.')
      .replace(/[0-9A-Za-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    const s = suspicious(changed);
    const d = await only(s.text);
    expect([d.thisOffset, d.thisLength]).toEqual([s.offset, s.length]);
    expect([d.sourceOffset, d.sourceLength]).toEqual([PASSAGE_OFFSET, PASSAGE.length]);
    // The same text once punctuation and width are folded.
    expect(d.identical).toBe(true);
  });

  it('finds a passage converted to Traditional (Taiwan phrases, different length)', async () => {
    const traditional = toTraditional(PASSAGE);
    expect(traditional).toContain('記憶體');
    expect(traditional.length).not.toBe(PASSAGE.length);
    const s = suspicious(traditional);
    const d = await only(s.text);
    expect([d.thisOffset, d.thisLength]).toEqual([s.offset, s.length]);
    expect([d.sourceOffset, d.sourceLength]).toEqual([PASSAGE_OFFSET, PASSAGE.length]);
    expect(d.similarity).toBeGreaterThan(0.9);
  });

  it('finds an edited passage as one detection with close boundaries', async () => {
    for (const seed of [1, 2, 3]) {
      const edited = lightEdit(PASSAGE, 0.12, seed);
      const s = suspicious(edited);
      const d = await only(s.text);
      expect(Math.abs(d.thisOffset - s.offset)).toBeLessThanOrEqual(3);
      expect(Math.abs(d.thisOffset + d.thisLength - (s.offset + s.length))).toBeLessThanOrEqual(3);
      expect(Math.abs(d.sourceOffset - PASSAGE_OFFSET)).toBeLessThanOrEqual(3);
      expect(Math.abs(d.sourceOffset + d.sourceLength - (PASSAGE_OFFSET + PASSAGE.length))).toBeLessThanOrEqual(3);
      expect(d.similarity).toBeGreaterThan(0.6);
      expect(d.similarity).toBeLessThan(1);
      expect(d.identical).toBe(false);
    }
  });

  it('finds a 降重-disguised passage (half the content words replaced by synonyms, clauses swapped) as one similar detection', async () => {
    // PARAGRAPHS[3] rewritten the way duplicate-rate-lowering tools do it: about half of its content words swapped
    // for synonyms, and the two halves of two sentences swapped around their middle comma.
    const bees = PARAGRAPHS[3];
    const disguised =
      '蜜蜂是一类社会性虫子，一个蜂群一般由一只蜂王、少许雄蜂和成千上万只工蜂构成。' +
      '工蜂承担收集花蜜和花粉、哺养幼虫、建造蜂巢以及保卫巢门。' +
      '会回到巢中跳起摇摆舞，用舞蹈的方位和时间通知伙伴花丛的方位与间距，侦察蜂找到蜜源后。' +
      '对农业生产拥有重要意义，蜜蜂在采蜜的同时为植物授粉。';
    const s = suspicious(disguised);
    const d = await only(s.text);
    expect(d.sourceId).toBe(0);
    expect(Math.abs(d.thisOffset - s.offset)).toBeLessThanOrEqual(3);
    expect(Math.abs(d.thisOffset + d.thisLength - (s.offset + s.length))).toBeLessThanOrEqual(3);
    const at = SOURCES[0].indexOf(bees);
    expect(Math.abs(d.sourceOffset - at)).toBeLessThanOrEqual(3);
    expect(Math.abs(d.sourceOffset + d.sourceLength - (at + bees.length))).toBeLessThanOrEqual(3);
    expect(d.identical).toBe(false);
    expect(d.similarity).toBeGreaterThan(0.4);
    expect(d.similarity).toBeLessThan(0.95);
  });

  it('takes whole disguised sentences into the passage, a clause-swapped last sentence too', async () => {
    // The first three sentences of PARAGRAPHS[5]: the first with synonyms, the second kept, the third with synonyms and
    // its clauses swapped. Its exact runs are too short to seed the third sentence.
    const disguised =
      '光合作用乃绿色植被借助光能，将二氧化碳与水化合为有机物并放出氧气之进程。' +
      '这一过程主要在叶绿体中进行，分为光反应和暗反应两个阶段。' +
      '暗反应时期则将二氧化碳固化下去，化合为葡萄糖这类糖类，光反应时期生成氧气与能量载体。';
    const original = sentences(PARAGRAPHS[5]).slice(0, 3).join('');
    const s = suspicious(disguised);
    const d = await only(s.text);
    expect(d.sourceId).toBe(1);
    expect([d.thisOffset, d.thisLength]).toEqual([s.offset, s.length]);
    expect([d.sourceOffset, d.sourceLength]).toEqual([SOURCES[1].indexOf(original), original.length]);
    expect(d.identical).toBe(false);
    expect(d.similarity).toBeLessThan(0.9);
  });

  it('does not take an unrelated sentence next to a disguised passage into it', async () => {
    const disguised =
      '工蜂承担收集花蜜和花粉、哺养幼虫、建造蜂巢以及保卫巢门。蜜蜂是一类社会性虫子，一个蜂群一般由一只蜂王、少许雄蜂和成千上万只工蜂构成。';
    const text = `${FILLER_A}${disguised}${FILLER_B}`;
    const { detections } = await detector.check(text);
    for (const d of detections) {
      expect(d.thisOffset).toBeGreaterThanOrEqual(FILLER_A.length - 3);
      expect(d.thisOffset + d.thisLength).toBeLessThanOrEqual(FILLER_A.length + disguised.length + 3);
    }
  });

  it('finds a passage with reordered sentences as one detection', async () => {
    const parts = sentences(PARAGRAPHS[1]);
    const passage = parts.join('');
    const reordered = [parts[2], parts[0], parts[3], parts[1]].join('');
    const s = suspicious(reordered);
    const d = await only(s.text);
    expect([d.thisOffset, d.thisLength]).toEqual([s.offset, s.length]);
    const at = SOURCES[0].indexOf(passage);
    expect([d.sourceOffset, d.sourceLength]).toEqual([at, passage.length]);
  });

  it('finds two passages from two sources in one document', async () => {
    const second = sentences(PARAGRAPHS[5]).slice(0, 2).join('');
    const text = `${FILLER_A}${PASSAGE}${FILLER_B}${second}${PARAGRAPHS[9]}`;
    const { detections } = await detector.check(text);
    expect(detections.map((d) => [d.sourceId, d.thisOffset, d.thisLength])).toEqual([
      [0, FILLER_A.length, PASSAGE.length],
      [1, FILLER_A.length + PASSAGE.length + FILLER_B.length, second.length],
    ]);
  });

  it('finds nothing in texts that reuse nothing', async () => {
    expect((await detector.check(PARAGRAPHS.slice(7).join('\n\n'))).detections).toEqual([]);
    expect((await detector.check('')).detections).toEqual([]);
    expect((await detector.check('，。')).detections).toEqual([]);
    // A shared phrase of 12 characters (boilerplate) is not reuse.
    const phrase = PASSAGE.replace(/[，。；]/g, '').slice(0, 12);
    expect((await detector.check(`${FILLER_A}${phrase}。${FILLER_B}`)).detections).toEqual([]);
  });

  it('stops finding a source once it is removed', async () => {
    const own = await detectorWithSources();
    const s = suspicious(PASSAGE);
    expect((await own.check(s.text)).detections.length).toBe(1);
    expect(await own.removeDocument(0)).toBe(true);
    expect((await own.check(s.text)).detections).toEqual([]);
    expect((await own.index.stats()).documents).toBe(1);
    await own.addDocument(0, SOURCES[0]);
    expect((await own.check(s.text)).detections.length).toBe(1);
  });
});

describe('alignTexts', () => {
  it('maps boundaries to original offsets across characters outside the BMP', () => {
    const src = `前言。${PASSAGE.slice(0, 20)}𬬻${PASSAGE.slice(20)}后记。`;
    const sus = `𩅦开头。${PASSAGE.slice(0, 20)}𬬻${PASSAGE.slice(20)}结尾。`;
    const passages = alignTexts({ original: sus, norm: normalizeForMatching(sus) }, { original: src, norm: normalizeForMatching(src) });
    expect(passages.length).toBe(1);
    const p = passages[0];
    expect(sus.slice(p.thisOffset, p.thisOffset + p.thisLength)).toBe(`${PASSAGE.slice(0, 20)}𬬻${PASSAGE.slice(20)}`);
    expect(src.slice(p.sourceOffset, p.sourceOffset + p.sourceLength)).toBe(`${PASSAGE.slice(0, 20)}𬬻${PASSAGE.slice(20)}`);
  });
});
