import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser, MemberSession } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import { paginate } from '../../common/paging/paginate';
import { escapeLike, uniqueViolationOf } from '../../database/sql-helpers';
import { CmsPublishService } from '../publish/cms-publish.service';
import { SearchQueryService } from '../search/search-query.service';
import { DEFAULT_THEME_PATHS } from '../template/default-theme';
import { TemplateError } from '../template/engine/errors';
import { isTemplatePath } from '../template/engine/paths';
import { DynamicPageCache } from './dynamic-page-cache';
import {
  DYNAMIC_CODE,
  DYNAMIC_PATH,
  type CreateDynamicPageDto,
  type DynamicInitTypeDto,
  type DynamicPageQueryDto,
  type UpdateDynamicPageDto,
} from './dynamic-page.dto';
import { DYNAMIC_INIT_TYPES, DynamicPage } from './dynamic-page.entity';

const PIPE_CODE = /^[A-Za-z0-9_]{1,50}$/;
const PARAM_NAME = /^[A-Za-z0-9_]{1,40}$/;
/** Request parameters a template sees: at most this many, each value at most 200 characters. */
const MAX_PARAMS = 30;
const SEARCH_PAGE_SIZE = 10;

/** One request of a dynamic page. */
export interface DynamicRequest {
  siteId: string;
  pipe: string;
  path: string;
  query: Record<string, unknown>;
  member?: MemberSession;
  userAgent: string;
}

/** A rendered dynamic page and whether it came from the cache. */
export interface DynamicAnswer {
  html: string;
  cached: boolean;
  /** Whether the answer depends on the member (never shared). */
  personal: boolean;
}

/**
 * Dynamic pages (动态模板) of a site: templates rendered per request with the sandboxed engine of static publishing
 * (same bounds, published data only), for search results, member pages and form result pages. Anonymous answers are
 * cached for the page's `cacheSeconds` in the shared store and dropped whenever a publish task of the site ends.
 */
@Injectable()
export class DynamicPageService {
  private readonly logger = new Logger('DynamicPage');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly publisher: CmsPublishService,
    private readonly search: SearchQueryService,
    private readonly cache: DynamicPageCache,
  ) {}

  private get pages() {
    return this.dataSource.getRepository(DynamicPage);
  }

  initDataTypes(): DynamicInitTypeDto[] {
    return DYNAMIC_INIT_TYPES.map((type) => ({ type, name: t(`cms.dynamic.init.${type}`), description: t(`cms.dynamic.init.${type}.desc`) }));
  }

  async list(siteId: string, query: DynamicPageQueryDto): Promise<PageResult<DynamicPage>> {
    const qb = this.pages.createQueryBuilder('p').where('p.site_id = :siteId', { siteId });
    if (query.query) qb.andWhere('(p.name ILIKE :q OR p.code ILIKE :q OR p.path ILIKE :q)', { q: `%${escapeLike(query.query)}%` });
    return paginate(qb, query, {
      sortable: { name: 'p.name', path: 'p.path', createTime: 'p.create_time' },
      defaultOrder: { 'p.page_id': 'DESC' },
    });
  }

  async get(siteId: string, pageId: string): Promise<DynamicPage> {
    const page = await this.pages.findOneBy({ siteId, pageId });
    if (!page) throw ServiceException.notFound('cms.dynamic.notFound');
    return page;
  }

  async create(user: LoginUser, siteId: string, dto: CreateDynamicPageDto): Promise<DynamicPage> {
    const page = this.pages.create({ siteId, createBy: user.userName });
    return this.save(this.apply(page, user, dto));
  }

  async update(user: LoginUser, siteId: string, dto: UpdateDynamicPageDto): Promise<DynamicPage> {
    const page = await this.get(siteId, dto.pageId);
    // Saved even when no field changed: the new update time is part of the cache key, so cached answers drop.
    return this.save(Object.assign(this.apply(page, user, dto), { updateTime: new Date() }));
  }

  async remove(siteId: string, pageIds: string[]): Promise<void> {
    const found = await this.pages.count({ where: { siteId, pageId: In(pageIds) } });
    if (found !== pageIds.length) throw ServiceException.notFound('cms.dynamic.notFound');
    await this.pages.delete({ siteId, pageId: In(pageIds) });
  }

  /** Renders a page for a request: 404 for anything unknown or disabled; anonymous answers from or into the cache. */
  async render(req: DynamicRequest): Promise<DynamicAnswer> {
    if (!/^[1-9]\d{0,17}$/.test(req.siteId) || !PIPE_CODE.test(req.pipe) || !DYNAMIC_PATH.test(req.path)) throw ServiceException.notFound();
    const page =
      (await this.pages.findOneBy({ siteId: req.siteId, path: req.path, enabled: true })) ??
      (req.path === BUILTIN_SEARCH_PATH && !(await this.pages.existsBy({ siteId: req.siteId, path: req.path }))
        ? builtinSearch(req.siteId, req.pipe)
        : null);
    const template = page && Object.hasOwn(page.templates ?? {}, req.pipe) ? page.templates[req.pipe] : undefined;
    if (!page || typeof template !== 'string' || !template) throw ServiceException.notFound();
    const params = requestParams(req.query);
    const types = new Set(page.initDataTypes ?? []);
    const personal = types.has('member') && !!req.member;
    const key =
      page.cacheSeconds > 0 && !personal
        ? await this.cache.keyOf(page.siteId, page.pageId, String(page.updateTime.getTime()), req.pipe, params)
        : null;
    if (key) {
      const hit = await this.cache.get(key);
      if (hit !== null) return { html: hit, cached: true, personal };
    }
    const pageIndex = types.has('pagination') || types.has('search') ? pageNumber(params.page) : 1;
    const vars: Record<string, unknown> = { request: params, dynamicPage: { code: page.code, path: page.path, name: page.name } };
    if (types.has('member'))
      vars.member = req.member ? { memberId: req.member.id, userName: req.member.userName, nickName: req.member.nickName } : null;
    if (types.has('search')) vars.search = await this.searchData(page, req, params, pageIndex);
    let html: string;
    try {
      html = await this.publisher.renderDynamic(page.siteId, req.pipe, template, vars, pageIndex);
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      this.logger.warn({ pageId: page.pageId, pipe: req.pipe, error: error.message }, 'Dynamic page failed to render');
      // Visitors learn only that it failed; the template's error (paths, lines) is for the log and the staff preview.
      throw new ServiceException('cms.dynamic.renderFailed', {}, 500, 500);
    }
    if (key && (await this.cache.admit(page.siteId, page.pageId, page.cacheSeconds, html))) await this.cache.set(key, html, page.cacheSeconds);
    return { html, cached: false, personal };
  }

  /** The `search` variable: the hits of `q` on the page's pipe with their paging (empty without `q`). */
  private async searchData(page: DynamicPage, req: DynamicRequest, params: Record<string, string>, pageIndex: number) {
    const q = (params.q ?? '').trim().slice(0, 100);
    const catalogId = /^[1-9]\d{0,17}$/.test(params.catalogId ?? '') ? params.catalogId : undefined;
    const sort = params.sort === 'date' ? 'date' : 'relevance';
    const empty = { query: q, rows: [], total: 0, pageIndex, pageSize: SEARCH_PAGE_SIZE, pageCount: 0, prevUrl: null, nextUrl: null };
    if (!q) return empty;
    const { rows, total } = await this.search.search(
      { siteId: page.siteId, q, catalogId, pageNum: pageIndex, pageSize: SEARCH_PAGE_SIZE, sort, pipe: req.pipe },
      req.userAgent,
    );
    const pageCount = Math.ceil(total / SEARCH_PAGE_SIZE);
    const url = (n: number) => `?${new URLSearchParams({ ...params, page: String(n) }).toString()}`;
    return {
      query: q,
      rows,
      total,
      pageIndex,
      pageSize: SEARCH_PAGE_SIZE,
      pageCount,
      prevUrl: pageIndex > 1 ? url(pageIndex - 1) : null,
      nextUrl: pageIndex < pageCount ? url(pageIndex + 1) : null,
    };
  }

  private apply(page: DynamicPage, user: LoginUser, dto: CreateDynamicPageDto): DynamicPage {
    const entries = Object.entries(dto.templates ?? {});
    if (!entries.length || entries.length > 20) throw new ServiceException('cms.dynamic.templatesRequired');
    for (const [pipe, template] of entries) {
      if (!PIPE_CODE.test(pipe) || typeof template !== 'string' || !isTemplatePath(template))
        throw new ServiceException('cms.dynamic.templateFormat', { pipe: pipe.slice(0, 50) });
    }
    if (!DYNAMIC_CODE.test(dto.code)) throw new ServiceException('cms.dynamic.codeFormat');
    Object.assign(page, {
      name: dto.name,
      code: dto.code,
      path: dto.path,
      description: dto.description ?? page.description ?? '',
      initDataTypes: [...new Set(dto.initDataTypes ?? [])],
      templates: Object.fromEntries(entries),
      cacheSeconds: dto.cacheSeconds ?? page.cacheSeconds ?? 60,
      enabled: dto.enabled ?? page.enabled ?? true,
      remark: dto.remark ?? page.remark ?? '',
      updateBy: user.userName,
    });
    return page;
  }

  private async save(page: DynamicPage): Promise<DynamicPage> {
    try {
      return await this.pages.save(page);
    } catch (error) {
      const violated = uniqueViolationOf(error);
      if (violated === 'uq_cms_dynamic_page_code') throw new ServiceException('cms.dynamic.codeTaken', { code: page.code });
      if (violated === 'uq_cms_dynamic_page_path') throw new ServiceException('cms.dynamic.pathTaken', { path: page.path });
      throw error;
    }
  }
}

/** Where every site has its search page without registering one (a registered page at this path replaces it). */
export const BUILTIN_SEARCH_PATH = 'search';

/** The built-in search page: the default theme's search template (when the pipe has it), server-rendered results. */
function builtinSearch(siteId: string, pipe: string): DynamicPage {
  return Object.assign(new DynamicPage(), {
    pageId: '0',
    siteId,
    name: 'search',
    code: 'search',
    path: BUILTIN_SEARCH_PATH,
    initDataTypes: ['search', 'pagination'],
    templates: { [pipe]: DEFAULT_THEME_PATHS.search },
    cacheSeconds: 60,
    enabled: true,
    updateTime: new Date(0),
  });
}

/** The query string a template may read: plain names, one string value each (the first of repeats), bounded. */
function requestParams(query: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(query ?? {})) {
    if (Object.keys(out).length >= MAX_PARAMS) break;
    if (!PARAM_NAME.test(name)) continue;
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value !== 'string') continue;
    out[name] = value.replace(/\0/g, '').slice(0, 200);
  }
  return out;
}

function pageNumber(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}
