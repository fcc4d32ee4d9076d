import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { trackPageViews, visitUrl, type LocationSource } from '../src/app/stat/pageViews';

type Location = { pathname: string; search: string };

/** A router stand-in: the data router's `state.location` and `subscribe`. */
function fakeRouter(start: Location) {
  const listeners: Array<(s: { location: Location }) => void> = [];
  const router: LocationSource & { go(l: Location): void } = {
    state: { location: start },
    subscribe(listener) {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
    go(location) {
      router.state = { location };
      for (const l of listeners) l({ location });
    },
  };
  return router;
}

const g = globalThis as Record<string, unknown>;
beforeEach(() => {
  g.window = { location: { href: 'https://zw.example/aicheck?x=1', origin: 'https://zw.example' } };
  g.document = { referrer: 'https://www.baidu.com/s?wd=1' };
});
afterEach(() => {
  delete g.window;
  delete g.document;
});

describe('page views of the public site', () => {
  it('sends one view on load and one per route change, with the previous page as referrer', () => {
    const sent: Array<[string, string]> = [];
    const router = fakeRouter({ pathname: '/aicheck', search: '?x=1' });
    const stop = trackPageViews(router, (url, referrer) => sent.push([url, referrer]));
    router.go({ pathname: '/aicheck', search: '?x=1' }); // the same page again (a state change without navigation)
    router.go({ pathname: '/report', search: '' });
    stop();
    router.go({ pathname: '/member', search: '' });
    expect(sent).toEqual([
      ['https://zw.example/aicheck?x=1', 'https://www.baidu.com/s?wd=1'],
      ['https://zw.example/report', 'https://zw.example/aicheck?x=1'],
    ]);
  });

  it('addresses the beacon route of the API with the page and its referrer', () => {
    const url = new URL(visitUrl('https://zw.example/a?b=1', ''), 'https://zw.example');
    expect(url.pathname).toBe('/prod-api/api/stat/visit');
    expect(url.searchParams.get('url')).toBe('https://zw.example/a?b=1');
    expect(url.searchParams.get('referrer')).toBe('');
  });
});
