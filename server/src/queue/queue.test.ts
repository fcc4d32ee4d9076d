import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../app.module';
import { loadConfig } from '../common/config/app-config';
import { FIXTURE_TABLE_SQL } from '../../test/fixtures/conventions.fixture';
import { ECHO_JOB, QueueFixtureModule } from '../../test/fixtures/queue.fixture';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';
import { QueueService } from './queue.service';

let db: TestDatabase;
let api: TestApp;
let worker: INestApplicationContext | undefined;
let ds: DataSource;

async function waitFor<T>(probe: () => Promise<T>, until: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  let value = await probe();
  while (!until(value) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 200));
    value = await probe();
  }
  return value;
}

beforeAll(async () => {
  db = await createTestDatabase();
  ds = new DataSource({ type: 'postgres', url: db.url });
  await ds.initialize();
  await ds.query(FIXTURE_TABLE_SQL);
  // The API of a scaled-out deployment: it enqueues, workers run the jobs.
  api = await startTestApp({ db, env: { JOBS_IN_API: 'false' }, imports: [QueueFixtureModule] });
});

afterAll(async () => {
  await worker?.close();
  await api?.close();
  await ds?.destroy();
  await db?.drop();
});

describe('background jobs (pg-boss)', () => {
  it('keeps a job queued in PostgreSQL until a worker process runs it', async () => {
    const queue = api.app.get(QueueService);
    const id = await queue.send(ECHO_JOB, { name: 'from-api' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await queue.jobState(ECHO_JOB, id)).toBe('created');

    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WORKER: '1' }, { databaseUrl: db.url });
    worker = await NestFactory.createApplicationContext(
      AppModule.forRoot({ config, databaseUrl: db.url, http: false, imports: [QueueFixtureModule] }),
      { logger: false },
    );
    await worker.init();
    const state = await waitFor(
      () => queue.jobState(ECHO_JOB, id),
      (s) => s === 'completed',
    );
    expect(state).toBe('completed');
    const rows = await ds.query('SELECT name FROM fixture_item');
    expect(rows).toEqual([{ name: 'from-api' }]);
  });

  it('runs jobs in the API process itself on the embedded default', async () => {
    const solo = await startTestApp({ db, imports: [QueueFixtureModule] });
    try {
      const queue = solo.app.get(QueueService);
      const id = await queue.send(ECHO_JOB, { name: 'solo' });
      expect(
        await waitFor(
          () => queue.jobState(ECHO_JOB, id),
          (s) => s === 'completed',
        ),
      ).toBe('completed');
    } finally {
      await solo.close();
    }
  });
});
