import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import { MemberSource, type PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { forgetAccountFailures } from '../../auth/sign-in-counters';
import { KV_STORE, type KvStore } from '../../common/cache/kv-store';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { escapeLike } from '../../database/sql-helpers';
import { applyTimeRange } from '../../common/paging/time-range';
import { MemberUser } from '../member-user.entity';
import { MemberService } from '../member.service';
import type {
  ChangeMemberStatusDto,
  CreateMemberDto,
  MemberQueryDto,
  MemberRowDto,
  ResetMemberPasswordDto,
  UpdateMemberDto,
} from './member-admin.dto';

/** The back office's rules for member accounts: list, add, edit, reset password, disable, delete. */
@Injectable()
export class MemberAdminService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly members: MemberService,
    @Inject(KV_STORE) private readonly store: KvStore,
  ) {}

  async list(query: MemberQueryDto): Promise<PageResult<MemberRowDto>> {
    const qb = this.dataSource.getRepository(MemberUser).createQueryBuilder('m').where("m.del_flag = '0'");
    const like = (column: string, param: string, value: string | undefined) => {
      if (value) qb.andWhere(`${column} ILIKE :${param}`, { [param]: `%${escapeLike(value)}%` });
    };
    like('m.user_name', 'userName', query.userName);
    like('m.nick_name', 'nickName', query.nickName);
    like('m.phone', 'phone', query.phonenumber);
    like('m.email', 'email', query.email);
    if (query.status) qb.andWhere('m.status = :status', { status: query.status });
    if (query.source) qb.andWhere('m.source = :source', { source: query.source });
    if (query.level !== undefined) qb.andWhere('m.level = :level', { level: query.level });
    if (query.referrerCode) qb.andWhere('m.referrer_code = :referrerCode', { referrerCode: query.referrerCode });
    applyTimeRange(qb, 'm.register_time', query);
    const page = await paginate(qb, query, {
      sortable: {
        memberId: 'm.member_id',
        userName: 'm.user_name',
        registerTime: 'm.register_time',
        loginTime: 'm.login_time',
        level: 'm.level',
        exp: 'm.exp',
      },
      defaultOrder: { 'm.member_id': 'DESC' },
      deferredJoin: true,
    });
    return { rows: await this.withWechat(page.rows), total: page.total };
  }

  async get(memberId: string): Promise<MemberRowDto> {
    const member = await this.members.findById(memberId);
    if (!member) throw ServiceException.notFound('member.notFound');
    return (await this.withWechat([member]))[0];
  }

  async create(dto: CreateMemberDto, caller: LoginUser): Promise<MemberRowDto> {
    const member = await this.members.create({ ...dto, source: MemberSource.ADMIN, createBy: caller.userName });
    return (await this.withWechat([member]))[0];
  }

  /** Saves the record as the form shows it (identity fields left empty are cleared); disabling ends the sessions. */
  async update(dto: UpdateMemberDto, caller: LoginUser): Promise<void> {
    const target = await this.get(dto.memberId);
    const identity = { userName: dto.userName ?? '', phonenumber: dto.phonenumber ?? '', email: dto.email ?? '' };
    if (!identity.userName && !identity.phonenumber && !identity.email) throw new ServiceException('member.identityRequired');
    await this.members.uniqueOr(identity, () =>
      this.dataSource.getRepository(MemberUser).update(
        { memberId: dto.memberId },
        {
          ...identity,
          nickName: dto.nickName ?? target.nickName,
          birthday: dto.birthday ?? null,
          sex: dto.sex ?? target.sex,
          status: dto.status ?? (target.status as '0' | '1'),
          remark: dto.remark ?? target.remark,
          updateBy: caller.userName,
        },
      ),
    );
    if (dto.status === '1') await this.members.closeSessions(dto.memberId);
  }

  /** Soft-deletes members, all or none; their sessions end at once. */
  async remove(memberIds: string[], caller: LoginUser): Promise<void> {
    const found = await this.dataSource.getRepository(MemberUser).count({ where: { memberId: In(memberIds), delFlag: '0' } });
    if (found !== memberIds.length) throw ServiceException.notFound('member.notFound');
    await this.dataSource.getRepository(MemberUser).update({ memberId: In(memberIds) }, { delFlag: '2', updateBy: caller.userName });
    for (const id of memberIds) await this.members.closeSessions(id);
  }

  /** Sets a new password, lifts a lock and forgets the day's wrong passwords; the member signs in again. */
  async resetPassword(dto: ResetMemberPasswordDto, caller: LoginUser): Promise<void> {
    const member = await this.get(dto.memberId);
    await this.members.setPassword(dto.memberId, dto.password, caller.userName);
    await forgetAccountFailures(this.store, 'member', [member.userName, member.email, member.phonenumber]);
    await this.members.closeSessions(dto.memberId);
  }

  /** Disables (sessions end at once) or enables (a lock from wrong passwords is lifted too) a member. */
  async changeStatus(dto: ChangeMemberStatusDto, caller: LoginUser): Promise<void> {
    const member = await this.get(dto.memberId);
    if (dto.status === '1') {
      await this.members.disable(dto.memberId, caller.userName);
      return;
    }
    await this.dataSource.getRepository(MemberUser).update({ memberId: dto.memberId }, { status: '0', lockEndTime: null, updateBy: caller.userName });
    await forgetAccountFailures(this.store, 'member', [member.userName, member.email, member.phonenumber]);
  }

  /** Rows with `wechatBound`, without ever exposing the WeChat ids themselves. */
  private async withWechat(rows: MemberUser[]): Promise<MemberRowDto[]> {
    if (!rows.length) return [];
    const bound: Array<{ member_id: string }> = await this.dataSource.query(
      `SELECT member_id::text FROM member_user WHERE member_id = ANY ($1::bigint[]) AND wechat_openid <> ''`,
      [rows.map((r) => r.memberId)],
    );
    const ids = new Set(bound.map((b) => b.member_id));
    return rows.map(
      ({ password: _p, wechatOpenid: _o, wechatUnionid: _u, delFlag: _d, createBy: _c, createTime: _t, updateBy: _ub, updateTime: _ut, ...row }) => ({
        ...row,
        wechatBound: ids.has(row.memberId),
      }),
    ) as MemberRowDto[];
  }
}
