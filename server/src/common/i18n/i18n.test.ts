import { describe, expect, it } from 'vitest';
import { requestContext } from '../context/request-context';
import { registerMessages, t } from './i18n';
import { en } from './messages.en';
import { zhCN } from './messages.zh-CN';
import { zhTW } from './messages.zh-TW';

describe('server messages', () => {
  it('have the same keys and placeholders in every language', () => {
    const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort().join();
    for (const catalog of [zhTW, en]) {
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(zhCN).sort());
      for (const [key, text] of Object.entries(zhCN)) expect(placeholders(catalog[key as keyof typeof zhCN]), key).toBe(placeholders(text));
    }
  });

  it('translate into the request language, zh-CN by default, filling placeholders', () => {
    expect(t('error.orderByColumn', { column: 'age' })).toBe('不支持按 age 排序');
    requestContext.run({ requestId: 'r', language: 'en' }, () => {
      expect(t('error.orderByColumn', { column: 'age' })).toBe('Sorting by age is not supported');
    });
    expect(t('validation.isLength', { field: 'x', 0: 1, 1: 5 }, 'zh-TW')).toBe('x長度必須介於 1 和 5 個字元之間');
    expect(t('no.such.key')).toBe('no.such.key');
  });
});

describe('module messages', () => {
  it('refuse a key another module defined with a different text, and accept the same text again', () => {
    registerMessages({ 'zh-CN': { 'test.onlyOnce': '一次' } });
    expect(() => registerMessages({ 'zh-CN': { 'test.onlyOnce': '一次' } })).not.toThrow();
    expect(() => registerMessages({ 'zh-CN': { 'test.onlyOnce': '两次' } })).toThrow(/test\.onlyOnce/);
    expect(t('test.onlyOnce', undefined, 'zh-CN')).toBe('一次');
  });
});
