import { Global, Inject, Logger, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import Redis from 'ioredis';
import { KV_STORE, REDIS_CLIENT, type KvStore } from './cache/kv-store';
import { MemoryKvStore } from './cache/memory-kv-store';
import { RedisKvStore } from './cache/redis-kv-store';
import { RedisThrottlerStorage } from './cache/redis-throttler-storage';
import type { AppConfig } from './config/app-config';
import { APP_CONFIG } from './config/config.token';
import { SecretBox } from './crypto/secret-box';
import { AllExceptionsFilter } from './errors/all-exceptions.filter';
import { ExportInterceptor } from './export/export.interceptor';
import { EnvelopeInterceptor } from './http/envelope.interceptor';
import { GlobalThrottlerGuard } from './security/global-throttler.guard';
import { PublicFetcher } from './security/public-fetch';
import { RepeatSubmitInterceptor } from './security/repeat-submit.interceptor';
import { createValidationPipe } from './validation/validation.pipe';

const redisLogger = new Logger('Redis');

class RedisLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis | null,
    @Inject(KV_STORE) private readonly store: KvStore,
  ) {}
  async onApplicationShutdown() {
    if (this.redis) await this.redis.quit().catch(() => this.redis?.disconnect());
    if (this.store instanceof MemoryKvStore) this.store.close();
  }
}

/** The API conventions as one shared set: config, store, secret box, envelope, errors, validation, rate limit, repeat-submit, export. */
@Global()
@Module({})
export class CommonModule {
  static forRoot(config: AppConfig): DynamicModule {
    const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
    // Without a listener ioredis reports every failed reconnect as unhandled; health shows the state instead.
    redis?.on('error', (err: Error) => redisLogger.warn(`Redis: ${err.message}`));
    return {
      module: CommonModule,
      imports: [
        ThrottlerModule.forRoot({
          throttlers: [{ name: 'default', ttl: 60_000, limit: config.rateLimitPerMinute }],
          storage: redis ? new RedisThrottlerStorage(redis) : undefined,
        }),
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: REDIS_CLIENT, useValue: redis },
        { provide: KV_STORE, useValue: redis ? new RedisKvStore(redis) : new MemoryKvStore() },
        RedisLifecycle,
        SecretBox,
        EnvelopeInterceptor,
        RepeatSubmitInterceptor,
        ExportInterceptor,
        PublicFetcher,
        { provide: APP_GUARD, useClass: GlobalThrottlerGuard },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      ],
      exports: [APP_CONFIG, REDIS_CLIENT, KV_STORE, SecretBox, EnvelopeInterceptor, RepeatSubmitInterceptor, ExportInterceptor, PublicFetcher],
    };
  }
}
