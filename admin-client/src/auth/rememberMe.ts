import { createRememberMe } from '@zhiwen/shared';
import { getCookie, removeCookie, setCookie } from '../providers/cookies';

export { decryptText, encryptText, type RememberedLogin } from '@zhiwen/shared';

/** The back office's remember-me (spec 4): `Admin-*` cookies, the key in localStorage. */
const rememberMe = createRememberMe({
  prefix: 'Admin',
  cookies: { get: getCookie, set: (name, value, days) => setCookie(name, value, days), remove: removeCookie },
  keyStore: () => globalThis.localStorage,
});

export const REMEMBER_COOKIES = rememberMe.cookieNames;
export const REMEMBER_KEY_STORAGE = rememberMe.keyStorageName;
export const rememberLogin = rememberMe.remember;
export const forgetLogin = rememberMe.forget;
export const loadRememberedLogin = rememberMe.load;
