import { describe, expect, it } from 'vitest';
import { foldWidth, SEEDED_ALLOWED, SEEDED_TYPO_WORDS, SEEDED_TYPOS, TypoMatcher, typoMatcher } from './index';

describe('error-prone words matcher', () => {
  it('finds wrong forms with their correction and original offsets', () => {
    const text = '首先按装软件。我们要再接再励！';
    const hits = typoMatcher().find(text);
    expect(hits).toEqual([
      { start: 2, end: 4, wrong: '按装', correct: '安装' },
      { start: 10, end: 14, wrong: '再接再励', correct: '再接再厉' },
    ]);
    for (const hit of hits) expect(text.slice(hit.start, hit.end)).toBe(hit.wrong);
  });

  it('does not flag a correct phrase that contains a wrong form across a word boundary (按 + 装配)', () => {
    expect(typoMatcher().find('零件按装配图组装，材料的发韧性与韧带都很好。')).toEqual([]);
    // The same wrong form elsewhere in the text is still found.
    expect(
      typoMatcher()
        .find('按装配图组装，再按装驱动。')
        .map((h) => h.start),
    ).toEqual([8]);
  });

  it('folds full-width forms, keeping offsets in the original text', () => {
    const matcher = new TypoMatcher({ version: 't1', entries: [{ wrong: 'wifi连结', correct: 'Wi-Fi 连接' }] });
    const text = '\u3000打开ｗｉｆｉ连结';
    expect(foldWidth(text)).toHaveLength(text.length);
    expect(matcher.find(text)).toEqual([{ start: 3, end: 9, wrong: 'ｗｉｆｉ连结', correct: 'Wi-Fi 连接' }]);
  });

  it('finds nothing in clean text', () => {
    expect(typoMatcher().find('本文研究了基于深度学习的文本分类方法，实验结果表明该方法迫不及待地需要更多数据。')).toEqual([]);
  });

  it('takes the longest wrong form at a start and drops entries that correct nothing', () => {
    const matcher = new TypoMatcher({
      version: 't2',
      entries: [
        { wrong: '九宵', correct: '九霄' },
        { wrong: '九宵云外', correct: '九霄云外' },
        { wrong: '正确', correct: '正确' },
      ],
    });
    expect(matcher.size).toBe(2);
    expect(matcher.find('抛到九宵云外，正确。')).toEqual([{ start: 2, end: 6, wrong: '九宵云外', correct: '九霄云外' }]);
  });

  it('finds in windows exactly what a scan of the whole text finds', () => {
    // Text made of pieces of wrong forms, allowed phrases and corrections, so windows touch, overlap and split patterns.
    const pieces = [
      ...SEEDED_TYPOS.flatMap(([wrong, correct]) => [wrong, correct, wrong.slice(0, 1), wrong.slice(1)]),
      ...SEEDED_ALLOWED,
      '，',
      '我们',
    ];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let text = '';
    while (text.length < 20000) text += pieces[Math.floor(random() * pieces.length)];
    const windowed = typoMatcher().find(text);
    // A single-unit pattern makes the matcher scan the whole text.
    const whole = new TypoMatcher({ ...SEEDED_TYPO_WORDS, version: 'whole', allowed: [...SEEDED_ALLOWED, '\u0001'] }).find(text);
    expect(windowed.length).toBeGreaterThan(500);
    expect(windowed).toEqual(whole);
  });

  it('seeded list: a few hundred entries, unique wrong forms, no wrong form inside any correction or equal to one', () => {
    expect(SEEDED_TYPOS.length).toBeGreaterThan(300);
    const wrongs = SEEDED_TYPOS.map(([wrong]) => wrong);
    expect(new Set(wrongs).size).toBe(wrongs.length);
    const corrections = SEEDED_TYPOS.map(([, correct]) => correct);
    expect(wrongs.flatMap((wrong) => corrections.filter((correct) => correct.includes(wrong)).map((correct) => `${wrong} in ${correct}`))).toEqual(
      [],
    );
    // Each correction, written correctly, is not flagged; each allowed phrase contains a wrong form.
    expect(typoMatcher().find(corrections.join('，'))).toEqual([]);
    for (const phrase of SEEDED_ALLOWED)
      expect(
        wrongs.some((wrong) => phrase.includes(wrong)),
        phrase,
      ).toBe(true);
    expect(typoMatcher(SEEDED_TYPO_WORDS).size).toBe(SEEDED_TYPOS.length);
  });
});
