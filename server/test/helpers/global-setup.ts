import { Client } from 'pg';
import PgBoss from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../../src/database/prepare-database';
import { acquireTestServer, TEMPLATE_DB, withDatabase } from './database-server';
import { TEST_ADMIN_PASSWORD } from './staff';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplateDb: string;
  }
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Builds one template database from the migrations, seeds and queue schema; each test file copies it. */
export default async function setup(project: TestProject) {
  const { adminUrl, embedded } = await acquireTestServer();
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
  await adminQuery(adminUrl, `CREATE DATABASE ${TEMPLATE_DB}`);
  const templateUrl = withDatabase(adminUrl, TEMPLATE_DB);
  await prepareDatabase(templateUrl, { log: () => undefined, adminPassword: TEST_ADMIN_PASSWORD });
  const boss = new PgBoss({ connectionString: templateUrl, schema: 'pgboss', supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, wait: true, close: true });
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplateDb', TEMPLATE_DB);

  return async () => {
    // Drop the databases this run left behind (a crashed file may not have dropped its own).
    const client = new Client({ connectionString: adminUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`, [
        TEMPLATE_DB,
        `${TEMPLATE_DB}_f_%`,
      ]);
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
    await embedded?.stop();
  };
}
