import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { MemberSourceValue } from '@zhiwen/shared';
import { hashPassword } from '../auth/password-hasher';
import { SessionService } from '../auth/session.service';
import { ServiceException } from '../common/errors/service-exception';
import { withUniqueMessages } from '../database/sql-helpers';
import { dailyFigures, type DailyFigure, type DayWindow } from '../common/stats/daily-stats';
import { levelOfExpSql } from './level/level-sql';
import { MemberUser } from './member-user.entity';
import { newInviteCode } from './member-rules';

export type MemberWithSecrets = MemberUser & { password: string; wechatOpenid: string; wechatUnionid: string };

/** What a new member starts with; `password` is plain text (hashed here), '' or absent for none (WeChat). */
export interface NewMember {
  userName?: string;
  nickName?: string;
  phonenumber?: string;
  email?: string;
  password?: string;
  birthday?: string | null;
  sex?: string;
  status?: '0' | '1';
  source: MemberSourceValue;
  registerIp?: string;
  referrerCode?: string;
  wechatOpenid?: string;
  wechatUnionid?: string;
  createBy: string;
  remark?: string;
}

/** The identifying fields whose values no two members share. */
export interface MemberIdentity {
  userName?: string;
  phonenumber?: string;
  email?: string;
}

/** Member accounts: what registration, sign-in, WeChat login and the back office share. */
@Injectable()
export class MemberService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sessions: SessionService,
  ) {}

  /** The member whose user name, email or phone is `identifier` (case-insensitive), with its password hash. */
  async findForLogin(identifier: string): Promise<MemberWithSecrets | null> {
    const id = identifier.trim();
    if (!id) return null;
    return (await this.dataSource
      .getRepository(MemberUser)
      .createQueryBuilder('m')
      .addSelect('m.password')
      .where("m.del_flag = '0'")
      .andWhere(
        "((m.user_name <> '' AND lower(m.user_name) = lower(:id)) OR (m.email <> '' AND lower(m.email) = lower(:id)) OR (m.phone <> '' AND m.phone = :id))",
        { id },
      )
      .orderBy('m.member_id')
      .getOne()) as MemberWithSecrets | null;
  }

  /** A member that is not deleted, with the secrets when asked (password hash, WeChat ids). */
  async findById(memberId: string, withSecrets = false): Promise<MemberWithSecrets | null> {
    const qb = this.dataSource.getRepository(MemberUser).createQueryBuilder('m').where("m.member_id = :memberId AND m.del_flag = '0'", { memberId });
    if (withSecrets) qb.addSelect(['m.password', 'm.wechatOpenid', 'm.wechatUnionid']);
    return (await qb.getOne()) as MemberWithSecrets | null;
  }

  /** The member bound to a WeChat account: by unionid when the provider gives one, else by openid. */
  async findByWechat(openid: string, unionid: string): Promise<MemberWithSecrets | null> {
    const qb = this.dataSource
      .getRepository(MemberUser)
      .createQueryBuilder('m')
      .addSelect(['m.password', 'm.wechatOpenid', 'm.wechatUnionid'])
      .where("m.del_flag = '0'");
    if (unionid) qb.andWhere('(m.wechat_unionid = :unionid OR m.wechat_openid = :openid)', { unionid, openid });
    else qb.andWhere('m.wechat_openid = :openid', { openid });
    return (await qb.orderBy('m.member_id').getOne()) as MemberWithSecrets | null;
  }

  /**
   * Adds a member (at least one of user name, phone, email; each unique among members) with a fresh invitation code
   * and the level its zero exp earns. Runs in `manager`'s transaction when given.
   */
  async create(fields: NewMember, manager?: EntityManager): Promise<MemberUser> {
    if (!manager) return this.dataSource.transaction((m) => this.create(fields, m));
    const m = manager;
    if (!fields.userName && !fields.phonenumber && !fields.email) throw new ServiceException('member.identityRequired');
    let inviteCode = newInviteCode();
    while ((await m.query('SELECT 1 FROM member_user WHERE invite_code = $1', [inviteCode])).length) inviteCode = newInviteCode();
    const password = fields.password ? await hashPassword(fields.password) : '';
    const saved = await this.uniqueOr(fields, () =>
      m.save(
        m.create(MemberUser, {
          userName: fields.userName ?? '',
          nickName: (fields.nickName || fields.userName || '').slice(0, 30),
          phonenumber: fields.phonenumber ?? '',
          email: fields.email ?? '',
          password,
          birthday: fields.birthday ?? null,
          sex: fields.sex ?? '2',
          status: fields.status ?? '0',
          source: fields.source,
          registerIp: fields.registerIp ?? '',
          referrerCode: fields.referrerCode ?? '',
          wechatOpenid: fields.wechatOpenid ?? '',
          wechatUnionid: fields.wechatUnionid ?? '',
          inviteCode,
          createBy: fields.createBy,
          remark: fields.remark ?? '',
        }),
      ),
    );
    // TypeORM answers an UPDATE as [rows, count].
    const [[{ level }]] = await m.query(`UPDATE member_user SET level = ${levelOfExpSql('exp')} WHERE member_id = $1 RETURNING level`, [
      saved.memberId,
    ]);
    const { password: _hidden, wechatOpenid: _o, wechatUnionid: _u, ...member } = { ...saved, level } as MemberWithSecrets;
    return member as MemberUser;
  }

  /**
   * Runs a write of a member's identity, turning a clash with another live member's user name, phone or email (the
   * unique indexes decide, so two concurrent saves of one name cannot both pass) into the message naming it.
   */
  async uniqueOr<T>(identity: MemberIdentity, write: () => Promise<T>): Promise<T> {
    return withUniqueMessages(write, {
      uq_member_user_name: () => new ServiceException('member.userNameTaken', { userName: identity.userName ?? '' }),
      uq_member_user_phone: () => new ServiceException('member.phoneTaken', { phonenumber: identity.phonenumber ?? '' }),
      uq_member_user_email: () => new ServiceException('member.emailTaken', { email: identity.email ?? '' }),
    });
  }

  /** The level of a member who is neither deleted nor disabled; null when there is no such member. */
  async activeLevel(memberId: string): Promise<number | null> {
    const [row] = await this.dataSource.query(`SELECT level FROM member_user WHERE member_id = $1 AND del_flag = '0' AND status = '0'`, [memberId]);
    return row ? Number(row.level) : null;
  }

  async recordLogin(memberId: string, ip: string): Promise<void> {
    await this.dataSource.getRepository(MemberUser).update({ memberId }, { loginIp: ip, loginTime: new Date(), lockEndTime: null });
  }

  async lockUntil(memberId: string, until: Date): Promise<void> {
    await this.dataSource.getRepository(MemberUser).update({ memberId }, { lockEndTime: until });
  }

  /** Disables a member and ends its sessions at once. */
  async disable(memberId: string, by = ''): Promise<void> {
    await this.dataSource.getRepository(MemberUser).update({ memberId }, { status: '1', updateBy: by });
    await this.sessions.closeAllOf(memberId, 'member');
  }

  async setPassword(memberId: string, password: string, by: string): Promise<void> {
    await this.dataSource.getRepository(MemberUser).update({ memberId }, { password: await hashPassword(password), lockEndTime: null, updateBy: by });
  }

  closeSessions(memberId: string): Promise<number> {
    return this.sessions.closeAllOf(memberId, 'member');
  }

  /** The dashboard's figure: members registered per day of the window (deleted ones left out, as the list does). */
  dailyStats(window: DayWindow): Promise<{ registered: DailyFigure }> {
    return dailyFigures(this.dataSource, window, {
      time: 'm.register_time',
      from: 'member_user m',
      where: "m.del_flag = '0'",
      values: { registered: 'count(*)' },
    });
  }
}
