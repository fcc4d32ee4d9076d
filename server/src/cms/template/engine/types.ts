/**
 * Plain data the template engine works with. The engine never touches the database or the file system: the publisher
 * hands it a TemplateSource (template files) and a TemplateDataProvider (sites, catalogs, content, URLs).
 */

/** Where template files come from: the site's template folder of one publish pipe. */
export interface TemplateSource {
  /** The text of the template at `path` (relative to the pipe's template folder, e.g. `include/header.template.html`), or null when absent. */
  read(path: string): Promise<string | null>;
}

/** A site as templates see it (`site`). */
export interface SiteView {
  siteId: string;
  name: string;
  /** Folder name of the published site. */
  path: string;
  /** Root URL of the site on the current pipe, ending in `/`. */
  url: string;
  logo: string;
  /** Full URL of the logo ('' when none). */
  logoUrl: string;
  description: string;
  /** Static page suffix: html, shtml or htm. */
  staticSuffix: string;
  seoTitle: string;
  seoKeywords: string;
  seoDescription: string;
  /** Site properties by code (`site.props.hotline`). */
  props: Record<string, string>;
  /** Values of the site's extension model by field code (`site.extend.<code>`, cms/exmodel). */
  extend?: Record<string, unknown>;
  /** Base URL of the public API for page script (search, comments, votes, statistics), without a trailing `/`. */
  apiUrl: string;
}

/** A catalog as templates see it. */
export interface CatalogView {
  /** Values of the catalogs' extension model by field code (`catalog.extend.<code>`, cms/exmodel). */
  extend?: Record<string, unknown>;
  catalogId: string;
  siteId: string;
  /** '0' for a top-level catalog. */
  parentId: string;
  name: string;
  alias: string;
  /** Path relative to the pipe root, ending in `/` (e.g. `news/`). */
  path: string;
  type: 'common' | 'link';
  /** Its list page URL, or the redirect URL of a link catalog. */
  url: string;
  logo: string;
  logoUrl: string;
  description: string;
  treeLevel: number;
  contentCount: number;
  visible: boolean;
  seoTitle: string;
  seoKeywords: string;
  seoDescription: string;
}

/** A catalog with its sub-catalogs (`catalog_tree`). */
export interface CatalogTreeNode extends CatalogView {
  children: CatalogTreeNode[];
}

/** An image, audio or video of content. */
export interface MediaView {
  title: string;
  path: string;
  url: string;
  description: string;
  /** Embed code of a third-party player (video/audio), '' when none. */
  embedCode: string;
  /** Seconds (audio, video). */
  duration: number;
}

/** Content as templates see it. Lists fill the summary fields; the detail page also fills the body fields. */
export interface ContentView {
  /** Values of the content's extension model by field code (`content.extend.<code>`, cms/exmodel). */
  extend?: Record<string, unknown>;
  contentId: string;
  siteId: string;
  catalogId: string;
  catalogName: string;
  catalogUrl: string;
  contentType: 'article' | 'image' | 'audio' | 'video';
  title: string;
  subTitle: string;
  shortTitle: string;
  titleStyle: string;
  logo: string;
  logoUrl: string;
  author: string;
  editor: string;
  original: boolean;
  summary: string;
  tags: string[];
  keywords: string[];
  source: string;
  sourceUrl: string;
  /** ISO date-time or Date; format with `date_format`. */
  publishDate: string | Date | null;
  top: boolean;
  recommend: boolean;
  hot: boolean;
  viewCount: number;
  likeCount: number;
  commentCount: number;
  /** Its page URL, or the redirect URL of link content. */
  url: string;
  /** Link content: the page opens this URL. */
  linkFlag: boolean;
  seoTitle: string;
  seoKeywords: string;
  seoDescription: string;
  /** Detail only: the article HTML (internal links and resource paths already resolved). */
  contentHtml?: string;
  /** Detail only: images of image content, audios of audio content, videos of video content. */
  images?: MediaView[];
  audios?: MediaView[];
  videos?: MediaView[];
  /** Detail only: related content. */
  related?: ContentView[];
}

/** Which catalogs `catalog_list` asks for. */
export interface CatalogQuery {
  /** Parent catalog id; null = top-level catalogs of the site. */
  parent: string | null;
  /** Only catalogs marked visible (navigation). */
  visibleOnly: boolean;
  limit: number;
}

/** Which part of the catalog tree `catalog_tree` asks for. */
export interface CatalogTreeQuery {
  /** Root catalog id (its sub-tree, without itself); null = the whole site. */
  root: string | null;
  /** Levels below the root, at least 1. */
  depth: number;
  visibleOnly: boolean;
}

export type ContentSort = 'default' | 'publishDate' | 'views' | 'recent';

/** Which content `content_list` asks for. The provider answers published content only. */
export interface ContentQuery {
  /** Catalog id or alias; null = the whole site. */
  catalog: string | null;
  /** Also content of the catalog's descendants. */
  includeChildren: boolean;
  recommend?: boolean;
  hot?: boolean;
  /** Only content with a logo (picture lists). */
  hasLogo?: boolean;
  /** Only content carrying this tag. */
  tag?: string;
  contentType?: ContentView['contentType'];
  /**
   * default: top first, then the catalog's manual order; publishDate: newest publish date first;
   * views: most viewed first; recent: last updated first.
   */
  sort: ContentSort;
  offset: number;
  limit: number;
  /** Whether the caller needs `total` (a paged list); when false a provider may skip counting and answer the rows' length. */
  needsTotal?: boolean;
}

/** URLs on the pipe being rendered (published pages or preview, as the publisher decides). */
export interface TemplateUrls {
  /** Home page URL of the site. */
  site(): string;
  /** List page URL of a catalog (redirect URL of a link catalog). */
  catalog(catalog: CatalogView): string;
  /** URL of list page `pageIndex` (1 = `index.<suffix>`, n = `list_<n>.<suffix>`) of a catalog. */
  catalogPage(catalog: CatalogView, pageIndex: number): string;
  /** Page URL of content (redirect URL of link content). */
  content(content: ContentView): string;
  /** URL of a path relative to the pipe root (e.g. `about/index.html`, `assets/css/site.css`). */
  internal(path: string): string;
  /** URL of an uploaded resource path (`resources/202401/x.png`), on the site's resource domain when set. */
  resource(path: string): string;
}

/** A file of the site's resource library as templates see it. */
export interface ResourceView {
  resourceId: string;
  resourceType: 'image' | 'audio' | 'video' | 'document' | 'other';
  name: string;
  /** Path inside the site folder (`resources/202611/<hex>.jpg`). */
  path: string;
  suffix: string;
  width: number;
  height: number;
  fileSize: number;
  tags: string[];
  description: string;
  /** Public URL. */
  src: string;
  /** Thumbnail URL (src when the resource has no thumbnail). */
  thumbnailSrc: string;
}

/** What `cms_resource` lists: newest first. */
export interface ResourceQuery {
  resourceType?: ResourceView['resourceType'];
  tag?: string;
  offset: number;
  limit: number;
}

/** Where templates get their data: the publisher implements it with read-only queries. */
export interface TemplateDataProvider {
  /** The site being rendered. */
  site(): Promise<SiteView>;
  /** A catalog of the site by id or alias, or null. */
  catalog(idOrAlias: string): Promise<CatalogView | null>;
  /** Catalogs under a parent, in tree order. */
  catalogs(query: CatalogQuery): Promise<CatalogView[]>;
  /** A part of the catalog tree, nested. */
  catalogTree(query: CatalogTreeQuery): Promise<CatalogTreeNode[]>;
  /** Published content, one window of it, with the total count (unless the query says it needs none). */
  contents(query: ContentQuery): Promise<{ rows: ContentView[]; total: number }>;
  /** Published content by id with its detail fields, or null. */
  content(id: string): Promise<ContentView | null>;
  /** A library resource of the site by id or path (inside the site folder), or null. Absent: no library (filters fall back to paths). */
  resource?(idOrPath: string): Promise<ResourceView | null>;
  /** Library resources of the site, newest first. */
  resources?(query: ResourceQuery): Promise<ResourceView[]>;
  /** HTML of the last publish of the site's page widget with this code (any case), or null when none is published. */
  pageWidget?(code: string): Promise<string | null>;
  /**
   * `load()`'s answer, read once per key for all the pages the provider's run renders (a publish job: a snapshot, like
   * its lists); absent: `load()` each time. Extension tags' data goes through it.
   */
  once?<T>(key: string, load: () => Promise<T>): Promise<T>;
  urls: TemplateUrls;
}

/** What the page being rendered is about. */
export interface TemplateContext {
  /** The site; when absent it is asked from the provider. */
  site?: SiteView;
  /** The catalog of a list or detail page. */
  catalog?: CatalogView | null;
  /** The content of a detail page. */
  content?: ContentView | null;
  /** List page number from 1 (paged `content_list`). */
  pageIndex?: number;
  /** Default page size of a paged `content_list` without `limit` (the catalog's or the site's). */
  pageSize?: number;
  /** Code of the publish pipe being rendered (`pipe` in templates). */
  pipe: string;
  /** Further variables visible to the template (plain data). */
  vars?: Record<string, unknown>;
}

/** Bounds of one render; every field has a safe default. */
export interface TemplateLimits {
  /** Wall-clock time of a render, in ms (default 5000). */
  timeoutMs?: number;
  /** Largest output, in characters (default 5,000,000). */
  maxOutputChars?: number;
  /** Deepest nesting of include/render/layout (default 8). */
  maxIncludeDepth?: number;
  /** LiquidJS memory budget: ranges, joins, string building (default 10,000,000). */
  memoryLimit?: number;
  /** Largest template file, in characters (default 1,000,000). */
  maxTemplateChars?: number;
  /** Data-provider calls of a render: list tags and URL filters (default 500). */
  maxDataCalls?: number;
}

/** The paging state of a page's paged `content_list` (what `page_bar` renders; the publisher reads pageCount). */
export interface PagingState {
  pageIndex: number;
  pageSize: number;
  total: number;
  pageCount: number;
  firstUrl: string;
  prevUrl: string | null;
  nextUrl: string | null;
  lastUrl: string;
}

/** A rendered page and, when it holds a paged list, its paging. */
export interface RenderResult {
  html: string;
  paging: PagingState | null;
}

/** Options of renderTemplate / renderPage. */
export interface RenderOptions {
  source: TemplateSource;
  provider: TemplateDataProvider;
  context: TemplateContext;
  limits?: TemplateLimits;
  /** IANA zone of `date_format` (default: the server's). */
  timeZone?: string;
  /**
   * The source's texts do not change while it is in use (a publish run's snapshot): parsed templates are then kept
   * with the source object and reused by every page rendered from it.
   */
  reuseParsed?: boolean;
}

/** A syntax error found by checkTemplateSyntax. */
export interface TemplateSyntaxIssue {
  line: number;
  col: number;
  message: string;
}
