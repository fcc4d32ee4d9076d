/**
 * document.cookie behind a replaceable jar, so the navigation guard, the token and remember-me run in unit tests
 * (node, no DOM) exactly as in the browser.
 */
export interface CookieJar {
  /** `a=1; b=2`, as document.cookie reads. */
  read(): string;
  /** One `name=value; attributes` string, as document.cookie is written. */
  write(cookie: string): void;
}

const documentJar: CookieJar = {
  read: () => (typeof document === 'undefined' ? '' : document.cookie),
  write: (cookie) => {
    if (typeof document !== 'undefined') document.cookie = cookie;
  },
};

let jar: CookieJar = documentJar;

/** Replaces the jar (tests); without an argument, back to document.cookie. */
export function setCookieJar(next?: CookieJar): void {
  jar = next ?? documentJar;
}

export function getCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of jar.read().split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return undefined;
}

export interface CookieOptions {
  /** Lifetime; none = until the browser closes. */
  maxAgeSeconds?: number;
  path?: string;
}

export function setCookie(name: string, value: string, { maxAgeSeconds, path = '/' }: CookieOptions = {}): void {
  const age = maxAgeSeconds === undefined ? '' : `; max-age=${Math.round(maxAgeSeconds)}`;
  jar.write(`${encodeURIComponent(name)}=${encodeURIComponent(value)}${age}; path=${path}; SameSite=Lax`);
}

export function removeCookie(name: string, path = '/'): void {
  jar.write(`${encodeURIComponent(name)}=; max-age=0; path=${path}; SameSite=Lax`);
}
