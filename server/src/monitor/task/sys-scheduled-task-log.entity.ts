import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One run of a scheduled task (`sys_scheduled_task_log`); written by the queue's schedule store. */
@Entity('sys_scheduled_task_log')
export class SysScheduledTaskLog {
  @PrimaryGeneratedColumn('identity', { name: 'log_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  logId: string;

  @Column({ name: 'task_name', type: 'varchar', length: 100 })
  taskName: string;

  @Column({ name: 'job_id', type: 'varchar', length: 64, nullable: true })
  jobId: string | null;

  @Column({ type: 'boolean', default: false })
  manual: boolean;

  @Column({ name: 'start_time', type: 'timestamptz' })
  startTime: Date;

  @Column({ name: 'end_time', type: 'timestamptz', nullable: true })
  endTime: Date | null;

  @Column({ name: 'duration_ms', type: 'integer', nullable: true })
  durationMs: number | null;

  /** '0' succeeded, '1' failed, null still running. */
  @Column({ type: 'char', length: 1, nullable: true })
  status: string | null;

  @Column({ type: 'text', nullable: true })
  message: string | null;
}
