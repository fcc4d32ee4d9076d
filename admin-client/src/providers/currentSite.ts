import { SITE_COOKIE, setCookie } from './cookies';
import { httpClient } from './httpClient';

/** Dispatched on `window` after the current site changed, so the navbar's site selector shows the new one. */
export const CURRENT_SITE_EVENT = 'zhiwen:current-site';

/**
 * Makes `siteId` the current CMS site: the server checks `Site:View`, the cookie keeps it (the http client sends it as
 * the CurrentSite header). The caller then rebuilds the page through `/redirect/...` so every screen reads the new site.
 */
export async function switchCurrentSite(siteId: string): Promise<void> {
  await httpClient.post(`/cms/site/setCurrentSite/${encodeURIComponent(siteId)}`);
  setCookie(SITE_COOKIE, siteId);
  window.dispatchEvent(new Event(CURRENT_SITE_EVENT));
}
