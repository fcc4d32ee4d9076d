import { REFERRAL } from '@zhiwen/shared';
import { isAllowed, VISITOR_ALLOW_LIST, type AllowList } from './allowList';

/** Where the guard sends visitors from a page outside the allow-list (spec 2.1). */
export const VISITOR_LANDING = '/aizcxz';
export const REGISTER_PATH = '/register';

export interface GuardInput {
  /** Path of the navigation target, without query. */
  path: string;
  hasToken: boolean;
  /** Referral redirects made since /register was last visited. */
  referralLoops: number;
  allow?: AllowList;
}

export type GuardDecision =
  | { kind: 'allow'; resetReferralLoops?: true }
  | { kind: 'redirect'; to: string }
  /** Store `code` in the randomCode cookie, count one loop, go to /register. */
  | { kind: 'referral'; code: string; to: string }
  /** Too many referral redirects in a row: stay where we are. */
  | { kind: 'abort'; reason: 'referral-loop' };

const REFERRAL_PATH = new RegExp(`^/aizcxz/([A-Za-z0-9]{${REFERRAL.codeLength}})$`);

/** `/a/b/` and `/a/b` are one page to the router; the rules compare the form without the trailing slash. */
export function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/** The referral code of an `/aizcxz/{code}` path, if it has one. */
export function referralCode(path: string): string | undefined {
  return REFERRAL_PATH.exec(normalizePath(path))?.[1];
}

/**
 * The navigation rules of spec 2.1, as a pure decision (side effects are applied by runGuard):
 * 1. /register resets the referral loop counter.
 * 2. /aizcxz/{5-character code}: store the code and go to /register, unless more than 3 such redirects already
 *    happened since /register was last visited: then abort (the loop-detected case).
 * 3. With a token: /login goes to /, /memberlogin to /memberIndex, anything else is allowed (unknown paths are
 *    sent home by the route table's catch-all).
 * 4. Without a token: allow-listed paths are allowed; any other goes to /aizcxz when that is allow-listed, else /.
 */
export function decideNavigation({ path: rawPath, hasToken, referralLoops, allow = VISITOR_ALLOW_LIST }: GuardInput): GuardDecision {
  const path = normalizePath(rawPath);
  const code = referralCode(path);
  if (code) {
    if (referralLoops >= REFERRAL.maxRedirectLoops) return { kind: 'abort', reason: 'referral-loop' };
    return { kind: 'referral', code, to: REGISTER_PATH };
  }
  const reset = path === REGISTER_PATH ? ({ resetReferralLoops: true } as const) : {};
  if (hasToken) {
    if (path === '/login') return { kind: 'redirect', to: '/' };
    if (path === '/memberlogin') return { kind: 'redirect', to: '/memberIndex' };
    return { kind: 'allow', ...reset };
  }
  if (isAllowed(path, allow)) return { kind: 'allow', ...reset };
  return { kind: 'redirect', to: isAllowed(VISITOR_LANDING, allow) ? VISITOR_LANDING : '/' };
}
