import type { StateChoice } from '../../../components/StateChip';

/** The site screen's resource (menu path `cms/site`): list, create, update and delete through the data provider. */
export const SITE_RESOURCE = 'cms/site';

/** Site folder: letters and digits, at most 50 (the server's SITE_PATH); fixed once the site exists. */
export const SITE_PATH = /^[A-Za-z0-9]{1,50}$/;
/** '' or a template path such as `news/list.template.html` (the server's TEMPLATE_OR_EMPTY). */
export const TEMPLATE_PATH_OR_EMPTY = /^(([A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.template\.html)?$/;
/** '' or an http(s) address (resource domain). */
export const HTTP_URL_OR_EMPTY = /^(https?:\/\/[^\s<>"'`]+)?$/i;
/** '' , an http(s) address or a path on this server (logo). */
export const IMAGE_REF = /^(https?:\/\/[^\s<>"'`]+|[^\s:<>"'`]*)$/i;
/** '' , an http(s) address or a path starting with `/` (a pipe's URL). */
export const PIPE_URL_OR_EMPTY = /^(https?:\/\/[^\s<>"'`]+|\/[^\s<>"'`]*)?$/i;

export const STATIC_SUFFIXES = ['html', 'shtml', 'htm'].map((id) => ({ id, name: id }));
export const TITLE_REPEAT_CHECKS = ['none', 'site', 'catalog'].map((id) => ({ id, name: `app.cms_site.title_check_${id}` }));
/** Sensitive words in a content save: not checked, warned about, refused. */
export const SENSITIVE_WORD_CHECKS = ['off', 'warn', 'block'].map((id) => ({ id, name: `app.cms_site.sensitive_check_${id}` }));

/** Content statuses as the dashboard counts them, with the colour of their chip. */
export const CONTENT_STATUSES = [
  { id: 'draft', name: 'app.cms_site.status_draft', color: 'default' },
  { id: 'to_publish', name: 'app.cms_site.status_to_publish', color: 'info' },
  { id: 'published', name: 'app.cms_site.status_published', color: 'success' },
  { id: 're_edit', name: 'app.cms_site.status_re_edit', color: 'warning' },
  { id: 'offline', name: 'app.cms_site.status_offline', color: 'secondary' },
  { id: 'archived', name: 'app.cms_site.status_archived', color: 'primary' },
  { id: 'deleted', name: 'app.cms_site.status_deleted', color: 'error' },
] as const satisfies readonly StateChoice[];

/** The site editor (four tabs), as ChestnutCMS's `/cms/site/tabs?siteId=`. */
export const SITE_TABS_ROUTE = 'cms/site/tabs';
export const siteTabsPath = (siteId: string | number) => `/${SITE_TABS_ROUTE}?siteId=${encodeURIComponent(String(siteId))}`;

/** A pipe of the site as `GET /cms/site/{id}` answers it. */
export interface SitePipe {
  pipeCode: string;
  pipeName: string;
  status: string;
  url: string;
  indexTemplate: string;
  siteUrl?: string;
}

/** What `GET /cms/site/dashboard` answers. */
export interface SiteDashboard {
  siteId: string;
  siteName: string;
  catalogCount: number;
  contentCount: number;
  contentByStatus: Partial<Record<string, number>>;
  templateCount: number;
  publishPipeCount: number;
  resourceCount: number;
}

/** One figure of the dashboard card. */
export interface DashboardItem {
  key: string;
  label: string;
  value: number;
}

/** The dashboard's headline figures, then content per status (every status, 0 when absent; the recycle bin last). */
export function dashboardItems(d: SiteDashboard | undefined): { totals: DashboardItem[]; byStatus: DashboardItem[] } {
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);
  const totals = (['catalogCount', 'contentCount', 'templateCount', 'publishPipeCount', 'resourceCount'] as const).map((key) => ({
    key,
    label: `app.cms_site.dash_${key}`,
    value: n(d?.[key]),
  }));
  const byStatus = CONTENT_STATUSES.map((s) => ({ key: s.id, label: s.name, value: n(d?.contentByStatus?.[s.id]) }));
  return { totals, byStatus };
}

/** Fields a site form sends (CreateSiteDto); the server strips others, but we send only what it reads. */
const SITE_FIELDS = [
  'name',
  'path',
  'logo',
  'resourceUrl',
  'description',
  'staticSuffix',
  'sort',
  'seoTitle',
  'seoKeywords',
  'seoDescription',
  'remark',
] as const;

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/** Body of `POST /cms/site`: the form's fields, texts trimmed, sort a number. */
export function siteCreateBody(values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of SITE_FIELDS) {
    if (key === 'sort') body.sort = Number(values.sort ?? 0) || 0;
    else if (key === 'staticSuffix') body.staticSuffix = values.staticSuffix || 'html';
    else body[key] = text(values[key]);
  }
  return body;
}

/**
 * Body of `PUT /cms/site`: the basic fields plus `publishPipeProps {<pipe>: {url, indexTemplate}}` built from the
 * form's `publishPipes` rows (the edit form shows one row per pipe of the site).
 */
export function siteUpdateBody(values: Record<string, unknown>): Record<string, unknown> {
  const pipes = Array.isArray(values.publishPipes) ? (values.publishPipes as Partial<SitePipe>[]) : [];
  const publishPipeProps = Object.fromEntries(
    pipes.filter((p) => p?.pipeCode).map((p) => [p.pipeCode!, { url: text(p.url), indexTemplate: text(p.indexTemplate) }]),
  );
  return { ...siteCreateBody(values), siteId: String(values.siteId ?? values.id ?? ''), publishPipeProps };
}

/** Extension settings (`GET/POST /cms/site/extends`). */
export interface SiteExtends {
  pageSize: number;
  titleRepeatCheck: 'none' | 'site' | 'catalog';
  recycleKeepDays: number;
  sitemapEnabled: boolean;
  apiUrl: string;
  sensitiveWordCheck: 'off' | 'warn' | 'block';
  commentEnabled: boolean;
  commentAutoPass: boolean;
  defaultDetailTemplate: string;
  defaultListTemplate: string;
}

/** Body of `POST /cms/site/extends/{siteId}`: whole numbers, a boolean, trimmed template paths. */
export function extendsBody(values: Partial<Record<keyof SiteExtends, unknown>>): SiteExtends {
  const check = String(values.titleRepeatCheck ?? 'none');
  return {
    pageSize: Math.trunc(Number(values.pageSize ?? 20)),
    titleRepeatCheck: (['none', 'site', 'catalog'].includes(check) ? check : 'none') as SiteExtends['titleRepeatCheck'],
    recycleKeepDays: Math.trunc(Number(values.recycleKeepDays ?? 0)),
    sitemapEnabled: values.sitemapEnabled === true || values.sitemapEnabled === 'true',
    apiUrl: text(values.apiUrl),
    sensitiveWordCheck: (['off', 'warn', 'block'].includes(String(values.sensitiveWordCheck))
      ? values.sensitiveWordCheck
      : 'off') as SiteExtends['sensitiveWordCheck'],
    commentEnabled: values.commentEnabled === undefined ? true : values.commentEnabled === true || values.commentEnabled === 'true',
    commentAutoPass: values.commentAutoPass === true || values.commentAutoPass === 'true',
    defaultDetailTemplate: text(values.defaultDetailTemplate),
    defaultListTemplate: text(values.defaultListTemplate),
  };
}

/** Catalog default templates of one pipe (`GET/POST /cms/site/default_template`). */
export interface PipeDefaultTemplates {
  pipeCode: string;
  pipeName?: string;
  indexTemplate: string;
  listTemplate: string;
  detailTemplate: string;
}

/** Body of `POST /cms/site/default_template`. */
export function defaultTemplatesBody(siteId: string, rows: PipeDefaultTemplates[]) {
  return {
    siteId,
    templates: rows.map((r) => ({
      pipeCode: r.pipeCode,
      indexTemplate: text(r.indexTemplate),
      listTemplate: text(r.listTemplate),
      detailTemplate: text(r.detailTemplate),
    })),
  };
}

/** A site property (`/cms/site/prop`). */
export interface SiteProperty {
  propertyId?: string;
  siteId?: string;
  propName: string;
  propCode: string;
  propValue: string;
  remark: string;
}

/** Property codes: letters, digits, underscore (at most 100). */
export const PROP_CODE = /^[A-Za-z0-9_]{1,100}$/;
