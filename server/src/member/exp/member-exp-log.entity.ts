import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { MemberExpOpValue } from '@zhiwen/shared';

const asNumber = { to: (v: number) => v, from: (v: string | null) => Number(v ?? 0) };

/** One grant of exp to a member (`member_exp_log`), with the member's exp and level after it. */
@Entity('member_exp_log')
export class MemberExpLog {
  @PrimaryGeneratedColumn('identity', { name: 'log_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) logId: string;
  @Column({ name: 'member_id', type: 'bigint' }) memberId: string;
  @Column({ name: 'op_type', type: 'varchar', length: 30 }) opType: MemberExpOpValue;
  @Column({ type: 'int' }) exp: number;
  /** What earned it, when it is an object (a check order id); '' otherwise. */
  @Column({ name: 'ref_id', type: 'varchar', length: 64, default: '' }) refId: string;
  @Column({ name: 'exp_after', type: 'bigint', transformer: asNumber }) expAfter: number;
  @Column({ name: 'level_after', type: 'int' }) levelAfter: number;
  @Column({ name: 'create_time', type: 'timestamptz', default: () => 'now()' }) createTime: Date;
}
