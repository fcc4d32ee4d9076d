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

async function probe(check: () => Promise<unknown>): Promise<{ status: 'up' | 'down'; latencyMs: number; error?: string }> {
  const started = performance.now();
  try {
    await withTimeout(check());
    return { status: 'up', latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (err) {
    return { status: 'down', latencyMs: Math.round(performance.now() - started), error: err instanceof Error ? err.message : String(err) };
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
    const queue = this.queue.status();
    const up = database.status === 'up' && redis.status !== 'down' && queue.status !== 'down';
    return {
      status: up ? 'up' : 'down',
      version: this.version,
      uptimeSeconds: Math.round(process.uptime()),
      components: { database: { ...database, embedded: !this.config.databaseUrl }, redis, queue },
    };
  }
}
