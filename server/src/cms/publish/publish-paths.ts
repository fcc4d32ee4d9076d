// Where published files live in storage and which URLs point at them (docs/cms.md "Storage layout"). Pure functions:
// the read model, the publisher, the sitemap and the static handler share them so paths and URLs never disagree.

/** What paths and URLs need of a site. */
export interface SiteRef {
  siteId: string;
  path: string;
  staticSuffix: string;
  resourceUrl: string;
  /** Public URL of the site's own bucket when its resources live there (storage per site), else '' or absent. */
  resourceBucketUrl?: string;
  publishPipeProps: Record<string, { url?: string } | undefined>;
}

/** What paths and URLs need of a catalog. */
export interface CatalogRef {
  catalogId: string;
  path: string;
  catalogType: 'common' | 'link';
  redirectUrl: string;
}

/** What paths and URLs need of a content. */
export interface ContentRef {
  contentId: string;
  catalogId: string;
  staticPath: string;
  linkFlag: boolean;
  redirectUrl: string;
}

const CATALOG_PATH = /^[A-Za-z0-9_]+(\/[A-Za-z0-9_]+)*\/$/;
// A content's own file name under its catalog: safe segments, no `..`.
const STATIC_PATH = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*(\.[A-Za-z0-9]+)?$/;

/** Whether a catalog path has the stored form (`news/tech/`). */
export function isCatalogPath(path: string): boolean {
  return CATALOG_PATH.test(path);
}

/** Storage folder of a pipe's published pages: `site/<sitePath>/<pipe>`. */
export function pipeFolder(site: Pick<SiteRef, 'path'>, pipe: string): string {
  return `site/${site.path}/${pipe}`;
}

/** Storage key of a page given its path relative to the pipe root. */
export function pageKey(site: Pick<SiteRef, 'path'>, pipe: string, relative: string): string {
  return `${pipeFolder(site, pipe)}/${relative}`;
}

/** Relative path of the home page. */
export function homeFile(site: Pick<SiteRef, 'staticSuffix'>): string {
  return `index.${site.staticSuffix}`;
}

/** Relative path of list page `page` (1-based) of a catalog. */
export function listFile(site: Pick<SiteRef, 'staticSuffix'>, catalog: Pick<CatalogRef, 'path'>, page = 1): string {
  return page <= 1 ? `${catalog.path}index.${site.staticSuffix}` : `${catalog.path}list_${page}.${site.staticSuffix}`;
}

/** Relative path of a content's detail page (its static path when set and safe). */
export function detailFile(
  site: Pick<SiteRef, 'staticSuffix'>,
  catalog: Pick<CatalogRef, 'path'>,
  content: Pick<ContentRef, 'contentId' | 'staticPath'>,
): string {
  const own = content.staticPath.replace(/^\/+/, '');
  return `${catalog.path}${own && STATIC_PATH.test(own) ? own : `${content.contentId}.${site.staticSuffix}`}`;
}

/** Root URL of a pipe, ending with `/`: the pipe's configured URL, else the built-in `/site/<path>/<pipe>/`. */
export function pipeRootUrl(site: SiteRef, pipe: string): string {
  const url = (site.publishPipeProps?.[pipe]?.url ?? '').trim();
  if (url) return url.endsWith('/') ? url : `${url}/`;
  return `/site/${site.path}/${pipe}/`;
}

/** URL of a catalog (its first list page; `index.<suffix>` is left out) or of list page `page`. */
export function catalogUrl(site: SiteRef, pipe: string, catalog: CatalogRef, page = 1): string {
  if (catalog.catalogType === 'link') return catalog.redirectUrl;
  const root = pipeRootUrl(site, pipe);
  return page <= 1 ? `${root}${catalog.path}` : `${root}${listFile(site, catalog, page)}`;
}

/** URL of a content's page; link content points at its redirect URL. */
export function contentUrl(site: SiteRef, pipe: string, catalog: Pick<CatalogRef, 'path'> | undefined, content: ContentRef): string {
  if (content.linkFlag) return content.redirectUrl;
  if (!catalog) return '';
  return `${pipeRootUrl(site, pipe)}${detailFile(site, catalog, content)}`;
}

/**
 * Where a site's files are reached in pages (ends with `/`): its resource domain, else the public URL of its own bucket
 * (whose keys are `site/<path>/...`), else the built-in `/site/<path>/`.
 */
export function resourceBaseUrl(site: Pick<SiteRef, 'path' | 'resourceUrl' | 'resourceBucketUrl'>): string {
  const domain = site.resourceUrl.trim();
  if (domain) return domain.endsWith('/') ? domain : `${domain}/`;
  const bucket = (site.resourceBucketUrl ?? '').trim().replace(/\/+$/, '');
  return bucket ? `${bucket}/site/${site.path}/` : `/site/${site.path}/`;
}

/**
 * URL of an uploaded resource. Absolute URLs (and `/...`) stay as they are; a storage key `site/<path>/resources/...`
 * or a relative `resources/...` goes under the site's resource base (`resourceBaseUrl`).
 */
export function resourceUrl(site: SiteRef, value: string): string {
  if (!value) return '';
  if (/^(https?:)?\/\//i.test(value) || value.startsWith('/') || value.startsWith('data:')) return value;
  const own = `site/${site.path}/`;
  const relative = value.startsWith(own) ? value.slice(own.length) : value;
  return `${resourceBaseUrl(site)}${relative}`;
}
