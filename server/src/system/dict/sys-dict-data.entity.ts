import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../database/audited.entity';

/** An entry of a dictionary (`sys_dict_data`); its value is unique within the type, its label translatable. */
@Entity('sys_dict_data')
export class SysDictData extends AuditedEntity {
  @PrimaryGeneratedColumn('identity', { name: 'dict_code', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) dictCode: string;
  @Column({ name: 'dict_sort', type: 'integer', default: 0 }) dictSort: number;
  @Column({ name: 'dict_label', type: 'varchar', length: 100 }) dictLabel: string;
  @Column({ name: 'dict_value', type: 'varchar', length: 100 }) dictValue: string;
  /** References sys_dict_type.dict_type (ON UPDATE/DELETE CASCADE). */
  @Column({ name: 'dict_type', type: 'varchar', length: 100 }) dictType: string;
  @Column({ name: 'css_class', type: 'varchar', length: 100, default: '' }) cssClass: string;
  @Column({ name: 'list_class', type: 'varchar', length: 100, default: '' }) listClass: string;
  @Column({ name: 'is_default', type: 'char', length: 1, default: 'N' }) isDefault: 'Y' | 'N';
  @Column({ type: 'char', length: 1, default: '0' }) status: '0' | '1';
}
