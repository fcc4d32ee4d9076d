import type Redis from 'ioredis';
import type { KvStore } from './kv-store';

/** Store shared by every server instance through Redis. */
export class RedisKvStore implements KvStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'zhiwen:',
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

  async increment(key: string, ttlMs: number) {
    const k = this.prefix + key;
    const [[, count]] = (await this.redis.multi().incr(k).pexpire(k, ttlMs, 'NX').exec()) as [[null, number], unknown];
    return count;
  }
}
