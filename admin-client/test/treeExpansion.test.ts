import { describe, expect, it } from 'vitest';
import { flattenByParent } from '../src/components/tree';
import { allExpanded, parentIds, toggled, visibleRows } from '../src/components/treeExpansion';

// 系统管理 > (用户管理 > 新增用户), 日志管理; 系统监控 > 在线用户; 系统工具 (no children)
const menus = flattenByParent(
  [
    { menuId: 1, parentId: 0, menuName: '系统管理' },
    { menuId: 2, parentId: 0, menuName: '系统监控' },
    { menuId: 3, parentId: 0, menuName: '系统工具' },
    { menuId: 100, parentId: 1, menuName: '用户管理' },
    { menuId: 101, parentId: 1, menuName: '日志管理' },
    { menuId: 1000, parentId: 100, menuName: '新增用户' },
    { menuId: 110, parentId: 2, menuName: '在线用户' },
  ],
  'menuId',
);
const idOf = (row: { menuId: number }) => String(row.menuId);
const names = (rows: { menuName: string }[]) => rows.map((r) => r.menuName);

describe('tree table expand and collapse', () => {
  it('knows which rows have children and can be collapsed', () => {
    expect([...parentIds(menus, idOf)].sort()).toEqual(['1', '100', '2']);
  });

  it('shows every row while nothing is collapsed', () => {
    expect(names(visibleRows(menus, new Set(), idOf))).toEqual(['系统管理', '用户管理', '新增用户', '日志管理', '系统监控', '在线用户', '系统工具']);
  });

  it('hides the whole subtree of a collapsed row, and only that', () => {
    expect(names(visibleRows(menus, new Set(['1']), idOf))).toEqual(['系统管理', '系统监控', '在线用户', '系统工具']);
    expect(names(visibleRows(menus, new Set(['100']), idOf))).toEqual(['系统管理', '用户管理', '日志管理', '系统监控', '在线用户', '系统工具']);
  });

  it('keeps a collapsed child collapsed when its parent is expanded again', () => {
    let collapsed = toggled(new Set(), '100');
    collapsed = toggled(collapsed, '1');
    expect(names(visibleRows(menus, collapsed, idOf))).toEqual(['系统管理', '系统监控', '在线用户', '系统工具']);
    collapsed = toggled(collapsed, '1');
    expect(names(visibleRows(menus, collapsed, idOf))).toEqual(['系统管理', '用户管理', '日志管理', '系统监控', '在线用户', '系统工具']);
  });

  it('collapse all leaves the top rows; expand all shows everything again', () => {
    const parents = parentIds(menus, idOf);
    expect(allExpanded(parents, new Set())).toBe(true);
    expect(names(visibleRows(menus, parents, idOf))).toEqual(['系统管理', '系统监控', '系统工具']);
    expect(allExpanded(parents, toggled(new Set(), '2'))).toBe(false);
  });
});
