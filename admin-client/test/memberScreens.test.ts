import { describe, expect, it } from 'vitest';
import { hasPermission } from '../src/providers/authProvider';
import { SCREEN_API_PATHS, SCREEN_PERMISSION_PATHS, screenByComponent } from '../src/screens/registry';

/** The member menus of the server's seed: screen path, component, and the permission strings of their buttons. */
const MEMBER_SCREENS = [
  { path: 'cms/member/member', component: 'member/index', api: 'cms/member', permission: 'cms:member' },
  { path: 'cms/member/level', component: 'member/level/index', api: 'cms/member/level', permission: 'cms:memberlevel' },
  { path: 'cms/member/exp', component: 'member/exp/index', api: 'cms/member/exp', permission: 'cms:memberexp' },
  { path: 'cms/member/exp-log', component: 'member/exp/log', api: 'cms/member/expLog', permission: 'cms:memberexplog' },
  { path: 'system/wechat', component: 'system/wechat/index', api: 'system/wechat', permission: 'system:wechat' },
];

describe('member and WeChat screens', () => {
  it('are built for the seeded menu components, calling the server’s API paths', () => {
    for (const s of MEMBER_SCREENS) {
      expect(screenByComponent(s.component)?.resource, s.component).toBe(s.path);
      expect(SCREEN_API_PATHS[s.path] ?? s.path, s.path).toBe(s.api);
    }
  });

  it('show their buttons by the seeded permission strings (`view` lists for the CMS ones)', () => {
    for (const s of MEMBER_SCREENS) {
      const permissionPath = SCREEN_PERMISSION_PATHS[s.path] ?? s.path;
      const listVerb = s.permission.startsWith('cms:') ? 'view' : 'list';
      expect(hasPermission([`${s.permission}:${listVerb}`], permissionPath, 'list'), s.path).toBe(true);
      expect(hasPermission([`${s.permission}:remove`], permissionPath, 'delete'), s.path).toBe(true);
      expect(hasPermission([`${s.permission}:remove`], permissionPath, 'edit'), s.path).toBe(false);
    }
    expect(hasPermission(['cms:member:add'], SCREEN_PERMISSION_PATHS['cms/member/member'], 'create')).toBe(true);
    expect(hasPermission(['cms:member:export'], SCREEN_PERMISSION_PATHS['cms/member/member'], 'export')).toBe(true);
  });
});
