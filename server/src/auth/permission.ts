import { SetMetadata } from '@nestjs/common';
import type { Permission } from './permissions';

/**
 * What a route needs: every permission listed (`allOf`), any one of them (`anyOf`), only a signed-in staff user
 * (`signedIn`), or a signed-in member of the public site (`member`). Only `member` admits member tokens.
 */
export type PermissionRule = { allOf: Permission[] } | { anyOf: Permission[] } | 'signedIn' | 'member';

export const PERMISSION_RULE = 'zhiwen:permissionRule';
/** The permission every caller of a super administrator role holds. */
export const ALL_PERMISSIONS = '*';

/**
 * The route needs all of these permissions (usually one), e.g. `@RequirePermission('system:user:list')`. Only
 * permissions of the menu seed are accepted (`Permission`, see permissions.ts).
 */
export const RequirePermission = (...permissions: Permission[]) => SetMetadata(PERMISSION_RULE, { allOf: permissions } satisfies PermissionRule);
/** The route needs any one of these permissions. */
export const RequireAnyPermission = (...permissions: Permission[]) => SetMetadata(PERMISSION_RULE, { anyOf: permissions } satisfies PermissionRule);
/** Any signed-in staff user may call the route (own profile, route tree, logout...). */
export const SignedIn = () => SetMetadata(PERMISSION_RULE, 'signedIn' satisfies PermissionRule);
/** Any signed-in member of the public site may call the route (`req.member`); staff tokens are refused. */
export const MemberOnly = () => SetMetadata(PERMISSION_RULE, 'member' satisfies PermissionRule);

export const ACCEPTS_PAGE_TOKEN = 'zhiwen:acceptsPageToken';
/**
 * The route also takes a member's page token (see SessionService.openPageToken): page script of a published site
 * acting in the member's name (comment, like, vote). Everywhere else a page token counts as no sign-in at all.
 */
export const AcceptPageToken = () => SetMetadata(ACCEPTS_PAGE_TOKEN, true);

/** Spec 6: a permission matches when the holder has `*` (or `*:*:*`) or exactly that permission; empty never matches. */
export function hasPermission(held: readonly string[], permission: Permission): boolean {
  if (!permission) return false;
  return held.includes(ALL_PERMISSIONS) || held.includes('*:*:*') || held.includes(permission);
}

/** Whether permissions `held` satisfy a route's rule. */
export function satisfies(held: readonly string[], rule: PermissionRule): boolean {
  if (rule === 'member') return false; // a staff session never satisfies a member route
  if (rule === 'signedIn') return true;
  if ('anyOf' in rule) return rule.anyOf.length > 0 && rule.anyOf.some((p) => hasPermission(held, p));
  return rule.allOf.length > 0 && rule.allOf.every((p) => hasPermission(held, p));
}
