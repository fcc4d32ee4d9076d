import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setCookieJar, type CookieJar } from '../src/app/browser/cookies';
import { memoryStore, setBrowserStore } from '../src/app/browser/storage';
import { routes } from '../src/routes';

export interface StoredCookie {
  value: string;
  maxAge?: number;
  path?: string;
}

/** A cookie jar as a browser keeps one: writes with `max-age=0` delete, attributes are kept for assertions. */
export function memoryCookieJar(): CookieJar & { cookies: Map<string, StoredCookie> } {
  const cookies = new Map<string, StoredCookie>();
  return {
    cookies,
    read: () => [...cookies].map(([name, c]) => `${name}=${c.value}`).join('; '),
    write(raw: string) {
      const [pair, ...attributes] = raw.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = decodeURIComponent(pair.slice(0, eq));
      const cookie: StoredCookie = { value: pair.slice(eq + 1) };
      for (const attribute of attributes) {
        const [key, value] = attribute.split('=');
        if (key.toLowerCase() === 'max-age') cookie.maxAge = Number(value);
        if (key.toLowerCase() === 'path') cookie.path = value;
      }
      if (cookie.maxAge !== undefined && cookie.maxAge <= 0) cookies.delete(name);
      else cookies.set(name, cookie);
    },
  };
}

/** Fresh cookies and storage for one test; returns the jar. */
export function freshBrowser() {
  const jar = memoryCookieJar();
  setCookieJar(jar);
  setBrowserStore('session', memoryStore());
  setBrowserStore('local', memoryStore());
  return jar;
}

/** Starts a memory router at `path` and waits until its loaders (guard, redirects) have settled. */
export async function openAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  if (!router.state.initialized || router.state.navigation.state !== 'idle') {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (state.initialized && state.navigation.state === 'idle') {
          stop();
          resolve();
        }
      });
    });
  }
  const where = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, where, html: renderToString(<RouterProvider router={router} />) };
}

/** Text content of an HTML fragment (tags dropped, the entities React writes undone). */
export const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");
