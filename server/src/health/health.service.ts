import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import type { HealthReport } from '@zhiwen/shared';
import { REDIS_CLIENT } from '../common/cache/kv-store';
import type { AppConfig } from '../common/config/app-config';
import { APP_CONFIG } from '../common/config/config.token';
import { QueueService } from '../queue/queue.service';

const CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS).unref()),
  ]);
}

/** Words of an error message that name a place: URLs, paths, IPv4/IPv6 addresses, host:port, localhost. */
const PLACE = [
  /:\/\//, // a URL
  /^["'(]?\//, // a file path or Unix socket
  /^\[?[0-9a-f]*:[0-9a-f]*:[0-9a-f:.]*\]?(?::\d+)?$/i, // an IPv6 address (two colons at least)
  /^(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?$/, // an IPv4 address
  /^[\w.-]+:\d+$/, // host:port
  /^localhost$/i,
];

/**
 * An error message fit for an anonymous caller: without the addresses, ports, URLs, host names and file paths drivers
 * put in it ("connect ECONNREFUSED 127.0.0.1:54329" becomes "connect ECONNREFUSED").
 */
export function publicError(message: string): string {
  const words = message.split(/\s+/);
  const kept = words.filter((word, i) => {
    const bare = word.replace(/[,;)]+$/, '');
    // getaddrinfo ENOTFOUND <host>
    if (i > 0 && /^(?:ENOTFOUND|EAI_AGAIN)$/.test(words[i - 1])) return false;
    return !PLACE.some((re) => re.test(bare));
  });
  return kept.join(' ').trim();
}

async function probe(check: () => Promise<unknown>): Promise<{ status: 'up' | 'down'; latencyMs: number; error?: string }> {
  const started = performance.now();
  try {
    await withTimeout(check());
    return { status: 'up', latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { status: 'down', latencyMs: Math.round(performance.now() - started), error: publicError(message) };
  }
}

@Injectable()
export class HealthService {
  private readonly version = process.env.npm_package_version ?? '0.1.0';

  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: QueueService,
    @Inject(REDIS_CLIENT) private readonly redis: Redis | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Checks the database, Redis (when configured) and the job queue. */
  async report(): Promise<HealthReport> {
    const [database, redis] = await Promise.all([
      probe(() => this.dataSource.query('SELECT 1')),
      this.redis ? probe(() => this.redis!.ping()) : Promise.resolve({ status: 'disabled' as const }),
    ]);
    const queue = await withTimeout(this.queue.check()).catch(() => this.queue.status());
    if (queue.error) queue.error = publicError(queue.error);
    const up = database.status === 'up' && redis.status !== 'down' && queue.status !== 'down';
    return {
      status: up ? 'up' : 'down',
      version: this.version,
      uptimeSeconds: Math.round(process.uptime()),
      components: { database: { ...database, embedded: !this.config.databaseUrl }, redis, queue },
    };
  }
}
