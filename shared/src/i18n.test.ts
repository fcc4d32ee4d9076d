import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './i18n.js';

describe('resolveLanguage', () => {
  it('defaults to zh-CN when the header is absent or unsupported', () => {
    expect(resolveLanguage(undefined)).toBe('zh-CN');
    expect(resolveLanguage('')).toBe('zh-CN');
    expect(resolveLanguage('fr-FR,de;q=0.5')).toBe('zh-CN');
  });
  it('maps Chinese variants to simplified or traditional', () => {
    expect(resolveLanguage('zh')).toBe('zh-CN');
    expect(resolveLanguage('zh-Hans-CN')).toBe('zh-CN');
    expect(resolveLanguage('zh-TW')).toBe('zh-TW');
    expect(resolveLanguage('zh-HK,zh;q=0.8')).toBe('zh-TW');
    expect(resolveLanguage('zh-Hant')).toBe('zh-TW');
  });
  it('honours quality values and order', () => {
    expect(resolveLanguage('en-US,en;q=0.9,zh-CN;q=0.8')).toBe('en');
    expect(resolveLanguage('fr;q=1,zh-TW;q=0.3,en;q=0.7')).toBe('en');
    expect(resolveLanguage('en;q=0,zh-TW')).toBe('zh-TW');
  });
});

import { formatDateTime } from './format.js';

describe('formatDateTime', () => {
  it('formats dates as {y}-{m}-{d} {h}:{i}:{s}, reading 10-digit numbers as seconds', () => {
    const d = new Date(2026, 0, 5, 7, 8, 9);
    expect(formatDateTime(d)).toBe('2026-01-05 07:08:09');
    expect(formatDateTime(d.getTime())).toBe('2026-01-05 07:08:09');
    expect(formatDateTime(Math.floor(d.getTime() / 1000))).toBe('2026-01-05 07:08:09');
    expect(formatDateTime(d.toISOString())).toBe('2026-01-05 07:08:09');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
