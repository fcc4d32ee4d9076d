import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { LoginUser } from '../../auth/login-user';
import { SUPER_ADMIN_ROLE } from '../../common/security/super-admin';

export type PermissionOwner = { type: 'role' | 'user'; id: string };

const PART = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;
const OBJECT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** `Type:Action:<id>`, e.g. `Site:Edit:3`; throws on malformed parts so nothing odd reaches the table. */
export function objectPermission(type: string, action: string, objectId: string | number): string {
  const id = String(objectId);
  if (!PART.test(type) || !PART.test(action) || !OBJECT_ID.test(id)) throw new Error(`Malformed object permission ${type}:${action}:${id}`);
  return `${type}:${action}:${id}`;
}

/**
 * Per-object permissions (`Site:Edit:3`) granted to roles and users, stored in `sys_permission`.
 * Modules ask `can(user, 'Site', 'Edit', 3)`; a super administrator can do everything.
 */
@Injectable()
export class ObjectPermissionService {
  constructor(private readonly dataSource: DataSource) {}

  /** Whether the user, directly or through an enabled role, holds `type:action:objectId`. */
  async can(user: LoginUser, type: string, action: string, objectId: string | number): Promise<boolean> {
    if (user.roles.includes(SUPER_ADMIN_ROLE)) return true;
    const rows = await this.dataSource.query(
      `SELECT 1 FROM sys_permission p
       WHERE p.permission = $1 AND (
         (p.owner_type = 'user' AND p.owner_id = $2)
         OR (p.owner_type = 'role' AND p.owner_id IN (
           SELECT ur.role_id FROM sys_user_role ur JOIN sys_role r ON r.role_id = ur.role_id
           WHERE ur.user_id = $2 AND r.status = '0' AND r.del_flag = '0')))
       LIMIT 1`,
      [objectPermission(type, action, objectId), user.id],
    );
    return rows.length > 0;
  }

  /** Ids of the objects of a type on which the user may perform an action (for filtering lists). */
  async objectIds(user: LoginUser, type: string, action: string): Promise<string[] | 'all'> {
    if (user.roles.includes(SUPER_ADMIN_ROLE)) return 'all';
    const prefix = `${objectPermission(type, action, '0').slice(0, -1)}`;
    const rows: Array<{ permission: string }> = await this.dataSource.query(
      `SELECT DISTINCT p.permission FROM sys_permission p
       WHERE left(p.permission, $1) = $2 AND (
         (p.owner_type = 'user' AND p.owner_id = $3)
         OR (p.owner_type = 'role' AND p.owner_id IN (
           SELECT ur.role_id FROM sys_user_role ur JOIN sys_role r ON r.role_id = ur.role_id
           WHERE ur.user_id = $3 AND r.status = '0' AND r.del_flag = '0')))`,
      [prefix.length, prefix, user.id],
    );
    return rows.map((r) => r.permission.slice(prefix.length));
  }

  /** The permissions an owner holds whose string starts with `prefix` (e.g. `Site:` for the site tab). */
  async held(owner: PermissionOwner, prefix = ''): Promise<string[]> {
    const rows: Array<{ permission: string }> = await this.dataSource.query(
      `SELECT permission FROM sys_permission WHERE owner_type = $1 AND owner_id = $2 AND left(permission, $3) = $4 ORDER BY permission`,
      [owner.type, owner.id, prefix.length, prefix],
    );
    return rows.map((r) => r.permission);
  }

  /**
   * Replaces an owner's permissions that start with `prefix` by `permissions`, in one transaction: the caller's
   * (`manager`) when given, else its own.
   */
  async replace(owner: PermissionOwner, prefix: string, permissions: string[], manager?: EntityManager): Promise<void> {
    const run = async (m: EntityManager) => {
      await m.query('DELETE FROM sys_permission WHERE owner_type = $1 AND owner_id = $2 AND left(permission, $3) = $4', [
        owner.type,
        owner.id,
        prefix.length,
        prefix,
      ]);
      await this.insert(m, owner, permissions);
    };
    if (manager) await run(manager);
    else await this.dataSource.transaction(run);
  }

  /** Grants an owner `permissions` on top of what it holds (already held ones stay), in the caller's transaction when given. */
  async grant(owner: PermissionOwner, permissions: string[], manager?: EntityManager): Promise<void> {
    const run = (m: EntityManager) => this.insert(m, owner, permissions, true);
    if (manager) await run(manager);
    else await this.dataSource.transaction(run);
  }

  /** Takes `permissions` away from an owner (ones it does not hold are ignored), in the caller's transaction when given. */
  async revoke(owner: PermissionOwner, permissions: string[], manager?: EntityManager): Promise<void> {
    if (!permissions.length) return;
    for (const permission of permissions) {
      const parts = permission.split(':');
      if (parts.length !== 3) throw new Error(`Malformed object permission ${permission}`);
      objectPermission(parts[0], parts[1], parts[2]);
    }
    await (manager ?? this.dataSource.manager).query(
      'DELETE FROM sys_permission WHERE owner_type = $1 AND owner_id = $2 AND permission = ANY($3::text[])',
      [owner.type, owner.id, [...new Set(permissions)]],
    );
  }

  /** The permissions starting with `prefix` a user holds through its enabled roles (not directly). */
  async heldThroughRoles(userId: string, prefix = ''): Promise<string[]> {
    const rows: Array<{ permission: string }> = await this.dataSource.query(
      `SELECT DISTINCT p.permission FROM sys_permission p
       WHERE p.owner_type = 'role' AND left(p.permission, $2) = $3 AND p.owner_id IN (
         SELECT ur.role_id FROM sys_user_role ur JOIN sys_role r ON r.role_id = ur.role_id
         WHERE ur.user_id = $1 AND r.status = '0' AND r.del_flag = '0')
       ORDER BY p.permission`,
      [userId, prefix.length, prefix],
    );
    return rows.map((r) => r.permission);
  }

  /**
   * The owner as a grant screen names it (role name and key, or user name), and whether it is the super administrator
   * role (which holds everything and takes no grants); null when the role or user does not exist (or is deleted).
   */
  async describeOwner(owner: PermissionOwner): Promise<{ name: string; superAdminRole: boolean } | null> {
    if (!/^[0-9]{1,19}$/.test(owner.id)) return null;
    if (owner.type === 'role') {
      const [row] = await this.dataSource.query(`SELECT role_name, role_key FROM sys_role WHERE role_id = $1 AND del_flag = '0'`, [owner.id]);
      return row ? { name: `${row.role_name} (${row.role_key})`, superAdminRole: row.role_key === SUPER_ADMIN_ROLE } : null;
    }
    const [row] = await this.dataSource.query(`SELECT user_name FROM sys_user WHERE user_id = $1 AND del_flag = '0'`, [owner.id]);
    return row ? { name: row.user_name, superAdminRole: false } : null;
  }

  /** Drops every permission on the objects (they were deleted), in the caller's transaction when given. */
  async forget(type: string, objectIds: string | number | Array<string | number>, manager?: EntityManager): Promise<void> {
    const ids = (Array.isArray(objectIds) ? objectIds : [objectIds]).map(String);
    if (!PART.test(type)) throw new Error(`Malformed object permission type ${type}`);
    if (!ids.length) return;
    await (manager ?? this.dataSource.manager).query(
      `DELETE FROM sys_permission WHERE split_part(permission, ':', 1) = $1 AND split_part(permission, ':', 3) = ANY($2::text[])`,
      [type, ids],
    );
  }

  private async insert(m: EntityManager, owner: PermissionOwner, permissions: string[], keepHeld = false): Promise<void> {
    for (const permission of new Set(permissions)) {
      const parts = permission.split(':');
      if (parts.length !== 3) throw new Error(`Malformed object permission ${permission}`);
      await m.query(`INSERT INTO sys_permission (owner_type, owner_id, permission) VALUES ($1, $2, $3)${keepHeld ? ' ON CONFLICT DO NOTHING' : ''}`, [
        owner.type,
        owner.id,
        objectPermission(parts[0], parts[1], parts[2]),
      ]);
    }
  }
}
