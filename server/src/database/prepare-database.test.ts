import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { withDatabase } from '../../test/helpers/database-server';
import { verifyPassword } from '../auth/password-hasher';
import { createDataSource } from './data-source';
import { MIGRATIONS } from './migrations';
import { prepareDatabase } from './prepare-database';

const adminUrl = inject('pgAdminUrl');
const created: string[] = [];

async function admin(sql: string) {
  const c = new Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function emptyDatabase(): Promise<string> {
  const name = `${inject('pgTemplateDb')}_f_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE "${name}"`);
  created.push(name);
  return withDatabase(adminUrl, name);
}

async function query<T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows as T[];
  } finally {
    await c.end();
  }
}

afterAll(async () => {
  for (const name of created) await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

const log = () => undefined;

describe('prepareDatabase', () => {
  it('migrates an empty database once even when instances start together', async () => {
    const url = await emptyDatabase();
    const results = await Promise.all([prepareDatabase(url, { log }), prepareDatabase(url, { log }), prepareDatabase(url, { log })]);
    expect(results.map((r) => r.migrations.length).sort()).toEqual([0, 0, MIGRATIONS.length]);
    const applied = await query<{ name: string }>(url, 'SELECT name FROM typeorm_migrations');
    expect(applied).toHaveLength(MIGRATIONS.length);
  });

  it('seeds once and keeps values staff changed', async () => {
    const url = await emptyDatabase();
    await prepareDatabase(url, { log });
    const [{ count }] = await query<{ count: string }>(url, 'SELECT count(*) FROM sys_config');
    expect(Number(count)).toBeGreaterThan(0);
    const captcha = await query<{ config_value: string }>(url, "SELECT config_value FROM sys_config WHERE config_key = 'sys.account.captchaEnabled'");
    expect(captcha).toEqual([{ config_value: 'true' }]);
    await query(url, "UPDATE sys_config SET config_value = 'false' WHERE config_key = 'sys.account.captchaEnabled'");
    await prepareDatabase(url, { log });
    const again = await query<{ count: string }>(url, 'SELECT count(*) FROM sys_config');
    expect(again[0].count).toBe(count);
    const kept = await query<{ config_value: string }>(url, "SELECT config_value FROM sys_config WHERE config_key = 'sys.account.captchaEnabled'");
    expect(kept).toEqual([{ config_value: 'false' }]);
  });

  it('creates the super administrator once, announcing a generated password that works and must be changed', async () => {
    const url = await emptyDatabase();
    const announced: string[] = [];
    await prepareDatabase(url, { log, announce: (m) => announced.push(m) });
    expect(announced).toHaveLength(1);
    const password = /password: (\S+)/.exec(announced[0])![1];
    const [admin] = await query<{ password: string; force_modify_pwd: boolean }>(
      url,
      "SELECT password, force_modify_pwd FROM sys_user WHERE user_name = 'admin'",
    );
    expect(await verifyPassword(admin.password, password)).toBe(true);
    expect(admin.force_modify_pwd).toBe(true);
    const roles = await query<{ role_key: string }>(
      url,
      "SELECT r.role_key FROM sys_user_role ur JOIN sys_role r USING (role_id) JOIN sys_user u USING (user_id) WHERE u.user_name = 'admin'",
    );
    expect(roles).toEqual([{ role_key: 'admin' }]);
    await prepareDatabase(url, { log, announce: (m) => announced.push(m) });
    expect(announced).toHaveLength(1);
  });

  it('takes the first admin password from ADMIN_PASSWORD without announcing it', async () => {
    const url = await emptyDatabase();
    const announced: string[] = [];
    await prepareDatabase(url, { log, adminPassword: 'Given2026pw', announce: (m) => announced.push(m) });
    expect(announced).toEqual([]);
    const [admin] = await query<{ password: string; force_modify_pwd: boolean }>(
      url,
      "SELECT password, force_modify_pwd FROM sys_user WHERE user_name = 'admin'",
    );
    expect(await verifyPassword(admin.password, 'Given2026pw')).toBe(true);
    expect(admin.force_modify_pwd).toBe(false);
  });

  it('can revert every migration and apply them again', async () => {
    const url = await emptyDatabase();
    await prepareDatabase(url, { log });
    const ds = createDataSource(url);
    await ds.initialize();
    try {
      for (let i = 0; i < MIGRATIONS.length; i++) await ds.undoLastMigration({ transaction: 'each' });
      const tables = await ds.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'typeorm_migrations'");
      expect(tables).toEqual([]);
      const reapplied = await ds.runMigrations({ transaction: 'each' });
      expect(reapplied).toHaveLength(MIGRATIONS.length);
    } finally {
      await ds.destroy();
    }
  });
});
