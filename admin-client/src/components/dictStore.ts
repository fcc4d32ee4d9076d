import type { ApiResult } from '@zhiwen/shared';

/** A choice of a dictionary loaded from the server: `name` is the label already in the UI language (not a key). */
export interface LoadedDictChoice {
  id: string;
  name: string;
}

/** One entry of `GET /system/dict/data/type/{type}`. */
interface DictItem {
  dictValue: string;
  dictLabel: string;
}

export interface DictStore {
  /** The choices of a type (enabled entries in sort order), fetched once per type and language. */
  load(type: string): Promise<LoadedDictChoice[]>;
  /** The choices already loaded, or undefined. */
  peek(type: string): LoadedDictChoice[] | undefined;
  /** Forgets the listed types (every type without a list), so the next use fetches again; screens reload. */
  invalidate(types?: string[]): void;
  subscribe(listener: () => void): () => void;
}

/**
 * Dictionaries as staff edit them (spec 3: entries cached per type). The server answers labels in the request's
 * language (its i18n entries), so the cache is per type and language. A failed fetch is not cached.
 */
export function createDictStore(get: (url: string) => Promise<ApiResult<DictItem[]>>, language: () => string): DictStore {
  const loading = new Map<string, Promise<LoadedDictChoice[]>>();
  const loaded = new Map<string, LoadedDictChoice[]>();
  const listeners = new Set<() => void>();
  const keyOf = (type: string) => `${language()}\u0000${type}`;
  const typeOf = (key: string) => key.slice(key.indexOf('\u0000') + 1);

  return {
    load(type) {
      const key = keyOf(type);
      let pending = loading.get(key);
      if (!pending) {
        pending = get(`/system/dict/data/type/${encodeURIComponent(type)}`).then(
          ({ data }) => {
            const choices = (data ?? []).map((d) => ({ id: String(d.dictValue), name: d.dictLabel }));
            if (loading.get(key) === pending) {
              loaded.set(key, choices);
              for (const listener of listeners) listener();
            }
            return choices;
          },
          (error: unknown) => {
            if (loading.get(key) === pending) loading.delete(key);
            throw error;
          },
        );
        loading.set(key, pending);
      }
      return pending;
    },
    peek: (type) => loaded.get(keyOf(type)),
    invalidate(types) {
      for (const key of [...loading.keys()]) {
        if (!types || types.includes(typeOf(key))) {
          loading.delete(key);
          loaded.delete(key);
        }
      }
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
