import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-database';
import { closeCheckWorkerPools, warmUp } from './check-worker';

let db: TestDatabase;
let admin: Client;

beforeAll(async () => {
  db = await createTestDatabase();
  admin = new Client({ connectionString: db.url });
  await admin.connect();
});

afterAll(async () => {
  await closeCheckWorkerPools();
  await admin?.end();
  await db?.drop();
});

/** Open connections of the check pool to this test's database. */
async function checkConnections(): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'zhiwen-check-worker'`,
  );
  return rows[0]!.n;
}

describe('a check thread warmed up at start', () => {
  it('checks the sample paper, and leaves both database connections open for the first paper', async () => {
    expect(await checkConnections()).toBe(0);
    const ms = await warmUp({ databaseUrl: db.url });
    expect(ms).toBeGreaterThan(0);
    expect(await checkConnections()).toBe(2);
    // Still open after pg's default idle time-out (10 s) would have closed them: a check must not reconnect.
    await new Promise((resolve) => setTimeout(resolve, 10_500));
    expect(await checkConnections()).toBe(2);
    await closeCheckWorkerPools();
    await expect.poll(checkConnections).toBe(0);
  }, 30_000);

  it('fails when the database cannot be reached, for the server to log', async () => {
    await expect(warmUp({ databaseUrl: 'postgres://postgres@127.0.0.1:9/none' })).rejects.toThrow();
    await closeCheckWorkerPools();
  });
});
