import { SITE_COOKIE, setCookie } from '../../../providers/cookies';
import { httpClient } from '../../../providers/httpClient';

/**
 * Makes `siteId` the current site the way the navbar's site selector does: the server checks `Site:View`, the cookie
 * keeps it (the http client sends it as the CurrentSite header); the caller then rebuilds the page through
 * `/redirect/...` so every screen reads the new site.
 */
export async function switchCurrentSite(siteId: string): Promise<void> {
  await httpClient.post(`/cms/site/setCurrentSite/${encodeURIComponent(siteId)}`);
  setCookie(SITE_COOKIE, siteId);
}
