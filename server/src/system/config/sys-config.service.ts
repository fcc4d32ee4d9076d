import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { KV_STORE, type KvStore } from '../../common/cache/kv-store';
import { SysConfig } from './sys-config.entity';

const CACHE_PREFIX = 'config:';
const MISSING = '\u0000';

/** Reads system parameters (`sys_config`) through a cache shared by all instances. */
@Injectable()
export class SysConfigService {
  constructor(
    @InjectRepository(SysConfig) private readonly configs: Repository<SysConfig>,
    @Inject(KV_STORE) private readonly cache: KvStore,
  ) {}

  /** Value of a parameter, or null when the key does not exist. */
  async getValue(key: string): Promise<string | null> {
    const cached = await this.cache.get(CACHE_PREFIX + key);
    if (cached !== null) return cached === MISSING ? null : cached;
    const row = await this.configs.findOne({ where: { configKey: key } });
    await this.cache.set(CACHE_PREFIX + key, row ? row.configValue : MISSING);
    return row ? row.configValue : null;
  }

  /** A `true`/`false` parameter; `fallback` when absent. */
  async getBoolean(key: string, fallback: boolean): Promise<boolean> {
    const value = await this.getValue(key);
    return value === null ? fallback : value.trim().toLowerCase() === 'true';
  }

  /** Drops the cached value of a key after it changed. */
  async evict(key: string): Promise<void> {
    await this.cache.del(CACHE_PREFIX + key);
  }
}
