import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import type { PageQueryDto } from '../../common/paging/page-query.dto';
import { dayIn, serverTimeZone } from '../../common/stats/daily-stats';
import { escapeLike } from '../../database/sql-helpers';
import { QueueService } from '../../queue/queue.service';
import { SysConfigService } from '../../system/config/sys-config.service';
import { CmsContentService } from '../content/cms-content.service';
import type { StatRangeQueryDto, VisitQueryDto } from './cms-stat.dto';
import { CmsStatVisit } from './cms-stat.entity';

/** Dimensions of the daily roll-up: content (key: content id), source (referrer host, '' direct), client, entry (path). */
export type StatDimension = 'content' | 'source' | 'client' | 'entry';
export const STAT_DIMENSIONS: StatDimension[] = ['content', 'source', 'client', 'entry'];

/** A view starts a new visit after this long without one from the same visitor. */
export const VISIT_GAP_MINUTES = 30;
/** Days of raw rows kept when the parameter `cms.stat.keepDays` is missing or out of 7..366. */
export const DEFAULT_KEEP_DAYS = 90;
/** The longest range a statistics route answers. */
export const MAX_RANGE_DAYS = 366;

export interface Trend {
  days: string[];
  pv: number[];
  uv: number[];
  visits: number[];
  total: { pv: number; uv: number; visits: number };
}

export interface StatRow {
  key: string;
  title?: string;
  pv: number;
  uv: number;
}

/**
 * The page views of a set of days, from raw rows ($1 time zone, $2 first day, $3 last day, $4 the days to keep as
 * text[], then the site when given): each view with its day, whether it is the visitor's first of the day and whether
 * it starts a visit. Visitor ids are daily, so partitions never cross days.
 */
function viewsCte(oneSite: boolean): string {
  return `WITH v AS (
    SELECT site_id, to_char((visit_time AT TIME ZONE $1::text)::date, 'YYYY-MM-DD') AS day, visitor_id, content_id,
      referrer_host, client_type, path,
      row_number() OVER w = 1 AS first_view,
      CASE WHEN lag(visit_time) OVER w > visit_time - interval '${VISIT_GAP_MINUTES} minutes' THEN 0 ELSE 1 END AS starts
    FROM cms_stat_visit
    WHERE event = 'view'
      AND visit_time >= ($2::date::timestamp AT TIME ZONE $1::text) AND visit_time < (($3::date + 1)::timestamp AT TIME ZONE $1::text)
      ${oneSite ? 'AND site_id = $5::bigint' : ''}
    WINDOW w AS (PARTITION BY site_id, visitor_id ORDER BY visit_time, visit_id)
  ), d AS (SELECT * FROM v WHERE day = ANY($4::text[]))`;
}

const SITE_DAY_SELECT = `SELECT site_id, day, count(*)::int AS pv, count(DISTINCT visitor_id)::int AS uv, sum(starts)::int AS visits FROM d GROUP BY 1, 2`;

/** The grouped figures of one dimension (SQL written here, never caller input). */
const DIM_SELECT: Record<StatDimension, string> = {
  content: `SELECT site_id, day, 'content' AS dim, content_id::text AS key, count(*)::int AS pv, count(DISTINCT visitor_id)::int AS uv FROM d WHERE content_id IS NOT NULL GROUP BY 1, 2, 4`,
  source: `SELECT site_id, day, 'source' AS dim, referrer_host AS key, count(*)::int AS pv, count(DISTINCT visitor_id)::int AS uv FROM d GROUP BY 1, 2, 4`,
  client: `SELECT site_id, day, 'client' AS dim, client_type AS key, count(*)::int AS pv, count(DISTINCT visitor_id)::int AS uv FROM d GROUP BY 1, 2, 4`,
  entry: `SELECT site_id, day, 'entry' AS dim, path AS key, count(*)::int AS pv, count(DISTINCT visitor_id)::int AS uv FROM d WHERE first_view GROUP BY 1, 2, 4`,
};

/**
 * Tracked events other than page views of a set of days ($1 time zone, $2 first day, $3 last day, $4 the site or null
 * for all, $5 the days as text[]), then `$6` events and `$7` subjects when the caller adds them.
 */
const EVENTS_CTE = `WITH e AS (
    SELECT site_id, to_char((visit_time AT TIME ZONE $1::text)::date, 'YYYY-MM-DD') AS day, event, subject_id, visitor_id
    FROM cms_stat_visit
    WHERE event <> 'view' AND subject_id IS NOT NULL
      AND visit_time >= ($2::date::timestamp AT TIME ZONE $1::text) AND visit_time < (($3::date + 1)::timestamp AT TIME ZONE $1::text)
      AND ($4::bigint IS NULL OR site_id = $4::bigint)
  ), d AS (SELECT * FROM e WHERE day = ANY($5::text[]))`;
const EVENT_SELECT = `SELECT site_id, day, event, subject_id, count(*)::int AS hits, count(DISTINCT visitor_id)::int AS uv FROM d GROUP BY 1, 2, 3, 4`;

/** Events of one subject on one day (`eventDaily`). */
export interface EventDay {
  day: string;
  event: string;
  subjectId: string;
  hits: number;
  uv: number;
}

/** `YYYY-MM-DD` plus `n` days. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

export function isCalendarDay(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && addDays(day, 0) === day;
}

/**
 * Site statistics: the daily roll-up (a scheduled task), the figures of a date range (rolled-up days from the roll-up
 * tables, the others, today among them, computed live from the raw rows) and the visit log.
 */
@Injectable()
export class CmsStatService implements OnModuleInit {
  private readonly logger = new Logger('CmsStat');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(CmsStatVisit) private readonly visits: Repository<CmsStatVisit>,
    private readonly config: SysConfigService,
    private readonly content: CmsContentService,
    private readonly queue: QueueService,
  ) {}

  onModuleInit(): void {
    this.queue.registerSchedule(
      { name: 'cms-stat-rollup', cron: '10 0 * * *', description: 'Roll up the site statistics of the past days and prune old visit records' },
      async () => {
        const { days, pruned } = await this.rollup(new Date());
        if (days.length || pruned) this.logger.log(`rollup: ${days.join(', ') || '-'}; pruned ${pruned}`);
      },
    );
  }

  /** Days raw visits are kept (`cms.stat.keepDays`, 7 to 366). */
  async keepDays(): Promise<number> {
    const value = Number((await this.config.getValue('cms.stat.keepDays'))?.trim());
    return Number.isInteger(value) && value >= 7 && value <= 366 ? value : DEFAULT_KEEP_DAYS;
  }

  /**
   * Rolls up every past day (before today, in the server's time zone) that has raw rows and no roll-up yet, one
   * transaction per day (a rerun replaces the day), then deletes raw rows older than the keep days and day secrets
   * older than yesterday's.
   */
  async rollup(now: Date): Promise<{ days: string[]; pruned: number }> {
    const tz = serverTimeZone();
    const today = dayIn(now, tz);
    const keep = await this.keepDays();
    const rows = (await this.dataSource.query(
      `SELECT to_char(d, 'YYYY-MM-DD') AS day
       FROM (SELECT min(visit_time) AS first FROM cms_stat_visit) f,
            generate_series(GREATEST((f.first AT TIME ZONE $1::text)::date, $2::date - $3::int), $2::date - 1, interval '1 day') d
       WHERE f.first IS NOT NULL AND NOT EXISTS (SELECT 1 FROM cms_stat_rollup r WHERE r.day = d::date)
       ORDER BY 1`,
      [tz, today, keep],
    )) as Array<{ day: string }>;
    const days = rows.map((r) => r.day);
    for (const day of days) await this.rollupDay(day, tz);
    const pruned = await this.prune(today, keep, tz);
    return { days, pruned };
  }

  /** Replaces the roll-up of one day with the figures of its raw rows. */
  async rollupDay(day: string, tz = serverTimeZone()): Promise<void> {
    const params = [tz, day, day, [day]];
    await this.dataSource.transaction(async (m) => {
      await m.query(`DELETE FROM cms_stat_site_day WHERE day = $1`, [day]);
      await m.query(`DELETE FROM cms_stat_dim_day WHERE day = $1`, [day]);
      await m.query(
        `${viewsCte(false)} INSERT INTO cms_stat_site_day (site_id, day, pv, uv, visits) SELECT site_id, day::date, pv, uv, visits FROM (${SITE_DAY_SELECT}) s`,
        params,
      );
      for (const dim of STAT_DIMENSIONS) {
        await m.query(
          `${viewsCte(false)} INSERT INTO cms_stat_dim_day (site_id, day, dim, key, pv, uv) SELECT site_id, day::date, dim, left(key, 500), pv, uv FROM (${DIM_SELECT[dim]}) s`,
          params,
        );
      }
      // Other tracked events (ad views and clicks): events and distinct visitors per site, event, subject and day.
      await m.query(`DELETE FROM cms_stat_event_day WHERE day = $1`, [day]);
      await m.query(
        `${EVENTS_CTE} INSERT INTO cms_stat_event_day (site_id, day, event, subject_id, hits, uv) SELECT site_id, day::date, event, subject_id, hits, uv FROM (${EVENT_SELECT}) s`,
        [tz, day, day, null, [day]],
      );
      await m.query(`INSERT INTO cms_stat_rollup (day) VALUES ($1) ON CONFLICT (day) DO UPDATE SET done_time = now()`, [day]);
    });
  }

  private async prune(today: string, keep: number, tz: string): Promise<number> {
    const cutoff = addDays(today, -keep);
    const result: unknown = await this.dataSource.query(`DELETE FROM cms_stat_visit WHERE visit_time < ($1::date::timestamp AT TIME ZONE $2::text)`, [
      cutoff,
      tz,
    ]);
    await this.dataSource.query(`DELETE FROM cms_stat_secret WHERE day < $1::date`, [addDays(today, -1)]);
    return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
  }

  // ------------------------------------------------------------------------------------------------ ranges

  /** The days of a query (default: the last 7 days to today), checked: both real days, in order, at most 366 days. */
  range(query: StatRangeQueryDto, now = new Date()): { days: string[]; tz: string } {
    const tz = serverTimeZone();
    const end = query.endDate ?? dayIn(now, tz);
    const begin = query.beginDate ?? addDays(end, -6);
    if (!isCalendarDay(begin) || !isCalendarDay(end)) throw new ServiceException('cms.stat.badDate', {}, 500, 400);
    const span = (Date.parse(end) - Date.parse(begin)) / 86_400_000 + 1;
    if (span < 1 || span > MAX_RANGE_DAYS) throw new ServiceException('cms.stat.badRange', {}, 500, 400);
    const days: string[] = [];
    for (let day = begin; day <= end; day = addDays(day, 1)) days.push(day);
    return { days, tz };
  }

  /** Which days of a range are rolled up; the others are computed live. */
  private async split(days: string[]): Promise<{ rolled: string[]; live: string[] }> {
    const rows = (await this.dataSource.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM cms_stat_rollup WHERE day BETWEEN $1::date AND $2::date`,
      [days[0], days[days.length - 1]],
    )) as Array<{ day: string }>;
    const rolled = new Set(rows.map((r) => r.day));
    return { rolled: days.filter((d) => rolled.has(d)), live: days.filter((d) => !rolled.has(d)) };
  }

  private liveParams(tz: string, live: string[], siteId: string): unknown[] {
    return [tz, live[0], live[live.length - 1], live, siteId];
  }

  /** Page views, visitors and visits per day of the range. */
  async trend(siteId: string, query: StatRangeQueryDto): Promise<Trend> {
    const { days, tz } = this.range(query);
    const { rolled, live } = await this.split(days);
    const byDay = new Map<string, { pv: number; uv: number; visits: number }>();
    if (rolled.length) {
      const rows = (await this.dataSource.query(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, pv, uv, visits FROM cms_stat_site_day WHERE site_id = $1 AND day = ANY($2::date[])`,
        [siteId, rolled],
      )) as Array<{ day: string; pv: number; uv: number; visits: number }>;
      for (const r of rows) byDay.set(r.day, r);
    }
    if (live.length) {
      const rows = (await this.dataSource.query(`${viewsCte(true)} ${SITE_DAY_SELECT}`, this.liveParams(tz, live, siteId))) as Array<{
        day: string;
        pv: number;
        uv: number;
        visits: number;
      }>;
      for (const r of rows) byDay.set(r.day, r);
    }
    const pick = (k: 'pv' | 'uv' | 'visits') => days.map((d) => Number(byDay.get(d)?.[k] ?? 0));
    const trend = { days, pv: pick('pv'), uv: pick('uv'), visits: pick('visits') };
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    return { ...trend, total: { pv: sum(trend.pv), uv: sum(trend.uv), visits: sum(trend.visits) } };
  }

  /**
   * One dimension's figures summed over the range, most viewed first (`limit` rows; visitors are the sum of each
   * day's visitors, since visitor ids are daily).
   */
  async ranking(siteId: string, dim: StatDimension, query: StatRangeQueryDto & { limit?: number }): Promise<StatRow[]> {
    const { days, tz } = this.range(query);
    const { rolled, live } = await this.split(days);
    const totals = new Map<string, { pv: number; uv: number }>();
    const add = (rows: Array<{ key: string; pv: number; uv: number }>) => {
      for (const r of rows) {
        const t = totals.get(r.key) ?? { pv: 0, uv: 0 };
        t.pv += Number(r.pv);
        t.uv += Number(r.uv);
        totals.set(r.key, t);
      }
    };
    if (rolled.length) {
      add(
        (await this.dataSource.query(
          `SELECT key, sum(pv)::int AS pv, sum(uv)::int AS uv FROM cms_stat_dim_day WHERE site_id = $1 AND dim = $2 AND day = ANY($3::date[]) GROUP BY key`,
          [siteId, dim, rolled],
        )) as Array<{ key: string; pv: number; uv: number }>,
      );
    }
    if (live.length) {
      add(
        (await this.dataSource.query(
          `${viewsCte(true)} SELECT key, sum(pv)::int AS pv, sum(uv)::int AS uv FROM (${DIM_SELECT[dim]}) s GROUP BY key`,
          this.liveParams(tz, live, siteId),
        )) as Array<{ key: string; pv: number; uv: number }>,
      );
    }
    const rows: StatRow[] = [...totals]
      .map(([key, t]) => ({ key, ...t }))
      .sort((a, b) => b.pv - a.pv || b.uv - a.uv || a.key.localeCompare(b.key))
      .slice(0, query.limit ?? 10);
    if (dim === 'content') {
      const titles = await this.content.titles(rows.map((r) => r.key));
      for (const r of rows) r.title = titles.get(r.key) ?? '';
    }
    return rows;
  }

  /**
   * Tracked events other than page views (ad views and clicks) of a site per day of a range, for the given events and
   * subjects: `hits` events and `uv` distinct visitors (rolled-up days from `cms_stat_event_day`, the others live).
   */
  async eventDaily(siteId: string, events: string[], subjectIds: string[], query: StatRangeQueryDto): Promise<{ days: string[]; rows: EventDay[] }> {
    const { days, tz } = this.range(query);
    if (!events.length || !subjectIds.length) return { days, rows: [] };
    const { rolled, live } = await this.split(days);
    const rows: EventDay[] = [];
    const take = (found: Array<{ day: string; event: string; subject_id: string; hits: number; uv: number }>) => {
      for (const r of found) rows.push({ day: r.day, event: r.event, subjectId: String(r.subject_id), hits: Number(r.hits), uv: Number(r.uv) });
    };
    if (rolled.length) {
      take(
        (await this.dataSource.query(
          `SELECT to_char(day, 'YYYY-MM-DD') AS day, event, subject_id, hits, uv FROM cms_stat_event_day
           WHERE site_id = $1 AND day = ANY($2::date[]) AND event = ANY($3::text[]) AND subject_id = ANY($4::bigint[])`,
          [siteId, rolled, events, subjectIds],
        )) as Array<{ day: string; event: string; subject_id: string; hits: number; uv: number }>,
      );
    }
    if (live.length) {
      take(
        (await this.dataSource.query(
          `${EVENTS_CTE} SELECT * FROM (${EVENT_SELECT}) s WHERE event = ANY($6::text[]) AND subject_id = ANY($7::bigint[])`,
          [tz, live[0], live[live.length - 1], siteId, live, events, subjectIds],
        )) as Array<{ day: string; event: string; subject_id: string; hits: number; uv: number }>,
      );
    }
    return { days, rows };
  }

  /** The raw events of some subjects (an ad's views or clicks), newest first, paged (kept `cms.stat.keepDays` days). */
  eventLog(
    siteId: string,
    event: string,
    subjectIds: string[],
    query: PageQueryDto & { beginDate?: string; endDate?: string },
  ): Promise<PageResult<CmsStatVisit>> {
    const tz = serverTimeZone();
    for (const day of [query.beginDate, query.endDate]) if (day && !isCalendarDay(day)) throw new ServiceException('cms.stat.badDate', {}, 500, 400);
    const qb = this.visits.createQueryBuilder('v').where('v.site_id = :siteId AND v.event = :event AND v.subject_id IN (:...ids)', {
      siteId,
      event,
      ids: subjectIds.length ? subjectIds : ['0'],
    });
    if (query.beginDate) qb.andWhere('v.visit_time >= (CAST(:begin AS date)::timestamp AT TIME ZONE :tz)', { begin: query.beginDate, tz });
    if (query.endDate) qb.andWhere(`v.visit_time < ((CAST(:end AS date) + 1)::timestamp AT TIME ZONE :tz)`, { end: query.endDate, tz });
    return paginate(qb, query, { sortable: { visitTime: 'v.visit_time' }, defaultOrder: { 'v.visit_time': 'DESC', 'v.visit_id': 'DESC' } });
  }

  // ------------------------------------------------------------------------------------------------ log

  /** The visit log of a site, newest first. */
  list(siteId: string, query: VisitQueryDto): Promise<PageResult<CmsStatVisit>> {
    const tz = serverTimeZone();
    for (const day of [query.beginDate, query.endDate]) if (day && !isCalendarDay(day)) throw new ServiceException('cms.stat.badDate', {}, 500, 400);
    const qb = this.visits.createQueryBuilder('v').where(`v.site_id = :siteId AND v.event = 'view'`, { siteId });
    if (query.beginDate) qb.andWhere('v.visit_time >= (CAST(:begin AS date)::timestamp AT TIME ZONE :tz)', { begin: query.beginDate, tz });
    if (query.endDate) qb.andWhere(`v.visit_time < ((CAST(:end AS date) + 1)::timestamp AT TIME ZONE :tz)`, { end: query.endDate, tz });
    if (query.path) qb.andWhere('v.path ILIKE :path', { path: `%${escapeLike(query.path)}%` });
    if (query.clientType) qb.andWhere('v.client_type = :clientType', { clientType: query.clientType });
    if (query.referrerHost) qb.andWhere('v.referrer_host = :host', { host: query.referrerHost === '-' ? '' : query.referrerHost.toLowerCase() });
    if (query.contentId) qb.andWhere('v.content_id = :contentId', { contentId: query.contentId });
    return paginate(qb, query, {
      sortable: { visitTime: 'v.visit_time', path: 'v.path' },
      defaultOrder: { 'v.visit_time': 'DESC', 'v.visit_id': 'DESC' },
    });
  }
}
