import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { parseExpression } from 'cron-parser';
import type { PageResult } from '@zhiwen/shared';
import type { DataSource } from 'typeorm';
import { poolOf } from '../../check/library/pg-fingerprint-index';
import { ServiceException } from '../../common/errors/service-exception';
import { hasMessage, t } from '../../common/i18n/i18n';
import { paginateRaw, paginateRows } from '../../common/paging/paginate';
import { SysScheduledTaskLog } from './sys-scheduled-task-log.entity';
import { QueueService, type ScheduledJob, type ScheduleRunData } from '../../queue/queue.service';
import type {
  ScheduledTaskDto,
  ScheduledTaskLogDto,
  ScheduledTaskLogQueryDto,
  ScheduledTaskLogRemoveDto,
  ScheduledTaskQueryDto,
  UpdateScheduledTaskDto,
} from './scheduled-task.dto';

/** Firings shown ahead of a cron trigger (spec 9: the next 5). */
const NEXT_RUNS = 5;

interface TaskRow {
  task_name: string;
  status: string;
  trigger_type: 'cron' | 'fixedRate';
  cron_expression: string | null;
  period_seconds: number | null;
  initial_delay_seconds: number;
  last_fired: Date | null;
  update_by: string;
  update_time: Date;
}

const LOG_SELECT = [
  'l.log_id AS "logId"',
  'l.task_name AS "taskName"',
  'l.job_id AS "jobId"',
  'l.manual AS "manual"',
  'l.start_time AS "startTime"',
  'l.end_time AS "endTime"',
  'l.duration_ms AS "durationMs"',
  'l.status AS "status"',
  'l.message AS "message"',
];
const LOG_COLUMNS = LOG_SELECT.join(', ');

/** Checks a 5-field cron (pg-boss fires schedules at minute precision); the reason is the parser's. */
export function checkCron(cron: string): void {
  const text = cron.trim();
  const count = text ? text.split(/\s+/).length : 0;
  if (count !== 5) throw new ServiceException('schedTask.cronInvalid', { cron: text, reason: t('schedTask.cronFields', { count }) });
  try {
    parseExpression(text).next();
  } catch (e) {
    throw new ServiceException('schedTask.cronInvalid', { cron: text, reason: (e as Error).message });
  }
}

/** The next firings of a cron in the server's time zone (as pg-boss fires them). */
export function cronNextRuns(cron: string, count = NEXT_RUNS, after = new Date()): Date[] {
  const it = parseExpression(cron.trim(), { currentDate: after, tz: Intl.DateTimeFormat().resolvedOptions().timeZone });
  return Array.from({ length: count }, () => it.next().toDate());
}

/**
 * The scheduled-tasks screen (计划任务): the schedules modules declare with `QueueService.registerSchedule`, with the
 * operator's state kept in `sys_scheduled_task` (enabled, trigger override) and runs in `sys_scheduled_task_log`.
 * Changes go to the table, then to pg-boss's schedule (shared by all instances); fixed-rate timers of other instances
 * follow within 15 s.
 */
@Injectable()
export class ScheduledTaskService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: QueueService,
  ) {}

  private get pool() {
    return poolOf(this.dataSource);
  }

  private declared(name: string): ScheduledJob {
    const job = this.queue.schedules().find((j) => j.name === name);
    if (!job) throw ServiceException.notFound('schedTask.notFound', { name: name.slice(0, 100) });
    return job;
  }

  async list(query: ScheduledTaskQueryDto): Promise<PageResult<ScheduledTaskDto>> {
    const filter = query.taskName?.toLowerCase();
    const all = await this.describe(this.queue.schedules().filter((j) => !filter || j.name.toLowerCase().includes(filter)));
    const rows = all.filter((r) => !query.status || r.status === query.status);
    return paginateRows(rows, query, {
      sortable: { taskName: 'taskName', status: 'status', triggerType: 'triggerType' },
      defaultOrder: { taskName: 'ASC' },
    });
  }

  async get(name: string): Promise<ScheduledTaskDto> {
    return (await this.describe([this.declared(name)]))[0];
  }

  private async describe(jobs: ScheduledJob[]): Promise<ScheduledTaskDto[]> {
    const names = jobs.map((j) => j.name);
    const { rows } = await this.pool.query<TaskRow>(`SELECT * FROM sys_scheduled_task WHERE task_name = ANY($1::text[])`, [names]);
    const { rows: last } = await this.pool.query<ScheduledTaskLogDto>(
      `SELECT DISTINCT ON (l.task_name) ${LOG_COLUMNS} FROM sys_scheduled_task_log l
        WHERE l.task_name = ANY($1::text[]) ORDER BY l.task_name, l.log_id DESC`,
      [names],
    );
    const byName = new Map(rows.map((r) => [r.task_name, r]));
    const lastOf = new Map(last.map((r) => [r.taskName, r]));
    const now = new Date();
    return jobs.map((job) => {
      const row = byName.get(job.name);
      const status = row?.status ?? '0';
      const triggerType = row?.trigger_type === 'fixedRate' && row.period_seconds ? 'fixedRate' : 'cron';
      const cronExpression = row?.cron_expression || job.cron;
      const nextRuns = triggerType === 'cron' ? cronNextRuns(cronExpression, NEXT_RUNS, now) : [];
      let nextRunTime: Date | null = null;
      if (status === '0')
        nextRunTime =
          triggerType === 'cron'
            ? nextRuns[0]
            : row?.last_fired
              ? new Date(Math.max(row.last_fired.getTime() + (row.period_seconds as number) * 1000, now.getTime()))
              : null;
      const key = `schedTask.desc.${job.name}`;
      return {
        taskId: job.name,
        taskName: job.name,
        description: hasMessage(key) ? t(key) : job.description,
        status,
        triggerType,
        cronExpression,
        declaredCron: job.cron,
        periodSeconds: row?.period_seconds ?? null,
        initialDelaySeconds: row?.initial_delay_seconds ?? 0,
        nextRunTime,
        nextRuns,
        lastRun: lastOf.get(job.name) ?? null,
        updateBy: row?.update_by ?? '',
        updateTime: row?.update_time ?? null,
      };
    });
  }

  /** Enables or pauses a task; pg-boss's schedule and the fixed-rate timers follow. */
  async setStatus(name: string, status: '0' | '1', userName: string): Promise<void> {
    this.declared(name);
    await this.pool.query(
      `INSERT INTO sys_scheduled_task (task_name, status, update_by) VALUES ($1, $2, $3)
       ON CONFLICT (task_name) DO UPDATE SET status = EXCLUDED.status, update_by = EXCLUDED.update_by, update_time = now()`,
      [name, status, userName],
    );
    await this.queue.applySchedules(name);
  }

  /** Changes the trigger: a cron (an empty one goes back to the declared cron) or a fixed rate. */
  async update(dto: UpdateScheduledTaskDto, userName: string): Promise<ScheduledTaskDto> {
    const job = this.declared(dto.taskName);
    let cron: string | null = null;
    let period: number | null = null;
    if (dto.triggerType === 'cron') {
      const text = dto.cronExpression?.trim() ?? '';
      if (text) {
        checkCron(text);
        // The declared cron is kept as "no override", so a later change of the code's cron applies.
        cron = text === job.cron ? null : text.split(/\s+/).join(' ');
      }
    } else {
      if (!dto.periodSeconds) throw new ServiceException('schedTask.periodRequired');
      period = dto.periodSeconds;
    }
    await this.pool.query(
      `INSERT INTO sys_scheduled_task (task_name, trigger_type, cron_expression, period_seconds, initial_delay_seconds, update_by)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (task_name) DO UPDATE SET trigger_type = EXCLUDED.trigger_type, cron_expression = EXCLUDED.cron_expression,
         period_seconds = EXCLUDED.period_seconds, initial_delay_seconds = EXCLUDED.initial_delay_seconds,
         last_fired = NULL, update_by = EXCLUDED.update_by, update_time = now()`,
      [job.name, dto.triggerType, cron, period, dto.triggerType === 'fixedRate' ? (dto.initialDelaySeconds ?? 0) : 0, userName],
    );
    await this.queue.applySchedules(job.name);
    return this.get(job.name);
  }

  /** Runs a task once now, through the queue (even while paused); answers the job id. */
  async exec(name: string): Promise<string> {
    this.declared(name);
    if (!this.queue.enabled) throw new ServiceException('schedTask.queueDisabled');
    return this.queue.send<ScheduleRunData>(name, { manual: true }, { retryLimit: 0 });
  }

  logs(query: ScheduledTaskLogQueryDto): Promise<PageResult<ScheduledTaskLogDto>> {
    const qb = this.dataSource.getRepository(SysScheduledTaskLog).createQueryBuilder('l').select(LOG_SELECT);
    if (query.taskName) qb.andWhere('l.task_name = :taskName', { taskName: query.taskName });
    if (query.status) qb.andWhere('l.status = :status', { status: query.status });
    return paginateRaw<ScheduledTaskLogDto>(qb, query, {
      sortable: { logId: 'l.log_id', startTime: 'l.start_time', durationMs: 'l.duration_ms' },
      defaultOrder: { 'l.log_id': 'DESC' },
    });
  }

  /** Deletes the listed log rows, else those of a task, else all; answers how many. */
  async removeLogs(dto: ScheduledTaskLogRemoveDto): Promise<number> {
    if (dto.logIds) {
      const { rowCount } = await this.pool.query(`DELETE FROM sys_scheduled_task_log WHERE log_id = ANY($1::bigint[])`, [dto.logIds.split(',')]);
      return rowCount ?? 0;
    }
    if (dto.taskName) {
      const { rowCount } = await this.pool.query(`DELETE FROM sys_scheduled_task_log WHERE task_name = $1`, [dto.taskName]);
      return rowCount ?? 0;
    }
    const { rowCount } = await this.pool.query(`DELETE FROM sys_scheduled_task_log`);
    return rowCount ?? 0;
  }
}
