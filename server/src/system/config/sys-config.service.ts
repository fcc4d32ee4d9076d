import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import { KV_STORE, type KvStore } from '../../common/cache/kv-store';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import type { ConfigQueryDto, CreateConfigDto, UpdateConfigDto } from './dto/config.dto';
import { SysConfig } from './sys-config.entity';
import { escapeLike, isUniqueViolation } from '../../database/sql-helpers';

const CACHE_PREFIX = 'config:';
const MISSING = '\u0000';

/** Reads system parameters (`sys_config`) through a cache shared by all instances, and administers them. */
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

  /** Drops every cached parameter (after changes made outside the API, e.g. in SQL). */
  async refreshCache(): Promise<void> {
    for (const [key] of await this.cache.entries(CACHE_PREFIX)) await this.cache.del(key);
  }

  /** A page of parameters matching the filters. */
  list(query: ConfigQueryDto): Promise<PageResult<SysConfig>> {
    const qb = this.configs.createQueryBuilder('c');
    if (query.configName) qb.andWhere('c.config_name ILIKE :name', { name: `%${escapeLike(query.configName)}%` });
    if (query.configKey) qb.andWhere('c.config_key ILIKE :key', { key: `%${escapeLike(query.configKey)}%` });
    if (query.configType) qb.andWhere('c.config_type = :type', { type: query.configType });
    if (query.beginTime) qb.andWhere('c.create_time >= CAST(:begin AS date)', { begin: query.beginTime });
    if (query.endTime) qb.andWhere('c.create_time < CAST(:end AS date) + 1', { end: query.endTime });
    return paginate(qb, query, {
      sortable: { configId: 'c.config_id', configName: 'c.config_name', configKey: 'c.config_key', createTime: 'c.create_time' },
      defaultOrder: { 'c.config_id': 'ASC' },
    });
  }

  /** One parameter; 404 when absent. */
  async get(configId: string): Promise<SysConfig> {
    const row = await this.configs.findOne({ where: { configId } });
    if (!row) throw ServiceException.notFound('config.notFound');
    return row;
  }

  /** Adds a parameter; its key must be new. */
  async create(dto: CreateConfigDto, userName: string): Promise<SysConfig> {
    await this.assertKeyFree(dto.configKey);
    const row = this.configs.create({
      configName: dto.configName,
      configKey: dto.configKey,
      configValue: dto.configValue,
      configType: dto.configType ?? 'N',
      remark: dto.remark ?? '',
      createBy: userName,
      updateBy: userName,
    });
    let configId: string;
    try {
      configId = String((await this.configs.insert(row)).identifiers[0].configId);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceException('config.keyExists', { key: dto.configKey });
      throw error;
    }
    // A lookup before the parameter existed may have cached "missing".
    await this.evict(dto.configKey);
    return this.get(configId);
  }

  /** Changes a parameter; the cached values of its old and new key are dropped. */
  async update(dto: UpdateConfigDto, userName: string): Promise<void> {
    const current = await this.get(dto.configId);
    if (dto.configKey !== current.configKey) await this.assertKeyFree(dto.configKey, dto.configId);
    try {
      await this.configs.update(
        { configId: dto.configId },
        {
          configName: dto.configName,
          configKey: dto.configKey,
          configValue: dto.configValue,
          configType: dto.configType ?? current.configType,
          remark: dto.remark ?? current.remark,
          updateBy: userName,
        },
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceException('config.keyExists', { key: dto.configKey });
      throw error;
    }
    await this.evict(current.configKey);
    await this.evict(dto.configKey);
  }

  /** Deletes parameters; refused as a whole when one of them is built in. */
  async remove(configIds: string[]): Promise<void> {
    const rows = await this.configs.find({ where: { configId: In(configIds) } });
    if (!rows.length) throw ServiceException.notFound('config.notFound');
    const builtIn = rows.find((r) => r.configType === 'Y');
    if (builtIn) throw new ServiceException('config.builtInDelete', { key: builtIn.configKey });
    await this.configs.delete({ configId: In(rows.map((r) => r.configId)) });
    for (const row of rows) await this.evict(row.configKey);
  }

  private async assertKeyFree(configKey: string, exceptId?: string): Promise<void> {
    const other = await this.configs.findOne({ where: { configKey } });
    if (other && other.configId !== exceptId) throw new ServiceException('config.keyExists', { key: configKey });
  }
}
