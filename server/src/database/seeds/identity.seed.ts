import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { LANGUAGES } from '@zhiwen/shared';
import { hashPassword } from '../../auth/password-hasher';
import { DICT_TYPES } from '../../system/dict/dict.seed-data';
import { EDITOR_EXCLUDED_MENU_KEYS, EDITOR_MENU_KEYS, MENU_TREE, type MenuSeed } from '../../system/menu/menu.seed-data';
import type { Seed, SeedContext } from './seed';

const ADMIN_USER = 'admin';

async function upsertI18n(manager: EntityManager, key: string, values: Record<string, string>): Promise<void> {
  for (const lang of LANGUAGES) {
    await manager.query(
      `INSERT INTO sys_i18n_dict (lang_tag, lang_key, lang_value, create_by) VALUES ($1, $2, $3, 'system')
       ON CONFLICT (lang_tag, lang_key) DO NOTHING`,
      [lang, key, values[lang]],
    );
  }
}

async function seedMenus(manager: EntityManager, nodes: MenuSeed[], parentId: string): Promise<void> {
  for (const [index, m] of nodes.entries()) {
    await manager.query(
      `INSERT INTO sys_menu (menu_key, menu_name, parent_id, order_num, path, component, query, is_frame, is_cache, menu_type, visible, perms, icon, create_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'system') ON CONFLICT (menu_key) DO NOTHING`,
      [
        m.key,
        m.name['zh-CN'],
        parentId,
        index + 1,
        m.path ?? '',
        m.component ?? '',
        m.query ?? '',
        m.isFrame ?? false,
        m.cache ?? true,
        m.type,
        m.hidden ? '1' : '0',
        m.perms ?? '',
        m.icon ?? '',
      ],
    );
    const [{ menu_id }] = await manager.query('SELECT menu_id FROM sys_menu WHERE menu_key = $1', [m.key]);
    await upsertI18n(manager, `menu.${m.key}`, m.name);
    if (m.children?.length) await seedMenus(manager, m.children, String(menu_id));
  }
}

/** A first password the default policy accepts: letters and digits, 16 characters. */
function generatePassword(): string {
  const body = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  return `Zw${body}${Math.floor(Math.random() * 10)}`;
}

async function seedRole(manager: EntityManager, key: string, name: string, sort: number): Promise<{ id: string; created: boolean }> {
  const inserted = await manager.query(
    `INSERT INTO sys_role (role_name, role_key, role_sort, data_scope, create_by)
     SELECT $1, $2::varchar, $3, '1', 'system' WHERE NOT EXISTS (SELECT 1 FROM sys_role WHERE role_key = $2::varchar AND del_flag = '0')
     RETURNING role_id`,
    [name, key, sort],
  );
  if (inserted.length) return { id: String(inserted[0].role_id), created: true };
  const [{ role_id }] = await manager.query(`SELECT role_id FROM sys_role WHERE role_key = $1 AND del_flag = '0'`, [key]);
  return { id: String(role_id), created: false };
}

async function seedAdmin(manager: EntityManager, adminRoleId: string, deptId: string, ctx: SeedContext): Promise<void> {
  const exists = await manager.query(`SELECT 1 FROM sys_user WHERE lower(user_name) = $1 AND del_flag = '0'`, [ADMIN_USER]);
  if (exists.length) return;
  const password = ctx.adminPassword ?? generatePassword();
  const [{ user_id }] = await manager.query(
    `INSERT INTO sys_user (dept_id, user_name, nick_name, password, force_modify_pwd, create_by)
     VALUES ($1, $2, '超级管理员', $3, $4, 'system') RETURNING user_id`,
    [deptId, ADMIN_USER, await hashPassword(password), !ctx.adminPassword],
  );
  await manager.query('INSERT INTO sys_user_role (user_id, role_id) VALUES ($1, $2)', [user_id, adminRoleId]);
  if (!ctx.adminPassword) {
    ctx.announce?.(
      `The super administrator "${ADMIN_USER}" was created with the password: ${password}\nIt is shown only this once; change it after signing in (or set ADMIN_PASSWORD before the first start).`,
    );
  }
}

/** Organisation, roles, the menu tree with its translations, the default security policy, dictionaries, the super administrator. */
export const identitySeed: Seed = {
  name: 'identity',
  async run(manager, ctx) {
    const depts = await manager.query(`SELECT dept_id FROM sys_dept WHERE parent_id = 0 ORDER BY dept_id LIMIT 1`);
    let rootDeptId: string;
    if (depts.length) rootDeptId = String(depts[0].dept_id);
    else {
      const [{ dept_id }] = await manager.query(
        `INSERT INTO sys_dept (parent_id, ancestors, dept_name, create_by) VALUES (0, '0', '智文科技', 'system') RETURNING dept_id`,
      );
      rootDeptId = String(dept_id);
    }

    await seedMenus(manager, MENU_TREE, '0');

    const admin = await seedRole(manager, 'admin', '超级管理员', 1);
    const editor = await seedRole(manager, 'editor', '内容编辑', 2);
    if (editor.created) {
      // Editors get the CMS subtree once; later changes by staff are kept.
      await manager.query(
        `INSERT INTO sys_role_menu (role_id, menu_id)
         SELECT $1, menu_id FROM sys_menu
          WHERE (menu_key = ANY($2::text[]) OR menu_key LIKE ANY (SELECT k || '.%' FROM unnest($2::text[]) k)) AND NOT menu_key = ANY($3::text[])
         ON CONFLICT DO NOTHING`,
        [editor.id, EDITOR_MENU_KEYS, EDITOR_EXCLUDED_MENU_KEYS],
      );
    }

    const policies = await manager.query('SELECT 1 FROM sys_security_config LIMIT 1');
    if (!policies.length) {
      await manager.query(
        `INSERT INTO sys_security_config (status, password_len_min, password_len_max, password_rule, password_retry_limit,
           password_retry_strategy, password_retry_lock_seconds, weak_passwords, create_by)
         VALUES ('0', 6, 24, 'LETTER_DIGIT', 5, 'LOCK', 3600, $1, 'system')`,
        [['123456', 'password', 'admin123', 'a123456', '12345678', 'qwerty123', 'abc123', 'password1'].join('\n')],
      );
    }

    for (const type of DICT_TYPES) {
      await manager.query(
        `INSERT INTO sys_dict_type (dict_name, dict_type, is_fixed, create_by) VALUES ($1, $2, 'Y', 'system') ON CONFLICT (dict_type) DO NOTHING`,
        [type.name['zh-CN'], type.type],
      );
      await upsertI18n(manager, `dict.type.${type.type}`, type.name);
      for (const [index, item] of type.items.entries()) {
        await manager.query(
          `INSERT INTO sys_dict_data (dict_sort, dict_label, dict_value, dict_type, list_class, is_default, create_by)
           VALUES ($1, $2, $3, $4, $5, $6, 'system') ON CONFLICT (dict_type, dict_value) DO NOTHING`,
          [index + 1, item.label['zh-CN'], item.value, type.type, item.listClass ?? '', item.isDefault ? 'Y' : 'N'],
        );
        await upsertI18n(manager, `dict.${type.type}.${item.value}`, item.label);
      }
    }

    await seedAdmin(manager, admin.id, rootDeptId, ctx);
  },
};
