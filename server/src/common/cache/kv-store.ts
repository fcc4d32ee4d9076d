/** Small key-value store for short-lived server state (repeat-submit marks, captcha answers, sessions). */
export interface KvStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Sets the key only if it does not exist; true when this call set it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  del(key: string): Promise<void>;
  /** Adds 1 and returns the new count; the TTL starts with the first increment. */
  increment(key: string, ttlMs: number): Promise<number>;
  /** Every live entry whose key starts with `prefix` (for listing sessions; not for hot paths). */
  entries(prefix: string): Promise<Array<[string, string]>>;
}

export const KV_STORE = Symbol('KV_STORE');
export const REDIS_CLIENT = Symbol('REDIS_CLIENT');
