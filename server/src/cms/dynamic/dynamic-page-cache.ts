import { Inject, Injectable, Module, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { appEvents } from '../../common/events/app-events';
import { KV_STORE, type KvStore } from '../../common/cache/kv-store';

const GEN_TTL_MS = 30 * 24 * 3600_000;
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
