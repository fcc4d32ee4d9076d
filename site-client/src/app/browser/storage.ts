/** sessionStorage / localStorage behind a replaceable store (tests, or storage blocked in privacy mode). */
export type StoreKind = 'session' | 'local';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryStore(): KeyValueStore {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}

const overrides: Partial<Record<StoreKind, KeyValueStore>> = {};
// When the browser refuses storage, keep values for this page's life rather than failing.
const fallbacks: Record<StoreKind, KeyValueStore> = { session: memoryStore(), local: memoryStore() };

export function browserStore(kind: StoreKind): KeyValueStore {
  const override = overrides[kind];
  if (override) return override;
  try {
    const store = kind === 'session' ? globalThis.sessionStorage : globalThis.localStorage;
    if (store) return store;
  } catch {
    /* access denied */
  }
  return fallbacks[kind];
}

/** Replaces a store (tests); without a store, back to the browser's. */
export function setBrowserStore(kind: StoreKind, store?: KeyValueStore): void {
  if (store) overrides[kind] = store;
  else delete overrides[kind];
}
