import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginUser } from '../../auth/login-user';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createRole, createStaffUser } from '../../../test/helpers/staff';
import { objectPermission, ObjectPermissionService } from './object-permission.service';

let t: TestApp;
let perms: ObjectPermissionService;
let ds: DataSource;
const as = (id: string, roles: string[] = []): LoginUser => ({ id, roles, permissions: [] }) as unknown as LoginUser;

beforeAll(async () => {
  t = await startTestApp();
  perms = t.app.get(ObjectPermissionService);
  ds = t.app.get(DataSource);
});
afterAll(() => t?.close());

describe('per-object permissions', () => {
  it('grants through a role and directly to a user, per object and action', async () => {
    const roleId = await createRole(t.app, 'site_editors', []);
    const alice = await createStaffUser(t.app, { userName: 'alice', password: 'Quartz987', roles: ['site_editors'] });
    const bob = await createStaffUser(t.app, { userName: 'bob', password: 'Quartz987' });
    await perms.replace({ type: 'role', id: roleId }, 'Site:', ['Site:Edit:3', 'Site:View:3', 'Site:View:4']);
    await perms.replace({ type: 'user', id: bob }, 'Site:', ['Site:View:4']);

    expect(await perms.can(as(alice), 'Site', 'Edit', 3)).toBe(true);
    expect(await perms.can(as(alice), 'Site', 'Edit', 4)).toBe(false);
    expect(await perms.can(as(bob), 'Site', 'View', 4)).toBe(true);
    expect(await perms.can(as(bob), 'Site', 'View', 3)).toBe(false);
    expect((await perms.objectIds(as(alice), 'Site', 'View')) as string[]).toEqual(expect.arrayContaining(['3', '4']));
    expect(await perms.held({ type: 'role', id: roleId }, 'Site:')).toEqual(['Site:Edit:3', 'Site:View:3', 'Site:View:4']);

    await ds.query(`UPDATE sys_role SET status = '1' WHERE role_id = $1`, [roleId]);
    expect(await perms.can(as(alice), 'Site', 'Edit', 3)).toBe(false);
    await ds.query(`UPDATE sys_role SET status = '0' WHERE role_id = $1`, [roleId]);

    await perms.replace({ type: 'role', id: roleId }, 'Site:', ['Site:View:3']);
    expect(await perms.can(as(alice), 'Site', 'Edit', 3)).toBe(false);
    await perms.forget('Site', 4);
    expect(await perms.can(as(bob), 'Site', 'View', 4)).toBe(false);
  });

  it("grants on top of what an owner holds and forgets objects inside the caller's transaction", async () => {
    const carol = await createStaffUser(t.app, { userName: 'carol', password: 'Quartz987' });
    const owner = { type: 'user' as const, id: carol };
    await perms.grant(owner, ['Catalog:View:7', 'Catalog:Edit:7']);
    await perms.grant(owner, ['Catalog:View:7', 'Catalog:View:8', 'Site:View:9']);
    expect(await perms.held(owner)).toEqual(['Catalog:Edit:7', 'Catalog:View:7', 'Catalog:View:8', 'Site:View:9']);

    // A transaction that fails takes its grants and its forgetting back with it.
    await expect(
      ds.transaction(async (m) => {
        await perms.grant(owner, ['Catalog:Edit:8'], m);
        await perms.forget('Catalog', ['7', '8'], m);
        expect(await m.query(`SELECT count(*)::int AS n FROM sys_permission WHERE owner_id = $1`, [carol])).toEqual([{ n: 1 }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await perms.held(owner)).toEqual(['Catalog:Edit:7', 'Catalog:View:7', 'Catalog:View:8', 'Site:View:9']);

    // Forgetting Catalog 7 leaves another type's object of the same id, and other objects, alone.
    await perms.grant(owner, ['Site:View:7']);
    await ds.transaction((m) => perms.forget('Catalog', [7, '8'], m));
    expect(await perms.held(owner)).toEqual(['Site:View:7', 'Site:View:9']);
    await expect(perms.forget('Catalog%', 7)).rejects.toThrow(/Malformed/);
  });

  it('lets a super administrator do anything and refuses malformed permissions', async () => {
    expect(await perms.can(as('1', ['admin']), 'Catalog', 'Delete', 99)).toBe(true);
    expect(await perms.objectIds(as('1', ['admin']), 'Catalog', 'Edit')).toBe('all');
    expect(() => objectPermission('Site', 'Edit', "3' OR 1=1")).toThrow(/Malformed/);
    await expect(perms.replace({ type: 'user', id: '1' }, 'Site:', ['Site:Edit'])).rejects.toThrow(/Malformed/);
  });
});
