// The publisher's read model: what templates see of one site on one pipe, read straight from the CMS tables with
// parameterized SQL (docs/cms.md: a site publish reads tens of thousands of rows, the owning services would be N+1).
// One SiteReadModel serves a whole publish run: the site, its properties and its catalog tree are read once and kept;
// content is read per list window or in batches of detail pages.
import { API_BASE } from '@zhiwen/shared';
import type { SitePipeProps } from '../site/cms-site.entity';
import type { Pool } from 'pg';
import type {
  CatalogQuery,
  CatalogTreeNode,
  CatalogTreeQuery,
  CatalogView,
  ContentQuery,
  ContentView,
  MediaView,
  ResourceQuery,
  ResourceView,
  SiteView,
  TemplateDataProvider,
  TemplateUrls,
} from '../template/engine/types';
import { catalogUrl, contentUrl, pipeRootUrl, resourceUrl, type SiteRef } from './publish-paths';
import { hasXModelValues, readXModelValues } from '../../xmodel/xmodel-read';

/** Columns of a library resource as templates see it (cms_resource belongs to the resource module; read only here). */
const RESOURCE_COLUMNS = `resource_id::text AS "resourceId", resource_type AS "resourceType", name, path, suffix, width, height,
  file_size::text AS "fileSize", tags, description, thumbnail`;
type ResourceRow = Omit<ResourceView, 'src' | 'thumbnailSrc' | 'fileSize'> & { fileSize: string; thumbnail: string };

/** A site row with what publishing needs. */
export interface SiteRow extends SiteRef {
  name: string;
  logo: string;
  description: string;
  seoTitle: string;
  seoKeywords: string;
  seoDescription: string;
  publishPipeProps: Record<string, SitePipeProps | undefined>;
  configProps: { pageSize?: number; sitemapEnabled?: boolean; defaultDetailTemplate?: string; defaultListTemplate?: string; apiUrl?: string };
}

/** A catalog row with what publishing needs. */
export interface CatalogRow {
  catalogId: string;
  siteId: string;
  parentId: string;
  ancestors: string;
  treeLevel: number;
  name: string;
  alias: string;
  path: string;
  catalogType: 'common' | 'link';
  redirectUrl: string;
  description: string;
  logo: string;
  staticFlag: boolean;
  visible: boolean;
  pageSize: number;
  sortFlag: string;
  contentCount: number;
  seoTitle: string;
  seoKeywords: string;
  seoDescription: string;
  publishPipeProps: Record<string, { indexTemplate?: string; listTemplate?: string; detailTemplate?: string } | undefined>;
}

/** Fields a content row shares with the templates' view of content, read as they are. */
type ContentViewFields =
  | 'contentId'
  | 'siteId'
  | 'catalogId'
  | 'contentType'
  | 'title'
  | 'subTitle'
  | 'shortTitle'
  | 'titleStyle'
  | 'logo'
  | 'author'
  | 'editor'
  | 'original'
  | 'summary'
  | 'tags'
  | 'keywords'
  | 'source'
  | 'sourceUrl'
  | 'recommend'
  | 'hot'
  | 'linkFlag'
  | 'viewCount'
  | 'likeCount'
  | 'commentCount'
  | 'seoTitle'
  | 'seoKeywords'
  | 'seoDescription';

/** A content row (list fields plus what paths and templates need). */
export interface ContentRow extends Pick<ContentView, ContentViewFields> {
  status: string;
  topFlag: string;
  publishDate: Date | null;
  publishPipes: string[];
  staticPath: string;
  template: string;
  redirectUrl: string;
}

/** A publish pipe of a site. */
export interface PipeRow {
  code: string;
  name: string;
  enabled: boolean;
}

const SITE_COLUMNS = `site_id AS "siteId", name, path, logo, resource_url AS "resourceUrl", description, static_suffix AS "staticSuffix",
  seo_title AS "seoTitle", seo_keywords AS "seoKeywords", seo_description AS "seoDescription",
  publish_pipe_props AS "publishPipeProps", config_props AS "configProps",
  CASE WHEN storage_props->>'driver' = 's3' THEN coalesce(storage_props->>'publicUrl', '') ELSE '' END AS "resourceBucketUrl"`;

const CATALOG_COLUMNS = `catalog_id AS "catalogId", site_id AS "siteId", parent_id AS "parentId", ancestors, tree_level AS "treeLevel", name,
  alias, path, catalog_type AS "catalogType", redirect_url AS "redirectUrl", description, logo, static_flag AS "staticFlag", visible,
  page_size AS "pageSize", sort_flag AS "sortFlag", content_count AS "contentCount", seo_title AS "seoTitle",
  seo_keywords AS "seoKeywords", seo_description AS "seoDescription", publish_pipe_props AS "publishPipeProps"`;

/** Columns of cms_content as ContentRow, on alias `c`. */
export const CONTENT_COLUMNS = `c.content_id AS "contentId", c.site_id AS "siteId", c.catalog_id AS "catalogId", c.content_type AS "contentType",
  c.title, c.sub_title AS "subTitle", c.short_title AS "shortTitle", c.title_style AS "titleStyle", c.logo, c.author, c.editor,
  c.original, c.summary, c.tags, c.keywords, c.source, c.source_url AS "sourceUrl", c.status, c.top_flag AS "topFlag", c.recommend,
  c.hot, c.publish_date AS "publishDate", c.publish_pipes AS "publishPipes", c.static_path AS "staticPath", c.template,
  c.redirect_url AS "redirectUrl", c.link_flag AS "linkFlag", c.view_count AS "viewCount", c.like_count AS "likeCount",
  c.comment_count AS "commentCount", c.seo_title AS "seoTitle", c.seo_keywords AS "seoKeywords", c.seo_description AS "seoDescription"`;

/** SQL condition: content `c` is published and shown on pipe `$n`. */
export const onPipe = (param: string) => `c.status = 'published' AND (cardinality(c.publish_pipes) = 0 OR ${param} = ANY(c.publish_pipes))`;

/** SQL condition: content `c` is published and shown on any of the pipes in the text array `$n`. */
const onAnyPipe = (param: string) => `c.status = 'published' AND (cardinality(c.publish_pipes) = 0 OR c.publish_pipes && ${param}::text[])`;

/**
 * Longest first window of a list the pipes of one job read together (a home page's or a list page's head): one
 * statement for every pipe instead of one per pipe; deeper or longer windows are read per pipe.
 */
const SHARED_LIST_MAX = 100;

/** Largest set of contents whose bodies the pipes of one job read together (the content of a detail page). */
const SHARED_DETAILS_MAX = 4;

const ORDER: Record<ContentQuery['sort'], string> = {
  default: 'c.top_flag DESC, c.sort_flag DESC, c.content_id DESC',
  publishDate: 'c.publish_date DESC NULLS LAST, c.content_id DESC',
  views: 'c.view_count DESC, c.content_id DESC',
  recent: 'c.update_time DESC, c.content_id DESC',
};

/** Largest window one list query reads. */
const MAX_LIMIT = 500;

/**
 * Largest list a provider in bulk mode reads whole and pages through in memory (a catalog's list pages ask for the
 * same list window after window); a longer one is read a window at a time.
 */
export const BULK_LIST_MAX = 5000;

/** Whether a content row shows on the pipe. */
export function targetsPipe(content: Pick<ContentRow, 'publishPipes'>, pipe: string): boolean {
  return !content.publishPipes.length || content.publishPipes.includes(pipe);
}

/** The site-wide data of a publish run: site, properties, pipes and the catalog tree, read once. */
export class SiteReadModel {
  readonly catalogsById = new Map<string, CatalogRow>();
  /** Links hot words in detail bodies (set by the publisher from the words module, once per run); none: bodies as saved. */
  bodyLinker: { link(html: string): string } | null = null;
  /** Extension model values (cms/exmodel) of the site and of its catalogs (`site.extend`, `catalog.extend`). */
  siteExtend: Record<string, unknown> = {};
  catalogExtend = new Map<string, Record<string, unknown>>();
  private readonly catalogsByAlias = new Map<string, CatalogRow>();
  private readonly childrenOf = new Map<string, CatalogRow[]>();
  /** Data read once for the model's life (see `once`). */
  private readonly memo = new Map<string, Promise<unknown>>();

  private constructor(
    readonly pool: Pool,
    readonly site: SiteRow,
    readonly props: Record<string, string>,
    readonly pipes: PipeRow[],
    catalogs: CatalogRow[],
  ) {
    for (const catalog of catalogs) {
      this.catalogsById.set(catalog.catalogId, catalog);
      this.catalogsByAlias.set(catalog.alias.toLowerCase(), catalog);
      const siblings = this.childrenOf.get(catalog.parentId) ?? [];
      siblings.push(catalog);
      this.childrenOf.set(catalog.parentId, siblings);
    }
  }

  /**
   * Reads a site with its properties, pipes and catalogs; null when the site does not exist. `extensions: false` leaves
   * out the extension model values (a model that renders nothing: a request queueing tasks).
   */
  static async load(pool: Pool, siteId: string, { extensions = true } = {}): Promise<SiteReadModel | null> {
    const [sites, props, pipes, catalogs] = await Promise.all([
      pool.query<SiteRow>(`SELECT ${SITE_COLUMNS} FROM cms_site WHERE site_id = $1`, [siteId]),
      pool.query<{ code: string; value: string }>(`SELECT prop_code AS code, prop_value AS value FROM cms_site_property WHERE site_id = $1`, [
        siteId,
      ]),
      pool.query<PipeRow>(`SELECT code, name, status = '0' AS enabled FROM cms_publish_pipe WHERE site_id = $1 ORDER BY sort, publishpipe_id`, [
        siteId,
      ]),
      pool.query<CatalogRow>(`SELECT ${CATALOG_COLUMNS} FROM cms_catalog WHERE site_id = $1 ORDER BY tree_level, sort_flag, catalog_id`, [siteId]),
    ]);
    if (!sites.rows.length) return null;
    const site = sites.rows[0];
    site.publishPipeProps ??= {};
    site.configProps ??= {};
    const model = new SiteReadModel(pool, site, Object.fromEntries(props.rows.map((p) => [p.code, p.value])), pipes.rows, catalogs.rows);
    if (!extensions) return model;
    const [siteExtend, catalogExtend, contentExtended] = await Promise.all([
      readXModelValues(pool, 'site', [String(site.siteId)]),
      readXModelValues(
        pool,
        'catalog',
        catalogs.rows.map((c) => String(c.catalogId)),
      ),
      hasXModelValues(pool, 'content'),
    ]);
    model.siteExtend = siteExtend.get(String(site.siteId)) ?? {};
    model.catalogExtend = catalogExtend;
    model.contentExtended = contentExtended;
    return model;
  }

  /**
   * Whether any content has extension model values (read with the run's other site data). Most sites have none: their
   * content lists then skip the look-up (publishing one article reads some twenty lists).
   */
  private contentExtended = true;

  /** Extension model values of content by id (`content.extend`). */
  async contentExtend(ids: string[]): Promise<Map<string, Record<string, unknown>>> {
    return this.contentExtended ? readXModelValues(this.pool, 'content', ids) : new Map();
  }

  /** Codes of the enabled pipes. */
  enabledPipes(): string[] {
    return this.pipes.filter((p) => p.enabled).map((p) => p.code);
  }

  /** A catalog by id or alias. */
  findCatalog(idOrAlias: string): CatalogRow | undefined {
    return /^\d+$/.test(idOrAlias) ? this.catalogsById.get(idOrAlias) : this.catalogsByAlias.get(idOrAlias.toLowerCase());
  }

  /** Direct children of a catalog ('0' = top level), in sort order. */
  children(parentId: string): CatalogRow[] {
    return this.childrenOf.get(parentId) ?? [];
  }

  /** The catalog and every catalog below it. */
  subtree(catalogId: string): CatalogRow[] {
    const root = this.catalogsById.get(catalogId);
    if (!root) return [];
    const found: CatalogRow[] = [root];
    for (let i = 0; i < found.length; i++) found.push(...this.children(found[i].catalogId));
    return found;
  }

  /** The catalog's ancestors, nearest first. */
  ancestors(catalogId: string): CatalogRow[] {
    const found: CatalogRow[] = [];
    let current = this.catalogsById.get(catalogId);
    while (current && current.parentId !== '0' && found.length < 100) {
      current = this.catalogsById.get(current.parentId);
      if (current) found.push(current);
    }
    return found;
  }

  /** Items per list page of a catalog: its own, else the site's, else 20. */
  pageSize(catalog: CatalogRow): number {
    if (catalog.pageSize > 0) return catalog.pageSize;
    const site = Number(this.site.configProps.pageSize);
    return Number.isInteger(site) && site > 0 && site <= 200 ? site : 20;
  }

  /** Content rows by id with the site's other filters left to the caller (any status). */
  async contentRows(ids: string[]): Promise<ContentRow[]> {
    if (!ids.length) return [];
    const { rows } = await this.pool.query<ContentRow>(
      `SELECT ${CONTENT_COLUMNS} FROM cms_content c WHERE c.site_id = $1 AND c.content_id = ANY($2::bigint[])`,
      [this.site.siteId, ids],
    );
    return rows;
  }

  /** Bodies of content in one go: article HTML, media by content id. */
  async details(ids: string[]): Promise<{ html: Map<string, string>; media: Map<string, Array<{ mediaType: string } & Omit<MediaView, 'url'>>> }> {
    const html = new Map<string, string>();
    const media = new Map<string, Array<{ mediaType: string } & Omit<MediaView, 'url'>>>();
    if (!ids.length) return { html, media };
    const [articles, medias] = await Promise.all([
      this.pool.query<{ id: string; html: string }>(
        `SELECT content_id AS id, content_html AS html FROM cms_article_detail WHERE content_id = ANY($1::bigint[])`,
        [ids],
      ),
      this.pool.query<{ id: string; mediaType: string } & Omit<MediaView, 'url'>>(
        `SELECT content_id AS id, media_type AS "mediaType", title, path, description, embed_code AS "embedCode", duration
           FROM cms_content_media WHERE content_id = ANY($1::bigint[]) ORDER BY content_id, sort, media_id`,
        [ids],
      ),
    ]);
    for (const a of articles.rows) html.set(a.id, a.html);
    for (const { id, ...m } of medias.rows) {
      const list = media.get(id) ?? [];
      list.push(m);
      media.set(id, list);
    }
    return { html, media };
  }

  /** Related content ids of contents, in their order. */
  async related(ids: string[]): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    if (!ids.length) return found;
    const { rows } = await this.pool.query<{ id: string; rel: string }>(
      `SELECT content_id AS id, related_content_id AS rel FROM cms_content_rela WHERE content_id = ANY($1::bigint[]) ORDER BY content_id, sort, related_content_id`,
      [ids],
    );
    for (const r of rows) found.set(r.id, [...(found.get(r.id) ?? []), r.rel]);
    return found;
  }

  /**
   * `load()`'s answer, read once per key while this model lives: one publish job (the tasks of one request, every pipe)
   * or one preview. Publishing one article renders six pages in three tasks on two pipes, and each read the footer's
   * friend links again: six statements where one per pipe does.
   */
  once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let answer = this.memo.get(key) as Promise<T> | undefined;
    if (!answer) {
      answer = load();
      this.memo.set(key, answer);
      // A failed read is not kept: the next page asks again.
      answer.catch(() => this.memo.delete(key));
    }
    return answer;
  }

  /** The data provider of this site on one pipe (`bulk`: for the many pages of one run, see PipeDataProvider). */
  provider(pipe: string, bulk = false): PipeDataProvider {
    return new PipeDataProvider(this, pipe, bulk);
  }
}

/** TemplateDataProvider of one site on one pipe (published content only). */
export class PipeDataProvider implements TemplateDataProvider {
  readonly urls: TemplateUrls;
  private siteView?: SiteView;
  /** Content bodies loaded ahead for a batch of detail pages. */
  private readonly preloaded = new Map<string, ContentView>();
  /** Bulk mode: whole lists by their filter and order (null: longer than BULK_LIST_MAX, read by windows). */
  private readonly lists = new Map<string, Promise<ContentRow[] | null>>();
  /** Bulk mode: the whole list of the last paged query (what a list page's page bar counts), when it was read whole. */
  private lastPaged: ContentRow[] | null = null;

  /**
   * `bulk`: the provider renders many pages of one run (a site or catalog publish): a content list is read once,
   * whole, and its windows are cut from it, instead of two queries (window and count) per page. The pages show what
   * the tables held when the list was read, as one consistent snapshot.
   */
  constructor(
    readonly model: SiteReadModel,
    readonly pipe: string,
    private readonly bulk = false,
  ) {
    const site = model.site;
    this.urls = {
      site: () => pipeRootUrl(site, pipe),
      catalog: (c) => this.catalogUrlOf(c.catalogId, 1) ?? c.url,
      catalogPage: (c, page) => this.catalogUrlOf(c.catalogId, page) ?? c.url,
      // Views carry their URL already (static path, link content); the view is the one source of truth.
      content: (c) => c.url,
      internal: (path) => `${pipeRootUrl(site, pipe)}${String(path ?? '').replace(/^\/+/, '')}`,
      resource: (path) => resourceUrl(site, String(path ?? '')),
    };
  }

  private catalogUrlOf(catalogId: string, page: number): string | undefined {
    const row = this.model.catalogsById.get(catalogId);
    return row ? catalogUrl(this.model.site, this.pipe, row, page) : undefined;
  }

  async site(): Promise<SiteView> {
    return this.siteSync();
  }

  /** The site view (no query: the site is read once per run). */
  siteSync(): SiteView {
    const s = this.model.site;
    this.siteView ??= {
      siteId: s.siteId,
      name: s.name,
      path: s.path,
      url: pipeRootUrl(s, this.pipe),
      logo: s.logo,
      logoUrl: resourceUrl(s, s.logo),
      description: s.description,
      staticSuffix: s.staticSuffix,
      seoTitle: s.seoTitle,
      seoKeywords: s.seoKeywords,
      seoDescription: s.seoDescription,
      props: { ...this.model.props },
      extend: { ...this.model.siteExtend },
      apiUrl: (s.configProps.apiUrl || API_BASE).replace(/\/+$/, ''),
    };
    return this.siteView;
  }

  /** The template view of a catalog row. */
  catalogView(row: CatalogRow): CatalogView {
    return {
      catalogId: row.catalogId,
      siteId: row.siteId,
      parentId: row.parentId,
      name: row.name,
      alias: row.alias,
      path: row.path,
      type: row.catalogType,
      url: catalogUrl(this.model.site, this.pipe, row),
      logo: row.logo,
      logoUrl: resourceUrl(this.model.site, row.logo),
      description: row.description,
      treeLevel: row.treeLevel,
      contentCount: row.contentCount,
      visible: row.visible,
      seoTitle: row.seoTitle,
      seoKeywords: row.seoKeywords,
      seoDescription: row.seoDescription,
      extend: { ...(this.model.catalogExtend.get(String(row.catalogId)) ?? {}) },
    };
  }

  /** Sets `extend` (extension model values) on content views, in one query. */
  private async withExtend(views: ContentView[]): Promise<ContentView[]> {
    if (!views.length) return views;
    const values = await this.model.contentExtend(views.map((v) => String(v.contentId)));
    for (const v of views) v.extend = values.get(String(v.contentId)) ?? {};
    return views;
  }

  /** The template view of a content row (list fields). */
  contentView(row: ContentRow): ContentView {
    const site = this.model.site;
    const catalog = this.model.catalogsById.get(row.catalogId);
    return {
      contentId: row.contentId,
      siteId: row.siteId,
      catalogId: row.catalogId,
      catalogName: catalog?.name ?? '',
      catalogUrl: catalog ? catalogUrl(site, this.pipe, catalog) : '',
      contentType: row.contentType,
      title: row.title,
      subTitle: row.subTitle,
      shortTitle: row.shortTitle,
      titleStyle: row.titleStyle,
      logo: row.logo,
      logoUrl: resourceUrl(site, row.logo),
      author: row.author,
      editor: row.editor,
      original: row.original,
      summary: row.summary,
      tags: row.tags ?? [],
      keywords: row.keywords ?? [],
      source: row.source,
      sourceUrl: row.sourceUrl,
      publishDate: row.publishDate,
      top: row.topFlag !== '0',
      recommend: row.recommend,
      hot: row.hot,
      viewCount: row.viewCount,
      likeCount: row.likeCount,
      commentCount: row.commentCount,
      url: contentUrl(site, this.pipe, catalog, row),
      linkFlag: row.linkFlag,
      seoTitle: row.seoTitle,
      seoKeywords: row.seoKeywords,
      seoDescription: row.seoDescription,
    };
  }

  async catalog(idOrAlias: string): Promise<CatalogView | null> {
    const row = this.model.findCatalog(String(idOrAlias ?? ''));
    return row ? this.catalogView(row) : null;
  }

  async catalogs(query: CatalogQuery): Promise<CatalogView[]> {
    const parent = query.parent ? this.model.findCatalog(query.parent)?.catalogId : '0';
    if (!parent) return [];
    return this.model
      .children(parent)
      .filter((c) => !query.visibleOnly || c.visible)
      .slice(0, Math.max(0, query.limit))
      .map((c) => this.catalogView(c));
  }

  async catalogTree(query: CatalogTreeQuery): Promise<CatalogTreeNode[]> {
    const root = query.root ? this.model.findCatalog(query.root)?.catalogId : '0';
    if (!root) return [];
    const build = (parentId: string, depth: number): CatalogTreeNode[] =>
      depth < 1
        ? []
        : this.model
            .children(parentId)
            .filter((c) => !query.visibleOnly || c.visible)
            .map((c) => ({ ...this.catalogView(c), children: build(c.catalogId, depth - 1) }));
    return build(root, Math.min(Math.max(1, query.depth), 20));
  }

  async contents(query: ContentQuery): Promise<{ rows: ContentView[]; total: number }> {
    const params: unknown[] = [this.model.site.siteId, this.pipe];
    // The conditions besides the site ($1) and the pipe ($2).
    const where: string[] = [];
    const add = (sql: (p: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    if (query.catalog) {
      const catalog = this.model.findCatalog(String(query.catalog));
      if (!catalog) return { rows: [], total: 0 };
      const ids = query.includeChildren ? this.model.subtree(catalog.catalogId).map((c) => c.catalogId) : [catalog.catalogId];
      // One catalog by equality: its index then gives the list's order (an array, even of one, does not before PostgreSQL 17).
      if (ids.length === 1) add((p) => `c.catalog_id = ${p}`, ids[0]);
      else add((p) => `c.catalog_id = ANY(${p}::bigint[])`, ids);
    }
    if (query.recommend !== undefined) add((p) => `c.recommend = ${p}`, query.recommend);
    if (query.hot !== undefined) add((p) => `c.hot = ${p}`, query.hot);
    if (query.hasLogo) where.push(`c.logo <> ''`);
    if (query.tag) add((p) => `${p} = ANY(c.tags)`, String(query.tag));
    if (query.contentType) add((p) => `c.content_type = ${p}`, query.contentType);
    const limit = Math.min(Math.max(0, Math.trunc(query.limit) || 0), MAX_LIMIT);
    const offset = Math.max(0, Math.trunc(query.offset) || 0);
    const filterOn = (pipeCondition: string) => ['c.site_id = $1', pipeCondition, ...where].join(' AND ');
    const filter = filterOn(onPipe('$2'));
    const order = ORDER[query.sort] ?? ORDER.default;
    if (this.bulk) {
      const key = `${filter}|${order}|${JSON.stringify(params)}`;
      let whole = this.lists.get(key);
      if (!whole) {
        whole = this.model.pool
          .query<ContentRow>(`SELECT ${CONTENT_COLUMNS} FROM cms_content c WHERE ${filter} ORDER BY ${order} LIMIT ${BULK_LIST_MAX + 1}`, params)
          .then(({ rows }) => (rows.length > BULK_LIST_MAX ? null : rows));
        this.lists.set(key, whole);
      }
      const rows = await whole;
      if (query.needsTotal !== false) this.lastPaged = rows;
      if (rows) return { rows: await this.withExtend(rows.slice(offset, offset + limit).map((r) => this.contentView(r))), total: rows.length };
    }
    const window = async (): Promise<ContentRow[]> => {
      if (!limit) return [];
      const shared = offset === 0 && limit <= SHARED_LIST_MAX ? await this.sharedHead(filterOn(onAnyPipe('$2')), params, order, limit) : null;
      if (shared) return shared;
      return (
        await this.model.pool.query<ContentRow>(
          `SELECT ${CONTENT_COLUMNS} FROM cms_content c WHERE ${filter} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
          params,
        )
      ).rows;
    };
    const [rows, count] = await Promise.all([
      window(),
      query.needsTotal === false
        ? null
        : this.model.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM cms_content c WHERE ${filter}`, params),
    ]);
    return { rows: await this.withExtend(rows.map((r) => this.contentView(r))), total: count ? count.rows[0].n : rows.length };
  }

  /**
   * The first `limit` rows of a list on this pipe, read once for every enabled pipe of the job (publishing one article
   * writes the home page and the catalog's first list page on each pipe: the same lists). Null when the shared read
   * cannot tell this pipe's window: rows of other pipes filled it, so this pipe's own rows may go on past it. `filter`
   * takes the enabled pipes as `$2` (`params` holds this pipe there).
   */
  private async sharedHead(filter: string, params: unknown[], order: string, limit: number): Promise<ContentRow[] | null> {
    const pipes = this.model.enabledPipes();
    if (pipes.length < 2 || !pipes.includes(this.pipe)) return null;
    const shared = [params[0], pipes, ...params.slice(2)];
    const rows = await this.model.once(`list\n${filter}|${order}|${limit}|${JSON.stringify(shared)}`, async () => {
      const sql = `SELECT ${CONTENT_COLUMNS} FROM cms_content c WHERE ${filter} ORDER BY ${order} LIMIT ${limit}`;
      return (await this.model.pool.query<ContentRow>(sql, shared)).rows;
    });
    const mine = rows.filter((r) => targetsPipe(r, this.pipe));
    return mine.length === rows.length || rows.length < limit ? mine : null;
  }

  /** The whole ordered list of the last paged content query in bulk mode, or null when it was not read whole. */
  lastPagedList(): ContentRow[] | null {
    return this.lastPaged;
  }

  /** HTML of the last publish of the site's page widget `code` (cms_page_widget belongs to the page widget module; read only here). */
  pageWidget(code: string): Promise<string | null> {
    return this.once(`pagewidget:${code.toLowerCase()}`, async () => {
      const { rows } = await this.model.pool.query<{ html: string }>(
        `SELECT published_html AS html FROM cms_page_widget WHERE site_id = $1 AND lower(code) = lower($2) AND state = '1' LIMIT 1`,
        [this.model.site.siteId, code],
      );
      return rows[0]?.html ?? null;
    });
  }

  /** A key's data is read once per pipe for the model's life (the footer's friend links, a widget on every page). */
  once<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.model.once(`${this.pipe}\n${key}`, load);
  }

  /** A resource of the site's library by id or by its path (or its thumbnail's path), or null. */
  async resource(idOrPath: string): Promise<ResourceView | null> {
    const ref = String(idOrPath ?? '');
    const byId = /^\d{1,19}$/.test(ref);
    if (!byId && !/^resources\/[A-Za-z0-9_./-]{1,480}$/.test(ref)) return null;
    const { rows } = await this.model.pool.query<ResourceRow>(
      `SELECT ${RESOURCE_COLUMNS} FROM cms_resource WHERE site_id = $1 AND ${byId ? 'resource_id = $2' : '(path = $2 OR thumbnail = $2)'} LIMIT 1`,
      [this.model.site.siteId, ref],
    );
    return rows.length ? this.resourceView(rows[0]) : null;
  }

  /** Resources of the site's library, newest first. */
  async resources(query: ResourceQuery): Promise<ResourceView[]> {
    const params: unknown[] = [this.model.site.siteId];
    let where = 'site_id = $1';
    if (query.resourceType) where += ` AND resource_type = $${params.push(query.resourceType)}`;
    if (query.tag) where += ` AND tags @> $${params.push(JSON.stringify([query.tag]))}::jsonb`;
    const { rows } = await this.model.pool.query<ResourceRow>(
      `SELECT ${RESOURCE_COLUMNS} FROM cms_resource WHERE ${where} ORDER BY resource_id DESC OFFSET $${params.push(query.offset)} LIMIT $${params.push(query.limit)}`,
      params,
    );
    return rows.map((r) => this.resourceView(r));
  }

  private resourceView(row: ResourceRow): ResourceView {
    const { thumbnail, ...rest } = row;
    const src = resourceUrl(this.model.site, row.path);
    return { ...rest, fileSize: Number(row.fileSize), src, thumbnailSrc: thumbnail ? resourceUrl(this.model.site, thumbnail) : src };
  }

  async content(id: string): Promise<ContentView | null> {
    const key = String(id ?? '');
    if (!/^\d{1,19}$/.test(key)) return null;
    const ready = this.preloaded.get(key);
    if (ready) return ready;
    const rows = (await this.model.contentRows([key])).filter((r) => r.status === 'published' && targetsPipe(r, this.pipe));
    if (!rows.length) return null;
    return (await this.withDetails(rows))[0];
  }

  /** Content views with their detail fields (body, media, related), for a batch of rows in a few queries. */
  async withDetails(rows: ContentRow[]): Promise<ContentView[]> {
    const ids = rows.map((r) => r.contentId);
    const read = async () => {
      const [{ html, media }, related] = await Promise.all([this.model.details(ids), this.model.related(ids)]);
      const [relatedAll, extend] = await Promise.all([
        this.model.contentRows([...new Set([...related.values()].flat())]),
        this.model.contentExtend(ids),
      ]);
      return { html, media, related, relatedAll, extend };
    };
    // A detail page's content is read once for every pipe of the job; a batch of a whole-site run is not kept.
    const { html, media, related, relatedAll, extend } =
      ids.length <= SHARED_DETAILS_MAX ? await this.model.once(`details\n${ids.join(',')}`, read) : await read();
    const relatedRows = new Map(relatedAll.filter((r) => r.status === 'published' && targetsPipe(r, this.pipe)).map((r) => [r.contentId, r]));
    return rows.map((row) => {
      const view = this.contentView(row);
      view.extend = extend.get(String(row.contentId)) ?? {};
      const mediaViews = (type: string) =>
        (media.get(row.contentId) ?? [])
          .filter((m) => m.mediaType === type)
          .map(({ mediaType: _type, ...m }) => ({ ...m, url: resourceUrl(this.model.site, m.path) }));
      const body = html.get(row.contentId) ?? '';
      view.contentHtml = this.model.bodyLinker ? this.model.bodyLinker.link(body) : body;
      view.images = mediaViews('image');
      view.audios = mediaViews('audio');
      view.videos = mediaViews('video');
      view.related = (related.get(row.contentId) ?? []).flatMap((rid) => {
        const r = relatedRows.get(rid);
        return r ? [this.contentView(r)] : [];
      });
      return view;
    });
  }

  /** Keeps detail views ready so `content(id)` in a template of this batch needs no query. */
  preload(views: ContentView[]): void {
    this.preloaded.clear();
    for (const v of views) this.preloaded.set(v.contentId, v);
  }
}
