import { Inject, Injectable, Module, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { appEvents } from '../../common/events/app-events';
import { KV_STORE, type KvStore } from '../../common/cache/kv-store';

const GEN_TTL_MS = 30 * 24 * 3600_000;
/** New cache entries a page may make within its time to live. */
export const MAX_ENTRIES_PER_PAGE = 1000;
/** Largest answer kept (characters). */
export const MAX_CACHED_CHARS = 1_000_000;
const genKey = (siteId: string) => `cms:dynamic:gen:${siteId}`;

/**
 * The cache of dynamic pages in the shared key-value store (Redis when REDIS_URL is set, so every API instance sees
 * the same entries). Keys carry the site's publish generation: when a publish task of the site ends (in whatever
 * process ran it) the generation moves on and every cached page of the site is stale at once; old entries expire by
 * their TTL. The listener lives in this small module, loaded in every process that runs publish jobs.
 */
@Injectable()
export class DynamicPageCache implements OnModuleInit, OnModuleDestroy {
  private off?: () => void;

  constructor(@Inject(KV_STORE) private readonly kv: KvStore) {}

  onModuleInit(): void {
    this.off = appEvents.on('cms.site.published', ({ siteId }) => this.clearSite(siteId));
  }

  onModuleDestroy(): void {
    this.off?.();
  }

  /** Makes every cached page of the site stale. */
  async clearSite(siteId: string): Promise<void> {
    await this.kv.increment(genKey(siteId), GEN_TTL_MS);
  }

  /** The key of one answer: site generation, page (and its last change), pipe and the request's parameters. */
  async keyOf(siteId: string, pageId: string, version: string, pipe: string, params: Record<string, string>): Promise<string> {
    const gen = (await this.kv.get(genKey(siteId))) ?? '0';
    const canonical = JSON.stringify(
      Object.keys(params)
        .sort()
        .map((k) => [k, params[k]]),
    );
    const digest = createHash('sha256').update(canonical).digest('hex').slice(0, 32);
    return `cms:dynamic:page:${siteId}:${gen}:${pageId}:${version}:${pipe}:${digest}`;
  }

  /**
   * Whether one more answer of the page may be stored: at most MAX_ENTRIES_PER_PAGE new entries per page within its
   * time to live, and none larger than MAX_CACHED_CHARS. Parameters are part of the key, so without a bound a visitor
   * could fill the store by varying them; past the bound answers are still rendered, only not kept.
   */
  async admit(siteId: string, pageId: string, ttlSeconds: number, html: string): Promise<boolean> {
    if (html.length > MAX_CACHED_CHARS) return false;
    return (await this.kv.increment(`cms:dynamic:count:${siteId}:${pageId}`, ttlSeconds * 1000)) <= MAX_ENTRIES_PER_PAGE;
  }

  get(key: string): Promise<string | null> {
    return this.kv.get(key);
  }

  set(key: string, html: string, ttlSeconds: number): Promise<void> {
    return this.kv.set(key, html, ttlSeconds * 1000);
  }
}

/** The dynamic page cache and its clearing on publish (app.module's JOB_MODULES: API processes and workers). */
@Module({ providers: [DynamicPageCache], exports: [DynamicPageCache] })
export class DynamicPageCacheModule {}
