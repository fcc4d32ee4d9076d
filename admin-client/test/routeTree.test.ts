import type { RouteItem } from '@zhiwen/shared';
import { describe, expect, it } from 'vitest';
import { menuOf, screensOf } from '../src/routing/route-tree';

const meta = (title: string, link: string | null = null) => ({ title, icon: 'x', noCache: false, link });
const TREE: RouteItem[] = [
  {
    name: 'System',
    path: '/system',
    hidden: false,
    component: 'Layout',
    alwaysShow: true,
    meta: meta('系统管理'),
    children: [
      { name: 'User', path: 'user', hidden: false, component: 'system/user/index', meta: meta('用户管理') },
      {
        name: 'Log',
        path: 'log',
        hidden: false,
        component: 'ParentView',
        alwaysShow: true,
        meta: meta('日志管理'),
        children: [{ name: 'Operlog', path: 'operlog', hidden: false, component: 'monitor/operlog/index', meta: meta('操作日志') }],
      },
      { name: 'JobLog', path: 'joblog', hidden: true, component: 'monitor/job/log', meta: meta('调度日志') },
      { name: 'Docs', path: 'https://example.com/docs', hidden: false, component: 'Layout', meta: meta('文档', 'https://example.com/docs') },
    ],
  },
  // A top-level screen comes as a layout with one child and no meta of its own.
  {
    name: '',
    path: '/',
    hidden: false,
    component: 'Layout',
    children: [{ name: 'Index', path: 'index', hidden: false, component: 'index', meta: meta('概览') }],
  },
];

describe('route tree', () => {
  it('lists every screen with its full path, hidden ones included', () => {
    expect(screensOf(TREE).map((s) => [s.path, s.component, s.hidden])).toEqual([
      ['system/user', 'system/user/index', false],
      ['system/log/operlog', 'monitor/operlog/index', false],
      ['system/joblog', 'monitor/job/log', true],
      ['index', 'index', false],
    ]);
  });

  it('builds the visible menu: nested directories, external links, top-level screens flattened', () => {
    const menu = menuOf(TREE);
    expect(menu.map((n) => n.title)).toEqual(['系统管理', '概览']);
    const system = menu[0];
    expect(system.children.map((c) => [c.title, c.to, c.external])).toEqual([
      ['用户管理', 'system/user', false],
      ['日志管理', undefined, false],
      ['文档', 'https://example.com/docs', true],
    ]);
    expect(system.children[1].children[0]).toMatchObject({ title: '操作日志', to: 'system/log/operlog' });
    expect(menu[1]).toMatchObject({ title: '概览', to: 'index' });
  });
});
