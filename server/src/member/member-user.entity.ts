import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { MemberSourceValue } from '@zhiwen/shared';
import { AuditedEntity } from '../database/audited.entity';

/** A member of the public site (`member_user`), a realm apart from staff. The password hash never leaves the server. */
@Entity('member_user')
export class MemberUser extends AuditedEntity {
  @PrimaryGeneratedColumn('identity', { name: 'member_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) memberId: string;
  @Column({ name: 'user_name', type: 'varchar', length: 30, default: '' }) userName: string;
  @Column({ name: 'nick_name', type: 'varchar', length: 30, default: '' }) nickName: string;
  @Column({ name: 'phone', type: 'varchar', length: 20, default: '' }) phonenumber: string;
  @Column({ type: 'varchar', length: 100, default: '' }) email: string;
  @Column({ type: 'varchar', length: 255, default: '', select: false }) password: string;
  /** YYYY-MM-DD. */
  @Column({ type: 'date', nullable: true }) birthday: string | null;
  @Column({ type: 'char', length: 1, default: '2' }) sex: string;
  @Column({ type: 'varchar', length: 255, default: '' }) avatar: string;
  @Column({ type: 'char', length: 1, default: '0' }) status: '0' | '1';
  @Column({ type: 'varchar', length: 20, default: 'register' }) source: MemberSourceValue;
  @Column({ name: 'register_time', type: 'timestamptz', default: () => 'now()' }) registerTime: Date;
  @Column({ name: 'register_ip', type: 'varchar', length: 128, default: '' }) registerIp: string;
  @Column({ name: 'login_time', type: 'timestamptz', nullable: true }) loginTime: Date | null;
  @Column({ name: 'login_ip', type: 'varchar', length: 128, default: '' }) loginIp: string;
  @Column({ name: 'lock_end_time', type: 'timestamptz', nullable: true }) lockEndTime: Date | null;
  @Column({ type: 'int', default: 0 }) level: number;
  /** Experience earned in all; the level follows from it. bigint, read as a number (never near 2^53). */
  @Column({ type: 'bigint', default: 0, transformer: { to: (v: number) => v, from: (v: string | null) => Number(v ?? 0) } }) exp: number;
  /** This member's own invitation code (5 characters), for referral links `/aizcxz/{code}`. */
  @Column({ name: 'invite_code', type: 'varchar', length: 5 }) inviteCode: string;
  /** The invitation code the member registered with (the `randomCode` cookie), or ''. */
  @Column({ name: 'referrer_code', type: 'varchar', length: 5, default: '' }) referrerCode: string;
  @Column({ name: 'wechat_openid', type: 'varchar', length: 64, default: '', select: false }) wechatOpenid: string;
  @Column({ name: 'wechat_unionid', type: 'varchar', length: 64, default: '', select: false }) wechatUnionid: string;
  @Column({ name: 'del_flag', type: 'char', length: 1, default: '0' }) delFlag: string;
}
