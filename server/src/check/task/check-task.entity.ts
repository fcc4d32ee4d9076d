import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ReportSummary } from '../engine/report';
import type { TaskStatus } from './check-task.constants';

/** One check of one paper (`check_task`): its file, the libraries searched, progress and, once done, its reports. */
@Entity('check_task')
export class CheckTask {
  @PrimaryGeneratedColumn('identity', { name: 'task_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) taskId: string;
  @Column({ type: 'varchar', length: 200, default: '' }) title: string;
  @Column({ type: 'varchar', length: 100, default: '' }) author: string;
  @Column({ name: 'file_name', type: 'varchar', length: 255 }) fileName: string;
  @Column({ name: 'file_key', type: 'varchar', length: 255 }) fileKey: string;
  @Column({ name: 'file_size', type: 'int' }) fileSize: number;
  @Column({ name: 'file_md5', type: 'varchar', length: 32 }) fileMd5: string;
  /** Whose paper: their earlier papers in the self library give the "excluding own papers" ratio. */
  @Column({ name: 'member_id', type: 'bigint', nullable: true }) memberId: string | null;
  /** Library kinds searched, comma-separated. */
  @Column({ name: 'library_kinds', type: 'varchar', length: 64 }) libraryKinds: string;
  /** The member agreed that the paper joins the self library once checked. */
  @Column({ name: 'self_consent', type: 'boolean', default: false }) selfConsent: boolean;
  @Column({ type: 'varchar', length: 8, default: 'zh-CN' }) language: string;
  /** What the report shows: everything, or only the AI-content figures (an AIGC check searches no library). */
  @Column({ name: 'report_scope', type: 'varchar', length: 8, default: 'all' }) reportScope: 'all' | 'aigc';
  @Column({ type: 'varchar', length: 16, default: 'queued' }) status: TaskStatus;
  @Column({ type: 'smallint', default: 0 }) progress: number;
  @Column({ type: 'varchar', length: 16, default: '' }) stage: string;
  @Column({ type: 'smallint', default: 0 }) attempts: number;
  @Column({ name: 'job_id', type: 'varchar', length: 64, default: '' }) jobId: string;
  @Column({ name: 'heartbeat_time', type: 'timestamptz', nullable: true }) heartbeatTime: Date | null;
  @Column({ name: 'char_count', type: 'int', default: 0 }) charCount: number;
  @Column({ type: 'jsonb', nullable: true }) summary: ReportSummary | null;
  @Column({ name: 'aigc_score', type: 'double precision', nullable: true }) aigcScore: number | null;
  /** Message key and arguments of a failure, translated per request. */
  @Column({ name: 'error_key', type: 'varchar', length: 64, default: '' }) errorKey: string;
  @Column({ name: 'error_args', type: 'jsonb', default: () => `'{}'::jsonb` }) errorArgs: Record<string, string | number>;
  @Column({ name: 'start_time', type: 'timestamptz', nullable: true }) startTime: Date | null;
  @Column({ name: 'finish_time', type: 'timestamptz', nullable: true }) finishTime: Date | null;
  @Column({ name: 'create_by', type: 'varchar', length: 64, default: '' }) createBy: string;
  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' }) createTime: Date;
  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' }) updateTime: Date;
}
