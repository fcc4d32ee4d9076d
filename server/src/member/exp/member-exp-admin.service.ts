import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import { paginate, paginateRaw } from '../../common/paging/paginate';
import { applyTimeRange } from '../../common/paging/time-range';
import { escapeLike, withUniqueMessages } from '../../database/sql-helpers';
import type { CreateExpConfigDto, ExpConfigQueryDto, ExpLogDto, ExpLogQueryDto, UpdateExpConfigDto } from './member-exp.dto';
import { MemberExpConfig } from './member-exp-config.entity';
import { MemberExpLog } from './member-exp-log.entity';

/** Exp configs (one per operation) and the exp log, as the back office manages them. */
@Injectable()
export class MemberExpAdminService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  listConfigs(query: ExpConfigQueryDto): Promise<PageResult<MemberExpConfig>> {
    const qb = this.dataSource.getRepository(MemberExpConfig).createQueryBuilder('c');
    if (query.opType) qb.andWhere('c.op_type = :opType', { opType: query.opType });
    if (query.status) qb.andWhere('c.status = :status', { status: query.status });
    return paginate(qb, query, { sortable: { configId: 'c.config_id', opType: 'c.op_type', exp: 'c.exp' }, defaultOrder: { 'c.config_id': 'ASC' } });
  }

  async getConfig(configId: string): Promise<MemberExpConfig> {
    const config = await this.dataSource.getRepository(MemberExpConfig).findOne({ where: { configId } });
    if (!config) throw ServiceException.notFound('member.exp.notFound');
    return config;
  }

  createConfig(dto: CreateExpConfigDto, caller: LoginUser): Promise<MemberExpConfig> {
    const repo = this.dataSource.getRepository(MemberExpConfig);
    return this.opFreeOr(dto.opType, () =>
      repo.save(repo.create({ ...dto, status: dto.status ?? '0', remark: dto.remark ?? '', createBy: caller.userName, updateBy: caller.userName })),
    );
  }

  updateConfig(dto: UpdateExpConfigDto, caller: LoginUser): Promise<MemberExpConfig> {
    return this.dataSource.transaction(async (m) => {
      const config = await m.findOne(MemberExpConfig, { where: { configId: dto.configId } });
      if (!config) throw ServiceException.notFound('member.exp.notFound');
      Object.assign(config, {
        opType: dto.opType,
        exp: dto.exp,
        dayLimit: dto.dayLimit,
        totalLimit: dto.totalLimit,
        status: dto.status ?? config.status,
        remark: dto.remark ?? config.remark,
        updateBy: caller.userName,
      });
      return this.opFreeOr(dto.opType, () => m.save(config));
    });
  }

  async removeConfigs(configIds: string[]): Promise<void> {
    const repo = this.dataSource.getRepository(MemberExpConfig);
    if ((await repo.count({ where: { configId: In(configIds) } })) !== configIds.length) throw ServiceException.notFound('member.exp.notFound');
    await repo.delete({ configId: In(configIds) });
  }

  /** Grants, newest first, with the member's names. */
  async listLogs(query: ExpLogQueryDto): Promise<PageResult<ExpLogDto>> {
    const qb = this.dataSource
      .getRepository(MemberExpLog)
      .createQueryBuilder('l')
      .innerJoin('member_user', 'm', 'm.member_id = l.member_id')
      .select([
        'l.log_id::text AS "logId"',
        'l.member_id::text AS "memberId"',
        'm.user_name AS "userName"',
        'm.nick_name AS "nickName"',
        'l.op_type AS "opType"',
        'l.exp AS exp',
        'l.ref_id AS "refId"',
        'l.exp_after::float8 AS "expAfter"',
        'l.level_after AS "levelAfter"',
        'l.create_time AS "createTime"',
      ]);
    if (query.memberId) qb.andWhere('l.member_id = :memberId', { memberId: query.memberId });
    if (query.userName) qb.andWhere('m.user_name ILIKE :userName', { userName: `%${escapeLike(query.userName)}%` });
    if (query.opType) qb.andWhere('l.op_type = :opType', { opType: query.opType });
    applyTimeRange(qb, 'l.create_time', query);
    return paginateRaw<ExpLogDto>(qb, query, {
      sortable: { logId: 'l.log_id', createTime: 'l.create_time', exp: 'l.exp', memberId: 'l.member_id' },
      defaultOrder: { 'l.create_time': 'DESC', 'l.log_id': 'DESC' },
    });
  }

  async removeLogs(logIds: string[]): Promise<void> {
    await this.dataSource.getRepository(MemberExpLog).delete({ logId: In(logIds) });
  }

  /** Runs a write, turning a clash with the config of the same operation (`uq_member_exp_config_op`) into its message. */
  private opFreeOr<T>(opType: string, write: () => Promise<T>): Promise<T> {
    return withUniqueMessages(write, {
      uq_member_exp_config_op: () => new ServiceException('member.exp.opTaken', { opType: t(`member.exp.op.${opType}`) }),
    });
  }
}
