import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { KV_STORE, type KvStore } from '../../common/cache/kv-store';
import { dayIn, serverTimeZone } from '../../common/stats/daily-stats';
import { SysConfigService } from '../../system/config/sys-config.service';
import { CmsContentService } from '../content/cms-content.service';
import { CmsSiteService } from '../site/cms-site.service';
import type { VisitBeaconDto } from './cms-stat.dto';
import { clientTypeOf, isBotAgent, referrerHostOf, visitorIdOf, type ClientType } from './visitor';

/** A view waiting in the buffer. */
interface PendingVisit {
  siteId: string;
  time: Date;
  /** 'view' (a page view), or another tracked event: 'adview', 'adclick'. */
  event: string;
  /** What the event is about (the advert of an ad event); null for page views. */
  subjectId: string | null;
  path: string;
  contentId: string | null;
  catalogId: string | null;
  referrerHost: string;
  clientType: ClientType;
  visitorId: string;
  entry: boolean;
}

/** Buffered rows written by one INSERT once this many wait (else within `FLUSH_MS`). */
export const FLUSH_ROWS = 500;
export const FLUSH_MS = 1_000;
/** Views counted per visitor per minute; more are dropped silently (the beacon still answers 204). */
export const VIEWS_PER_VISITOR_MINUTE = 60;
/** Views counted per address per minute, whatever the agent (one host cycling agents). */
export const VIEWS_PER_ADDRESS_MINUTE = 600;
const SITE_CACHE_MS = 60_000;

/**
 * Takes the beacons of published pages: drops bots, unknown sites and floods, hashes the reader into a daily visitor
 * id, and buffers the views, written in batches (one multi-row INSERT, and one UPDATE of the content view counts,
 * per flush) at most a second later.
 */
@Injectable()
export class CmsStatRecorder implements OnModuleDestroy {
  private readonly logger = new Logger('CmsStat');
  private buffer: PendingVisit[] = [];
  private timer?: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();
  private readonly sites = new Map<string, { exists: boolean; at: number }>();
  private readonly secrets = new Map<string, Promise<Buffer>>();
  /** INSERT statements written since start (the batching test reads it). */
  insertCount = 0;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(KV_STORE) private readonly kv: KvStore,
    private readonly config: SysConfigService,
    private readonly siteService: CmsSiteService,
    private readonly contentService: CmsContentService,
  ) {}

  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }

  /** Records one page view (or ignores it: a bot, an unknown site, a flood); `ip` is hashed, never kept. */
  async record(beacon: VisitBeaconDto, ip: string, userAgent: string): Promise<void> {
    if (isBotAgent(userAgent)) return;
    const siteId = beacon.siteId ?? (await this.appSiteId());
    if (!siteId || !(await this.siteExists(siteId))) return;
    let path: string;
    try {
      path = new URL(beacon.url).pathname.slice(0, 500);
    } catch {
      return;
    }
    const now = new Date();
    const day = dayIn(now, serverTimeZone());
    const visitorId = visitorIdOf(await this.secretOf(day), ip, userAgent, day);
    if ((await this.kv.increment(`stat:rate:v:${visitorId}`, 60_000)) > VIEWS_PER_VISITOR_MINUTE) return;
    if ((await this.kv.increment(`stat:rate:a:${visitorIdOf(await this.secretOf(day), ip, '', day)}`, 60_000)) > VIEWS_PER_ADDRESS_MINUTE) return;
    const entry = await this.kv.setIfAbsent(`stat:seen:${siteId}:${visitorId}`, '1', 26 * 3600_000);
    this.buffer.push({
      siteId,
      time: now,
      event: 'view',
      subjectId: null,
      path,
      contentId: beacon.contentId ?? null,
      catalogId: beacon.catalogId ?? null,
      referrerHost: referrerHostOf(beacon.referrer),
      clientType: clientTypeOf(userAgent),
      visitorId,
      entry,
    });
    this.schedule();
  }

  /**
   * Records a tracked event other than a page view (an ad's view or click, docs/cms.md "Ads and ad statistics") with
   * the same rules as views: bots, unknown sites and floods are dropped. The visitor is `visitorKey` (a cookie's value)
   * when given, else the address and agent, hashed with the day's secret. `oncePerDay` counts the event once per
   * visitor, subject and day. Answers whether it was counted.
   */
  async recordEvent(
    e: { siteId: string; event: string; subjectId: string; url?: string; visitorKey?: string; oncePerDay?: boolean },
    ip: string,
    userAgent: string,
  ): Promise<boolean> {
    if (isBotAgent(userAgent) || !(await this.siteExists(e.siteId))) return false;
    let path = '';
    try {
      if (e.url) path = new URL(e.url).pathname.slice(0, 500);
    } catch {
      path = '';
    }
    const now = new Date();
    const day = dayIn(now, serverTimeZone());
    const secret = await this.secretOf(day);
    const visitorId = e.visitorKey ? visitorIdOf(secret, `cookie:${e.visitorKey}`, '', day) : visitorIdOf(secret, ip, userAgent, day);
    if ((await this.kv.increment(`stat:rate:v:${visitorId}`, 60_000)) > VIEWS_PER_VISITOR_MINUTE) return false;
    if ((await this.kv.increment(`stat:rate:a:${visitorIdOf(secret, ip, '', day)}`, 60_000)) > VIEWS_PER_ADDRESS_MINUTE) return false;
    if (e.oncePerDay && !(await this.kv.setIfAbsent(`stat:once:${e.event}:${e.subjectId}:${visitorId}`, '1', 26 * 3600_000))) return false;
    this.buffer.push({
      siteId: e.siteId,
      time: now,
      event: e.event,
      subjectId: e.subjectId,
      path,
      contentId: null,
      catalogId: null,
      referrerHost: '',
      clientType: clientTypeOf(userAgent),
      visitorId,
      entry: false,
    });
    this.schedule();
    return true;
  }

  private schedule(): void {
    if (this.buffer.length >= FLUSH_ROWS) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  /** Views waiting to be written. */
  get pending(): number {
    return this.buffer.length;
  }

  /** Writes the buffered views now (one at a time: a flush waits for the one running). */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.write().catch((error: Error) => this.logger.warn(`Visits not recorded: ${error.message}`)));
    return this.writing;
  }

  private async write(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.buffer;
    this.buffer = [];
    if (!rows.length) return;
    // Content views of detail pages, one UPDATE; a content id that is not of its site is not kept.
    const views = new Map<string, { siteId: string; contentId: string; count: number }>();
    for (const r of rows) {
      if (!r.contentId) continue;
      const key = `${r.siteId}:${r.contentId}`;
      const v = views.get(key) ?? { siteId: r.siteId, contentId: r.contentId, count: 0 };
      v.count++;
      views.set(key, v);
    }
    if (views.size) {
      const known = await this.contentService.addViews([...views.values()]);
      for (const r of rows) if (r.contentId && !known.has(`${r.siteId}:${r.contentId}`)) r.contentId = null;
    }
    await this.dataSource.query(
      `INSERT INTO cms_stat_visit (site_id, visit_time, path, content_id, catalog_id, referrer_host, client_type, visitor_id, entry, event, subject_id)
       SELECT * FROM unnest($1::bigint[], $2::timestamptz[], $3::varchar[], $4::bigint[], $5::bigint[], $6::varchar[], $7::varchar[], $8::char(32)[], $9::boolean[], $10::varchar[], $11::bigint[])`,
      [
        rows.map((r) => r.siteId),
        rows.map((r) => r.time.toISOString()),
        rows.map((r) => r.path),
        rows.map((r) => r.contentId),
        rows.map((r) => r.catalogId),
        rows.map((r) => r.referrerHost),
        rows.map((r) => r.clientType),
        rows.map((r) => r.visitorId),
        rows.map((r) => r.entry),
        rows.map((r) => r.event),
        rows.map((r) => r.subjectId),
      ],
    );
    this.insertCount++;
  }

  /** The CMS site the public (React) site's views count under: parameter `cms.stat.appSiteId`, or none. */
  private async appSiteId(): Promise<string | null> {
    const value = (await this.config.getValue('cms.stat.appSiteId'))?.trim() ?? '';
    return /^[1-9]\d{0,17}$/.test(value) ? value : null;
  }

  private async siteExists(siteId: string): Promise<boolean> {
    const cached = this.sites.get(siteId);
    if (cached && Date.now() - cached.at < SITE_CACHE_MS) return cached.exists;
    const exists = await this.siteService.get(siteId).then(
      () => true,
      () => false,
    );
    if (this.sites.size >= 10_000) this.sites.clear();
    this.sites.set(siteId, { exists, at: Date.now() });
    return exists;
  }

  /** The secret of a day, the same in every instance (the first to ask makes it). */
  private secretOf(day: string): Promise<Buffer> {
    let secret = this.secrets.get(day);
    if (!secret) {
      secret = (async () => {
        await this.dataSource.query(`INSERT INTO cms_stat_secret (day, secret) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING`, [day, randomBytes(32)]);
        const [row] = (await this.dataSource.query(`SELECT secret FROM cms_stat_secret WHERE day = $1`, [day])) as Array<{ secret: Buffer }>;
        return row.secret;
      })();
      secret.catch(() => this.secrets.delete(day));
      for (const old of this.secrets.keys()) if (old < day) this.secrets.delete(old);
      this.secrets.set(day, secret);
    }
    return secret;
  }
}
