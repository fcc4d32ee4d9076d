import { LANGUAGES } from '@zhiwen/shared';
import { describe, expect, it } from 'vitest';
import { EDITOR_MENU_KEYS, MENU_TREE, type MenuSeed } from './menu.seed-data';

interface Flat {
  menu: MenuSeed;
  parent: MenuSeed | undefined;
  depth: number;
}

function flatten(menus: MenuSeed[], parent?: MenuSeed, depth = 0): Flat[] {
  return menus.flatMap((menu) => [{ menu, parent, depth }, ...flatten(menu.children ?? [], menu, depth + 1)]);
}

const ALL = flatten(MENU_TREE);
const byKey = new Map(ALL.map((f) => [f.menu.key, f.menu]));
const ofType = (type: MenuSeed['type']) => ALL.filter((f) => f.menu.type === type).map((f) => f.menu);
const allPerms = ALL.map((f) => f.menu.perms).filter((p): p is string => !!p);

describe('MENU_TREE', () => {
  it('has directories, screens and buttons', () => {
    expect(ofType('M').length).toBeGreaterThan(10);
    expect(ofType('C').length).toBeGreaterThan(60);
    expect(ofType('F').length).toBeGreaterThan(150);
  });

  it('has unique keys', () => {
    const keys = ALL.map((f) => f.menu.key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('builds every key from its parent key plus one segment', () => {
    for (const { menu, parent } of ALL) {
      expect(menu.key, menu.key).toMatch(/^[a-zA-Z][a-zA-Z0-9]*(\.[a-zA-Z][a-zA-Z0-9]*)*$/);
      if (parent) {
        expect(menu.key.startsWith(`${parent.key}.`), menu.key).toBe(true);
        expect(menu.key.slice(parent.key.length + 1), menu.key).not.toContain('.');
      } else {
        expect(menu.key, menu.key).not.toContain('.');
      }
    }
  });

  it('gives every screen and button a permission, unique across the tree', () => {
    for (const m of [...ofType('C'), ...ofType('F')]) {
      expect(m.perms, m.key).toMatch(/^[a-z][a-zA-Z0-9]*:[a-z][a-zA-Z0-9]*:[a-z][a-zA-Z0-9]*$/);
    }
    for (const m of ofType('M')) expect(m.perms ?? '', m.key).toBe('');
    expect(allPerms.filter((p, i) => allPerms.indexOf(p) !== i)).toEqual([]);
  });

  it('gives every screen a path and a component, and only buttons below it', () => {
    for (const m of ofType('C')) {
      expect(m.path, m.key).toBeTruthy();
      expect(m.component, m.key).toMatch(/^[a-z][a-z0-9-]*(\/[a-z][a-z0-9-]*)+$/);
      for (const child of m.children ?? []) expect(child.type, child.key).toBe('F');
    }
  });

  it('gives every directory a path and at least one child; top level holds directories only', () => {
    for (const m of ofType('M')) {
      expect(m.path, m.key).toBeTruthy();
      expect(m.component ?? '', m.key).toBe('');
      expect(m.children?.length ?? 0, m.key).toBeGreaterThan(0);
    }
    for (const m of MENU_TREE) expect(m.type, m.key).toBe('M');
  });

  it('keeps buttons as leaves without route data', () => {
    for (const m of ofType('F')) {
      expect(m.children ?? [], m.key).toEqual([]);
      expect(m.path ?? '', m.key).toBe('');
      expect(m.component ?? '', m.key).toBe('');
    }
  });

  it('uses plain path segments (unless an external link), unique among siblings', () => {
    for (const { menu } of ALL) {
      if (menu.path === undefined) continue;
      if (menu.isFrame) expect(menu.path, menu.key).toMatch(/^https?:\/\//);
      else expect(menu.path, menu.key).toMatch(/^[A-Za-z0-9_-]+$/);
    }
    for (const parent of [{ key: '(root)', children: MENU_TREE } as MenuSeed, ...ALL.map((f) => f.menu)]) {
      const paths = (parent.children ?? []).map((c) => c.path).filter((p): p is string => !!p);
      expect(
        paths.filter((p, i) => paths.indexOf(p) !== i),
        parent.key,
      ).toEqual([]);
    }
  });

  it('has valid JSON in route queries', () => {
    for (const { menu } of ALL) if (menu.query) expect(() => JSON.parse(menu.query as string), menu.key).not.toThrow();
  });

  it('names every menu in all three languages, with real Traditional Chinese', () => {
    for (const { menu } of ALL) {
      expect(Object.keys(menu.name).sort(), menu.key).toEqual([...LANGUAGES].sort());
      for (const lang of LANGUAGES) {
        expect(menu.name[lang].trim(), `${menu.key} ${lang}`).not.toBe('');
        expect(menu.name[lang].length, `${menu.key} ${lang}`).toBeLessThanOrEqual(50);
        expect(menu.name[lang], `${menu.key} ${lang}`).not.toContain('{n}');
      }
      expect(menu.name.en, menu.key).toMatch(/^[A-Z]/);
      expect(menu.name.en, menu.key).not.toMatch(/[\u4e00-\u9fff]/);
    }
    const differing = ALL.filter(({ menu }) => menu.name['zh-TW'] !== menu.name['zh-CN']).length;
    expect(differing / ALL.length).toBeGreaterThan(0.5);
    // Simplified-only characters that must never appear in zh-TW names.
    const simplified =
      /[们门设务户称单录统码删导换权页广资栏网线时间让这级车击发开关误输说证详细读载调报应选数据认类态热词动扩会员经验计划缓异监储产订检测库对写记点链连评论区块标签题围启]/u;
    for (const { menu } of ALL) expect(menu.name['zh-TW'], menu.key).not.toMatch(simplified);
  });

  it('fits the sys_menu column sizes', () => {
    for (const { menu } of ALL) {
      expect(menu.key.length, menu.key).toBeLessThanOrEqual(100);
      expect((menu.perms ?? '').length, menu.key).toBeLessThanOrEqual(100);
      expect((menu.path ?? '').length, menu.key).toBeLessThanOrEqual(200);
      expect((menu.icon ?? '').length, menu.key).toBeLessThanOrEqual(100);
    }
  });

  it('gives every directory and visible screen an icon', () => {
    for (const m of [...ofType('M'), ...ofType('C').filter((c) => !c.hidden)]) expect(m.icon, m.key).toBeTruthy();
  });

  it('contains every permission the spec names', () => {
    const required = [
      'system:user:list',
      'system:user:query',
      'system:user:add',
      'system:user:edit',
      'system:user:remove',
      'system:user:export',
      'system:user:import',
      'system:user:resetPwd',
      'system:role:edit',
      'system:dict:list',
      'monitor:job:list',
      'tool:gen:edit',
      'monitor:online:list',
      'monitor:online:forceLogout',
      'system:security:list',
      'cms:site:view',
      'system:role:list',
      'system:menu:list',
      'system:dept:list',
      'system:post:list',
      'system:config:list',
      'system:notice:list',
      'system:i18n:list',
      'system:iprule:list',
      'system:wechat:list',
      'monitor:operlog:list',
      'monitor:logininfor:list',
      'monitor:logininfor:unlock',
      'monitor:job:changeStatus',
      'monitor:task:list',
      'monitor:server:list',
      'monitor:cache:list',
      'monitor:async:list',
      'tool:gen:list',
      'tool:gen:code',
      'tool:swagger:list',
      'cms:site:publish',
      'cms:catalog:view',
      'cms:content:view',
      'cms:adspace:view',
      'cms:member:view',
      'check:product:list',
      'check:order:list',
      'check:order:refund',
      'check:library:list',
      'ai:tool:list',
      'ai:provider:list',
      'ai:usage:list',
    ];
    expect(required.filter((p) => !allPerms.includes(p))).toEqual([]);
  });

  it('has a screen for every back-office screen the spec names', () => {
    const screens = [
      'system.user',
      'system.role',
      'system.menu',
      'system.dept',
      'system.post',
      'system.dict',
      'system.config',
      'system.notice',
      'system.i18n',
      'system.iprule',
      'system.security',
      'system.wechat',
      'system.log.operlog',
      'system.log.logininfor',
      'monitor.online',
      'monitor.job',
      'monitor.jobLog',
      'monitor.task',
      'monitor.server',
      'monitor.cache',
      'monitor.async',
      'tool.gen',
      'tool.swagger',
      'cms.site',
      'cms.catalog',
      'cms.content',
      'cms.recycle',
      'cms.pageWidget',
      'cms.block',
      'cms.ad.adspace',
      'cms.ad.advertisement',
      'cms.resource.resource',
      'cms.resource.material',
      'cms.resource.file',
      'cms.template.template',
      'cms.template.tag',
      'cms.template.dynamic',
      'cms.template.publishPipe',
      'cms.word.tagWord',
      'cms.word.hotWord',
      'cms.word.sensitiveWord',
      'cms.word.errorProneWord',
      'cms.interact.link',
      'cms.interact.comment',
      'cms.interact.vote',
      'cms.interact.customForm',
      'cms.stat.site',
      'cms.stat.ad',
      'cms.member.member',
      'cms.member.level',
      'cms.member.exp',
      'cms.member.expLog',
      'cms.search.index',
      'cms.search.dict',
      'cms.search.log',
      'cms.ext.exmodel',
      'cms.ext.exmodelField',
      'cms.ext.metaModel',
      'cms.ext.pusher',
      'check.product',
      'check.order',
      'check.library',
      'ai.tool',
      'ai.provider',
      'ai.usage',
    ];
    for (const key of screens) expect(byKey.get(key)?.type, key).toBe('C');
    expect(byKey.get('monitor.jobLog')?.hidden).toBe(true);
    expect(byKey.get('cms.ext.exmodelField')?.hidden).toBe(true);
  });

  it('does not make the account center a menu', () => {
    for (const { menu } of ALL) expect(menu.component ?? '', menu.key).not.toMatch(/profile/);
  });

  it('grants the editor role the CMS directory only', () => {
    expect(EDITOR_MENU_KEYS).toEqual(['cms']);
    for (const key of EDITOR_MENU_KEYS) expect(byKey.has(key), key).toBe(true);
    expect(byKey.get('cms')?.type).toBe('M');
    const cmsPerms = flatten([byKey.get('cms') as MenuSeed])
      .map((f) => f.menu.perms)
      .filter(Boolean);
    expect(cmsPerms.every((p) => p?.startsWith('cms:'))).toBe(true);
    expect(allPerms.filter((p) => p.startsWith('cms:')).length).toBe(cmsPerms.length);
  });
});
