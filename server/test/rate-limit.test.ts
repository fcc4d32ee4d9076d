import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import Redis from 'ioredis';
import { ConventionsFixtureModule, FIXTURE_TABLE_SQL } from './fixtures/conventions.fixture';
import { createTestDatabase } from './helpers/test-database';
import { startTestApp, type TestApp } from './helpers/test-app';
import { DataSource } from 'typeorm';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const apps: TestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});

async function flushThrottleKeys() {
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys('zhiwen:throttle:*');
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}

describe('global rate limit', () => {
  it('answers HTTP 429 with a localized message past the per-minute limit across routes, but never throttles health', async () => {
    const t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' }, imports: [ConventionsFixtureModule] });
    apps.push(t);
    const statuses: number[] = [];
    for (const url of ['/prod-api/fixture/warn', '/prod-api/fixture/boom', '/prod-api/fixture/private', '/prod-api/fixture/warn']) {
      statuses.push((await request(t.server).get(url)).status);
    }
    expect(statuses).toEqual([400, 500, 401, 429]);
    const limited = await request(t.server).get('/prod-api/fixture/boom').set('Accept-Language', 'zh-TW');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 500, msg: '請求過於頻繁，請稍後再試' });
    for (let i = 0; i < 5; i++) expect((await request(t.server).get('/prod-api/health')).status).toBe(200);
  });

  it('holds across server instances sharing Redis, as do repeat-submit marks', async () => {
    await flushThrottleKeys();
    const db = await createTestDatabase();
    const ds = new DataSource({ type: 'postgres', url: db.url });
    await ds.initialize();
    await ds.query(FIXTURE_TABLE_SQL);
    await ds.destroy();
    const env = { RATE_LIMIT_PER_MINUTE: '4', REDIS_URL };
    const a = await startTestApp({ env, db, imports: [ConventionsFixtureModule] });
    const b = await startTestApp({ env, db, imports: [ConventionsFixtureModule] });
    apps.push(a, b);
    try {
      const body = { name: `cross-${Date.now()}` };
      expect((await request(a.server).post('/prod-api/fixture/items').send(body)).status).toBe(201);
      const repeat = await request(b.server).post('/prod-api/fixture/items').send(body);
      expect(repeat.status).toBe(409);
      expect((await request(a.server).get('/prod-api/fixture/items/list')).status).toBe(200);
      expect((await request(b.server).get('/prod-api/fixture/items/list')).status).toBe(200);
      const fifth = await request(a.server).get('/prod-api/fixture/items/list');
      expect(fifth.status).toBe(429);
    } finally {
      await a.close();
      await b.close();
      apps.splice(apps.indexOf(a), 2);
      await db.drop();
      await flushThrottleKeys();
    }
  });
});
