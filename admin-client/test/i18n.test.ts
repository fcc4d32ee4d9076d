import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import en from '../src/i18n/en';
import { createI18nProvider, messages } from '../src/i18n/i18nProvider';
import zhCN from '../src/i18n/zh-CN';
import zhTW from '../src/i18n/zh-TW';

/** Every leaf key of a message tree with its value, e.g. `ra.action.save` -> 'Save'. */
function leaves(tree: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const [k, v] of leaves(value, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}

const placeholders = (text: unknown) => new Set(String(text).match(/%\{\w+\}/g) ?? []);
const zhKeys = [...leaves(zhCN).keys()].sort();

describe('message files', () => {
  it('zh-TW has exactly the keys of zh-CN', () => {
    expect([...leaves(zhTW).keys()].sort()).toEqual(zhKeys);
  });

  it('en has exactly the keys of zh-CN', () => {
    expect([...leaves(en).keys()].sort()).toEqual(zhKeys);
  });

  it('zh-CN translates every key of react-admin’s English pack', () => {
    const raKeys = [...leaves(englishMessages).keys()].sort();
    expect(zhKeys.filter((key) => key.startsWith('ra.'))).toEqual(raKeys);
  });

  it('every value is a non-empty string and uses only placeholders the English text has', () => {
    const english = leaves(en);
    for (const [name, file] of Object.entries({ zhCN, zhTW, en })) {
      for (const [key, value] of leaves(file)) {
        expect(typeof value, `${name} ${key}`).toBe('string');
        // ra.boolean.null is a single space on purpose (an empty cell).
        if (key !== 'ra.boolean.null') expect((value as string).trim(), `${name} ${key}`).not.toBe('');
        for (const p of placeholders(value)) expect(placeholders(english.get(key)).has(p), `${name} ${key} ${p}`).toBe(true);
      }
    }
  });

  it('the Chinese ra texts are translated, not English left in place', () => {
    const english = leaves(englishMessages);
    const same = [...leaves(zhCN)].filter(
      ([key, value]) => key.startsWith('ra.') && value === english.get(key) && /[A-Za-z]{3}/.test(String(value).replace(/%\{\w+\}/g, '')),
    );
    expect(same).toEqual([]);
  });
});

describe('i18nProvider', () => {
  it('translates and interpolates in each language', () => {
    expect(createI18nProvider('zh-CN').translate('app.login.submit')).toBe('登录');
    expect(createI18nProvider('zh-CN').translate('app.title')).toBe('智文管理后台');
    expect(createI18nProvider('zh-TW').translate('ra.action.save')).toBe('儲存');
    expect(createI18nProvider('en').translate('ra.action.save')).toBe('Save');
    expect(createI18nProvider('zh-CN').translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 20, total: 95 })).toBe(
      '第 1-20 条，共 95 条',
    );
    expect(createI18nProvider('zh-CN').translate('ra.action.bulk_actions', { smart_count: 3 })).toBe('已选择 3 项');
    expect(createI18nProvider('en').translate('ra.action.bulk_actions', { smart_count: 1 })).toBe('1 item selected');
  });

  it('switches language and reports the switch so it can be stored', async () => {
    const switched: string[] = [];
    const provider = createI18nProvider('zh-CN', (language) => switched.push(language));
    expect(provider.translate('app.login.submit')).toBe('登录');
    await provider.changeLocale('zh-TW');
    expect(provider.translate('app.login.submit')).toBe('登入');
    expect(provider.getLocale()).toBe('zh-TW');
    await provider.changeLocale('en');
    expect(provider.translate('app.login.submit')).toBe('Sign in');
    expect(switched).toEqual(['zh-TW', 'en']);
  });

  it('offers the three languages by their own names', () => {
    expect(createI18nProvider('zh-CN').getLocales?.()).toEqual([
      { locale: 'zh-CN', name: '简体中文' },
      { locale: 'zh-TW', name: '繁體中文' },
      { locale: 'en', name: 'English' },
    ]);
    expect(Object.keys(messages)).toEqual(['zh-CN', 'zh-TW', 'en']);
  });
});
