import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { SecretBox } from '../../common/crypto/secret-box';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { escapeLike } from '../../database/sql-helpers';
import type { CreateWechatConfigDto, UpdateWechatConfigDto, WechatConfigDto, WechatConfigQueryDto } from './wechat-config.dto';
import { WechatConfig } from './wechat-config.entity';

const ENABLED = '0';

/** The enabled application with its secret opened, for the provider calls. */
export interface ActiveWechatApp {
  appId: string;
  appSecret: string;
  redirectUri: string;
}

/**
 * WeChat QR-login applications: staff keep several and enable one (enabling one disables the others). The app
 * secret is sealed before it is stored and answered only as `appSecretSet`.
 */
@Injectable()
export class WechatConfigService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {}

  async list(query: WechatConfigQueryDto): Promise<PageResult<WechatConfigDto>> {
    const qb = this.dataSource.getRepository(WechatConfig).createQueryBuilder('c');
    if (query.configName) qb.andWhere('c.config_name ILIKE :name', { name: `%${escapeLike(query.configName)}%` });
    if (query.status) qb.andWhere('c.status = :status', { status: query.status });
    const page = await paginate(qb, query, {
      sortable: { configId: 'c.config_id', configName: 'c.config_name', updateTime: 'c.update_time' },
      defaultOrder: { 'c.config_id': 'ASC' },
    });
    return { rows: page.rows.map(answer), total: page.total };
  }

  async get(configId: string): Promise<WechatConfigDto> {
    return answer(await this.find(this.dataSource.manager, configId));
  }

  async create(dto: CreateWechatConfigDto, caller: LoginUser): Promise<WechatConfigDto> {
    return this.dataSource.transaction(async (m) => {
      if (dto.status === ENABLED) await this.disableOthers(m);
      const saved = await m.save(
        m.create(WechatConfig, {
          configName: dto.configName,
          appId: dto.appId,
          appSecret: this.box.seal(dto.appSecret),
          redirectUri: dto.redirectUri,
          status: dto.status ?? '1',
          remark: dto.remark ?? '',
          createBy: caller.userName,
          updateBy: caller.userName,
        }),
      );
      return answer(saved);
    });
  }

  async update(dto: UpdateWechatConfigDto, caller: LoginUser): Promise<WechatConfigDto> {
    return this.dataSource.transaction(async (m) => {
      const config = await this.find(m, dto.configId);
      if (dto.status === ENABLED) await this.disableOthers(m, dto.configId);
      await m.update(
        WechatConfig,
        { configId: dto.configId },
        {
          configName: dto.configName,
          appId: dto.appId,
          redirectUri: dto.redirectUri,
          status: dto.status ?? config.status,
          remark: dto.remark ?? config.remark,
          updateBy: caller.userName,
          ...(dto.appSecret ? { appSecret: this.box.seal(dto.appSecret) } : {}),
        },
      );
      return answer(await this.find(m, dto.configId));
    });
  }

  async remove(configIds: string[]): Promise<void> {
    const repo = this.dataSource.getRepository(WechatConfig);
    if ((await repo.count({ where: { configId: In(configIds) } })) !== configIds.length) throw ServiceException.notFound('wechat.notFound');
    await repo.delete({ configId: In(configIds) });
  }

  /** The enabled application, or 'WeChat login is not enabled'. */
  async active(): Promise<ActiveWechatApp> {
    const config = await this.dataSource
      .getRepository(WechatConfig)
      .createQueryBuilder('c')
      .addSelect('c.appSecret')
      .where('c.status = :enabled', { enabled: ENABLED })
      .getOne();
    if (!config) throw new ServiceException('wechat.disabled');
    return { appId: config.appId, appSecret: this.box.open(config.appSecret), redirectUri: config.redirectUri };
  }

  private async disableOthers(m: EntityManager, exceptId?: string): Promise<void> {
    // Two concurrent enables take turns, so the second sees (and disables) the first.
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('sys_wechat_config'))`);
    await m.query(`UPDATE sys_wechat_config SET status = '1' WHERE status = '0' AND config_id <> $1`, [exceptId ?? '0']);
  }

  private async find(m: EntityManager, configId: string): Promise<WechatConfig> {
    const config = await m
      .getRepository(WechatConfig)
      .createQueryBuilder('c')
      .addSelect('c.appSecret')
      .where('c.config_id = :configId', { configId })
      .getOne();
    if (!config) throw ServiceException.notFound('wechat.notFound');
    return config;
  }
}

function answer(config: WechatConfig): WechatConfigDto {
  const { appSecret, createBy: _c, updateBy: _u, ...rest } = config;
  // The secret is required on create, so a row always has one; lists do not even select it.
  return { ...rest, appSecretSet: appSecret === undefined || appSecret !== '' } as WechatConfigDto;
}
