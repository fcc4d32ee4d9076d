import {
  Context,
  Hash,
  IncludeTag,
  LayoutTag,
  Liquid,
  RenderTag,
  Tag,
  TypeGuards,
  type Emitter,
  type Parser,
  type TagToken,
  type Template,
  type TopLevelToken,
} from 'liquidjs';
import { formatDate, DEFAULT_DATE_PATTERN } from './date-format';
import { TemplateError } from './errors';
import { extensionTags } from './extension-tags';
// Tags of other modules that templates of every site may use: imported here so the parser always knows them.
import '../../link/link-list-tag';
import { VOTE_CODE, voteWidgetHtml } from '../../../vote/vote-widget';
import { customFormTag } from '../../customform/custom-form-widget';
import type {
  CatalogView,
  ContentSort,
  ContentView,
  PagingState,
  ResourceView,
  SiteView,
  TemplateContext,
  TemplateDataProvider,
  TemplateLimits,
} from './types';

/** What the tags and filters of one render share. */
export interface RenderState {
  provider: TemplateDataProvider;
  context: TemplateContext;
  site: SiteView;
  limits: Required<TemplateLimits>;
  timeZone?: string;
  /** Current include/render/layout nesting. */
  depth: number;
  dataCalls: number;
  paging: PagingState | null;
  /** Set when the wall clock ran out: every further step stops. */
  aborted: TemplateError | null;
  /** Set once `{% vote %}` wrote the vote widget's script into the page (it is written once per page). */
  voteScript?: boolean;
}

/** Largest `limit` of a list tag (a catalog page size is at most 200). */
export const MAX_LIST_LIMIT = 200;
const CATALOG_LEVELS = ['root', 'current', 'child'] as const;
const CONTENT_SORTS: readonly ContentSort[] = ['default', 'publishDate', 'views', 'recent'];
const CONTENT_TYPES = ['article', 'image', 'audio', 'video'] as const;
const RESOURCE_TYPES = ['image', 'audio', 'video', 'document', 'other'] as const;
/** `... as name` at the end of a tag: the assign form. */
const AS_NAME = /(^|\s)as\s+([A-Za-z_][A-Za-z0-9_]*)\s*$/;

type Args = Record<string, unknown>;
type TagClass = new (token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid, parser: Parser) => Tag;
type StateOf = () => RenderState;

/** Stops the render when the wall clock ran out (checked before every data call and include). */
export function checkAborted(state: RenderState): void {
  if (state.aborted) throw state.aborted;
}

/** Counts a data call against the render's budget. */
function dataCall(state: RenderState): void {
  checkAborted(state);
  state.dataCalls += 1;
  if (state.dataCalls > state.limits.maxDataCalls) {
    throw new TemplateError('tooLarge', { detail: `more than ${state.limits.maxDataCalls} data calls in one page` });
  }
}

function text(value: unknown): string | null {
  if (value === null || value === undefined || value === '' || value === false) return null;
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim() || null;
  return null;
}

function int(name: string, value: unknown, fallback: number, min: number, max: number): number {
  if (value === null || value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer from ${min} to ${max}`);
  return n;
}

function oneOf<T extends string>(name: string, value: unknown, allowed: readonly T[], fallback: T): T {
  if (value === null || value === undefined || value === '') return fallback;
  if (!allowed.includes(value as T)) throw new Error(`${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

const flag = (value: unknown): boolean => value === true || value === 'true' || value === 1 || value === '1';
const optionalFlag = (value: unknown): boolean | undefined => (value === undefined || value === null || value === '' ? undefined : flag(value));

/** Catalog id or alias from `id`/`alias`/`catalog` arguments, or a catalog object. */
function catalogRef(args: Args, ...names: string[]): string | null {
  for (const name of names) {
    const value = args[name];
    if (value && typeof value === 'object' && 'catalogId' in value) return String((value as CatalogView).catalogId);
    const ref = text(value);
    if (ref) return ref;
  }
  return null;
}

async function referenceCatalog(state: RenderState, ref: string | null): Promise<CatalogView | null> {
  if (!ref) return state.context.catalog ?? null;
  if (state.context.catalog && (state.context.catalog.catalogId === ref || state.context.catalog.alias === ref)) return state.context.catalog;
  dataCall(state);
  const catalog = await state.provider.catalog(ref);
  if (!catalog) throw new TemplateError('notFound', { detail: `catalog "${ref}"` });
  return catalog;
}

/** One CMS data tag: its arguments and how it loads its data. */
interface DataTagSpec {
  args: readonly string[];
  /** Literal values checked when the template is parsed (so the editor reports them). */
  enums?: Record<string, readonly string[]>;
  /** Whether `{% tag %}...{% endtag %}` (loop over `item`) is allowed; otherwise `as name` is required. */
  block: boolean;
  load(state: RenderState, args: Args): Promise<unknown>;
}

/** Iteration helper exposed as `forloop` in the block form. */
function forloop(index0: number, length: number) {
  return {
    index0,
    index: index0 + 1,
    rindex: length - index0,
    rindex0: length - index0 - 1,
    first: index0 === 0,
    last: index0 === length - 1,
    length,
  };
}

function dataTag(name: string, spec: DataTagSpec, stateOf: StateOf): TagClass {
  return class CmsDataTag extends Tag {
    private readonly hash: Hash;
    private readonly assignTo: string | null;
    private readonly templates: Template[] = [];
    private readonly elseTemplates: Template[] = [];

    constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid, parser: Parser) {
      super(token, remainTokens, liquid);
      const as = AS_NAME.exec(token.args);
      this.assignTo = as ? as[2] : null;
      // Read the key:value arguments only up to `as name`, then insist nothing else is left.
      if (as) this.tokenizer.N = this.tokenizer.p + as.index + as[1].length;
      this.hash = new Hash(this.tokenizer, liquid.options.keyValueSeparator);
      this.tokenizer.skipBlank();
      if (this.tokenizer.p < this.tokenizer.N) {
        throw new Error(`unexpected "${this.tokenizer.input.slice(this.tokenizer.p, this.tokenizer.N).slice(0, 40)}" in tag ${name}`);
      }
      for (const [key, value] of Object.entries(this.hash.hash)) {
        if (!spec.args.includes(key)) throw new Error(`unknown argument "${key}" of tag ${name} (allowed: ${spec.args.join(', ')})`);
        const allowed = spec.enums?.[key];
        if (allowed && TypeGuards.isQuotedToken(value) && !allowed.includes(value.content)) {
          throw new Error(`${key} of tag ${name} must be one of ${allowed.join(', ')}`);
        }
      }
      if (this.assignTo) return;
      if (!spec.block) throw new Error(`tag ${name} needs "as <variable>"`);
      let target = this.templates;
      const stream = parser
        .parseStream(remainTokens)
        .on('tag:else', () => (target = this.elseTemplates))
        .on(`tag:end${name}`, () => stream.stop())
        .on('template', (tpl: Template) => target.push(tpl))
        .on('end', () => {
          throw new Error(`tag ${token.getText()} not closed`);
        });
      stream.start();
    }

    *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
      const args = (yield this.hash.render(ctx)) as Args;
      const state = stateOf();
      const data = yield spec.load(state, args);
      if (state.paging) ctx.bottom().paging = state.paging;
      if (this.assignTo) {
        ctx.bottom()[this.assignTo] = data;
        return;
      }
      const items = Array.isArray(data) ? data : [];
      const renderer = this.liquid.renderer;
      if (!items.length) {
        yield renderer.renderTemplates(this.elseTemplates, ctx, emitter);
        return;
      }
      const scope: Record<string, unknown> = {};
      ctx.push(scope);
      try {
        for (let i = 0; i < items.length; i++) {
          scope.item = items[i];
          scope.forloop = forloop(i, items.length);
          ctx.continueCalled = ctx.breakCalled = false;
          yield renderer.renderTemplates(this.templates, ctx, emitter);
          if (ctx.breakCalled) break;
        }
      } finally {
        ctx.continueCalled = ctx.breakCalled = false;
        ctx.pop();
      }
    }
  };
}

async function loadCatalogs(state: RenderState, args: Args): Promise<CatalogView[]> {
  const ref = catalogRef(args, 'id', 'alias');
  const base = await referenceCatalog(state, ref);
  const level = oneOf('level', args.level, CATALOG_LEVELS, base ? 'child' : 'root');
  const limit = int('limit', args.limit, 50, 1, MAX_LIST_LIMIT);
  const visibleOnly = args.visible_only === undefined ? true : flag(args.visible_only);
  if (level !== 'root' && !base) throw new Error(`level:'${level}' needs a catalog (id, alias, or a catalog page)`);
  const parent = level === 'root' ? null : level === 'child' ? base!.catalogId : base!.parentId === '0' ? null : base!.parentId;
  dataCall(state);
  return state.provider.catalogs({ parent, visibleOnly, limit });
}

async function loadContents(state: RenderState, args: Args): Promise<ContentView[]> {
  const ref = catalogRef(args, 'catalog') ?? state.context.catalog?.catalogId ?? null;
  const paged = flag(args.page);
  const limit = int('limit', args.limit, paged ? (state.context.pageSize ?? 10) : 10, 1, MAX_LIST_LIMIT);
  const pageIndex = paged ? Math.max(1, Math.floor(state.context.pageIndex ?? 1)) : 1;
  const offset = paged ? (pageIndex - 1) * limit : int('offset', args.offset, 0, 0, 100_000);
  const tag = text(args.tag);
  const contentType = args.type === undefined || args.type === '' ? undefined : oneOf('type', args.type, CONTENT_TYPES, 'article');
  dataCall(state);
  const { rows, total } = await state.provider.contents({
    catalog: ref,
    includeChildren: flag(args.include_children),
    recommend: optionalFlag(args.recommend),
    hot: optionalFlag(args.hot),
    hasLogo: optionalFlag(args.has_logo),
    ...(tag ? { tag } : {}),
    ...(contentType ? { contentType } : {}),
    sort: oneOf('sort', args.sort, CONTENT_SORTS, 'default'),
    offset,
    limit,
    needsTotal: paged,
  });
  if (paged) {
    // Page links point at the page being rendered (a catalog list page), else at the listed catalog.
    const catalog = state.context.catalog ?? (ref ? await referenceCatalog(state, ref) : null);
    const pageCount = Math.max(1, Math.ceil(total / limit));
    const url = (n: number) => (catalog ? state.provider.urls.catalogPage(catalog, n) : '');
    state.paging = {
      pageIndex,
      pageSize: limit,
      total,
      pageCount,
      firstUrl: url(1),
      prevUrl: pageIndex > 1 ? url(Math.min(pageIndex - 1, pageCount)) : null,
      nextUrl: pageIndex < pageCount ? url(pageIndex + 1) : null,
      lastUrl: url(pageCount),
    };
  }
  return rows;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The HTML of `page_bar`: first, previous, a window of page numbers, next, last. */
function pageBarHtml(state: RenderState, args: Args): string {
  const paging = state.paging;
  if (!paging || paging.pageCount <= 1) return '';
  const catalog = state.context.catalog;
  const label = (name: string, fallback: string) => escapeHtml(text(args[name]) ?? fallback);
  const numbers = int('numbers', args.numbers, 5, 1, 20);
  const url = (n: number) =>
    n === 1 ? paging.firstUrl : n === paging.pageCount ? paging.lastUrl : catalog ? state.provider.urls.catalogPage(catalog, n) : '';
  const link = (n: number, cls: string, body: string, enabled: boolean) =>
    enabled ? `<a class="${cls}" href="${escapeHtml(url(n))}">${body}</a>` : `<span class="${cls} page-disabled">${body}</span>`;
  const { pageIndex, pageCount } = paging;
  let from = Math.max(1, pageIndex - Math.floor(numbers / 2));
  const to = Math.min(pageCount, from + numbers - 1);
  from = Math.max(1, to - numbers + 1);
  const parts = [
    link(1, 'page-first', label('first', '首页'), pageIndex > 1),
    link(pageIndex - 1, 'page-prev', label('prev', '上一页'), pageIndex > 1),
  ];
  for (let n = from; n <= to; n++) {
    parts.push(n === pageIndex ? `<span class="page-num page-current">${n}</span>` : link(n, 'page-num', String(n), true));
  }
  parts.push(link(pageIndex + 1, 'page-next', label('next', '下一页'), pageIndex < pageCount));
  parts.push(link(pageCount, 'page-last', label('last', '末页'), pageIndex < pageCount));
  return `<div class="page-bar">${parts.join('')}</div>`;
}

/** `{% page_bar %}`: renders the links of the page's paged content_list (nothing when there is one page). */
function pageBarTag(stateOf: StateOf): TagClass {
  const allowed = ['first', 'prev', 'next', 'last', 'numbers'];
  return class PageBarTag extends Tag {
    private readonly hash: Hash;
    constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
      super(token, remainTokens, liquid);
      this.hash = new Hash(this.tokenizer, liquid.options.keyValueSeparator);
      this.tokenizer.skipBlank();
      if (this.tokenizer.p < this.tokenizer.N)
        throw new Error(`unexpected "${this.tokenizer.input.slice(this.tokenizer.p, this.tokenizer.N).slice(0, 40)}" in tag page_bar`);
      for (const key of Object.keys(this.hash.hash)) {
        if (!allowed.includes(key)) throw new Error(`unknown argument "${key}" of tag page_bar (allowed: ${allowed.join(', ')})`);
      }
    }
    *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
      const args = (yield this.hash.render(ctx)) as Args;
      emitter.write(pageBarHtml(stateOf(), args));
    }
  };
}

/** `{% vote code:'x' %}`: a vote of the public vote API as a form, by the vote widget (its script once per page). */
function voteTag(stateOf: StateOf): TagClass {
  return class VoteTag extends Tag {
    private readonly hash: Hash;
    constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
      super(token, remainTokens, liquid);
      this.hash = new Hash(this.tokenizer, liquid.options.keyValueSeparator);
      this.tokenizer.skipBlank();
      if (this.tokenizer.p < this.tokenizer.N)
        throw new Error(`unexpected "${this.tokenizer.input.slice(this.tokenizer.p, this.tokenizer.N).slice(0, 40)}" in tag vote`);
      for (const key of Object.keys(this.hash.hash)) {
        if (key !== 'code') throw new Error(`unknown argument "${key}" of tag vote (allowed: code)`);
      }
    }
    *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
      const args = (yield this.hash.render(ctx)) as Args;
      const code = text(args.code);
      if (!code || !VOTE_CODE.test(code)) throw new Error('tag vote needs code: a letter, then letters, digits or underscores');
      const state = stateOf();
      emitter.write(voteWidgetHtml(code, state.site.apiUrl || '/prod-api', !state.voteScript));
      state.voteScript = true;
    }
  };
}

/** `{% pagewidget code:'x' %}`: the HTML of the last publish of the site's page widget `x` (nothing when unpublished). */
function pageWidgetTag(stateOf: StateOf): TagClass {
  return class PageWidgetTag extends Tag {
    private readonly hash: Hash;
    constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
      super(token, remainTokens, liquid);
      this.hash = new Hash(this.tokenizer, liquid.options.keyValueSeparator);
      this.tokenizer.skipBlank();
      if (this.tokenizer.p < this.tokenizer.N)
        throw new Error(`unexpected "${this.tokenizer.input.slice(this.tokenizer.p, this.tokenizer.N).slice(0, 40)}" in tag pagewidget`);
      for (const key of Object.keys(this.hash.hash)) {
        if (key !== 'code') throw new Error(`unknown argument "${key}" of tag pagewidget (allowed: code)`);
      }
    }
    *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
      const args = (yield this.hash.render(ctx)) as Args;
      const code = text(args.code);
      if (!code || !/^[A-Za-z][A-Za-z0-9_]{0,49}$/.test(code))
        throw new Error('tag pagewidget needs code: a letter, then letters, digits or underscores');
      const state = stateOf();
      if (!state.provider.pageWidget) return;
      dataCall(state);
      const html = (yield state.provider.pageWidget(code)) as string | null;
      emitter.write(html ?? '');
    }
  };
}

/** include/render/layout bounded in depth (a template including itself stops with tooDeep). */
function depthBounded(Base: unknown, stateOf: StateOf): TagClass {
  type Renderable = Tag & { render(ctx: Context, emitter: Emitter): Generator<unknown, unknown, unknown> };
  const Parent = Base as new (...args: ConstructorParameters<TagClass>) => Renderable;
  return class DepthBoundedTag extends Parent {
    *render(ctx: Context, emitter: Emitter): Generator<unknown, unknown, unknown> {
      const state = stateOf();
      checkAborted(state);
      if (state.depth >= state.limits.maxIncludeDepth) {
        throw new TemplateError('tooDeep', { detail: `includes nested deeper than ${state.limits.maxIncludeDepth}` });
      }
      state.depth += 1;
      try {
        const parentRender = Parent.prototype.render as Renderable['render'];
        return yield* parentRender.call(this, ctx, emitter);
      } finally {
        state.depth -= 1;
      }
    }
  };
}

/** The data tags: name -> how it reads its arguments and loads. */
function dataTags(): Record<string, DataTagSpec> {
  return {
    catalog_list: {
      args: ['id', 'alias', 'level', 'visible_only', 'limit'],
      enums: { level: CATALOG_LEVELS },
      block: true,
      load: loadCatalogs,
    },
    content_list: {
      args: ['catalog', 'include_children', 'recommend', 'hot', 'has_logo', 'tag', 'type', 'sort', 'offset', 'limit', 'page'],
      enums: { sort: CONTENT_SORTS, type: CONTENT_TYPES },
      block: true,
      load: loadContents,
    },
    catalog_tree: {
      args: ['id', 'alias', 'depth', 'visible_only'],
      block: false,
      load: async (state, args) => {
        const ref = catalogRef(args, 'id', 'alias');
        const root = ref ? await referenceCatalog(state, ref) : null;
        dataCall(state);
        return state.provider.catalogTree({
          root: root?.catalogId ?? null,
          depth: int('depth', args.depth, 3, 1, 10),
          visibleOnly: args.visible_only === undefined ? true : flag(args.visible_only),
        });
      },
    },
    catalog: {
      args: ['id', 'alias'],
      block: false,
      load: async (state, args) => {
        const ref = catalogRef(args, 'id', 'alias');
        if (!ref) throw new Error('tag catalog needs id or alias');
        dataCall(state);
        return state.provider.catalog(ref);
      },
    },
    cms_resource: {
      args: ['type', 'tag', 'offset', 'limit'],
      enums: { type: RESOURCE_TYPES },
      block: true,
      load: async (state, args) => {
        if (!state.provider.resources) return [];
        const tag = text(args.tag);
        const resourceType = args.type === undefined || args.type === '' ? undefined : oneOf('type', args.type, RESOURCE_TYPES, 'image');
        dataCall(state);
        return state.provider.resources({
          ...(resourceType ? { resourceType } : {}),
          ...(tag ? { tag } : {}),
          offset: int('offset', args.offset, 0, 0, 100_000),
          limit: int('limit', args.limit, 10, 1, MAX_LIST_LIMIT),
        });
      },
    },
    content: {
      args: ['id'],
      block: false,
      load: async (state, args) => {
        const id = text(args.id);
        if (!id) throw new Error('tag content needs id');
        dataCall(state);
        return state.provider.content(id);
      },
    },
  };
}

/** Registers the CMS tags and filters on a Liquid instance; `stateOf` gives the state of the render in progress. */
export function registerCmsExtensions(liquid: Liquid, stateOf: StateOf): void {
  for (const [name, spec] of Object.entries(dataTags())) liquid.registerTag(name, dataTag(name, spec, stateOf));
  // Tags of other modules (friend links, ...): the same argument checks, data-call budget and block or assign forms.
  for (const [name, ext] of extensionTags()) {
    const load = (state: RenderState, args: Args) => {
      dataCall(state);
      const read = () => ext.load({ siteId: state.site.siteId, pipe: state.context.pipe, urls: state.provider.urls }, args);
      return state.provider.once ? state.provider.once(`${name}:${JSON.stringify(args)}`, read) : read();
    };
    liquid.registerTag(name, dataTag(name, { args: ext.args, enums: ext.enums, block: ext.block, load }, stateOf));
  }
  liquid.registerTag('page_bar', pageBarTag(stateOf));
  liquid.registerTag('vote', voteTag(stateOf));
  liquid.registerTag('customform', customFormTag(stateOf));
  liquid.registerTag('pagewidget', pageWidgetTag(stateOf));
  liquid.registerTag('include', depthBounded(IncludeTag, stateOf));
  liquid.registerTag('render', depthBounded(RenderTag, stateOf));
  liquid.registerTag('layout', depthBounded(LayoutTag, stateOf));

  liquid.registerFilter('content_url', async (value: unknown) => {
    const state = stateOf();
    if (value && typeof value === 'object' && 'contentId' in value) return state.provider.urls.content(value as ContentView);
    const id = text(value);
    if (!id) return '';
    dataCall(state);
    const content = await state.provider.content(id);
    return content ? state.provider.urls.content(content) : '';
  });
  liquid.registerFilter('catalog_url', async (value: unknown) => {
    const state = stateOf();
    if (value && typeof value === 'object' && 'catalogId' in value) return state.provider.urls.catalog(value as CatalogView);
    const ref = text(value);
    if (!ref) return '';
    dataCall(state);
    const catalog = await state.provider.catalog(ref);
    return catalog ? state.provider.urls.catalog(catalog) : '';
  });
  liquid.registerFilter('internal_url', (value: unknown) => stateOf().provider.urls.internal(safeRelative(value)));
  liquid.registerFilter('resource_url', async (value: unknown) => {
    if (isResourceView(value)) return value.src;
    const path = text(value);
    if (!path) return '';
    if (/^(https?:)?\/\//i.test(path)) return path; // already a full URL
    if (/^\d{1,19}$/.test(path)) return (await libraryResource(stateOf(), path))?.src ?? '';
    return stateOf().provider.urls.resource(safeRelative(path));
  });
  liquid.registerFilter('thumbnail', async (value: unknown) => {
    if (isResourceView(value)) return value.thumbnailSrc;
    const ref = text(value);
    if (!ref) return '';
    if (/^(https?:)?\/\//i.test(ref)) return ref;
    const state = stateOf();
    const byId = /^\d{1,19}$/.test(ref);
    const resource = await libraryResource(state, byId ? ref : safeRelative(ref));
    if (resource) return resource.thumbnailSrc;
    return byId ? '' : state.provider.urls.resource(safeRelative(ref));
  });
  liquid.registerFilter('asset_url', (value: unknown) => stateOf().provider.urls.internal(`assets/${safeRelative(value)}`));
  liquid.registerFilter('date_format', (value: unknown, pattern?: unknown) =>
    formatDate(value, typeof pattern === 'string' && pattern ? pattern : DEFAULT_DATE_PATTERN, stateOf().timeZone),
  );
}

function isResourceView(value: unknown): value is ResourceView {
  return !!value && typeof value === 'object' && 'resourceId' in value && 'src' in value && 'thumbnailSrc' in value;
}

/** A library resource by id or path (one data call), or null when the provider has no library or none matches. */
async function libraryResource(state: RenderState, ref: string): Promise<ResourceView | null> {
  if (!state.provider.resource) return null;
  dataCall(state);
  return state.provider.resource(ref.replace(new RegExp(`^/?site/${state.site.path}/`), ''));
}

/** A relative URL path without `..` or a scheme (what URL filters accept). */
function safeRelative(value: unknown): string {
  const path = (text(value) ?? '').replace(/^\/+/, '');
  if (path.split('/').some((part) => part === '..') || /^[a-z][a-z0-9+.-]*:/i.test(path)) {
    throw new TemplateError('forbiddenPath', { detail: path.slice(0, 200) });
  }
  return path;
}
