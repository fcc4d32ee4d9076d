import { usePermissions } from 'react-admin';
import type { StaffPermissions } from '../providers/authProvider';
import { menuOf, screensOf, type MenuNode, type ScreenRoute } from '../routing/route-tree';

/** The caller's screens (from `/getRouters`), hidden ones included. */
export function useScreens(): ScreenRoute[] {
  const { permissions } = usePermissions<StaffPermissions>();
  return screensOf(permissions?.routes ?? []);
}

/** The caller's visible menu tree. */
export function useMenu(): MenuNode[] {
  const { permissions } = usePermissions<StaffPermissions>();
  return menuOf(permissions?.routes ?? []);
}

/** The screen a console path belongs to (`system/user/5` -> the users screen): the longest matching screen path. */
export function screenOfPath(screens: ScreenRoute[], pathname: string): ScreenRoute | undefined {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  let best: ScreenRoute | undefined;
  for (const screen of screens) {
    if ((path === screen.path || path.startsWith(`${screen.path}/`)) && (!best || screen.path.length > best.path.length)) best = screen;
  }
  return best;
}
