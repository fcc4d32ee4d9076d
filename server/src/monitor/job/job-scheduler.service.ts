import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.token';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import { QueueService } from '../../queue/queue.service';
import { nextRun, parseCron } from './job-cron';
import { JobHandlerRegistry, type JobRunContext } from './job-handler.registry';
import { SysJob, SysJobLog } from './job.entity';

/** How often processes that run jobs look for due jobs. */
export const JOB_TICK_MS = 15_000;
/** A firing found later than this (the process was down, or busy) is a misfire and follows the job's policy. */
export const MISFIRE_THRESHOLD_MS = 60_000;
/** Policy 1 (run immediately) runs each missed time, but never more than this many at once. */
export const MAX_CATCH_UP_RUNS = 10;
/** The queue job through which a process that runs no jobs hands "run once" to one that does. */
export const JOB_RUN_QUEUE = 'monitor-job-run';
/** First key of the advisory locks of non-concurrent jobs (the second is the job id). */
const LOCK_SPACE = 0x4a6f62; // "Job"
/** How long a stopping process waits for its runs to end. */
const SHUTDOWN_WAIT_MS = 10_000;
const ERROR_MAX = 4000;
const MESSAGE_MAX = 1000;

type Trigger = JobRunContext['trigger'];

/** What a due firing does: how many runs, marked how, and the next time. */
export interface FiringPlan {
  runs: number;
  trigger: Trigger;
  next: Date | null;
}

/** The plan for a job whose `nextFireTime` has come, at `now` (exported for tests of the policies). */
export function planFiring(job: Pick<SysJob, 'cronExpression' | 'misfirePolicy' | 'nextFireTime'>, now: Date): FiringPlan {
  const next = nextRun(job.cronExpression, now);
  const due = job.nextFireTime ?? now;
  if (now.getTime() - due.getTime() <= MISFIRE_THRESHOLD_MS) return { runs: 1, trigger: 'schedule', next };
  switch (job.misfirePolicy) {
    case '3':
      return { runs: 0, trigger: 'misfire', next };
    case '1': {
      // Every missed time, as Quartz's "ignore misfires" does, bounded so a long downtime cannot flood the log.
      const it = parseCron(job.cronExpression, new Date(due.getTime() - 1));
      let runs = 0;
      while (runs < MAX_CATCH_UP_RUNS) {
        try {
          if (it.next().toDate().getTime() > now.getTime()) break;
        } catch {
          break;
        }
        runs++;
      }
      return { runs: Math.max(runs, 1), trigger: 'misfire', next };
    }
    default:
      // 0 (default, Quartz's smart policy for cron triggers) and 2: one run for all missed times.
      return { runs: 1, trigger: 'misfire', next };
  }
}

/**
 * Fires scheduled jobs. Every JOB_TICK_MS a process that runs jobs reads the due jobs and claims each firing with a
 * conditional UPDATE of `next_fire_time` (the instance whose UPDATE matched fires, the others see no row), then runs
 * the handler in this process. A job that does not allow concurrent runs holds a PostgreSQL advisory lock on its own
 * connection for the run, so no run of it overlaps another on any instance (a firing that finds it held is logged as
 * not run). A handler that throws is logged as a failure; nothing it does stops the ticks.
 */
@Injectable()
export class JobScheduler implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('JobScheduler');
  private timer?: NodeJS.Timeout;
  private ticking = false;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly registry: JobHandlerRegistry,
    private readonly queue: QueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    if (this.queue.enabled) this.queue.register<{ jobId: string }>(JOB_RUN_QUEUE, ({ jobId }) => this.runNow(jobId));
  }

  onApplicationBootstrap(): void {
    // Tests drive `tick()` and `start()` themselves so that no firing comes at a time they did not choose.
    if (this.config.runJobs && this.config.env !== 'test') void this.start();
  }

  /** The first tick now (misfires after a restart are handled at once), then one every JOB_TICK_MS. */
  async start(): Promise<void> {
    this.stop();
    this.timer = setInterval(() => void this.tick(), JOB_TICK_MS);
    this.timer.unref();
    await this.tick();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  async onModuleDestroy(): Promise<void> {
    this.stop();
    // Runs under way may finish and log for a while; a long one does not hold the shutdown (its lock goes with it).
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.idle(), new Promise((resolve) => (timer = setTimeout(resolve, SHUTDOWN_WAIT_MS)))]);
    clearTimeout(timer);
  }

  /** Resolves when the runs this process started have ended. */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  /**
   * One look for due jobs: schedules enabled jobs that have no next time yet, claims and fires the due ones.
   * Answers how many firings this process claimed. Never throws.
   */
  async tick(now: Date = new Date()): Promise<number> {
    if (this.ticking) return 0;
    this.ticking = true;
    let claimed = 0;
    try {
      await this.scheduleUnscheduled(now);
      const due = await this.dataSource
        .getRepository(SysJob)
        .createQueryBuilder('j')
        .where(`j.status = '0' AND j.next_fire_time <= :now`, { now })
        .orderBy('j.next_fire_time', 'ASC')
        .limit(100)
        .getMany();
      for (const job of due) {
        try {
          const plan = planFiring(job, now);
          const rows: unknown = await this.dataSource.query(
            `UPDATE sys_job SET next_fire_time = $3, last_fire_time = $4
             WHERE job_id = $1 AND status = '0' AND next_fire_time <= $4
               AND abs(extract(epoch FROM next_fire_time - $2::timestamptz)) < 0.001
             RETURNING job_id`,
            [job.jobId, job.nextFireTime, plan.next, now],
          );
          if (!firstRows(rows).length) continue; // another instance claimed this firing
          claimed++;
          if (plan.runs > 0) this.track(this.execute(job, plan.trigger, plan.runs));
        } catch (error) {
          this.logger.warn({ jobId: job.jobId, message: (error as Error).message }, 'Job not fired');
        }
      }
    } catch (error) {
      this.logger.warn({ message: (error as Error).message }, 'Job tick failed');
    } finally {
      this.ticking = false;
    }
    return claimed;
  }

  /** Runs a job once now, whatever its schedule and status: here when this process runs jobs, else through the queue. */
  async trigger(jobId: string): Promise<void> {
    if (!this.config.runJobs && this.queue.enabled) {
      await this.queue.send(JOB_RUN_QUEUE, { jobId }, { retryLimit: 0 });
      return;
    }
    const job = await this.dataSource.getRepository(SysJob).findOne({ where: { jobId } });
    if (!job) throw ServiceException.notFound('job.notFound');
    this.track(this.execute(job, 'manual', 1));
  }

  /** "Run once" taken from the queue. */
  private async runNow(jobId: string): Promise<void> {
    const job = await this.dataSource.getRepository(SysJob).findOne({ where: { jobId } });
    if (job) await this.execute(job, 'manual', 1);
  }

  private track(run: Promise<void>): void {
    const p = run.catch((e: Error) => this.logger.warn({ message: e.message }, 'Job run failed')).finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  /** Enabled jobs without a next time (new in the seed, or written by SQL) get one; nothing fires for them yet. */
  private async scheduleUnscheduled(now: Date): Promise<void> {
    const jobs: Array<{ job_id: string; cron_expression: string }> = await this.dataSource.query(
      `SELECT job_id::text, cron_expression FROM sys_job WHERE status = '0' AND next_fire_time IS NULL LIMIT 100`,
    );
    for (const job of jobs) {
      let next: Date | null = null;
      try {
        next = nextRun(job.cron_expression, now);
      } catch {
        this.logger.warn({ jobId: job.job_id }, 'Job has an invalid cron expression');
      }
      if (next)
        await this.dataSource.query(`UPDATE sys_job SET next_fire_time = $2 WHERE job_id = $1 AND next_fire_time IS NULL`, [job.job_id, next]);
    }
  }

  /** `runs` runs of the job one after another, under its lock when it does not allow concurrent runs. */
  private async execute(job: SysJob, trigger: Trigger, runs: number): Promise<void> {
    if (job.concurrent === '0') {
      for (let i = 0; i < runs; i++) await this.runOnce(job, trigger);
      return;
    }
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    const key = Number(BigInt(job.jobId) % 2147483647n);
    try {
      const [{ locked }] = (await runner.query(`SELECT pg_try_advisory_lock($1, $2) AS locked`, [LOCK_SPACE, key])) as Array<{ locked: boolean }>;
      if (!locked) {
        const now = new Date();
        await this.writeLog(job, trigger, now, now, '1', t('job.run.busy'), '');
        return;
      }
      try {
        for (let i = 0; i < runs; i++) await this.runOnce(job, trigger);
      } finally {
        await runner.query(`SELECT pg_advisory_unlock($1, $2)`, [LOCK_SPACE, key]);
      }
    } finally {
      await runner.release();
    }
  }

  /** One run: the parameters checked again against the handler's schema, the handler called, the outcome logged. */
  private async runOnce(job: SysJob, trigger: Trigger): Promise<void> {
    const start = new Date();
    let status: '0' | '1' = '0';
    let message: string;
    let error = '';
    try {
      const params = this.registry.validate(job.handler, job.params);
      const handler = this.registry.get(job.handler)!;
      const answer = await handler.run(params as never, { jobId: job.jobId, jobName: job.jobName, trigger });
      message = typeof answer === 'string' && answer ? answer : t('job.run.done');
    } catch (e) {
      status = '1';
      const err = e instanceof Error ? e : new Error(String(e));
      message = err instanceof ServiceException ? t(err.messageKey, err.args) : err.message || err.name;
      error = trimStack(err);
    }
    await this.writeLog(job, trigger, start, new Date(), status, message, error);
  }

  private async writeLog(job: SysJob, trigger: Trigger, start: Date, end: Date, status: '0' | '1', message: string, error: string): Promise<void> {
    try {
      await this.dataSource.getRepository(SysJobLog).insert({
        jobId: job.jobId,
        jobName: job.jobName,
        jobGroup: job.jobGroup,
        handler: job.handler,
        params: (job.params ?? {}) as object,
        triggerType: trigger,
        status,
        jobMessage: message.slice(0, MESSAGE_MAX),
        exceptionInfo: error.slice(0, ERROR_MAX),
        startTime: start,
        endTime: end,
        durationMs: Math.max(0, end.getTime() - start.getTime()),
      });
    } catch (e) {
      this.logger.warn({ jobId: job.jobId, message: (e as Error).message }, 'Job log not written');
    }
  }
}

/** `UPDATE ... RETURNING` through TypeORM answers [rows, count] on PostgreSQL. */
function firstRows(result: unknown): unknown[] {
  return Array.isArray(result) && Array.isArray(result[0]) ? (result[0] as unknown[]) : Array.isArray(result) ? result : [];
}

/** The error's name, message and its first stack frames: enough to find the fault, never a whole stack. */
function trimStack(error: Error): string {
  const lines = (error.stack ?? `${error.name}: ${error.message}`).split('\n');
  return lines.slice(0, 12).join('\n');
}
