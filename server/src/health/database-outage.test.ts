import net from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database';
import { tokenOf } from '../../test/helpers/staff';

/**
 * A database that goes away under the running server (issue 15): the app reaches PostgreSQL through a TCP relay the
 * test can cut, as a stopped server or a lost network would. Every route answers 503 with code 503 meanwhile, the
 * health report names no address, and the app recovers by itself once the database answers again.
 */

/** A TCP relay to PostgreSQL: `down()` drops every connection and refuses new ones, `up()` listens again. */
async function relayTo(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const up = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', () => undefined);
          s.on('close', () => sockets.delete(s));
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server!.close(() => resolve());
    });
  await up();
  return { port: () => port, up, down };
}

const UNAVAILABLE = { code: 503, msg: '服务暂不可用，请稍后再试' };

let t: TestApp;
let db: TestDatabase;
let relay: Awaited<ReturnType<typeof relayTo>>;
let token: string;

beforeAll(async () => {
  db = await createTestDatabase();
  relay = await relayTo(new URL(db.url));
  const url = new URL(db.url);
  url.hostname = '127.0.0.1';
  url.port = String(relay.port());
  t = await startTestApp({ db: { ...db, url: url.toString() } });
  token = await tokenOf(t.app);
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

describe('the database going away under a running server', () => {
  it('answers 503 with code 503 on every route while it is away, a health report without addresses, and recovers', async () => {
    const before = await request(t.server).get('/prod-api/system/config/list').set('Authorization', `Bearer ${token}`);
    expect(before.status).toBe(200);

    await relay.down();

    const health = await request(t.server).get('/prod-api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ ...UNAVAILABLE, data: { report: { status: 'down', components: { database: { status: 'down' } } } } });
    expect(health.body.data.report.components.database.error).toBeTruthy();
    expect(health.text).not.toContain('127.0.0.1');
    expect(health.text).not.toContain(`:${relay.port()}`);

    const list = await request(t.server).get('/prod-api/system/config/list').set('Authorization', `Bearer ${token}`);
    expect(list.status).toBe(503);
    expect(list.body).toEqual(UNAVAILABLE);

    const write = await request(t.server)
      .post('/prod-api/system/config')
      .set('Authorization', `Bearer ${token}`)
      .send({ configName: 'outage', configKey: 'test.outage', configValue: '1' });
    expect(write.status).toBe(503);
    expect(write.body).toEqual(UNAVAILABLE);

    const english = await request(t.server).get('/prod-api/system/user/list').set('Authorization', `Bearer ${token}`).set('Accept-Language', 'en');
    expect(english.status).toBe(503);
    expect(english.body).toEqual({ code: 503, msg: 'Service temporarily unavailable, please try again later' });

    await relay.up();

    // The pool connects anew on the next request; the queue's error is forgotten once its database answers.
    const after = await request(t.server).get('/prod-api/system/config/list').set('Authorization', `Bearer ${token}`);
    expect(after.status).toBe(200);
    const healthAfter = await request(t.server).get('/prod-api/health');
    expect(healthAfter.status, healthAfter.text).toBe(200);
    expect(healthAfter.body.data.components).toMatchObject({ database: { status: 'up' }, queue: { status: 'up' } });
  });
});
