import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { MemberExpOpValue } from '@zhiwen/shared';
import { AuditedEntity } from '../../database/audited.entity';

/** How much exp an operation grants, and how often (`member_exp_config`; limits are counts of grants, 0 = unlimited). */
@Entity('member_exp_config')
export class MemberExpConfig extends AuditedEntity {
  @PrimaryGeneratedColumn('identity', { name: 'config_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) configId: string;
  @Column({ name: 'op_type', type: 'varchar', length: 30 }) opType: MemberExpOpValue;
  @Column({ type: 'int' }) exp: number;
  @Column({ name: 'day_limit', type: 'int', default: 0 }) dayLimit: number;
  @Column({ name: 'total_limit', type: 'int', default: 0 }) totalLimit: number;
  @Column({ type: 'char', length: 1, default: '0' }) status: '0' | '1';
}
