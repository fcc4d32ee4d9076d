import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../database/audited.entity';

/** Data scope of a role: which departments' rows its users see in dept-bound lists. */
export const DataScope = { ALL: '1', CUSTOM: '2', DEPT: '3', DEPT_AND_CHILD: '4', SELF: '5' } as const;

@Entity('sys_role')
export class SysRole extends AuditedEntity {
  @PrimaryGeneratedColumn('identity', { name: 'role_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) roleId: string;
  @Column({ name: 'role_name', type: 'varchar', length: 30 }) roleName: string;
  @Column({ name: 'role_key', type: 'varchar', length: 100 }) roleKey: string;
  @Column({ name: 'role_sort', type: 'int', default: 0 }) roleSort: number;
  @Column({ name: 'data_scope', type: 'char', length: 1, default: '1' }) dataScope: string;
  @Column({ name: 'menu_check_strictly', type: 'boolean', default: true }) menuCheckStrictly: boolean;
  @Column({ name: 'dept_check_strictly', type: 'boolean', default: true }) deptCheckStrictly: boolean;
  @Column({ type: 'char', length: 1, default: '0' }) status: '0' | '1';
  @Column({ name: 'del_flag', type: 'char', length: 1, default: '0' }) delFlag: string;
}
