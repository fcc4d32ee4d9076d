import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { hashPassword } from '../../src/auth/password-hasher';
import { KV_STORE, type KvStore } from '../../src/common/cache/kv-store';

/** Password of the seeded `admin` in test databases (the global setup seeds it). */
export const TEST_ADMIN_PASSWORD = 'Admin12345';

/** Solves a captcha the way a person reads it: the answer is taken from the server's own store. */
export async function solveCaptcha(app: INestApplication): Promise<{ uuid: string; code: string }> {
  const res = await request(app.getHttpServer()).get('/prod-api/captchaImage');
  const uuid = res.body.data.uuid as string;
  const code = (await app.get<KvStore>(KV_STORE).get(`captcha:${uuid}`)) ?? '';
  return { uuid, code };
}

export async function login(app: INestApplication, username: string, password: string, lang = 'zh-CN') {
  const captcha = await solveCaptcha(app);
  return request(app.getHttpServer())
    .post('/prod-api/login')
    .set('Accept-Language', lang)
    .send({ username, password, ...captcha });
}

/** Signs in and returns the token; fails the test when sign-in fails. */
export async function tokenOf(app: INestApplication, username = 'admin', password = TEST_ADMIN_PASSWORD): Promise<string> {
  const res = await login(app, username, password);
  if (res.body.code !== 200) throw new Error(`login of ${username} failed: ${JSON.stringify(res.body)}`);
  return res.body.data as string;
}

/** Creates a staff user with the given roles (by key) straight in the database; returns its id. */
export async function createStaffUser(
  app: INestApplication,
  user: { userName: string; password: string; email?: string; phonenumber?: string; roles?: string[]; status?: '0' | '1' },
): Promise<string> {
  const ds = app.get(DataSource);
  const [{ user_id }] = await ds.query(
    `INSERT INTO sys_user (user_name, nick_name, email, phonenumber, password, status, dept_id)
     VALUES ($1, $1, $2, $3, $4, $5, (SELECT min(dept_id) FROM sys_dept)) RETURNING user_id`,
    [user.userName, user.email ?? '', user.phonenumber ?? '', await hashPassword(user.password), user.status ?? '0'],
  );
  for (const key of user.roles ?? []) {
    await ds.query(`INSERT INTO sys_user_role (user_id, role_id) SELECT $1, role_id FROM sys_role WHERE role_key = $2`, [user_id, key]);
  }
  return String(user_id);
}

/** Creates a role granted the listed menus with their buttons and sub-menus, and their ancestors (as ticking them in the menu tree does). */
export async function createRole(app: INestApplication, roleKey: string, menuKeys: string[]): Promise<string> {
  const ds = app.get(DataSource);
  const [{ role_id }] = await ds.query(`INSERT INTO sys_role (role_name, role_key, role_sort) VALUES ($1, $1, 9) RETURNING role_id`, [roleKey]);
  await ds.query(
    `WITH RECURSIVE picked AS (
       SELECT menu_id, parent_id FROM sys_menu
       WHERE menu_key = ANY($2::text[]) OR menu_key LIKE ANY (SELECT k || '.%' FROM unnest($2::text[]) k)
       UNION SELECT m.menu_id, m.parent_id FROM sys_menu m JOIN picked p ON m.menu_id = p.parent_id
     ) INSERT INTO sys_role_menu (role_id, menu_id) SELECT $1, menu_id FROM picked ON CONFLICT DO NOTHING`,
    [role_id, menuKeys],
  );
  return String(role_id);
}
