import { ApiProperty } from '@nestjs/swagger';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../database/audited.entity';

/** 0 default (= run once), 1 run immediately (every missed time, up to a limit), 2 run once, 3 skip. */
export type MisfirePolicy = '0' | '1' | '2' | '3';

/** A scheduled job (`sys_job`): a registered handler with JSON parameters, fired on a cron expression. */
@Entity('sys_job')
export class SysJob extends AuditedEntity {
  @ApiProperty() @PrimaryGeneratedColumn('identity', { name: 'job_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) jobId: string;
  @ApiProperty() @Column({ name: 'job_name', type: 'varchar', length: 64 }) jobName: string;
  @ApiProperty() @Column({ name: 'job_group', type: 'varchar', length: 64, default: 'DEFAULT' }) jobGroup: string;
  @ApiProperty({ description: 'Registered handler name (GET /monitor/job/handlers)' }) @Column({ type: 'varchar', length: 100 }) handler: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) @Column({ type: 'jsonb', default: {} }) params: Record<string, unknown>;
  @ApiProperty() @Column({ name: 'cron_expression', type: 'varchar', length: 255 }) cronExpression: string;
  @ApiProperty({ enum: ['0', '1', '2', '3'] })
  @Column({ name: 'misfire_policy', type: 'char', length: 1, default: '0' })
  misfirePolicy: MisfirePolicy;
  @ApiProperty({ enum: ['0', '1'], description: '0 allowed, 1 not allowed' }) @Column({ type: 'char', length: 1, default: '1' }) concurrent:
    '0' | '1';
  @ApiProperty({ enum: ['0', '1'], description: '0 normal, 1 paused' }) @Column({ type: 'char', length: 1, default: '1' }) status: '0' | '1';
  @ApiProperty({ nullable: true }) @Column({ name: 'next_fire_time', type: 'timestamptz', nullable: true }) nextFireTime: Date | null;
  @ApiProperty({ nullable: true }) @Column({ name: 'last_fire_time', type: 'timestamptz', nullable: true }) lastFireTime: Date | null;
}

/** One run of a job (`sys_job_log`); the job's name, handler and parameters are copied so the row outlives edits. */
@Entity('sys_job_log')
export class SysJobLog {
  @ApiProperty() @PrimaryGeneratedColumn('identity', { name: 'job_log_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) jobLogId: string;
  @ApiProperty({ nullable: true }) @Column({ name: 'job_id', type: 'bigint', nullable: true }) jobId: string | null;
  @ApiProperty() @Column({ name: 'job_name', type: 'varchar', length: 64 }) jobName: string;
  @ApiProperty() @Column({ name: 'job_group', type: 'varchar', length: 64 }) jobGroup: string;
  @ApiProperty() @Column({ type: 'varchar', length: 100 }) handler: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) @Column({ type: 'jsonb', default: {} }) params: Record<string, unknown>;
  @ApiProperty({ enum: ['schedule', 'manual', 'misfire'] }) @Column({ name: 'trigger_type', type: 'varchar', length: 16 }) triggerType: string;
  @ApiProperty({ enum: ['0', '1'], description: '0 success, 1 failure' }) @Column({ type: 'char', length: 1 }) status: '0' | '1';
  @ApiProperty() @Column({ name: 'job_message', type: 'varchar', length: 1000, default: '' }) jobMessage: string;
  @ApiProperty() @Column({ name: 'exception_info', type: 'varchar', length: 4000, default: '' }) exceptionInfo: string;
  @ApiProperty() @Column({ name: 'start_time', type: 'timestamptz' }) startTime: Date;
  @ApiProperty() @Column({ name: 'end_time', type: 'timestamptz' }) endTime: Date;
  @ApiProperty() @Column({ name: 'duration_ms', type: 'int', default: 0 }) durationMs: number;
  @ApiProperty() @CreateDateColumn({ name: 'create_time', type: 'timestamptz' }) createTime: Date;
}
