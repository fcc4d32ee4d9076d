import { LANGUAGES, type Language } from '@zhiwen/shared';
import type { KvStore } from '../../common/cache/kv-store';

// Entries of a dictionary by type and language (`GET /system/dict/data/type/{type}`), kept in the shared store so
// every instance sees an eviction at once. Changes to a type, its entries or its translations evict it.
const PREFIX = 'dict:data:';
/** Upper bound on staleness after changes made outside the API (SQL); the API evicts at once. */
export const DICT_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

export const dictCacheKey = (dictType: string, language: Language) => `${PREFIX}${language}:${dictType}`;

/** Drops the cached entries of these types in every language. */
export async function evictDictTypes(store: KvStore, dictTypes: Iterable<string>): Promise<void> {
  for (const dictType of new Set(dictTypes)) {
    for (const language of LANGUAGES) await store.del(dictCacheKey(dictType, language));
  }
}

/** Drops every cached dictionary. */
export async function evictAllDicts(store: KvStore): Promise<void> {
  for (const [key] of await store.entries(PREFIX)) await store.del(key);
}

/** Translation key of an entry's label (`dict.<type>.<value>`) and of a type's name (`dict.type.<type>`). */
export const dictLabelKey = (dictType: string, dictValue: string) => `dict.${dictType}.${dictValue}`;
export const dictNameKey = (dictType: string) => `dict.type.${dictType}`;

/** The dictionary type whose cached entries a translation key can change (`dict.<type>.<value>`), or null. */
export function dictTypeOfKey(langKey: string): string | null {
  return /^dict\.([^.]+)\./.exec(langKey)?.[1] ?? null;
}
