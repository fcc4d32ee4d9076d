import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../database/audited.entity';

/** A department; `ancestors` is the comma list of parent ids from the root, for subtree queries. */
@Entity('sys_dept')
export class SysDept extends AuditedEntity {
  @PrimaryGeneratedColumn('identity', { name: 'dept_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) deptId: string;
  @Column({ name: 'parent_id', type: 'bigint', default: 0 }) parentId: string;
  @Column({ type: 'varchar', length: 500, default: '' }) ancestors: string;
  @Column({ name: 'dept_name', type: 'varchar', length: 50 }) deptName: string;
  @Column({ name: 'order_num', type: 'int', default: 0 }) orderNum: number;
  @Column({ type: 'varchar', length: 50, default: '' }) leader: string;
  @Column({ type: 'varchar', length: 20, default: '' }) phone: string;
  @Column({ type: 'varchar', length: 100, default: '' }) email: string;
  @Column({ type: 'char', length: 1, default: '0' }) status: '0' | '1';
  @Column({ name: 'del_flag', type: 'char', length: 1, default: '0' }) delFlag: string;
}
