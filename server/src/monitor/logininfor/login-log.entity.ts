import { ApiProperty } from '@nestjs/swagger';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One login attempt, successful ('0') or not ('1'), or a logout. */
@Entity('sys_logininfor')
export class LoginLog {
  @ApiProperty({ description: 'bigint as string' })
  @PrimaryGeneratedColumn('identity', { name: 'info_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  infoId: string;
  @ApiProperty() @Column({ name: 'user_name', type: 'varchar', length: 100, default: '' }) userName: string;
  @ApiProperty() @Column({ type: 'varchar', length: 128, default: '' }) ipaddr: string;
  @ApiProperty() @Column({ type: 'varchar', length: 50, default: '' }) browser: string;
  @ApiProperty() @Column({ type: 'varchar', length: 50, default: '' }) os: string;
  @ApiProperty() @Column({ name: 'user_agent', type: 'varchar', length: 500, default: '' }) userAgent: string;
  @ApiProperty({ enum: ['0', '1'], description: '0 success, 1 failure' }) @Column({ type: 'char', length: 1 }) status: '0' | '1';
  @ApiProperty() @Column({ type: 'varchar', length: 255, default: '' }) msg: string;
  @ApiProperty({ enum: ['staff', 'member'], description: 'staff: back office; member: public site' })
  @Column({ type: 'varchar', length: 10, default: 'staff' })
  realm: 'staff' | 'member';
  @ApiProperty() @Column({ name: 'login_time', type: 'timestamptz', default: () => 'now()' }) loginTime: Date;
}
