import type { Language } from '@zhiwen/shared';
import { requestContext } from '../context/request-context';
import { en } from './messages.en';
import { zhCN, type MessageKey } from './messages.zh-CN';
import { zhTW } from './messages.zh-TW';

export type { MessageKey };
export type MessageArgs = Record<string, string | number | undefined> | Array<string | number>;

const catalogs: Record<Language, Record<string, string>> = { 'zh-CN': zhCN, 'zh-TW': zhTW, en };
/** Staff-edited texts (`sys_i18n_dict`) layered over the catalogs; see overrideMessages. */
const overrides: Record<Language, Record<string, string>> = { 'zh-CN': {}, 'zh-TW': {}, en: {} };

/** A module's messages: zh-TW and en must have exactly the keys of zh-CN (checked by the compiler). */
export function defineMessages<K extends string>(messages: { 'zh-CN': Record<K, string>; 'zh-TW': Record<K, string>; en: Record<K, string> }) {
  registerMessages(messages);
  return messages;
}

/**
 * Catalog entries added by feature modules (they register their own keys at load time). The key space is shared:
 * a key another module already defined with a different text is refused, so one module cannot reword another's.
 */
export function registerMessages(messages: Partial<Record<Language, Record<string, string>>>): void {
  for (const [lang, entries] of Object.entries(messages) as Array<[Language, Record<string, string>]>) {
    for (const [key, text] of Object.entries(entries)) {
      if (Object.hasOwn(catalogs[lang], key) && catalogs[lang][key] !== text) {
        throw new Error(`Message key "${key}" (${lang}) is already defined as "${catalogs[lang][key]}"; name the new one differently`);
      }
      catalogs[lang][key] = text;
    }
  }
}

/**
 * Replaces catalog texts of one language with staff-edited ones. Only keys the code catalogs know are taken;
 * each call replaces the previous overrides of that language (an empty map removes them all).
 */
export function overrideMessages(language: Language, entries: Record<string, string>): void {
  const known: Record<string, string> = Object.create(null);
  for (const [key, text] of Object.entries(entries)) {
    if (Object.hasOwn(catalogs[language], key) || Object.hasOwn(catalogs['zh-CN'], key)) known[key] = text;
  }
  overrides[language] = known;
}

export function hasMessage(key: string, language: Language = requestContext.language()): boolean {
  return key in catalogs[language] || key in catalogs['zh-CN'];
}

/** Translates a message key into the current request's language (or the one given), filling `{name}` placeholders. */
export function t(key: MessageKey | string, args?: MessageArgs, language: Language = requestContext.language()): string {
  const template = overrides[language][key] ?? catalogs[language][key] ?? overrides['zh-CN'][key] ?? catalogs['zh-CN'][key] ?? key;
  if (!args) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = Array.isArray(args) ? args[Number(name)] : args[name];
    return value === undefined ? whole : String(value);
  });
}
