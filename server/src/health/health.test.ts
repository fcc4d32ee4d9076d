import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /prod-api/health', () => {
  it('reports the database and queue up, Redis disabled, without a token', async () => {
    t = await startTestApp();
    const res = await request(t.server).get('/prod-api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: 200,
      msg: '操作成功',
      data: { status: 'up', components: { database: { status: 'up', embedded: false }, redis: { status: 'disabled' }, queue: { status: 'up' } } },
    });
    expect(res.body.data.components.database.latencyMs).toBeGreaterThanOrEqual(0);
    // API answers carry no ETag: hashing every body cost more than the rare revalidation saves.
    expect(res.headers.etag).toBeUndefined();
  });

  it('checks Redis when REDIS_URL is set', async () => {
    t = await startTestApp({ env: { REDIS_URL } });
    const res = await request(t.server).get('/prod-api/health');
    expect(res.body.data.components.redis.status).toBe('up');
  });

  it('answers 503 with the report when a component is down', async () => {
    t = await startTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    const res = await request(t.server).get('/prod-api/health').set('Accept-Language', 'en');
    expect(res.status).toBe(503);
    expect(res.body.code).toBe(503);
    expect(res.body.msg).toBe('Service temporarily unavailable, please try again later');
    expect(res.body.data.report.components.redis.status).toBe('down');
    expect(res.body.data.report.components.database.status).toBe('up');
    // Why Redis is down, without its address.
    expect(res.body.data.report.components.redis.error).toBeTruthy();
    expect(res.text).not.toContain('127.0.0.1');
  });
});
