import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import PgBoss from 'pg-boss';
import type { AppConfig } from '../common/config/app-config';
import { APP_CONFIG } from '../common/config/config.token';

/** What a handler knows of the job it runs. */
export interface JobContext {
  id: string;
  name: string;
  /**
   * Aborted when the job is cancelled (`PUT /async/task/stop`) while it runs, seen within about a second: a long
   * handler checks it between steps (`signal.aborted`, or `throwIfAborted()`) and stops there.
   */
  signal: AbortSignal;
}

export type JobHandler<T extends object> = (data: T, job: JobContext) => Promise<void>;

/** How a declared schedule fires now: its declared cron, an overriding cron, or every N seconds. */
export interface ScheduleState {
  enabled: boolean;
  trigger: 'cron' | 'fixedRate';
  /** The cron in force (the override, else the declared one). */
  cron: string;
  periodSeconds: number;
  initialDelaySeconds: number;
}

/**
 * Where schedule overrides and run logs live (the scheduled-tasks module, `monitor/task`, provides it). Without one,
 * every schedule runs on its declared cron and runs are not logged.
 */
export interface ScheduleStore {
  /** The state of each named schedule (declared defaults for those without overrides). */
  states(jobs: ScheduledJob[]): Promise<Map<string, ScheduleState>>;
  /** Claims one fixed-rate firing across all instances: true for a single caller per period. */
  claimFiring(name: string, periodSeconds: number): Promise<boolean>;
  /** A run began; answers the log row's id. */
  runStarted(name: string, jobId: string, manual: boolean): Promise<string>;
  runEnded(logId: string, error?: string): Promise<void>;
}

/** Progress of queued jobs a module can tell (e.g. from its own task table): percent 0-100 and a short message. */
export type ProgressProvider = (jobs: Array<{ id: string; data: unknown }>) => Promise<Map<string, { progress: number; message?: string }>>;

/** Data of a run-now job of a schedule (`POST /monitor/task/exec/:name`): it runs even while the task is disabled. */
export interface ScheduleRunData {
  manual?: boolean;
  /** Sent by a fixed-rate timer (a cron firing carries nothing). */
  fixedRate?: boolean;
}

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
  /** Jobs running in this process, aborted when someone cancels them. */
  private readonly running = new Map<string, AbortController>();
  private cancelPoll?: NodeJS.Timeout;
  private readonly progressProviders = new Map<string, ProgressProvider>();
  private scheduleStore?: ScheduleStore;
  /** Fixed-rate timers of this process by schedule name, with the trigger they were made for. */
  private readonly rateTimers = new Map<string, { key: string; timer: NodeJS.Timeout }>();
  private reconcileTimer?: NodeJS.Timeout;
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
    this.register<ScheduleRunData>(job.name, (data, ctx) => this.runScheduled(job.name, handler, data, ctx));
  }

  /** Wraps every firing of a schedule: skipped while disabled (unless run by hand), logged with its outcome. */
  private async runScheduled(name: string, handler: () => Promise<void>, data: ScheduleRunData, ctx: JobContext): Promise<void> {
    const store = this.scheduleStore;
    if (!store) return handler();
    const manual = data?.manual === true;
    // A firing queued just before the task was disabled, or a cron firing after a switch to fixed rate, is dropped.
    if (!manual) {
      const state = (await store.states([this.scheduled.get(name) as ScheduledJob])).get(name);
      if (state && (!state.enabled || (state.trigger === 'fixedRate') !== Boolean(data?.fixedRate))) return;
    }
    const logId = await store.runStarted(name, ctx.id, manual);
    try {
      await handler();
      await store.runEnded(logId);
    } catch (error) {
      await store.runEnded(logId, (error as Error).message ?? String(error)).catch(() => undefined);
      // Failing the job keeps pg-boss's record of it; the next firing comes all the same.
      throw error;
    }
  }

  /** Called once by the module keeping schedule overrides and run logs. */
  useScheduleStore(store: ScheduleStore): void {
    this.scheduleStore = store;
  }

  /** Declares how to read the progress of a job name's jobs (optional; the async-task screen shows it). */
  registerProgress(name: string, provider: ProgressProvider): void {
    this.progressProviders.set(name, provider);
  }

  /** Progress of the given jobs, from their modules' providers (jobs of other names are left out). */
  async progressOf(jobs: Array<{ id: string; name: string; data: unknown }>): Promise<Map<string, { progress: number; message?: string }>> {
    const out = new Map<string, { progress: number; message?: string }>();
    const byName = new Map<string, Array<{ id: string; data: unknown }>>();
    for (const job of jobs) if (this.progressProviders.has(job.name)) byName.set(job.name, [...(byName.get(job.name) ?? []), job]);
    for (const [name, list] of byName) {
      const found = await (this.progressProviders.get(name) as ProgressProvider)(list).catch(() => new Map());
      for (const [id, p] of found) out.set(id, p);
    }
    return out;
  }

  /** The scheduled jobs declared in this process. */
  schedules(): ScheduledJob[] {
    return [...this.scheduled.values()];
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.boss || !this.config.runJobs) return;
    await this.applySchedules();
    for (const [name, handler] of this.handlers) {
      await this.ensureQueue(name);
      const workerId = await this.boss.work<object>(name, { pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) await this.runJob(handler, job);
      });
      this.workers.set(name, workerId);
      this.logger.log(`Working on queue ${name}`);
    }
    // Another instance may change a fixed-rate trigger: each instance looks again now and then.
    this.reconcileTimer = setInterval(() => void this.syncRateTimers().catch((e: Error) => this.logger.warn(e.message)), 15_000);
    this.reconcileTimer.unref();
  }

  private async runJob(handler: JobHandler<object>, job: PgBoss.Job<object>): Promise<void> {
    const controller = new AbortController();
    this.running.set(job.id, controller);
    this.watchCancellations();
    try {
      await handler(job.data, { id: job.id, name: job.name, signal: controller.signal });
    } finally {
      this.running.delete(job.id);
    }
  }

  /** While jobs run here, asks every second which of them were cancelled and aborts their signals. */
  private watchCancellations(): void {
    if (this.cancelPoll || !this.boss) return;
    const boss = this.boss;
    this.cancelPoll = setInterval(() => {
      const ids = [...this.running.keys()];
      if (!ids.length) {
        clearInterval(this.cancelPoll);
        this.cancelPoll = undefined;
        return;
      }
      void boss
        .getDb()
        .executeSql(`SELECT id FROM pgboss.job WHERE id = ANY($1::uuid[]) AND state = 'cancelled'`, [ids])
        .then(({ rows }) => {
          for (const { id } of rows as Array<{ id: string }>) this.running.get(id)?.abort(new Error('cancelled'));
        })
        .catch(() => undefined);
    }, 1000);
    this.cancelPoll.unref();
  }

  /** Whether a job was cancelled (or deleted): for handlers that would rather ask than hold the signal. */
  async isCancelled(jobId: string): Promise<boolean> {
    if (this.running.get(jobId)?.signal.aborted) return true;
    if (!this.boss) return false;
    const { rows } = await this.boss.getDb().executeSql(`SELECT state FROM pgboss.job WHERE id = $1`, [jobId]);
    return !rows.length || (rows[0] as { state: string }).state === 'cancelled';
  }

  /**
   * Makes pg-boss's schedules follow the stored states (all, or the named one): an enabled cron task is scheduled with
   * its cron in force, a disabled or fixed-rate one unscheduled (pg-boss keeps schedules in its table, so this holds
   * for every instance); then this process's fixed-rate timers follow.
   */
  async applySchedules(name?: string): Promise<void> {
    if (!this.boss) return;
    const jobs = [...this.scheduled.values()].filter((j) => !name || j.name === name);
    const states = await this.statesOf(jobs);
    for (const job of jobs) {
      const state = states.get(job.name) as ScheduleState;
      await this.ensureQueue(job.name);
      if (state.enabled && state.trigger === 'cron') await this.boss.schedule(job.name, state.cron, {}, { tz: this.timeZone });
      else await this.boss.unschedule(job.name);
    }
    if (this.config.runJobs) await this.syncRateTimers();
  }

  get timeZone(): string {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  }

  private async statesOf(jobs: ScheduledJob[]): Promise<Map<string, ScheduleState>> {
    if (this.scheduleStore) return this.scheduleStore.states(jobs);
    return new Map(jobs.map((j) => [j.name, { enabled: true, trigger: 'cron', cron: j.cron, periodSeconds: 0, initialDelaySeconds: 0 }]));
  }

  /**
   * Fixed-rate triggers run on a timer in every process that runs jobs; each tick claims the firing in the task's row
   * (one claimer per period across instances) and the winner sends the job through the queue.
   */
  private async syncRateTimers(): Promise<void> {
    if (!this.boss || !this.scheduleStore || this.stopping) return;
    const states = await this.statesOf([...this.scheduled.values()]);
    for (const [name, state] of states) {
      const key =
        state.enabled && state.trigger === 'fixedRate' && state.periodSeconds > 0 ? `${state.periodSeconds}/${state.initialDelaySeconds}` : '';
      const current = this.rateTimers.get(name);
      if (current?.key === key) continue;
      if (current) clearTimeout(current.timer);
      this.rateTimers.delete(name);
      if (!key) continue;
      const store = this.scheduleStore;
      const fire = () =>
        void store
          .claimFiring(name, state.periodSeconds)
          .then((won) => (won ? this.send<ScheduleRunData>(name, { fixedRate: true }, { retryLimit: 0 }) : undefined))
          .catch((e: Error) => this.logger.warn(`Fixed-rate task ${name}: ${e.message}`));
      const entry = {
        key,
        timer: setTimeout(() => {
          fire();
          entry.timer = setInterval(fire, state.periodSeconds * 1000);
          entry.timer.unref();
        }, state.initialDelaySeconds * 1000),
      };
      entry.timer.unref();
      this.rateTimers.set(name, entry);
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

  /** The pg-boss connection (the async-task screen reads its job tables through it). */
  db(): PgBoss.Db {
    if (!this.boss) throw new Error('The job queue is disabled in this process (QUEUE_ENABLED=false)');
    return this.boss.getDb();
  }

  /** pg-boss itself, for the async-task screen's cancel, retry and delete. */
  get pgBoss(): PgBoss | undefined {
    return this.boss;
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    clearInterval(this.reconcileTimer);
    clearInterval(this.cancelPoll);
    for (const { timer } of this.rateTimers.values()) clearTimeout(timer);
    this.rateTimers.clear();
    await this.boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
