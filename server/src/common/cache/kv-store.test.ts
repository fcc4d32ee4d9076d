import Redis from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { KvStore } from './kv-store';
import { MemoryKvStore } from './memory-kv-store';
import { RedisKvStore } from './redis-kv-store';
import { RedisThrottlerStorage } from './redis-throttler-storage';

const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
const memory = new MemoryKvStore();
const prefix = `test:${process.pid}:${Date.now()}:`;
afterAll(async () => {
  memory.close();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each([
  ['memory', () => memory as KvStore],
  ['redis', () => new RedisKvStore(redis, prefix) as KvStore],
])('%s store', (_name, make) => {
  it('sets, reads, expires and deletes values', async () => {
    const store = make();
    await store.set('a', '1', 80);
    await store.set('forever', 'x');
    expect(await store.get('a')).toBe('1');
    await sleep(120);
    expect(await store.get('a')).toBeNull();
    expect(await store.get('forever')).toBe('x');
    await store.del('forever');
    expect(await store.get('forever')).toBeNull();
  });

  it('sets a key only once within its lifetime', async () => {
    const store = make();
    expect(await store.setIfAbsent('once', '1', 100)).toBe(true);
    expect(await store.setIfAbsent('once', '2', 100)).toBe(false);
    expect(await store.get('once')).toBe('1');
    await sleep(150);
    expect(await store.setIfAbsent('once', '3', 100)).toBe(true);
  });

  it('lists live entries by key prefix', async () => {
    const store = make();
    await store.set('session:a', '1', 10_000);
    await store.set('session:b', '2', 10_000);
    await store.set('session:gone', '3', 20);
    await store.set('other:c', '4', 10_000);
    await sleep(50);
    expect((await store.entries('session:')).sort()).toEqual([
      ['session:a', '1'],
      ['session:b', '2'],
    ]);
  });

  it('counts within a window that starts at the first increment', async () => {
    const store = make();
    expect(await store.increment('n', 100)).toBe(1);
    expect(await store.increment('n', 100)).toBe(2);
    expect(await store.increment('n', 100)).toBe(3);
    await sleep(150);
    expect(await store.increment('n', 100)).toBe(1);
  });
});

describe('Redis throttler storage', () => {
  it('counts hits per key and blocks past the limit until the block expires', async () => {
    const storage = new RedisThrottlerStorage(redis, prefix);
    const hit = () => storage.increment('1.2.3.4', 60_000, 2, 1_000, 'default');
    expect(await hit()).toMatchObject({ totalHits: 1, isBlocked: false });
    expect(await hit()).toMatchObject({ totalHits: 2, isBlocked: false });
    const third = await hit();
    expect(third).toMatchObject({ totalHits: 3, isBlocked: true, timeToBlockExpire: 1 });
    expect(third.timeToExpire).toBeGreaterThan(55);
    expect((await storage.increment('5.6.7.8', 60_000, 2, 1_000, 'default')).totalHits).toBe(1);
  });
});
