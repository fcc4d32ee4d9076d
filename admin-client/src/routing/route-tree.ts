import type { RouteItem } from '@zhiwen/shared';

/** A screen reachable from the menu: its full path below /admin (without leading slash) and how to show it. */
export interface ScreenRoute {
  /** e.g. `system/post`; also the react-admin resource name. */
  path: string;
  /** The server's component path, e.g. `system/post/index`; keys the screen registry. */
  component: string;
  title: string;
  icon: string;
  hidden: boolean;
  /** An external page: opened in a new tab (or an iframe for inner links). */
  link: string | null;
  /** Titles from the top menu down to this screen (breadcrumb, header search). */
  trail: string[];
  /** Pinned in the tabs bar: cannot be closed. */
  affix: boolean;
}

/** A node of the side menu. */
export interface MenuNode {
  key: string;
  title: string;
  icon: string;
  /** Where the item goes: a screen path, or an external URL. */
  to?: string;
  external?: boolean;
  children: MenuNode[];
}

const join = (base: string, path: string) =>
  [base, path]
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/');

const isExternal = (path: string) => /^https?:\/\//i.test(path);

/** Every screen of the tree (components other than layouts), with its full path. */
export function screensOf(items: RouteItem[], base = '', parents: string[] = []): ScreenRoute[] {
  const out: ScreenRoute[] = [];
  for (const item of items) {
    const full = isExternal(item.path) ? item.path : join(base, item.path);
    const isLayout = ['Layout', 'ParentView', 'InnerLink'].includes(item.component);
    const title = item.meta?.title ?? item.name;
    if (item.children?.length) out.push(...screensOf(item.children, full, item.meta ? [...parents, title] : parents));
    else if (!isLayout || item.component === 'InnerLink') {
      out.push({
        path: full,
        component: item.component,
        title,
        icon: item.meta?.icon ?? '',
        hidden: item.hidden,
        link: item.meta?.link ?? null,
        trail: [...parents, title],
        affix: !!item.meta?.affix,
      });
    }
  }
  return out;
}

/** The visible side menu: hidden routes left out, a top-level screen (a layout with one child) shown as one item. */
export function menuOf(items: RouteItem[], base = ''): MenuNode[] {
  const out: MenuNode[] = [];
  for (const item of items) {
    if (item.hidden) continue;
    const full = isExternal(item.path) ? item.path : join(base, item.path);
    const children = item.children?.length ? menuOf(item.children, full) : [];
    if (!item.meta && children.length === 1) {
      out.push(children[0]);
      continue;
    }
    const link = item.meta?.link ?? null;
    out.push({
      key: full || item.name,
      title: item.meta?.title ?? item.name,
      icon: item.meta?.icon ?? '',
      // An inner link is a console page showing the other site in a frame; only a real URL path leaves the console.
      to: children.length ? undefined : isExternal(full) ? (link ?? full) : full,
      external: isExternal(full) && !children.length,
      children,
    });
  }
  return out;
}
