import { CHECK_ORDER_STATUSES } from '@zhiwen/shared';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-database';
import { ORDER_STATUSES } from './check-order.status';

let db: TestDatabase;
let client: Client;

beforeAll(async () => {
  db = await createTestDatabase();
  client = new Client({ connectionString: db.url });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await db?.drop();
});

describe('order statuses', () => {
  it('the shared list is exactly what the check_order CHECK constraint allows, and the server uses it', async () => {
    const { rows } = await client.query<{ def: string }>(
      `SELECT pg_get_constraintdef(c.oid) AS def FROM pg_constraint c
       WHERE c.conrelid = 'check_order'::regclass AND c.contype = 'c' AND pg_get_constraintdef(c.oid) LIKE '%status%'`,
    );
    expect(rows).toHaveLength(1);
    // e.g. CHECK (((status)::text = ANY ((ARRAY['created'::character varying, ...])::text[])))
    const allowed = [...rows[0].def.matchAll(/'([^']+)'::/g)].map((m) => m[1]);
    expect(allowed.length).toBeGreaterThan(0);
    expect([...allowed].sort()).toEqual([...CHECK_ORDER_STATUSES].sort());
    expect(ORDER_STATUSES).toBe(CHECK_ORDER_STATUSES);
  });

  it('the seeded dictionary check_order_status labels the same states', async () => {
    const { rows } = await client.query<{ v: string }>(`SELECT dict_value AS v FROM sys_dict_data WHERE dict_type = 'check_order_status'`);
    expect(rows.map((r) => r.v).sort()).toEqual([...CHECK_ORDER_STATUSES].sort());
  });
});
