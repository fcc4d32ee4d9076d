import type { RouteItem } from '@zhiwen/shared';
import { describe, expect, it, vi } from 'vitest';
import { pageTitleOf } from '../src/layout/usePageTitle';
import { activeTopNode, firstLeaf, visibleTopCount } from '../src/layout/navbar/topMenu';
import { startPublishPoller } from '../src/layout/navbar/publishPoller';
import { createRouteSearch, searchEntries } from '../src/layout/navbar/routeSearch';
import { DEFAULT_LAYOUT_SETTINGS, parseLayoutSettings } from '../src/layout/settings/layoutSettings';
import { addTab, afterClose, closeTabs, replaceTab, type VisitedTab } from '../src/layout/tabs/visitedTabs';
import { menuOf, screensOf } from '../src/routing/route-tree';

const meta = (title: string, link: string | null = null, affix = false) => ({ title, icon: 'x', noCache: false, link, ...(affix ? { affix } : {}) });
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
      { name: 'Role', path: 'role', hidden: false, component: 'system/role/index', meta: meta('角色管理') },
      { name: 'Docs', path: 'docs/example/com', hidden: false, component: 'InnerLink', meta: meta('开发文档', 'https://docs.example.com') },
    ],
  },
  {
    name: 'Monitor',
    path: '/monitor',
    hidden: false,
    component: 'Layout',
    alwaysShow: true,
    meta: meta('系统监控'),
    children: [{ name: 'Online', path: 'online', hidden: false, component: 'monitor/online/index', meta: meta('在线用户', null, true) }],
  },
  { name: 'Home', path: 'https://example.com', hidden: false, component: 'Layout', meta: meta('官网', 'https://example.com') },
];
const translate = (key: string) => key;
const tab = (path: string, affix = false): VisitedTab => ({ path, fullPath: path, title: path, affix });

describe('tabs bar', () => {
  const tabs = [tab('/', true), tab('/a'), tab('/b'), tab('/c'), tab('/d')];

  it('adds a page once and keeps its latest query', () => {
    const once = addTab(tabs, tab('/a'));
    expect(once).toBe(tabs);
    const withQuery = addTab(tabs, { ...tab('/b'), fullPath: '/b?page=2' });
    expect(withQuery.map((t) => t.fullPath)).toEqual(['/', '/a', '/b?page=2', '/c', '/d']);
    expect(addTab(tabs, tab('/e')).map((t) => t.path)).toEqual(['/', '/a', '/b', '/c', '/d', '/e']);
  });

  it("lets a page that replaced another (a new record reopened under its id) take that tab's place", () => {
    expect(replaceTab(tabs, '/b', tab('/b2')).map((t) => t.path)).toEqual(['/', '/a', '/b2', '/c', '/d']);
    // Unknown or pinned replaced pages, or a page that has a tab already: as addTab.
    expect(replaceTab(tabs, '/x', tab('/e')).map((t) => t.path)).toEqual(['/', '/a', '/b', '/c', '/d', '/e']);
    expect(replaceTab(tabs, '/', tab('/e')).map((t) => t.path)).toEqual(['/', '/a', '/b', '/c', '/d', '/e']);
    expect(replaceTab(tabs, '/b', tab('/c')).map((t) => t.path)).toEqual(['/', '/a', '/b', '/c', '/d']);
  });

  it('closes current, others, left, right and all, never a pinned tab', () => {
    expect(closeTabs(tabs, '/b', 'current').map((t) => t.path)).toEqual(['/', '/a', '/c', '/d']);
    expect(closeTabs(tabs, '/b', 'others').map((t) => t.path)).toEqual(['/', '/b']);
    expect(closeTabs(tabs, '/c', 'left').map((t) => t.path)).toEqual(['/', '/c', '/d']);
    expect(closeTabs(tabs, '/b', 'right').map((t) => t.path)).toEqual(['/', '/a', '/b']);
    expect(closeTabs(tabs, '/b', 'all').map((t) => t.path)).toEqual(['/']);
    expect(closeTabs(tabs, '/', 'current').map((t) => t.path)).toEqual(tabs.map((t) => t.path));
  });

  it('goes to the last remaining tab when the active one closes, home when none is left', () => {
    expect(afterClose(closeTabs(tabs, '/b', 'current'), '/b')).toBe('/d');
    expect(afterClose(closeTabs(tabs, '/b', 'current'), '/c')).toBeUndefined();
    expect(afterClose([], '/b')).toBe('/');
  });
});

describe('top menu', () => {
  const nodes = menuOf(TREE);

  it('shows a third of the body width in 85 px items, at least one', () => {
    expect(visibleTopCount(1920)).toBe(7);
    expect(visibleTopCount(1020)).toBe(4);
    expect(visibleTopCount(100)).toBe(1);
  });

  it('finds the top item of the current page and the first page below an item', () => {
    expect(activeTopNode(nodes, '/system/user/5')?.title).toBe('系统管理');
    expect(activeTopNode(nodes, '/monitor/online')?.title).toBe('系统监控');
    expect(activeTopNode(nodes, '/elsewhere')).toBeUndefined();
    expect(firstLeaf(nodes[0])?.to).toBe('system/user');
  });

  it('opens an inner link inside the console and a real URL in a new tab', () => {
    const docs = nodes[0].children.find((n) => n.title === '开发文档');
    expect(docs).toMatchObject({ to: 'system/docs/example/com', external: false });
    expect(nodes.find((n) => n.title === '官网')).toMatchObject({ to: 'https://example.com', external: true });
  });
});

describe('header search', () => {
  const search = createRouteSearch(searchEntries(screensOf(TREE)));

  it('finds routes by title, by trail and by path, best match first', () => {
    expect(search('用户')[0]).toMatchObject({ title: '系统管理 > 用户管理', path: '/system/user' });
    expect(search('online')[0].path).toBe('/monitor/online');
    expect(search('角色')[0].path).toBe('/system/role');
  });

  it('answers nothing for an empty query or an unrelated one', () => {
    expect(search('   ')).toEqual([]);
    expect(search('zzzzqqqq')).toEqual([]);
  });
});

describe('page titles', () => {
  const screens = screensOf(TREE);

  it('names home, screens, their create and edit pages, and fixed pages', () => {
    expect(pageTitleOf('/', screens, translate)).toEqual({ title: 'app.layout.home', trail: [], affix: true });
    expect(pageTitleOf('/system/user', screens, translate)).toEqual({ title: '用户管理', trail: ['系统管理', '用户管理'], affix: false });
    expect(pageTitleOf('/system/user/create', screens, translate).title).toBe('用户管理-app.layout.page_create');
    expect(pageTitleOf('/system/user/12', screens, translate).trail).toEqual(['系统管理', '用户管理', 'app.layout.page_edit']);
    expect(pageTitleOf('/monitor/online', screens, translate).affix).toBe(true);
    expect(pageTitleOf('/user/profile', screens, translate).title).toBe('app.profile.title');
    expect(pageTitleOf('/system/dict-data/index/3', screens, translate).title).toBe('app.dict_data.title');
    expect(pageTitleOf('/nowhere', screens, translate).title).toBe('app.layout.not_found');
  });
});

describe('layout settings', () => {
  it('falls back to the defaults for missing, malformed or wrong-typed values', () => {
    expect(parseLayoutSettings(null)).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(parseLayoutSettings('{not json')).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(parseLayoutSettings(JSON.stringify({ topNav: true, tagsView: 'no', themeColor: 'red', sideTheme: 'theme-light' }))).toEqual({
      ...DEFAULT_LAYOUT_SETTINGS,
      topNav: true,
      sideTheme: 'theme-light',
    });
  });
});

describe('publish-task polling', () => {
  function harness(counts: number[]) {
    vi.useFakeTimers();
    let flag: string | null = null;
    const seen: number[] = [];
    const fetchCount = vi.fn(async () => counts.shift() ?? 0);
    const stop = startPublishPoller({
      getFlag: () => flag,
      clearFlag: () => (flag = null),
      fetchCount,
      onCount: (c) => seen.push(c),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
    });
    return { setFlag: (v: string | null) => (flag = v), getFlag: () => flag, seen, fetchCount, stop };
  }

  it('polls every 5 s once the flag is set, and stops and clears it after 3 zero counts', async () => {
    const h = harness([2, 1, 0, 0, 0, 5]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.fetchCount).not.toHaveBeenCalled();
    h.setFlag('true');
    await vi.advanceTimersByTimeAsync(2_000); // the flag check notices it
    await vi.advanceTimersByTimeAsync(25_000);
    expect(h.seen).toEqual([2, 1, 0, 0, 0]);
    expect(h.getFlag()).toBeNull();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(h.fetchCount).toHaveBeenCalledTimes(5);
    h.stop();
    vi.useRealTimers();
  });

  it('a count above zero resets the run of zeros', async () => {
    const h = harness([0, 0, 3, 0, 0, 0]);
    h.setFlag('true');
    await vi.advanceTimersByTimeAsync(2_000 + 30_000);
    expect(h.seen).toEqual([0, 0, 3, 0, 0, 0]);
    expect(h.getFlag()).toBeNull();
    h.stop();
    vi.useRealTimers();
  });
});
