import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One login attempt, successful ('0') or not ('1'), or a logout. */
@Entity('sys_logininfor')
export class LoginLog {
  @PrimaryGeneratedColumn('identity', { name: 'info_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) infoId: string;
  @Column({ name: 'user_name', type: 'varchar', length: 100, default: '' }) userName: string;
  @Column({ type: 'varchar', length: 128, default: '' }) ipaddr: string;
  @Column({ type: 'varchar', length: 50, default: '' }) browser: string;
  @Column({ type: 'varchar', length: 50, default: '' }) os: string;
  @Column({ name: 'user_agent', type: 'varchar', length: 500, default: '' }) userAgent: string;
  @Column({ type: 'char', length: 1 }) status: '0' | '1';
  @Column({ type: 'varchar', length: 255, default: '' }) msg: string;
  @Column({ name: 'login_time', type: 'timestamptz', default: () => 'now()' }) loginTime: Date;
}
