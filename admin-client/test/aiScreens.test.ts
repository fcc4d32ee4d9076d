import { describe, expect, it } from 'vitest';
import { hasPermission } from '../src/providers/authProvider';
import { SCREEN_API_PATHS, SCREEN_PERMISSION_PATHS, screenByComponent } from '../src/screens/registry';

/** The AI writing menus of the server's seed: screen path (= API path), component, permission prefix. */
const AI_SCREENS = [
  { path: 'ai/tool', component: 'ai/tool/index', permission: 'ai:tool', create: false },
  { path: 'ai/provider', component: 'ai/provider/index', permission: 'ai:provider', create: true },
  { path: 'ai/usage', component: 'ai/usage/index', permission: 'ai:usage', create: false },
];

describe('AI writing screens', () => {
  it('are built for the seeded menu components and call the server’s API paths', () => {
    for (const s of AI_SCREENS) {
      const screen = screenByComponent(s.component);
      expect(screen?.resource, s.component).toBe(s.path);
      expect(SCREEN_API_PATHS[s.path] ?? s.path).toBe(s.path);
      expect(!!screen?.create, s.path).toBe(s.create);
    }
  });

  it('show their lists, edits and export by the seeded permission strings', () => {
    for (const s of AI_SCREENS) {
      const permissionPath = SCREEN_PERMISSION_PATHS[s.path] ?? s.path;
      expect(hasPermission([`${s.permission}:list`], permissionPath, 'list'), s.path).toBe(true);
    }
    expect(hasPermission(['ai:tool:edit'], 'ai/tool', 'edit')).toBe(true);
    expect(hasPermission(['ai:tool:list'], 'ai/tool', 'edit')).toBe(false);
    expect(hasPermission(['ai:provider:add'], 'ai/provider', 'create')).toBe(true);
    expect(hasPermission(['ai:usage:export'], 'ai/usage', 'export')).toBe(true);
  });
});
