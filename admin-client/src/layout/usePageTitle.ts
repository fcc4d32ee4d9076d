import { useTranslate } from 'react-admin';
import { matchPath } from 'react-router';
import { DETAIL_PAGES } from '../screens/registry';
import { screenOfPath, useScreens } from './useScreens';

/** Console pages that are not in the route tree (spec 2.4), keyed by path, with their title keys. */
const FIXED_PAGES: { path: string; titleKey: string }[] = [
  { path: '/user/profile', titleKey: 'app.profile.title' },
  { path: '/user/preference', titleKey: 'app.layout.preference' },
  ...DETAIL_PAGES.map((p) => ({ path: `/${p.path}`, titleKey: p.titleKey })),
];

export interface PageTitle {
  /** What a tab shows. */
  title: string;
  /** Menu titles down to the page (breadcrumb); empty on the home page. */
  trail: string[];
  /** Pinned tab: cannot be closed. */
  affix: boolean;
}

/** The title and menu trail of a console path: home, a fixed page, a screen or a screen's create/edit page. */
export function usePageTitle(pathname: string): PageTitle {
  const translate = useTranslate();
  const screens = useScreens();
  return pageTitleOf(pathname, screens, translate);
}

/** Pure form of usePageTitle, for lists of paths (the tabs bar). */
export function pageTitleOf(pathname: string, screens: ReturnType<typeof useScreens>, translate: (key: string) => string): PageTitle {
  const path = `/${pathname.replace(/^\/+|\/+$/g, '')}`;
  if (path === '/') return { title: translate('app.layout.home'), trail: [], affix: true };
  const fixed = FIXED_PAGES.find((p) => matchPath(p.path, path));
  if (fixed) return { title: translate(fixed.titleKey), trail: [translate(fixed.titleKey)], affix: false };
  const screen = screenOfPath(screens, path);
  if (!screen) return { title: translate('app.layout.not_found'), trail: [], affix: false };
  const rest = path
    .slice(screen.path.length + 2)
    .split('/')
    .filter(Boolean);
  const action = !rest.length ? undefined : rest[0] === 'create' ? 'create' : rest[1] === 'show' ? 'show' : 'edit';
  const suffix = action ? translate(`app.layout.page_${action}`) : undefined;
  return {
    title: suffix ? `${screen.title}-${suffix}` : screen.title,
    trail: suffix ? [...screen.trail, suffix] : screen.trail,
    affix: screen.affix && !action,
  };
}
