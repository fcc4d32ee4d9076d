import type { KvStore } from './kv-store';

interface Entry {
  value: string;
  expiresAt: number;
}

/** In-process store for a single server instance (the embedded default). */
export class MemoryKvStore implements KvStore {
  private readonly items = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(sweepEveryMs = 60_000) {
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs);
    this.sweeper.unref();
  }

  private live(key: string): Entry | undefined {
    const entry = this.items.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      this.items.delete(key);
      return undefined;
    }
    return entry;
  }

  async get(key: string) {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs?: number) {
    this.items.set(key, { value, expiresAt: ttlMs ? Date.now() + ttlMs : Number.POSITIVE_INFINITY });
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    if (this.live(key)) return false;
    await this.set(key, value, ttlMs);
    return true;
  }

  async del(key: string) {
    this.items.delete(key);
  }

  async increment(key: string, ttlMs: number) {
    const entry = this.live(key);
    const count = entry ? Number(entry.value) + 1 : 1;
    this.items.set(key, { value: String(count), expiresAt: entry?.expiresAt ?? Date.now() + ttlMs });
    return count;
  }

  async entries(prefix: string) {
    const out: Array<[string, string]> = [];
    for (const key of [...this.items.keys()]) {
      const entry = key.startsWith(prefix) ? this.live(key) : undefined;
      if (entry) out.push([key, entry.value]);
    }
    return out;
  }

  /** Live entries under `prefix` with their expiry (ms since epoch, null for none), for the cache monitor. */
  inspect(prefix: string): Array<{ key: string; value: string; expiresAt: number | null }> {
    const out: Array<{ key: string; value: string; expiresAt: number | null }> = [];
    for (const key of [...this.items.keys()]) {
      const entry = key.startsWith(prefix) ? this.live(key) : undefined;
      if (entry) out.push({ key, value: entry.value, expiresAt: Number.isFinite(entry.expiresAt) ? entry.expiresAt : null });
    }
    return out;
  }

  close() {
    clearInterval(this.sweeper);
    this.items.clear();
  }

  private sweep() {
    const now = Date.now();
    for (const [key, entry] of this.items) if (entry.expiresAt <= now) this.items.delete(key);
  }
}
