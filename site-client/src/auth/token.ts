import { getCookie, removeCookie, setCookie } from '../app/browser/cookies';

/** The member's token, in a cookie of its own (the back office keeps Admin-Token); sent as a Bearer header. */
export const TOKEN_COOKIE = 'Member-Token';

export const tokenStore = {
  get: (): string | undefined => getCookie(TOKEN_COOKIE) || undefined,
  // A session cookie: the server ends idle sessions itself; closing the browser signs out.
  set: (token: string): void => setCookie(TOKEN_COOKIE, token),
  remove: (): void => removeCookie(TOKEN_COOKIE),
};
