import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { KV_STORE, REDIS_CLIENT, type KvStore } from '../../common/cache/kv-store';
import { MemoryKvStore } from '../../common/cache/memory-kv-store';
import { RedisKvStore } from '../../common/cache/redis-kv-store';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import { CACHE_PREFIXES, maskValue, prefixById, prefixOfKey, type CachePrefix } from './cache-prefixes';

/** Keys listed for one group at most (the screen is for looking, not for dumping the store). */
export const MAX_KEYS = 1000;
const SCAN_COUNT = 500;
const TOP_COMMANDS = 10;

export interface RedisInfo {
  version: string;
  mode: string;
  uptimeSeconds: number;
  connectedClients: number;
  blockedClients: number;
  usedMemoryBytes: number;
  usedMemoryHuman: string;
  peakMemoryBytes: number;
  peakMemoryHuman: string;
  maxMemoryBytes: number;
  fragmentationRatio: number;
  keyspaceHits: number;
  keyspaceMisses: number;
  /** Hits / (hits + misses) in percent, null before any read. */
  hitRate: number | null;
  opsPerSecond: number;
  totalCommands: number;
  /** Keys of the selected database (DBSIZE), ours and others'. */
  dbSize: number;
}

export interface CacheOverview {
  store: 'redis' | 'memory';
  /** Our namespace in Redis (keys outside it are never touched); '' for the memory store. */
  namespace: string;
  redis: RedisInfo | null;
  /** Top commands by calls (INFO commandstats). */
  commandStats: Array<{ name: string; calls: number; usecPerCall: number }>;
  /** The memory store: our keys and their approximate size. */
  memory: { keys: number; bytes: number } | null;
}

export interface CacheGroup {
  id: string;
  prefix: string;
  cacheName: string;
  keys: number;
  /** Approximate size of keys and values (memory store only). */
  bytes: number | null;
}

export interface CacheKeyRow {
  cacheKey: string;
  /** Milliseconds left, null without expiry. */
  ttlMs: number | null;
}

export interface CacheValue {
  cacheKey: string;
  cacheName: string;
  cacheValue: string;
  ttlMs: number | null;
}

/** Parses `INFO` text into field → value. */
export function parseInfo(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    if (!line || line.startsWith('#')) continue;
    const at = line.indexOf(':');
    if (at > 0) out[line.slice(0, at)] = line.slice(at + 1);
  }
  return out;
}

/** `cmdstat_get:calls=10,usec=20,usec_per_call=2.00,...` lines into the busiest commands. */
export function parseCommandStats(text: string, top = TOP_COMMANDS): CacheOverview['commandStats'] {
  return Object.entries(parseInfo(text))
    .filter(([k]) => k.startsWith('cmdstat_'))
    .map(([k, v]) => {
      const fields = Object.fromEntries(v.split(',').map((kv) => kv.split('=') as [string, string]));
      return { name: k.slice('cmdstat_'.length), calls: Number(fields.calls) || 0, usecPerCall: Number(fields.usec_per_call) || 0 };
    })
    .sort((a, b) => b.calls - a.calls || a.name.localeCompare(b.name))
    .slice(0, top);
}

const num = (v: string | undefined) => (v === undefined ? 0 : Number(v) || 0);
const escapeGlob = (s: string) => s.replace(/[*?[\]\\]/g, '\\$&');

/**
 * The cache monitor over the product's shared store: Redis (INFO, SCAN, UNLINK; only keys of our namespace and known
 * prefixes, never KEYS or FLUSHALL) or, without Redis, this process's memory store.
 */
@Injectable()
export class CacheMonitorService {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis | null,
    @Inject(KV_STORE) private readonly store: KvStore,
  ) {}

  private get namespace(): string {
    return this.store instanceof RedisKvStore ? this.store.prefix : '';
  }

  private get memory(): MemoryKvStore | null {
    return this.store instanceof MemoryKvStore ? this.store : null;
  }

  private groups(): readonly CachePrefix[] {
    return this.redis ? CACHE_PREFIXES : CACHE_PREFIXES.filter((p) => !p.redisOnly);
  }

  async overview(): Promise<CacheOverview> {
    if (!this.redis) {
      const items = this.memory?.inspect('') ?? [];
      const bytes = items.reduce((n, i) => n + Buffer.byteLength(i.key) + Buffer.byteLength(i.value), 0);
      return { store: 'memory', namespace: '', redis: null, commandStats: [], memory: { keys: items.length, bytes } };
    }
    const [infoText, statsText, dbSize] = await Promise.all([this.redis.info(), this.redis.info('commandstats'), this.redis.dbsize()]);
    const i = parseInfo(infoText);
    const hits = num(i.keyspace_hits);
    const misses = num(i.keyspace_misses);
    return {
      store: 'redis',
      namespace: this.namespace,
      redis: {
        version: i.redis_version ?? '',
        mode: i.redis_mode ?? '',
        uptimeSeconds: num(i.uptime_in_seconds),
        connectedClients: num(i.connected_clients),
        blockedClients: num(i.blocked_clients),
        usedMemoryBytes: num(i.used_memory),
        usedMemoryHuman: i.used_memory_human ?? '',
        peakMemoryBytes: num(i.used_memory_peak),
        peakMemoryHuman: i.used_memory_peak_human ?? '',
        maxMemoryBytes: num(i.maxmemory),
        fragmentationRatio: num(i.mem_fragmentation_ratio),
        keyspaceHits: hits,
        keyspaceMisses: misses,
        hitRate: hits + misses > 0 ? Math.round((hits / (hits + misses)) * 1000) / 10 : null,
        opsPerSecond: num(i.instantaneous_ops_per_sec),
        totalCommands: num(i.total_commands_processed),
        dbSize,
      },
      commandStats: parseCommandStats(statsText),
      memory: null,
    };
  }

  /** Each known group with its key count (one SCAN of our namespace for all groups). */
  async names(): Promise<CacheGroup[]> {
    const groups = this.groups();
    const counts = new Map<string, { keys: number; bytes: number }>(groups.map((g) => [g.id, { keys: 0, bytes: 0 }]));
    const add = (key: string, bytes: number) => {
      const g = groups.find((p) => key.startsWith(p.prefix));
      const c = g && counts.get(g.id);
      if (c) {
        c.keys += 1;
        c.bytes += bytes;
      }
    };
    if (this.redis) await this.scan('', (keys) => keys.forEach((k) => add(k, 0)));
    else for (const item of this.memory?.inspect('') ?? []) add(item.key, Buffer.byteLength(item.key) + Buffer.byteLength(item.value));
    return groups.map((g) => ({
      id: g.id,
      prefix: g.prefix,
      cacheName: t(g.nameKey),
      keys: counts.get(g.id)!.keys,
      bytes: this.redis ? null : counts.get(g.id)!.bytes,
    }));
  }

  /** Keys of one group (at most MAX_KEYS, sorted) with their time to live. */
  async keys(id: string): Promise<{ keys: CacheKeyRow[]; truncated: boolean }> {
    const group = this.group(id);
    let rows: CacheKeyRow[];
    let truncated = false;
    if (this.redis) {
      const found: string[] = [];
      await this.scan(group.prefix, (keys) => {
        found.push(...keys);
        if (found.length > MAX_KEYS) truncated = true;
        return found.length > MAX_KEYS;
      });
      const keys = found.slice(0, MAX_KEYS);
      const pipeline = this.redis.pipeline();
      keys.forEach((k) => pipeline.pttl(this.namespace + k));
      const ttls = keys.length ? ((await pipeline.exec()) ?? []) : [];
      rows = keys.map((k, i) => {
        const ttl = Number(ttls[i]?.[1]);
        return { cacheKey: k, ttlMs: ttl >= 0 ? ttl : null };
      });
    } else {
      const now = Date.now();
      const items = this.memory?.inspect(group.prefix) ?? [];
      truncated = items.length > MAX_KEYS;
      rows = items.map((i) => ({ cacheKey: i.key, ttlMs: i.expiresAt === null ? null : Math.max(0, i.expiresAt - now) }));
    }
    rows.sort((a, b) => a.cacheKey.localeCompare(b.cacheKey));
    return { keys: rows.slice(0, MAX_KEYS), truncated };
  }

  /** One key's value as the screen may show it (credentials masked). */
  async value(key: string): Promise<CacheValue> {
    const group = this.groupOfKey(key);
    let value: string | null;
    let ttlMs: number | null;
    if (this.redis) {
      const full = this.namespace + key;
      const type = await this.redis.type(full);
      if (type === 'none') throw ServiceException.notFound('cacheMonitor.keyNotFound', { key });
      // Our store writes strings only; anything else is shown by its type.
      value = type === 'string' ? await this.redis.get(full) : `(${type})`;
      const ttl = await this.redis.pttl(full);
      ttlMs = ttl >= 0 ? ttl : null;
    } else {
      const item = this.memory?.inspect(key).find((i) => i.key === key);
      value = item?.value ?? null;
      ttlMs = item?.expiresAt == null ? null : Math.max(0, item.expiresAt - Date.now());
    }
    if (value === null) throw ServiceException.notFound('cacheMonitor.keyNotFound', { key });
    return { cacheKey: key, cacheName: t(group.nameKey), cacheValue: maskValue(group, value), ttlMs };
  }

  async clearKey(key: string): Promise<void> {
    this.groupOfKey(key);
    await this.store.del(key);
  }

  /** Removes every key of one group; answers how many. */
  async clearGroup(id: string): Promise<{ deleted: number }> {
    return { deleted: await this.clearPrefix(this.group(id).prefix) };
  }

  /** Removes every key of every known group (never other keys of the same Redis). */
  async clearAll(): Promise<{ deleted: number }> {
    let deleted = 0;
    for (const g of this.groups()) deleted += await this.clearPrefix(g.prefix);
    return { deleted };
  }

  private async clearPrefix(prefix: string): Promise<number> {
    if (this.redis) {
      let deleted = 0;
      await this.scan(prefix, async (keys) => {
        if (keys.length) deleted += await this.redis!.unlink(...keys.map((k) => this.namespace + k));
      });
      return deleted;
    }
    const items = this.memory?.inspect(prefix) ?? [];
    for (const item of items) await this.store.del(item.key);
    return items.length;
  }

  /** SCANs our namespace for `prefix`, handing each batch (keys without the namespace) to `each`; `each` may stop it. */
  private async scan(prefix: string, each: (keys: string[]) => boolean | void | Promise<void>): Promise<void> {
    const match = `${escapeGlob(this.namespace + prefix)}*`;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis!.scan(cursor, 'MATCH', match, 'COUNT', SCAN_COUNT);
      cursor = next;
      if ((await each(keys.map((k) => k.slice(this.namespace.length)))) === true) return;
    } while (cursor !== '0');
  }

  private group(id: string): CachePrefix {
    const group = prefixById(id);
    if (!group || !this.groups().includes(group)) throw ServiceException.notFound('cacheMonitor.unknownGroup', { id });
    return group;
  }

  private groupOfKey(key: string): CachePrefix {
    const group = prefixOfKey(key);
    if (!group || !this.groups().includes(group)) throw new ServiceException('cacheMonitor.notOurs', { key });
    return group;
  }
}
