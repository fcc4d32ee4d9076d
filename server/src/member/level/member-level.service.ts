import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { escapeLike, withUniqueMessages } from '../../database/sql-helpers';
import { MemberExpService } from '../exp/member-exp.service';
import { MEMBER_LEVEL_TYPE } from './level-sql';
import type { CreateLevelConfigDto, LevelConfigQueryDto, UpdateLevelConfigDto } from './member-level.dto';
import { MemberLevelConfig } from './member-level-config.entity';

/** Level configs: one row per (type, level); every change re-derives the members' levels from their exp. */
@Injectable()
export class MemberLevelService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly exp: MemberExpService,
  ) {}

  list(query: LevelConfigQueryDto): Promise<PageResult<MemberLevelConfig>> {
    const qb = this.dataSource.getRepository(MemberLevelConfig).createQueryBuilder('c');
    if (query.levelType) qb.andWhere('c.level_type = :levelType', { levelType: query.levelType });
    if (query.levelName) qb.andWhere('c.level_name ILIKE :levelName', { levelName: `%${escapeLike(query.levelName)}%` });
    return paginate(qb, query, {
      sortable: { configId: 'c.config_id', levelType: 'c.level_type', level: 'c.level', nextNeedExp: 'c.next_need_exp' },
      defaultOrder: { 'c.level_type': 'ASC', 'c.level': 'ASC' },
    });
  }

  async get(configId: string): Promise<MemberLevelConfig> {
    const config = await this.dataSource.getRepository(MemberLevelConfig).findOne({ where: { configId } });
    if (!config) throw ServiceException.notFound('member.level.notFound');
    return config;
  }

  async create(dto: CreateLevelConfigDto, caller: LoginUser): Promise<MemberLevelConfig> {
    const fields = { ...dto, levelType: dto.levelType ?? MEMBER_LEVEL_TYPE, remark: dto.remark ?? '' };
    const repo = this.dataSource.getRepository(MemberLevelConfig);
    const saved = await this.levelFreeOr(fields.levelType, dto.level, () =>
      repo.save(repo.create({ ...fields, createBy: caller.userName, updateBy: caller.userName })),
    );
    await this.exp.recomputeLevels();
    return saved;
  }

  async update(dto: UpdateLevelConfigDto, caller: LoginUser): Promise<MemberLevelConfig> {
    const saved = await this.dataSource.transaction(async (m) => {
      const config = await m.findOne(MemberLevelConfig, { where: { configId: dto.configId } });
      if (!config) throw ServiceException.notFound('member.level.notFound');
      const levelType = dto.levelType ?? config.levelType;
      Object.assign(config, {
        levelType,
        level: dto.level,
        levelName: dto.levelName,
        nextNeedExp: dto.nextNeedExp,
        remark: dto.remark ?? config.remark,
        updateBy: caller.userName,
      });
      return this.levelFreeOr(levelType, dto.level, () => m.save(config));
    });
    await this.exp.recomputeLevels();
    return saved;
  }

  async remove(configIds: string[]): Promise<void> {
    const repo = this.dataSource.getRepository(MemberLevelConfig);
    if ((await repo.count({ where: { configId: In(configIds) } })) !== configIds.length) throw ServiceException.notFound('member.level.notFound');
    await repo.delete({ configId: In(configIds) });
    await this.exp.recomputeLevels();
  }

  /** Runs a write, turning a clash with another config of the same type and level (`uq_member_level_config`) into its message. */
  private levelFreeOr<T>(levelType: string, level: number, write: () => Promise<T>): Promise<T> {
    return withUniqueMessages(write, { uq_member_level_config: () => new ServiceException('member.level.taken', { levelType, level }) });
  }
}
