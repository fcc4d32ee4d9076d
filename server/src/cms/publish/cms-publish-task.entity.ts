import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type PublishTaskType = 'site' | 'index' | 'catalog' | 'content' | 'unpublish';

/** One queued publishing job: what to render (or remove), its progress and outcome. Pending ones make `taskCount`. */
@Entity('cms_publish_task')
export class CmsPublishTask {
  @PrimaryGeneratedColumn('identity', { name: 'task_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) taskId: string;
  @Column({ name: 'site_id', type: 'bigint' }) siteId: string;
  @Column({ name: 'task_type', type: 'varchar', length: 16 }) taskType: PublishTaskType;
  @Column({ name: 'target_id', type: 'bigint', default: '0' }) targetId: string;
  @Column({ type: 'varchar', length: 16, default: 'pending' }) status: 'pending' | 'running' | 'done' | 'failed';
  @Column({ type: 'int', default: 0 }) progress: number;
  @Column({ type: 'int', default: 0 }) total: number;
  @Column({ type: 'varchar', length: 1000, default: '' }) error: string;
  /** Refreshed by the running job; stale means its process died and the sweep queues the task again. */
  @Column({ name: 'heartbeat_time', type: 'timestamptz', nullable: true }) heartbeatTime: Date | null;
  /** Runs started (a crash or a retry each count one); the current run's token in its updates. */
  @Column({ type: 'smallint', default: 0 }) attempts: number;
  /** The queue job that carries the task ('' until queued, or when run in-process). */
  @Column({ name: 'job_id', type: 'varchar', length: 64, default: '', select: false }) jobId: string;
  /** What the task's job data adds to the row (`publishChild`, `publishDetail`, `removeKeys`), for a resumed run. */
  @Column({ type: 'jsonb', default: () => `'{}'::jsonb`, select: false }) options: Record<string, unknown>;
  @Column({ name: 'create_by', type: 'varchar', length: 64, default: '' }) createBy: string;
  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' }) createTime: Date;
  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' }) updateTime: Date;
}
