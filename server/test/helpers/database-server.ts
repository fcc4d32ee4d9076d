import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../src/database/embedded-postgres';

export const TEMPLATE_DB = `zw_tmpl_${process.pid}`;

/** The PostgreSQL server tests use: DATABASE_URL when set (CI), else a private embedded cluster kept in the temp folder. */
export async function acquireTestServer(): Promise<{ adminUrl: string; embedded?: EmbeddedPostgresHandle }> {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL };
  const embedded = await startEmbeddedPostgres({
    dir: path.join(os.tmpdir(), `zhiwen-test-pg-${process.getuid?.() ?? 0}`, 'pg'),
    port: Number(process.env.TEST_EMBEDDED_PG_PORT ?? 54339),
    database: 'postgres',
  });
  return { adminUrl: embedded.url, embedded };
}

/** URL of another database on the same server. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
