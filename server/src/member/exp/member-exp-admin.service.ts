import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import { paginate, pageWindow } from '../../common/paging/paginate';
import { escapeLike } from '../../database/sql-helpers';
import type { CreateExpConfigDto, ExpConfigQueryDto, ExpLogDto, ExpLogQueryDto, UpdateExpConfigDto } from './member-exp.dto';
import { MemberExpConfig } from './member-exp-config.entity';
import { MemberExpLog } from './member-exp-log.entity';

const LOG_SORTABLE: Record<string, string> = { logId: 'l.log_id', createTime: 'l.create_time', exp: 'l.exp', memberId: 'l.member_id' };

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
    return this.dataSource.transaction(async (m) => {
      await this.assertFree(m, dto.opType);
      return m.save(m.create(MemberExpConfig, { ...dto, status: dto.status ?? '0', remark: dto.remark ?? '', createBy: caller.userName, updateBy: caller.userName }));
    });
  }

  updateConfig(dto: UpdateExpConfigDto, caller: LoginUser): Promise<MemberExpConfig> {
    return this.dataSource.transaction(async (m) => {
      const config = await m.findOne(MemberExpConfig, { where: { configId: dto.configId } });
      if (!config) throw ServiceException.notFound('member.exp.notFound');
      await this.assertFree(m, dto.opType, dto.configId);
      Object.assign(config, {
        opType: dto.opType,
        exp: dto.exp,
        dayLimit: dto.dayLimit,
        totalLimit: dto.totalLimit,
        status: dto.status ?? config.status,
        remark: dto.remark ?? config.remark,
        updateBy: caller.userName,
      });
      return m.save(config);
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
    if (query.beginTime) qb.andWhere('l.create_time >= :beginTime::timestamp', { beginTime: query.beginTime });
    if (query.endTime?.length === 10) qb.andWhere(`l.create_time < :endTime::date + interval '1 day'`, { endTime: query.endTime });
    else if (query.endTime) qb.andWhere('l.create_time <= :endTime::timestamp', { endTime: query.endTime });
    const total = await qb.getCount();
    if (query.orderByColumn && !LOG_SORTABLE[query.orderByColumn]) throw new ServiceException('error.orderByColumn', { column: query.orderByColumn });
    const direction = query.isAsc === 'asc' || query.isAsc === 'ascending' ? 'ASC' : 'DESC';
    qb.orderBy(query.orderByColumn ? LOG_SORTABLE[query.orderByColumn] : 'l.create_time', query.orderByColumn ? direction : 'DESC').addOrderBy('l.log_id', 'DESC');
    const { skip, take } = pageWindow(query);
    const rows = await qb.offset(skip).limit(take).getRawMany<ExpLogDto>();
    return { rows, total };
  }

  async removeLogs(logIds: string[]): Promise<void> {
    await this.dataSource.getRepository(MemberExpLog).delete({ logId: In(logIds) });
  }

  private async assertFree(m: EntityManager, opType: string, exceptId?: string): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('member_exp_config'))`);
    const qb = m.getRepository(MemberExpConfig).createQueryBuilder('c').where('c.op_type = :opType', { opType });
    if (exceptId) qb.andWhere('c.config_id <> :exceptId', { exceptId });
    if (await qb.getExists()) throw new ServiceException('member.exp.opTaken', { opType: t(`member.exp.op.${opType}`) });
  }
}
