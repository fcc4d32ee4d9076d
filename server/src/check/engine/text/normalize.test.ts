import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import { PARAGRAPHS } from '../match/test-fixtures';
import { normalizeForMatching, toNormalizedIndex, toOriginalRange } from './normalize';
import { twpToCn } from './t2s';

const toTraditional = OpenCC.Converter({ from: 'cn', to: 'twp' });
const toSimplified = OpenCC.Converter({ from: 'twp', to: 'cn' });

/** The original text behind normalised [from, to). */
function back(original: string, from: number, to: number): string {
  const { offset, length } = toOriginalRange(normalizeForMatching(original), from, to);
  return original.slice(offset, offset + length);
}

describe('normalizeForMatching', () => {
  it('folds full-width forms, drops punctuation and whitespace, lower-cases', () => {
    const original = 'ＡＢＣ１２３，Hello World！“引号”（括号）\t\n末尾。';
    const n = normalizeForMatching(original);
    expect(n.text).toBe('abc123helloworld引号括号末尾');
    // Every normalised character maps to the original character it came from.
    for (let i = 0; i < n.text.length; i++) {
      const piece = original.slice(n.starts[i], n.ends[i]);
      expect(piece.normalize('NFKC').toLowerCase()).toBe(n.text[i]);
    }
    expect(original.slice(n.starts[0], n.ends[2])).toBe('ＡＢＣ');
  });

  it('maps characters outside the BMP with both code units', () => {
    const original = '甲𬬻乙，𩅦𫖮a。';
    const n = normalizeForMatching(original);
    expect(n.text).toBe('甲𬬻乙𩅦𫖮a');
    expect(n.text.length).toBe(9);
    // 𬬻 is two code units in both strings; both map to the whole original character.
    expect([n.starts[1], n.ends[1], n.starts[2], n.ends[2]]).toEqual([1, 3, 1, 3]);
    expect(back(original, 1, 3)).toBe('𬬻');
    expect(back(original, 3, 4)).toBe('乙');
    expect(back(original, 4, 8)).toBe('𩅦𫖮');
    expect(back(original, 8, 9)).toBe('a');
    expect(toOriginalRange(n, 0, n.text.length)).toEqual({ offset: 0, length: original.length - 1 });
  });

  it('converts Traditional (Taiwan phrases) to Simplified with a map through length changes', () => {
    // 記憶體 -> 内存 (3 -> 2), 軟體 -> 软件, 頭髮 -> 头发.
    const original = '我的記憶體很大，軟體也多；頭髮很長。';
    const n = normalizeForMatching(original);
    expect(n.text).toBe('我的内存很大软件也多头发很长');
    expect(back(original, 2, 4)).toBe('記憶體');
    expect(back(original, 2, 3) + back(original, 3, 4)).toBe('記憶體');
    expect(back(original, 4, 6)).toBe('很大');
    expect(back(original, 6, 8)).toBe('軟體');
    // 卡達 -> 卡塔尔 (2 -> 3): the three map into the two original characters, in order.
    const grown = normalizeForMatching('位於卡達的首都');
    expect(grown.text).toBe('位于卡塔尔的首都');
    expect(toOriginalRange(grown, 2, 5)).toEqual({ offset: 2, length: 2 });
    expect(toOriginalRange(grown, 5, 6)).toEqual({ offset: 4, length: 1 });
  });

  it('keeps the map non-decreasing and inside the original', () => {
    const original = PARAGRAPHS.map((p) => toTraditional(p)).join('\n\n');
    const n = normalizeForMatching(original);
    for (let i = 0; i < n.text.length; i++) {
      expect(n.starts[i]).toBeLessThan(n.ends[i]);
      expect(n.ends[i]).toBeLessThanOrEqual(original.length);
      if (i > 0) {
        expect(n.starts[i]).toBeGreaterThanOrEqual(n.starts[i - 1]);
        expect(n.ends[i]).toBeGreaterThanOrEqual(n.ends[i - 1]);
      }
    }
    // Traditional and Simplified versions normalise to nearly the same text (OpenCC's round trip is not exact:
    // 资料 -> 資料 -> 数据).
    const simplified = normalizeForMatching(PARAGRAPHS.join('\n\n')).text;
    expect(Math.abs(n.text.length - simplified.length)).toBeLessThan(5);
    let same = 0;
    for (let i = 0; i < Math.min(n.text.length, simplified.length); i++) if (n.text[i] === simplified[i]) same++;
    expect(same / simplified.length).toBeGreaterThan(0.98);
  });

  it('leaves Simplified sentences alone and converts Traditional ones', () => {
    // 程序 and 文件 are Simplified words that are also keys of the Taiwan phrase table; their Traditional forms are
    // 程式 and 檔案.
    expect(normalizeForMatching('这个程序会打开文件。').text).toBe('这个程序会打开文件');
    expect(normalizeForMatching('這個程式會開啟檔案。').text).toBe('这个程序会打开文件');
    // Mixed documents: each sentence is decided on its own.
    const mixed = '这个程序会打开文件。這個程式會開啟檔案。';
    const n = normalizeForMatching(mixed);
    expect(n.text).toBe('这个程序会打开文件这个程序会打开文件');
    expect(back(mixed, 9, 18)).toBe('這個程式會開啟檔案');
  });

  it('converts exactly as opencc-js twp -> cn does', () => {
    const samples = [
      ...PARAGRAPHS.map((p) => toTraditional(p)),
      '伊利諾州的乙太網路由器和主機板，記憶體與硬碟。',
      '⿰氵國與國家；丹尼·鮑伊的音樂。',
      '豈有此理，樂觀的畫面。',
    ];
    for (const s of samples) expect(twpToCn(s)).toBe(toSimplified(s));
  });

  it('finds the normalised index of an original offset', () => {
    const original = '，，甲乙。丙';
    const n = normalizeForMatching(original);
    expect(toNormalizedIndex(n, 0)).toBe(0);
    expect(toNormalizedIndex(n, 3)).toBe(1);
    expect(toNormalizedIndex(n, 5)).toBe(2);
    expect(toNormalizedIndex(n, 6)).toBe(3);
  });

  it('handles empty and punctuation-only texts', () => {
    expect(normalizeForMatching('').text).toBe('');
    const n = normalizeForMatching('，。！？ \n');
    expect(n.text).toBe('');
    expect(toOriginalRange(n, 0, 0)).toEqual({ offset: 6, length: 0 });
  });
});
