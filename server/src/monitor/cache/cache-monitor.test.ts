import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Row } from '../../../test/helpers/api';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { KV_STORE, type KvStore } from '../../common/cache/kv-store';
import { BusinessType } from '../../common/decorators/oper-log.decorator';
import { maskValue, prefixById } from './cache-prefixes';
import { parseCommandStats, parseInfo } from './cache-monitor.service';
import { operLogRows } from '../../../test/helpers/oper-log';

// A database index of its own on the shared Redis, so clearing here never touches anyone else's keys.
const REDIS_URL = `${process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'}/11`;

async function lastOperLog(t: TestApp) {
  const [row] = await operLogRows(t, `SELECT title, business_type, request_method, oper_url, status FROM sys_oper_log ORDER BY oper_id DESC LIMIT 1`);
  return row as Row;
}

describe('cache monitor with Redis', () => {
  let t: TestApp;
  let redis: Redis;
  let admin: string;
  let store: KvStore;
  const http = api(() => t, { token: () => admin });

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    t = await startTestApp({ env: { REDIS_URL } });
    store = t.app.get(KV_STORE);
    admin = await tokenOf(t.app);
    await store.set('config:monitor.test', 'blue');
    await store.set('dict:data:zh-CN:monitor_test', JSON.stringify([{ dictLabel: '是', dictValue: 'Y' }]), 60_000);
    await store.set('captcha:monitor-uuid', 'x7k2', 60_000);
    // Keys that are not ours: inside our namespace under no known prefix, and outside it.
    await redis.set('zhiwen:foreign:1', 'keep');
    await redis.set('elsewhere:config:1', 'keep');
  });
  afterAll(async () => {
    await t?.close();
    await redis.flushdb(); // database 11 is this file's own
    await redis.quit();
  });

  it('parses INFO: version, memory, clients, hit rate, ops and the busiest commands', async () => {
    await store.get('config:monitor.test'); // a hit
    await store.get('config:monitor.absent'); // a miss
    const res = await http.get('/monitor/cache');
    expect(res.status).toBe(200);
    const d = res.body.data as Row;
    expect(d).toMatchObject({ store: 'redis', namespace: 'zhiwen:', memory: null });
    expect(d.redis.version).toMatch(/^\d+\.\d+/);
    expect(d.redis.usedMemoryBytes).toBeGreaterThan(0);
    expect(d.redis.peakMemoryBytes).toBeGreaterThanOrEqual(d.redis.usedMemoryBytes * 0.5);
    expect(d.redis.connectedClients).toBeGreaterThanOrEqual(2);
    expect(d.redis.keyspaceHits).toBeGreaterThanOrEqual(1);
    expect(d.redis.keyspaceMisses).toBeGreaterThanOrEqual(1);
    expect(d.redis.hitRate).toBeGreaterThan(0);
    expect(d.redis.hitRate).toBeLessThan(100);
    expect(d.redis.uptimeSeconds).toBeGreaterThan(0);
    expect(d.redis.dbSize).toBeGreaterThanOrEqual(6);
    expect(d.commandStats.length).toBeGreaterThan(0);
    expect(d.commandStats.length).toBeLessThanOrEqual(10);
    const calls = d.commandStats.map((c: Row) => c.calls);
    expect(calls).toEqual([...calls].sort((a, b) => b - a));
    expect(d.commandStats.map((c: Row) => c.name)).toContain('get');
  });

  it('lists our key groups with their counts (never keys of other prefixes)', async () => {
    const res = await http.get('/monitor/cache/getNames');
    const groups = Object.fromEntries((res.body.data as Row[]).map((g) => [g.id, g]));
    expect(groups.config).toMatchObject({ prefix: 'config:', cacheName: '参数设置', bytes: null });
    expect(groups.config.keys).toBeGreaterThanOrEqual(1);
    expect(groups['session-staff'].keys).toBe(1);
    expect(groups.captcha.keys).toBeGreaterThanOrEqual(1);
    expect(groups.dict.keys).toBe(1);
    expect(groups['rate-limit'].keys).toBeGreaterThanOrEqual(1); // the throttler counts this very request
    expect(Object.keys(groups)).not.toContain('foreign');
    const en = await http.lang('en').get('/monitor/cache/getNames');
    expect(en.body.data.find((g: Row) => g.id === 'session-staff').cacheName).toBe('Staff sessions');
  });

  it('lists the keys of a group with their time to live, and refuses an unknown group', async () => {
    const config = await http.get('/monitor/cache/getKeys/config');
    expect(config.body.data.truncated).toBe(false);
    expect(config.body.data.keys).toContainEqual({ cacheKey: 'config:monitor.test', ttlMs: null });
    const dict = await http.get('/monitor/cache/getKeys/dict');
    expect(dict.body.data.keys).toHaveLength(1);
    expect(dict.body.data.keys[0].cacheKey).toBe('dict:data:zh-CN:monitor_test');
    expect(dict.body.data.keys[0].ttlMs).toBeGreaterThan(50_000);
    expect(dict.body.data.keys[0].ttlMs).toBeLessThanOrEqual(60_000);
    const unknown = await http.get('/monitor/cache/getKeys/foreign');
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('缓存分组“foreign”不存在');
  });

  it('shows values with credentials masked: sessions without their token, captcha answers hidden', async () => {
    const sessions = (await http.get('/monitor/cache/getKeys/session-staff')).body.data.keys as Row[];
    const sessionKey = sessions[0].cacheKey as string;
    const tokenId = sessionKey.slice('session:staff:'.length);
    const session = await http.get(`/monitor/cache/getValue?key=${encodeURIComponent(sessionKey)}`);
    expect(session.status).toBe(200);
    expect(session.body.data).toMatchObject({ cacheKey: sessionKey, cacheName: '后台登录会话' });
    const shown = JSON.parse(session.body.data.cacheValue);
    expect(shown).toMatchObject({ userName: 'admin', realm: 'staff', tokenId: '******' });
    expect(session.body.data.cacheValue).not.toContain(tokenId);
    expect(session.body.data.cacheValue).not.toContain(admin);
    expect(session.body.data.ttlMs).toBeGreaterThan(0);

    const captcha = await http.get('/monitor/cache/getValue?key=captcha:monitor-uuid');
    expect(captcha.body.data.cacheValue).toBe('******');
    const config = await http.get('/monitor/cache/getValue?key=config:monitor.test');
    expect(config.body.data).toEqual({ cacheKey: 'config:monitor.test', cacheName: '参数设置', cacheValue: 'blue', ttlMs: null });
    const dict = await http.get('/monitor/cache/getValue?key=dict:data:zh-CN:monitor_test');
    expect(JSON.parse(dict.body.data.cacheValue)).toEqual([{ dictLabel: '是', dictValue: 'Y' }]);

    const foreign = await http.get('/monitor/cache/getValue?key=foreign:1');
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toBe('缓存键“foreign:1”不属于本系统的缓存分组');
    const gone = await http.get('/monitor/cache/getValue?key=config:monitor.absent');
    expect(gone.status).toBe(404);
    const empty = await http.get('/monitor/cache/getValue');
    expect(empty.status).toBe(400);
  });

  it('needs monitor:cache:clearCache to clear; a viewer may only look', async () => {
    await createRole(t.app, 'cacheview', ['monitor.cache']);
    await t.app.get(DataSource).query(
      `DELETE FROM sys_role_menu WHERE role_id = (SELECT role_id FROM sys_role WHERE role_key = 'cacheview')
         AND menu_id IN (SELECT menu_id FROM sys_menu WHERE perms = 'monitor:cache:clearCache')`,
    );
    await createStaffUser(t.app, { userName: 'cacheview1', password: 'Cacheview1', roles: ['cacheview'] });
    const viewer = await tokenOf(t.app, 'cacheview1', 'Cacheview1');
    expect((await http.as(viewer).get('/monitor/cache/getNames')).status).toBe(200);
    expect((await http.as(viewer).delete('/monitor/cache/clearCacheAll')).status).toBe(403);
    expect((await http.as(viewer).delete('/monitor/cache/clearCacheKey?key=config:monitor.test')).status).toBe(403);
    expect(await store.get('config:monitor.test')).toBe('blue');
    // The viewer's session is a second staff session now.
    expect((await http.get('/monitor/cache/getKeys/session-staff')).body.data.keys).toHaveLength(2);
  });

  it('deletes one key and clears one group, each in the operation log', async () => {
    const del = await http.delete('/monitor/cache/clearCacheKey?key=config:monitor.test');
    expect(del.status).toBe(200);
    expect(await store.get('config:monitor.test')).toBeNull();
    expect(await lastOperLog(t)).toMatchObject({ title: '缓存监控', business_type: BusinessType.DELETE, request_method: 'DELETE', status: 0 });
    expect((await http.delete('/monitor/cache/clearCacheKey?key=elsewhere:config:1')).status).toBe(400);

    await store.set('captcha:second', 'abcd', 60_000);
    const cleared = await http.delete('/monitor/cache/clearCacheName/captcha');
    expect(cleared.body.data).toEqual({ deleted: 2 });
    expect(await store.get('captcha:monitor-uuid')).toBeNull();
    expect(await lastOperLog(t)).toMatchObject({
      title: '缓存监控',
      business_type: BusinessType.CLEAN,
      oper_url: '/prod-api/monitor/cache/clearCacheName/captcha',
    });
    expect(await store.get('dict:data:zh-CN:monitor_test')).not.toBeNull();
  });

  it('clears all of ours and nothing else (SCAN and UNLINK, never FLUSHALL)', async () => {
    const res = await http.delete('/monitor/cache/clearCacheAll');
    expect(res.status).toBe(200);
    expect(res.body.data.deleted).toBeGreaterThanOrEqual(4);
    for (const prefix of ['config:', 'dict:data:', 'session:staff:', 'captcha:']) expect(await redis.keys(`zhiwen:${prefix}*`), prefix).toEqual([]);
    expect(await redis.get('zhiwen:foreign:1')).toBe('keep');
    expect(await redis.get('elsewhere:config:1')).toBe('keep');
    // Sessions were ours too: the token no longer opens one.
    expect((await http.get('/monitor/cache')).status).toBe(401);
  });
});

describe('cache monitor without Redis (the in-process memory store)', () => {
  let t: TestApp;
  let admin: string;
  let store: KvStore;
  const http = api(() => t, { token: () => admin });

  beforeAll(async () => {
    t = await startTestApp();
    store = t.app.get(KV_STORE);
    admin = await tokenOf(t.app);
    await store.set('config:monitor.test', 'blue');
    await store.set('config:monitor.short', 'x', 60_000);
    await store.set('repeat:abc', '1', 60_000);
    await store.set('foreign:1', 'keep');
  });
  afterAll(() => t?.close());

  it('answers the store kind and its size; no Redis figures', async () => {
    const res = await http.get('/monitor/cache');
    expect(res.body.data).toMatchObject({ store: 'memory', namespace: '', redis: null, commandStats: [] });
    expect(res.body.data.memory.keys).toBeGreaterThanOrEqual(5);
    expect(res.body.data.memory.bytes).toBeGreaterThan(50);
  });

  it('lists the groups with counts and sizes (no rate-limit group: the limiter keeps its own counts)', async () => {
    const groups = Object.fromEntries(((await http.get('/monitor/cache/getNames')).body.data as Row[]).map((g) => [g.id, g]));
    expect(groups['rate-limit']).toBeUndefined();
    expect(groups.config.keys).toBeGreaterThanOrEqual(2);
    expect(groups.config.bytes).toBeGreaterThan(0);
    expect(groups['session-staff'].keys).toBe(1);
    expect((await http.get('/monitor/cache/getKeys/rate-limit')).status).toBe(404);
    const keys = (await http.get('/monitor/cache/getKeys/config')).body.data.keys as Row[];
    expect(keys).toContainEqual({ cacheKey: 'config:monitor.test', ttlMs: null });
    const short = keys.find((k) => k.cacheKey === 'config:monitor.short')!;
    expect(short.ttlMs).toBeGreaterThan(50_000);
  });

  it('shows, deletes and clears like with Redis', async () => {
    const value = await http.get('/monitor/cache/getValue?key=config:monitor.test');
    expect(value.body.data).toEqual({ cacheKey: 'config:monitor.test', cacheName: '参数设置', cacheValue: 'blue', ttlMs: null });
    const sessionKey = (await http.get('/monitor/cache/getKeys/session-staff')).body.data.keys[0].cacheKey;
    const session = await http.get(`/monitor/cache/getValue?key=${encodeURIComponent(sessionKey)}`);
    expect(JSON.parse(session.body.data.cacheValue)).toMatchObject({ userName: 'admin', tokenId: '******' });

    expect((await http.delete('/monitor/cache/clearCacheKey?key=config:monitor.short')).status).toBe(200);
    expect(await store.get('config:monitor.short')).toBeNull();
    expect((await http.delete('/monitor/cache/clearCacheName/repeat-submit')).body.data.deleted).toBeGreaterThanOrEqual(1);
    expect(await store.get('repeat:abc')).toBeNull();
    const all = await http.delete('/monitor/cache/clearCacheAll');
    expect(all.body.data.deleted).toBeGreaterThanOrEqual(2);
    expect(await store.get('config:monitor.test')).toBeNull();
    expect(await store.get('foreign:1')).toBe('keep');
  });
});

describe('parsing and masking', () => {
  it('reads INFO fields and command statistics', () => {
    expect(parseInfo('# Server\r\nredis_version:7.2.4\r\nused_memory:1024\r\n\r\n# Keyspace\r\ndb0:keys=3,expires=1\r\n')).toEqual({
      redis_version: '7.2.4',
      used_memory: '1024',
      db0: 'keys=3,expires=1',
    });
    const stats = parseCommandStats(
      'cmdstat_get:calls=5,usec=10,usec_per_call=2.00,rejected_calls=0\r\ncmdstat_set:calls=9,usec=18,usec_per_call=2.00\r\ncmdstat_info:calls=1,usec=50,usec_per_call=50.00',
      2,
    );
    expect(stats).toEqual([
      { name: 'set', calls: 9, usecPerCall: 2 },
      { name: 'get', calls: 5, usecPerCall: 2 },
    ]);
  });

  it('masks credentials at any depth, hides secrets whole and a session that is not JSON', () => {
    const session = prefixById('session-member');
    const shown = JSON.parse(maskValue(session, JSON.stringify({ userName: 'm', tokenId: 't', wechat: { openid: 'o', unionId: 'u' }, apiKey: 'k' })));
    expect(shown).toEqual({ userName: 'm', tokenId: '******', wechat: { openid: '******', unionId: '******' }, apiKey: '******' });
    expect(maskValue(session, 'raw-token')).toBe('******');
    expect(maskValue(prefixById('captcha'), 'abcd')).toBe('******');
    expect(maskValue(prefixById('config'), 'plain')).toBe('plain');
  });
});
