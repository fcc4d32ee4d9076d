import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ServiceException } from '../../common/errors/service-exception';
import { clientTypeOf, type ClientType } from '../../common/http/client-type';
import { contentUrl, type SiteRef } from '../publish/publish-paths';
import { highlight } from './highlight';
import { SearchResultCache } from './search-result-cache';
import { SearchSegmenterService } from './search-segmenter.service';

/** Characters of a snippet around the first hit. */
const SNIPPET = 160;
/** Search logs are written in batches: at most this many wait, for at most FLUSH_MS. */
const LOG_BATCH = 500;
const FLUSH_MS = 1000;

export interface SearchQuery {
  siteId: string;
  q: string;
  catalogId?: string;
  pageNum: number;
  pageSize: number;
  sort: 'relevance' | 'date';
  pipe?: string;
}

export interface SearchHit {
  contentId: string;
  title: string;
  /** Escaped title with hits in `<em>`. */
  titleHighlight: string;
  /** Escaped snippet of the summary or body with hits in `<em>`. */
  snippet: string;
  url: string;
  catalogId: string;
  catalogName: string;
  contentType: string;
  publishDate: Date | null;
}

/**
 * The public search of a site: the query is segmented like the index and every token is required (the text is plain
 * words: `plainto_tsquery` over the tokens, never tsquery syntax); rows answer with their page URL and escaped
 * highlights. Each search is logged in batches, off the answer's path.
 *
 * Relevance is `ts_rank` over the title, tags and summary (`rank_doc`, weights A > B > C); a hit only in the body
 * ranks below them all, newest first. Ranking the whole document's vector read its out-of-line storage for every hit
 * and was four times slower on common words (docs/performance.md "Site search").
 */
@Injectable()
export class SearchQueryService implements OnModuleDestroy {
  private readonly logger = new Logger('SearchQuery');
  private pending: Array<[siteId: string, query: string, count: number, client: ClientType, time: Date]> = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private readonly sites = new Map<string, { at: number; site: (SiteRef & { pipes: string[] }) | null }>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly segmenters: SearchSegmenterService,
    private readonly results: SearchResultCache,
  ) {}

  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }

  async search(query: SearchQuery, userAgent: string): Promise<{ rows: SearchHit[]; total: number; tokens: string[] }> {
    const site = await this.site(query.siteId);
    if (!site) throw ServiceException.notFound('cms.search.siteNotFound');
    const tokens = (await this.segmenters.get()).queryTokens(query.q);
    let answer: { rows: SearchHit[]; total: number } = { rows: [], total: 0 };
    if (tokens.length) {
      const pipe = query.pipe && site.pipes.includes(query.pipe) ? query.pipe : (site.pipes[0] ?? 'pc');
      const key = [query.siteId, tokens.join(' '), query.catalogId ?? '', query.pageNum, query.pageSize, query.sort, pipe].join('\n');
      const cached = this.results.get<{ rows: SearchHit[]; total: number }>(key);
      answer = cached ?? (await this.query(site, pipe, query, tokens));
      if (!cached) this.results.set(key, answer);
    }
    this.log(query.siteId, query.q, answer.total, clientTypeOf(userAgent));
    return { ...answer, tokens };
  }

  /** One page of hits with their page URLs and highlights, and the total (one statement; a count only past the end). */
  private async query(
    site: SiteRef & { pipes: string[] },
    pipe: string,
    query: SearchQuery,
    tokens: string[],
  ): Promise<{ rows: SearchHit[]; total: number }> {
    const params: unknown[] = [query.siteId, tokens.join(' ')];
    let where = `s.site_id = $1 AND s.doc @@ plainto_tsquery('simple', $2)`;
    if (query.catalogId) {
      params.push(query.catalogId);
      where += ` AND s.catalog_ids @> ARRAY[$${params.length}]::bigint[]`;
    }
    params.push(query.pageSize, (query.pageNum - 1) * query.pageSize);
    // By date, every rank is 0: one order serves both sorts, inside (the page) and again outside (after the joins).
    const found = (await this.dataSource.query(
      `SELECT p.content_id::text AS "contentId", p.title, p.summary, p.body, p.catalog_id::text AS "catalogId", p.content_type AS "contentType",
              p.publish_date AS "publishDate", p.total, c.content_id IS NOT NULL AS "hasContent", c.static_path AS "staticPath",
              c.link_flag AS "linkFlag", c.redirect_url AS "redirectUrl", cat.path AS "catalogPath", cat.name AS "catalogName"
         FROM (SELECT s.content_id, s.title, s.summary, s.body, s.catalog_id, s.content_type, s.publish_date,
                      ${query.sort === 'date' ? '0' : `ts_rank(s.rank_doc, plainto_tsquery('simple', $2))`} AS rank, count(*) OVER () AS total
                 FROM search_content_index s WHERE ${where}
                ORDER BY rank DESC, publish_date DESC NULLS LAST, content_id DESC LIMIT $${params.length - 1} OFFSET $${params.length}) p
         LEFT JOIN cms_content c ON c.content_id = p.content_id
         LEFT JOIN cms_catalog cat ON cat.catalog_id = c.catalog_id
        ORDER BY p.rank DESC, p.publish_date DESC NULLS LAST, p.content_id DESC`,
      params,
    )) as Array<{
      contentId: string;
      title: string;
      summary: string;
      body: string;
      catalogId: string;
      contentType: string;
      publishDate: Date | null;
      total: string;
      hasContent: boolean;
      staticPath: string;
      linkFlag: boolean;
      redirectUrl: string;
      catalogPath: string | null;
      catalogName: string | null;
    }>;
    const total = found.length ? Number(found[0].total) : query.pageNum > 1 ? await this.count(where, params.slice(0, -2)) : 0;
    const rows = found.map((f) => {
      const text = hasHit(f.summary, tokens) || !f.body ? f.summary : f.body;
      return {
        contentId: f.contentId,
        title: f.title,
        titleHighlight: highlight(f.title, tokens),
        snippet: highlight(text, tokens, SNIPPET),
        url: f.hasContent
          ? contentUrl(site, pipe, f.catalogPath === null ? undefined : { path: f.catalogPath }, {
              contentId: f.contentId,
              catalogId: f.catalogId,
              staticPath: f.staticPath,
              linkFlag: f.linkFlag,
              redirectUrl: f.redirectUrl,
            })
          : '',
        catalogId: f.catalogId,
        catalogName: f.catalogName ?? '',
        contentType: f.contentType,
        publishDate: f.publishDate,
      };
    });
    return { rows, total };
  }

  private async count(where: string, params: unknown[]): Promise<number> {
    const [{ n }] = (await this.dataSource.query(`SELECT count(*)::int AS n FROM search_content_index s WHERE ${where}`, params)) as Array<{
      n: number;
    }>;
    return n;
  }

  /** The site's URL facts and enabled pipes, cached for 10 s (a search is answered without reading them again). */
  private async site(siteId: string): Promise<(SiteRef & { pipes: string[] }) | null> {
    const cached = this.sites.get(siteId);
    if (cached && Date.now() - cached.at < 10_000) return cached.site;
    const [row] = (await this.dataSource.query(
      `SELECT s.site_id::text AS "siteId", s.path, s.static_suffix AS "staticSuffix", s.resource_url AS "resourceUrl",
              s.publish_pipe_props AS "publishPipeProps",
              ARRAY(SELECT p.code FROM cms_publish_pipe p WHERE p.site_id = s.site_id AND p.status = '0' ORDER BY p.sort, p.publishpipe_id) AS pipes
         FROM cms_site s WHERE s.site_id = $1`,
      [siteId],
    )) as Array<SiteRef & { pipes: string[] }>;
    if (this.sites.size > 1000) this.sites.clear();
    this.sites.set(siteId, { at: Date.now(), site: row ?? null });
    return row ?? null;
  }

  // ------------------------------------------------------------------------------------------------ logs

  private log(siteId: string, query: string, count: number, client: ClientType): void {
    this.pending.push([siteId, query.trim().slice(0, 200), count, client, new Date()]);
    if (this.pending.length >= LOG_BATCH) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Writes the waiting search logs (one statement). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    this.flushing = this.flushing.then(async () => {
      if (!batch.length) return;
      try {
        await this.dataSource.query(
          `INSERT INTO search_log (site_id, query, result_count, client_type, create_time)
           SELECT * FROM unnest($1::bigint[], $2::text[], $3::int[], $4::text[], $5::timestamptz[])`,
          [batch.map((b) => b[0]), batch.map((b) => b[1]), batch.map((b) => b[2]), batch.map((b) => b[3]), batch.map((b) => b[4])],
        );
      } catch (error) {
        this.logger.warn(`Search logs not written (${batch.length}): ${(error as Error).message}`);
      }
    });
    return this.flushing;
  }
}

function hasHit(text: string, tokens: string[]): boolean {
  const lower = text.toLowerCase();
  return tokens.some((t) => lower.includes(t));
}
