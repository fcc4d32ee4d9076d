import { ResultCode, type RouteItem } from '@zhiwen/shared';
import type { AuthProvider, UserIdentity } from 'ra-core';
import { cookieTokenStore, type TokenStore } from './cookies';
import { SCREEN_PERMISSION_PATHS } from '../screens/registry';
import { httpClient, type HttpClient } from './httpClient';

export interface StaffUser {
  userId?: number | string;
  userName?: string;
  nickName?: string;
  avatar?: string;
  avatarSrc?: string;
  [key: string]: unknown;
}

/** `data` of GET /getInfo. */
export interface UserInfo {
  user: StaffUser;
  roles: string[];
  permissions: string[];
}

/** What `usePermissions()` answers: role keys, permission strings and the route tree of `/getRouters`. */
export interface StaffPermissions {
  roles: string[];
  permissions: string[];
  routes: RouteItem[];
}

export interface LoginParams {
  username: string;
  password: string;
  code?: string;
  uuid?: string;
}

/** A signed-in user with no role still gets one, so role checks never see an empty list. */
export const DEFAULT_ROLE = 'ROLE_DEFAULT';
/** Permissions that grant everything (`*:*:*` is how the server's admin role is often seeded). */
const ALL_PERMISSIONS = new Set(['*', '*:*:*']);

/** react-admin action names -> the verbs of our permission strings (`system:user:query`, ...). */
const ACTION_VERBS: Record<string, string[]> = {
  // System screens name the list permission `list`, CMS screens `view` (`cms:member:view`).
  list: ['list', 'view'],
  show: ['query'],
  create: ['add'],
  edit: ['edit'],
  delete: ['remove'],
  export: ['export'],
};

/** True when `permissions` has `*` or exactly `<resource>:<action>` (resource `a/b` is read as `a:b`). */
export function hasPermission(permissions: readonly string[], resource: string, action: string): boolean {
  if (permissions.some((p) => ALL_PERMISSIONS.has(p))) return true;
  const prefix = resource.replace(/^\/+|\/+$/g, '').replace(/\//g, ':');
  const wanted = new Set([`${prefix}:${action}`, ...(ACTION_VERBS[action] ?? []).map((verb) => `${prefix}:${verb}`)]);
  return permissions.some((p) => wanted.has(p));
}

function normalizeInfo(data: Partial<UserInfo> | undefined): UserInfo {
  const roles = Array.isArray(data?.roles) && data.roles.length ? data.roles : [DEFAULT_ROLE];
  return {
    user: data?.user ?? {},
    roles,
    permissions: Array.isArray(data?.permissions) ? data.permissions : [],
  };
}

/** True when `permissions` has `*` or exactly `permission` (e.g. `monitor:online:forceLogout`). */
export function hasPermissionString(permissions: readonly string[] | undefined, permission: string): boolean {
  return !!permissions?.some((p) => ALL_PERMISSIONS.has(p) || p === permission);
}

export function createAuthProvider(
  http: HttpClient = httpClient,
  tokens: TokenStore = cookieTokenStore,
  /** API path of a screen whose path differs (`system/log/operlog` -> `monitor/operlog`): permissions follow the API. */
  apiPaths: Record<string, string> = {},
): AuthProvider {
  // One GET /getInfo per token: identity, permissions and canAccess all read it.
  let cached: { token: string; info: Promise<UserInfo> } | undefined;
  let cachedRoutes: { token: string; routes: Promise<RouteItem[]> } | undefined;

  /** The caller's route tree (menus and screens), once per token. */
  function loadRoutes(): Promise<RouteItem[]> {
    const token = tokens.get();
    if (!token) return Promise.resolve([]);
    if (cachedRoutes?.token !== token) {
      const routes = http.get<RouteItem[]>('/getRouters').then(({ data }) => (Array.isArray(data) ? data : []));
      routes.catch(() => {
        if (cachedRoutes?.routes === routes) cachedRoutes = undefined;
      });
      cachedRoutes = { token, routes };
    }
    return cachedRoutes.routes;
  }

  function loadInfo(): Promise<UserInfo> {
    const token = tokens.get();
    if (!token) return Promise.reject(new Error('ra.auth.auth_check_error'));
    if (cached?.token !== token) {
      const info = http.get<UserInfo>('/getInfo').then(({ data }) => normalizeInfo(data));
      info.catch(() => {
        if (cached?.info === info) cached = undefined; // let the next call try again
      });
      cached = { token, info };
    }
    return cached.info;
  }

  function signOutLocally() {
    tokens.remove();
    cached = undefined;
    cachedRoutes = undefined;
  }

  return {
    async login({ username, password, code, uuid }: LoginParams) {
      const { data } = await http.post<string>(
        '/login',
        { username, password, code, uuid },
        // No token yet; the button is disabled while signing in, so the repeat guard is not needed.
        { withToken: false, repeatSubmitGuard: false },
      );
      if (typeof data !== 'string' || !data) throw new Error('ra.auth.sign_in_error');
      cached = undefined;
      cachedRoutes = undefined;
      tokens.set(data);
    },

    async logout() {
      if (tokens.get()) {
        try {
          await http.post('/logout', undefined, { repeatSubmitGuard: false });
        } catch {
          // The token is dropped locally whatever the server says.
        }
      }
      signOutLocally();
    },

    // `message: false`: an anonymous visit goes to the login page without an error notification.
    checkAuth: () => (tokens.get() ? Promise.resolve() : Promise.reject({ message: false })),

    // Spec 2.1: a 401 while signed in does not sign out: the HTTP client has opened the re-login dialog, which keeps
    // the page (and what was typed in it); the failed call still reports its error. Without a token (signed out
    // elsewhere) a 401 goes to the login page. Any other code (403 included) is the call's own error, no sign-out.
    checkError(error) {
      if (error?.status === ResultCode.UNAUTHORIZED && !tokens.get()) {
        signOutLocally();
        return Promise.reject(error);
      }
      return Promise.resolve();
    },

    async getIdentity(): Promise<UserIdentity> {
      const { user } = await loadInfo();
      return {
        id: user.userId ?? user.userName ?? '',
        // The account name: the re-login dialog signs in again as this user.
        userName: user.userName,
        fullName: user.nickName || user.userName,
        avatar: user.avatar || user.avatarSrc,
        loginIp: user.loginIp,
        loginDate: user.loginDate,
      };
    },

    async getPermissions(): Promise<StaffPermissions> {
      const none: StaffPermissions = { roles: [], permissions: [], routes: [] };
      if (!tokens.get()) return none;
      // Without a route tree the console still works (no menus); identity failures still fail, except a refused
      // session: the layout then shows at once with the re-login dialog (signing in again reloads permissions).
      const [info, routes] = await Promise.all([
        loadInfo().catch((error: { status?: number }) => {
          if (error?.status === ResultCode.UNAUTHORIZED) return undefined;
          throw error;
        }),
        loadRoutes().catch(() => [] as RouteItem[]),
      ]);
      return info ? { roles: info.roles, permissions: info.permissions, routes } : none;
    },

    async canAccess({ resource, action }) {
      try {
        const { permissions } = await loadInfo();
        return hasPermission(permissions, apiPaths[resource] ?? resource, action);
      } catch {
        return false; // no user info, no access
      }
    },
  };
}

export const authProvider = createAuthProvider(httpClient, cookieTokenStore, SCREEN_PERMISSION_PATHS);
