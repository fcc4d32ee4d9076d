import type { RouteItem } from './route-item';
import type { SysMenu } from './sys-menu.entity';

export interface MenuNode extends SysMenu {
  title: string;
  children: MenuNode[];
}

const isTopLevel = (m: SysMenu) => m.parentId === '0';
const isHttp = (path: string) => /^https?:\/\//i.test(path);
/** A top-level screen (not a directory): shown as a layout with one child. */
const isTopLevelScreen = (m: SysMenu) => isTopLevel(m) && m.menuType === 'C' && !m.isFrame;
/** A page of another site shown inside the console (iframe), as opposed to an external link opened in a new tab. */
const isInnerLink = (m: SysMenu) => !m.isFrame && isHttp(m.path);
const innerLinkPath = (path: string) => path.replace(/^https?:\/\//i, '').replace(/[.:]/g, '/');

function routeName(m: SysMenu): string {
  const base = m.path.replace(/^\//, '');
  return isTopLevelScreen(m) ? '' : base.charAt(0).toUpperCase() + base.slice(1);
}

function routePath(m: SysMenu): string {
  if (!isTopLevel(m) && isInnerLink(m)) return innerLinkPath(m.path);
  if (isTopLevel(m) && m.menuType === 'M' && !m.isFrame) return `/${m.path}`;
  if (isTopLevelScreen(m)) return '/';
  return m.path;
}

function component(m: SysMenu): string {
  if (m.component && !isTopLevelScreen(m)) return m.component;
  if (!isTopLevel(m) && isInnerLink(m)) return 'InnerLink';
  if (!isTopLevel(m) && m.menuType === 'M') return 'ParentView';
  return 'Layout';
}

function meta(m: MenuNode): NonNullable<RouteItem['meta']> {
  return { title: m.title, icon: m.icon, noCache: !m.isCache, link: isHttp(m.path) ? m.path : null, ...(m.isAffix ? { affix: true } : {}) };
}

/** Builds the client route tree (RuoYi's shape) from directories and screens; buttons are not routes. */
export function buildRoutes(nodes: MenuNode[]): RouteItem[] {
  return nodes.map((m) => {
    const route: RouteItem = { name: routeName(m), path: routePath(m), hidden: m.visible === '1', component: component(m), meta: meta(m) };
    if (m.query) route.query = m.query;
    if (m.children.length && m.menuType === 'M') {
      route.alwaysShow = true;
      route.redirect = 'noRedirect';
      route.children = buildRoutes(m.children);
    } else if (isTopLevelScreen(m)) {
      delete route.meta;
      route.children = [
        {
          name: routeName({ ...m, parentId: '-1' }),
          path: m.path,
          hidden: false,
          component: m.component,
          meta: meta(m),
          ...(m.query ? { query: m.query } : {}),
        },
      ];
    } else if (isTopLevel(m) && isInnerLink(m)) {
      route.meta = { title: m.title, icon: m.icon, noCache: !m.isCache, link: null };
      route.path = '/';
      route.children = [
        { name: routeName({ ...m, parentId: '-1' }), path: innerLinkPath(m.path), hidden: false, component: 'InnerLink', meta: meta(m) },
      ];
    }
    return route;
  });
}
