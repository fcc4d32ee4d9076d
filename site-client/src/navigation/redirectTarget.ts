import { browserStore } from '../app/browser/storage';

/** sessionStorage key of the page to return to after signing in (set by a 401 or a login prompt). */
export const STORED_REDIRECT_KEY = 'redirect';
export const DEFAULT_AFTER_LOGIN = '/memberIndex';

/**
 * `value` when it is a path of this site (`/x?y`), else undefined. Refuses `//host` and `/\host` (browsers read
 * both as another site) and anything with a scheme or control characters: redirect targets come from the URL.
 */
export function safePath(value: string | null | undefined): string | undefined {
  if (!value || value.length > 2048 || !value.startsWith('/')) return undefined;
  if (value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  return value;
}

/** Spec 2.1: the `redirect` query value, else the stored redirect, else the member home. */
export function resolveRedirectTarget(search: string, stored: string | null | undefined): string {
  const query = new URLSearchParams(search).get('redirect');
  return safePath(query) ?? safePath(stored) ?? DEFAULT_AFTER_LOGIN;
}

export function storeRedirect(pathWithQuery: string): void {
  const path = safePath(pathWithQuery);
  if (path) browserStore('session').setItem(STORED_REDIRECT_KEY, path);
}

export function storedRedirect(): string | null {
  return browserStore('session').getItem(STORED_REDIRECT_KEY);
}

/** Where to go after a sign-in or registration; the stored redirect is used once. */
export function takeRedirectTarget(search: string): string {
  const target = resolveRedirectTarget(search, storedRedirect());
  browserStore('session').removeItem(STORED_REDIRECT_KEY);
  return target;
}
