/** Tiny document.cookie helpers; they do nothing outside a browser so modules stay importable in tests. */

export const TOKEN_COOKIE = 'Admin-Token';
/** Site chosen in the back office; sent as the CurrentSite header. */
export const SITE_COOKIE = 'CurrentSite';

function hasDocument(): boolean {
  return typeof document !== 'undefined';
}

export function getCookie(name: string): string | undefined {
  if (!hasDocument()) return undefined;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return undefined;
}

export function setCookie(name: string, value: string, days?: number): void {
  if (!hasDocument()) return;
  const expires = days ? `; expires=${new Date(Date.now() + days * 864e5).toUTCString()}` : '';
  // path=/ so the token is shared by every page of the back office.
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}${expires}; path=/; SameSite=Lax`;
}

export function removeCookie(name: string): void {
  if (!hasDocument()) return;
  document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

/** Where the auth provider keeps the token; replaceable so tests can use memory. */
export interface TokenStore {
  get(): string | undefined;
  set(token: string): void;
  remove(): void;
}

export const cookieTokenStore: TokenStore = {
  get: () => getCookie(TOKEN_COOKIE) || undefined,
  set: (token) => setCookie(TOKEN_COOKIE, token),
  remove: () => removeCookie(TOKEN_COOKIE),
};
