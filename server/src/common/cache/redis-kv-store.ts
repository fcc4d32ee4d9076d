import type Redis from 'ioredis';
import type { KvStore } from './kv-store';

/** Store shared by every server instance through Redis. */
export class RedisKvStore implements KvStore {
  constructor(
    private readonly redis: Redis,
    /** Namespace of every key in Redis (the cache monitor lists and clears only keys under it). */
    readonly prefix = 'zhiwen:',
  ) {}

  async get(key: string) {
    return this.redis.get(this.prefix + key);
  }

  async set(key: string, value: string, ttlMs?: number) {
    if (ttlMs) await this.redis.set(this.prefix + key, value, 'PX', ttlMs);
    else await this.redis.set(this.prefix + key, value);
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    return (await this.redis.set(this.prefix + key, value, 'PX', ttlMs, 'NX')) === 'OK';
  }

  async del(key: string) {
    await this.redis.del(this.prefix + key);
  }

  async entries(prefix: string) {
    const out: Array<[string, string]> = [];
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.prefix}${prefix.replace(/[*?[\]]/g, '\\$&')}*`, 'COUNT', 200);
      cursor = next;
      if (keys.length) {
        const values = await this.redis.mget(...keys);
        keys.forEach((k, i) => {
          if (values[i] !== null) out.push([k.slice(this.prefix.length), values[i]!]);
        });
      }
    } while (cursor !== '0');
    return out;
  }

  async increment(key: string, ttlMs: number) {
    const k = this.prefix + key;
    const [[, count]] = (await this.redis.multi().incr(k).pexpire(k, ttlMs, 'NX').exec()) as [[null, number], unknown];
    return count;
  }
}
