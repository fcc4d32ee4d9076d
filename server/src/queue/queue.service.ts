import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import PgBoss from 'pg-boss';
import type { AppConfig } from '../common/config/app-config';
import { APP_CONFIG } from '../common/config/config.token';

export type JobHandler<T extends object> = (data: T, job: { id: string; name: string }) => Promise<void>;

/** A job run on a cron schedule (pg-boss keeps the schedule, so N instances run each firing once). */
export interface ScheduledJob {
  name: string;
  /** Cron expression (minute precision), in the server's time zone. */
  cron: string;
  /** What it does, for the scheduled-jobs screen. */
  description: string;
}

export const QUEUE_DATABASE_URL = Symbol('QUEUE_DATABASE_URL');

/**
 * Durable background jobs in PostgreSQL (pg-boss). Modules register handlers at init and send jobs any time;
 * handlers run only in processes that run jobs (a worker, or the API on the embedded default).
 */
@Injectable()
export class QueueService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Queue');
  private boss?: PgBoss;
  private readonly handlers = new Map<string, JobHandler<object>>();
  private readonly scheduled = new Map<string, ScheduledJob>();
  private readonly createdQueues = new Set<string>();
  /** Workers of this process by job name: a job sent here wakes them instead of waiting for their next poll. */
  private readonly workers = new Map<string, string>();
  private lastError?: string;
  private stopping = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(QUEUE_DATABASE_URL) private readonly databaseUrl: string,
  ) {}

  get enabled(): boolean {
    return this.config.queueEnabled;
  }

  /** Health of the queue connection. */
  status(): { status: 'up' | 'down' | 'disabled'; error?: string } {
    if (!this.config.queueEnabled) return { status: 'disabled' };
    return this.boss && !this.lastError ? { status: 'up' } : { status: 'down', error: this.lastError };
  }

  /**
   * `status()` after asking the database again when the last error may be over (the database stopped and came back):
   * pg-boss reconnects by itself but says nothing when it does.
   */
  async check(): Promise<{ status: 'up' | 'down' | 'disabled'; error?: string }> {
    if (this.boss && this.lastError) {
      const error = this.lastError;
      await this.boss
        .getDb()
        .executeSql('SELECT 1', [])
        .then(() => {
          if (this.lastError === error) this.lastError = undefined;
        })
        .catch(() => undefined);
    }
    return this.status();
  }

  async onModuleInit(): Promise<void> {
    if (!this.config.queueEnabled) return;
    this.boss = new PgBoss({ connectionString: this.databaseUrl, schema: 'pgboss', max: 4, application_name: 'zhiwen-queue' });
    this.boss.on('error', (err: Error & { code?: string }) => {
      if (this.stopping) return; // the database may be going down with us (Ctrl-C reaches both)
      this.lastError = err.message;
      // The error object holds the whole pg client; log what helps.
      this.logger.error({ code: err.code, message: err.message }, 'Queue error');
    });
    await this.boss.start();
  }

  /** Declares the handler of a job name (call from a module's onModuleInit). */
  register<T extends object>(name: string, handler: JobHandler<T>): void {
    this.handlers.set(name, handler as JobHandler<object>);
  }

  /**
   * Declares a job that runs on a cron schedule (call from a module's onModuleInit). The handler runs once per firing
   * across all processes that run jobs.
   */
  registerSchedule(job: ScheduledJob, handler: () => Promise<void>): void {
    this.scheduled.set(job.name, job);
    this.register(job.name, handler);
  }

  /** The scheduled jobs declared in this process. */
  schedules(): ScheduledJob[] {
    return [...this.scheduled.values()];
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.boss || !this.config.runJobs) return;
    for (const job of this.scheduled.values()) {
      await this.ensureQueue(job.name);
      await this.boss.schedule(job.name, job.cron, {}, { tz: Intl.DateTimeFormat().resolvedOptions().timeZone });
    }
    for (const [name, handler] of this.handlers) {
      await this.ensureQueue(name);
      const workerId = await this.boss.work<object>(name, { pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data, { id: job.id, name: job.name });
      });
      this.workers.set(name, workerId);
      this.logger.log(`Working on queue ${name}`);
    }
  }

  /** Enqueues a job; returns its id. */
  async send<T extends object>(name: string, data: T, options: PgBoss.SendOptions = {}): Promise<string> {
    if (!this.boss) throw new Error('The job queue is disabled in this process (QUEUE_ENABLED=false)');
    await this.ensureQueue(name);
    const id = await this.boss.send(name, data, { retryLimit: 3, retryBackoff: true, ...options });
    if (!id) throw new Error(`Job ${name} was not accepted by the queue`);
    // A worker here starts on it now (a published page should not wait up to a polling interval); others still poll.
    const worker = this.workers.get(name);
    if (worker) this.boss.notifyWorker(worker);
    return id;
  }

  /** State of one job (created, active, completed, failed...), or null when unknown. */
  async jobState(name: string, id: string): Promise<string | null> {
    const job = await this.boss?.getJobById(name, id, { includeArchive: true });
    return job?.state ?? null;
  }

  private async ensureQueue(name: string): Promise<void> {
    if (this.createdQueues.has(name) || !this.boss) return;
    await this.boss.createQueue(name);
    this.createdQueues.add(name);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    await this.boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
