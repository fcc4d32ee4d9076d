import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../database/audited.entity';

/** A dictionary (`sys_dict_type`): a named set of values; fixed ones (`is_fixed = 'Y'`, seeded) are used by code. */
@Entity('sys_dict_type')
export class SysDictType extends AuditedEntity {
  @PrimaryGeneratedColumn('identity', { name: 'dict_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) dictId: string;
  @Column({ name: 'dict_name', type: 'varchar', length: 100 }) dictName: string;
  @Column({ name: 'dict_type', type: 'varchar', length: 100, unique: true }) dictType: string;
  @Column({ name: 'is_fixed', type: 'char', length: 1, default: 'N' }) isFixed: 'Y' | 'N';
  @Column({ type: 'char', length: 1, default: '0' }) status: '0' | '1';
}
