import type { KvStore } from './kv-store';

interface Entry {
  value: string;
  expiresAt: number;
}

/** In-process store for a single server instance (the embedded default). */
export class MemoryKvStore implements KvStore {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(sweepEveryMs = 60_000) {
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs);
    this.sweeper.unref();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async get(key: string) {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs?: number) {
    this.entries.set(key, { value, expiresAt: ttlMs ? Date.now() + ttlMs : Number.POSITIVE_INFINITY });
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    if (this.live(key)) return false;
    await this.set(key, value, ttlMs);
    return true;
  }

  async del(key: string) {
    this.entries.delete(key);
  }

  async increment(key: string, ttlMs: number) {
    const entry = this.live(key);
    const count = entry ? Number(entry.value) + 1 : 1;
    this.entries.set(key, { value: String(count), expiresAt: entry?.expiresAt ?? Date.now() + ttlMs });
    return count;
  }

  close() {
    clearInterval(this.sweeper);
    this.entries.clear();
  }

  private sweep() {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
