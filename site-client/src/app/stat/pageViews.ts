import { API_BASE } from '@zhiwen/shared';

/** Something whose location changes: the data router (`router.subscribe`, `router.state.location`). */
export interface LocationSource {
  state: { location: { pathname: string; search: string } };
  subscribe(listener: (state: { location: { pathname: string; search: string } }) => void): () => void;
}

/** The address of one page view for the statistics beacon (`GET|POST /api/stat/visit`, docs/cms.md "Site statistics"). */
export function visitUrl(pageUrl: string, referrer: string): string {
  const query = new URLSearchParams({ url: pageUrl.slice(0, 2000), referrer: referrer.slice(0, 2000) });
  return `${API_BASE}/api/stat/visit?${query.toString()}`;
}

/** Sends one page view; never fails the page (sendBeacon, else a keepalive fetch, errors ignored). */
export function sendPageView(pageUrl: string, referrer: string): void {
  const url = visitUrl(pageUrl, referrer);
  try {
    if (typeof navigator !== 'undefined' && navigator.sendBeacon?.(url)) return;
    void fetch(url, { method: 'POST', keepalive: true, credentials: 'omit' }).catch(() => undefined);
  } catch {
    // Statistics never break a page.
  }
}

/**
 * Sends a page view now and on each route change (a new path or query; not a hash change), with the previous page as
 * the referrer of the next. The server counts them under the CMS site of the parameter `cms.stat.appSiteId`.
 * Answers the unsubscribe function.
 */
export function trackPageViews(router: LocationSource, send = sendPageView): () => void {
  const keyOf = (l: { pathname: string; search: string }) => `${l.pathname}${l.search}`;
  let last = keyOf(router.state.location);
  let referrer = document.referrer;
  send(window.location.href, referrer);
  return router.subscribe((state) => {
    const key = keyOf(state.location);
    if (key === last) return;
    referrer = new URL(last, window.location.origin).href;
    last = key;
    send(new URL(key, window.location.origin).href, referrer);
  });
}
