import { DEFAULT_LANGUAGE, type Language } from '@zhiwen/shared';
import { zhCN, type MessageKey, type Messages } from './zh-CN';

export type { MessageKey, Messages };

/** Tables by language; zh-TW and en join here when the site is translated (missing ones fall back to zh-CN). */
const TABLES: Partial<Record<Language, Messages>> = { 'zh-CN': zhCN };

/** The site is Chinese only for now; the language is sent as Accept-Language so server messages match. */
export const siteLanguage: Language = DEFAULT_LANGUAGE;

/** The text of `key` with `{name}` placeholders filled. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const text: string = (TABLES[siteLanguage] ?? zhCN)[key] ?? key;
  return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text;
}
