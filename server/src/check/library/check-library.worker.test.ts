import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../../app.module';
import { loadConfig } from '../../common/config/app-config';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { PARAGRAPHS } from '../engine/match/test-fixtures';

let api: TestApp;
let worker: INestApplicationContext | undefined;

beforeAll(async () => {
  // A scaled-out deployment: the API only enqueues, a worker process runs the jobs.
  api = await startTestApp({ env: { JOBS_IN_API: 'false' } });
});
afterAll(async () => {
  await worker?.close();
  await api?.close();
});

describe('indexing in a worker process', () => {
  it('leaves an upload pending until a worker (no HTTP) indexes it', async () => {
    const token = await tokenOf(api.app);
    const ds = api.app.get(DataSource);
    const [{ library_id }] = await ds.query(`SELECT library_id::text FROM check_library WHERE library_code = 'reference'`);
    const res = await request(api.server)
      .post('/prod-api/check/document/upload')
      .set('Authorization', `Bearer ${token}`)
      .field('libraryId', library_id)
      .attach('file', Buffer.from(PARAGRAPHS[0], 'utf8'), 'huanghe.txt');
    const docId = res.body.data[0].docId as number;
    const status = async () => (await ds.query(`SELECT status FROM check_document WHERE doc_id = $1`, [docId]))[0].status as string;
    await new Promise((r) => setTimeout(r, 1500));
    expect(await status()).toBe('pending');

    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WORKER: '1' }, { databaseUrl: api.db.url, storage: api.config.storage });
    worker = await NestFactory.createApplicationContext(AppModule.forRoot({ config, databaseUrl: api.db.url, http: false }), { logger: false });
    await worker.init();
    const end = Date.now() + 20_000;
    while ((await status()) !== 'indexed' && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
    expect(await status()).toBe('indexed');
    expect((await ds.query(`SELECT count(*)::int AS n FROM check_fingerprint WHERE doc_id = $1`, [docId]))[0].n).toBeGreaterThan(0);
  });
});
