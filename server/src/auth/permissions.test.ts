import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer, Reflector } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';
import { IS_PUBLIC } from '../common/decorators/public.decorator';
import { LIST_ROUTE, type ListRouteOptions } from '../common/export/list-route.decorator';
import { MENU_TREE, type MenuSeed } from '../system/menu/menu.seed-data';
import { PERMISSION_RULE, type PermissionRule } from './permission';
import { PERMISSIONS } from './permissions';

/**
 * Seeded button permissions (menu_type 'F') that no route requires, each with its reason. Screens of the menu seed
 * whose actions have no server routes yet are listed by resource (`cms:adspace` covers the `cms:adspace:*` buttons);
 * an entry fails the test as soon as a route uses one of its buttons, so the list only shrinks.
 */
const NOT_BUILT: Array<{ reason: string; resources: string[] }> = [];
const UNUSED_BUTTONS: Record<string, string> = {
  'cms:content:image': 'per-type content button of the spec; content routes take cms:content:add/edit for all four types',
  'cms:content:audio': 'per-type content button of the spec; content routes take cms:content:add/edit for all four types',
  'cms:content:video': 'per-type content button of the spec; content routes take cms:content:add/edit for all four types',
  'monitor:online:query': "the search button of RuoYi's online-users screen; searching is the list route (monitor:online:list)",
  'cms:ad:rawcode': 'not a route: saving an advert checks it (held: the code is kept as is, scripts too; else sanitized)',
  'monitor:task:add': 'scheduled tasks are declared in code (QueueService.registerSchedule); the screen changes them, never adds one',
};
const resourceOf = (p: string) => p.slice(0, p.lastIndexOf(':'));
const notBuilt = new Set(NOT_BUILT.flatMap((n) => n.resources));

interface RouteAccess {
  /** `Controller.method`, to name the route in failures. */
  route: string;
  rule: PermissionRule | undefined;
  isPublic: boolean;
  exportPermission: string | undefined;
}

const flatten = (menus: MenuSeed[]): MenuSeed[] => menus.flatMap((m) => [m, ...flatten(m.children ?? [])]);
const permissionsOf = (rule: PermissionRule | undefined): string[] =>
  !rule || typeof rule === 'string' ? [] : 'allOf' in rule ? rule.allOf : rule.anyOf;

let t: TestApp;
let routes: RouteAccess[];
let seeded: Array<{ perms: string; menu_type: 'C' | 'F' }>;

beforeAll(async () => {
  t = await startTestApp();
  const reflector = t.app.get(Reflector);
  routes = [];
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as new (...args: never[]) => unknown;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = Object.getOwnPropertyDescriptor(controller.prototype, name)?.value;
        if (typeof handler !== 'function' || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        if (Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
        const targets = [handler, controller];
        routes.push({
          route: `${controller.name}.${name}`,
          rule: reflector.getAllAndOverride<PermissionRule | undefined>(PERMISSION_RULE, targets),
          isPublic: !!reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets),
          exportPermission: reflector.get<ListRouteOptions | undefined>(LIST_ROUTE, handler)?.exportPermission,
        });
      }
    }
  }
  seeded = await t.app.get(DataSource).query(`SELECT perms, menu_type FROM sys_menu WHERE perms <> '' ORDER BY menu_id`);
});
afterAll(() => t?.close());

const required = () =>
  routes.flatMap((r) => [...permissionsOf(r.rule), ...(r.exportPermission ? [r.exportPermission] : [])].map((p) => ({ route: r.route, p })));

describe('permissions of the menu seed', () => {
  it('are exactly the PERMISSIONS list (regenerate permissions.ts from MENU_TREE when the seed changes)', () => {
    const fromSeed = flatten(MENU_TREE)
      .map((m) => m.perms)
      .filter((p): p is string => !!p);
    expect([...PERMISSIONS]).toEqual(fromSeed);
  });

  it('are what a freshly migrated and seeded database holds in sys_menu', () => {
    expect(seeded.map((m) => m.perms).sort()).toEqual([...PERMISSIONS].sort());
  });
});

describe('route permissions', () => {
  it('finds the routes with their access rules', () => {
    expect(routes.length).toBeGreaterThan(200);
    expect(routes).toContainEqual({
      route: 'UserController.list',
      rule: { allOf: ['system:user:list'] },
      isPublic: false,
      exportPermission: 'system:user:export',
    });
    expect(routes.filter((r) => r.rule === 'member').length).toBeGreaterThan(10);
  });

  it('each declare who may call them: public, or a rule the guard applies', () => {
    expect(routes.filter((r) => !r.isPublic && !r.rule).map((r) => r.route)).toEqual([]);
  });

  it('name only permissions seeded in sys_menu', () => {
    const known = new Set(seeded.map((m) => m.perms));
    expect(required().filter(({ p }) => !known.has(p))).toEqual([]);
  });

  it('use every seeded button permission, except the few listed with a reason', () => {
    const used = new Set(required().map(({ p }) => p));
    const buttons = seeded.filter((m) => m.menu_type === 'F').map((m) => m.perms);
    expect(buttons.filter((p) => !used.has(p) && !(p in UNUSED_BUTTONS) && !notBuilt.has(resourceOf(p)))).toEqual([]);
    // The exceptions stay honest: each is a seeded button that really is unused.
    for (const p of Object.keys(UNUSED_BUTTONS)) {
      expect(buttons, p).toContain(p);
      expect(used.has(p), p).toBe(false);
    }
    for (const resource of notBuilt) {
      expect(
        buttons.some((p) => resourceOf(p) === resource),
        resource,
      ).toBe(true);
      expect(
        buttons.filter((p) => resourceOf(p) === resource && used.has(p)),
        resource,
      ).toEqual([]);
    }
  });
});
