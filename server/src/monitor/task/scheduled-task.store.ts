import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { poolOf } from '../../check/library/pg-fingerprint-index';
import { QueueService, type ScheduledJob, type ScheduleState, type ScheduleStore } from '../../queue/queue.service';

interface TaskRow {
  task_name: string;
  status: string;
  trigger_type: 'cron' | 'fixedRate';
  cron_expression: string | null;
  period_seconds: number | null;
  initial_delay_seconds: number;
}

/** Message of a run left open by a process that stopped while running it. */
export const INTERRUPTED = 'interrupted: the process running it stopped';

/** Error text kept in a log row (a stack or a provider's answer may be long). */
const MAX_MESSAGE = 2000;

/**
 * The queue's schedule store over `sys_scheduled_task` and `sys_scheduled_task_log`: every process that runs jobs
 * reads overrides from here (so they survive restarts and hold on every instance) and logs each run here.
 */
@Injectable()
export class ScheduledTaskStore implements ScheduleStore, OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: QueueService,
  ) {}

  onModuleInit(): void {
    this.queue.useScheduleStore(this);
  }

  private get pool() {
    return poolOf(this.dataSource);
  }

  async states(jobs: ScheduledJob[]): Promise<Map<string, ScheduleState>> {
    const { rows } = await this.pool.query<TaskRow>(
      `SELECT task_name, status, trigger_type, cron_expression, period_seconds, initial_delay_seconds
         FROM sys_scheduled_task WHERE task_name = ANY($1::text[])`,
      [jobs.map((j) => j.name)],
    );
    const byName = new Map(rows.map((r) => [r.task_name, r]));
    return new Map(
      jobs.map((job) => {
        const row = byName.get(job.name);
        const state: ScheduleState = {
          enabled: !row || row.status === '0',
          trigger: row?.trigger_type === 'fixedRate' && row.period_seconds ? 'fixedRate' : 'cron',
          cron: row?.cron_expression || job.cron,
          periodSeconds: row?.period_seconds ?? 0,
          initialDelaySeconds: row?.initial_delay_seconds ?? 0,
        };
        return [job.name, state];
      }),
    );
  }

  async claimFiring(name: string, periodSeconds: number): Promise<boolean> {
    // Timers of several instances tick at nearly the same moments: the first to move last_fired on wins the period.
    const { rowCount } = await this.pool.query(
      `UPDATE sys_scheduled_task SET last_fired = now()
        WHERE task_name = $1 AND status = '0' AND trigger_type = 'fixedRate'
          AND (last_fired IS NULL OR last_fired <= now() - make_interval(secs => $2::double precision * 0.8))`,
      [name, periodSeconds],
    );
    return rowCount === 1;
  }

  async runStarted(name: string, jobId: string, manual: boolean): Promise<string> {
    // A run whose process died never ends its row; past pg-boss's job expiry (15 min) it is surely over.
    await this.pool.query(
      `UPDATE sys_scheduled_task_log SET status = '1', end_time = now(), message = $2
        WHERE task_name = $1 AND status IS NULL AND start_time < now() - interval '1 hour'`,
      [name, INTERRUPTED],
    );
    const { rows } = await this.pool.query<{ log_id: string }>(
      `INSERT INTO sys_scheduled_task_log (task_name, job_id, manual) VALUES ($1, $2, $3) RETURNING log_id`,
      [name, jobId, manual],
    );
    return rows[0].log_id;
  }

  async runEnded(logId: string, error?: string): Promise<void> {
    await this.pool.query(
      `UPDATE sys_scheduled_task_log
          SET end_time = clock_timestamp(), duration_ms = floor(extract(epoch FROM clock_timestamp() - start_time) * 1000),
              status = $2, message = $3
        WHERE log_id = $1`,
      [logId, error === undefined ? '0' : '1', error === undefined ? null : error.slice(0, MAX_MESSAGE)],
    );
  }
}
