import { Column, Entity, JoinTable, ManyToMany, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../database/audited.entity';
import { SysRole } from '../role/sys-role.entity';

/** A staff account of the back office (`sys_user`). The password hash never leaves the server. */
@Entity('sys_user')
export class SysUser extends AuditedEntity {
  @PrimaryGeneratedColumn('identity', { name: 'user_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) userId: string;
  @Column({ name: 'dept_id', type: 'bigint', nullable: true }) deptId: string | null;
  @Column({ name: 'user_name', type: 'varchar', length: 30 }) userName: string;
  @Column({ name: 'nick_name', type: 'varchar', length: 30, default: '' }) nickName: string;
  @Column({ type: 'varchar', length: 100, default: '' }) email: string;
  @Column({ type: 'varchar', length: 20, default: '' }) phonenumber: string;
  @Column({ type: 'char', length: 1, default: '2' }) sex: string;
  @Column({ type: 'varchar', length: 255, default: '' }) avatar: string;
  @Column({ type: 'varchar', length: 255, select: false }) password: string;
  @Column({ type: 'char', length: 1, default: '0' }) status: '0' | '1';
  @Column({ name: 'del_flag', type: 'char', length: 1, default: '0' }) delFlag: string;
  @Column({ name: 'login_ip', type: 'varchar', length: 128, default: '' }) loginIp: string;
  @Column({ name: 'login_date', type: 'timestamptz', nullable: true }) loginDate: Date | null;
  @Column({ name: 'pwd_update_time', type: 'timestamptz' }) pwdUpdateTime: Date;
  @Column({ name: 'lock_end_time', type: 'timestamptz', nullable: true }) lockEndTime: Date | null;
  @Column({ name: 'force_modify_pwd', type: 'boolean', default: false }) forceModifyPwd: boolean;
  @Column({ type: 'jsonb', default: {} }) preferences: Record<string, unknown>;

  @ManyToMany(() => SysRole)
  @JoinTable({ name: 'sys_user_role', joinColumn: { name: 'user_id' }, inverseJoinColumn: { name: 'role_id' } })
  roles?: SysRole[];
}
