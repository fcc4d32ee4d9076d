import { createRememberMe } from '@zhiwen/shared';
import { getCookie, removeCookie, setCookie } from '../app/browser/cookies';
import { browserStore } from '../app/browser/storage';

export type { RememberedLogin } from '@zhiwen/shared';

/** The public site's remember-me (spec 4): `Member-*` cookies, the key in localStorage. */
const rememberMe = createRememberMe({
  prefix: 'Member',
  cookies: { get: getCookie, set: (name, value, days) => setCookie(name, value, { maxAgeSeconds: days * 24 * 3600 }), remove: removeCookie },
  keyStore: () => browserStore('local'),
});

export const REMEMBER_COOKIES = rememberMe.cookieNames;
export const REMEMBER_KEY_STORAGE = rememberMe.keyStorageName;
export const rememberLogin = rememberMe.remember;
export const forgetLogin = rememberMe.forget;
export const loadRememberedLogin = rememberMe.load;
