import { AI_CATALOG_PATH, ALL_ROUTES } from '../catalog';

/**
 * Paths a visitor without a token may open (spec 2.1): the spec's named pages, every AI tool path (`/ai...`) and
 * /qkl, /sbvip, /qwjc. Also the pages spec 2.2 marks "no sign-in" that the 2.1 list leaves unnamed: the home page
 * (the guard's own fallback target), /404, /401 and the /redirect helper (its target is guarded in turn).
 */
export const VISITOR_PAGES: readonly string[] = [
  '/',
  '/login',
  '/memberlogin',
  '/memberIndex',
  '/register',
  '/report',
  '/wechat',
  '/wechatcallback',
  '/weqr',
  '/auth-redirect',
  '/bind',
  '/404',
  '/401',
  '/qkl',
  '/sbvip',
  '/qwjc',
  // Not in spec 2.1: the popup through which published CMS pages let a member comment and vote (it signs in itself).
  '/connect',
];

/**
 * The `/ai...` tool paths of the catalog (writing tools and the AI checks), /aizcxz included, and the page listing
 * the AI tools (an `/ai...` path too: spec 2.1 opens the AI tool paths to visitors).
 */
export const AI_TOOL_PATHS: readonly string[] = [...ALL_ROUTES.map((route) => route.path), AI_CATALOG_PATH].filter((path) => path.startsWith('/ai'));

/** Sub-paths allowed with their parent: /aizcxz/:id and the refresh helper /redirect/:path. */
export const VISITOR_PREFIXES: readonly string[] = ['/aizcxz/', '/redirect/'];

export interface AllowList {
  paths: ReadonlySet<string>;
  prefixes: readonly string[];
}

export const VISITOR_ALLOW_LIST: AllowList = {
  paths: new Set([...VISITOR_PAGES, ...AI_TOOL_PATHS]),
  prefixes: VISITOR_PREFIXES,
};

export function isAllowed(path: string, allow: AllowList = VISITOR_ALLOW_LIST): boolean {
  return allow.paths.has(path) || allow.prefixes.some((prefix) => path.startsWith(prefix));
}
