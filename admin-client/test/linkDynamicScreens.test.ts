import { describe, expect, it } from 'vitest';
import { hasPermission } from '../src/providers/authProvider';
import { SCREEN_API_PATHS, SCREEN_PERMISSION_PATHS, screenByComponent } from '../src/screens/registry';

/** 互动 > 友情链接 and 模板与发布 > 动态模板 of the server's menu seed: screen path, component, API, permission. */
const SCREENS = [
  { path: 'cms/interact/link', component: 'cms/link/index', api: 'cms/link', permission: 'cms:link' },
  { path: 'cms/template/dynamic', component: 'cms/dynamic/index', api: 'cms/dynamic_page', permission: 'cms:dynamicpage' },
];

describe('friend link and dynamic template screens', () => {
  it('are built for the seeded menu components, calling the server’s API paths', () => {
    for (const s of SCREENS) {
      expect(screenByComponent(s.component)?.resource, s.component).toBe(s.path);
      expect(SCREEN_API_PATHS[s.path] ?? s.path, s.path).toBe(s.api);
    }
  });

  it('show their actions by the seeded permission strings', () => {
    for (const s of SCREENS) {
      const permissionPath = SCREEN_PERMISSION_PATHS[s.path] ?? s.path;
      expect(hasPermission([`${s.permission}:view`], permissionPath, 'list'), s.path).toBe(true);
      expect(hasPermission([`${s.permission}:add`], permissionPath, 'create'), s.path).toBe(true);
      expect(hasPermission([`${s.permission}:remove`], permissionPath, 'delete'), s.path).toBe(true);
      expect(hasPermission([`${s.permission}:remove`], permissionPath, 'edit'), s.path).toBe(false);
    }
  });
});
