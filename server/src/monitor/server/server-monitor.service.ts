import { Inject, Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import os from 'node:os';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.token';
import { FigureSampler, type ProcessFigures } from './server-figures';

/** How often each process reports into `sys_server_instance`. */
export const REPORT_EVERY_MS = 15_000;
/** The screen shows the instances that reported within this window. */
export const LIVE_WINDOW_MS = 60_000;
/** Rows of instances silent for longer are removed. */
const KEEP_MS = 24 * 3_600_000;

export type InstanceRole = 'api' | 'worker';

export interface InstanceRow {
  instanceId: string;
  hostName: string;
  pid: number;
  role: InstanceRole;
  /** Whether the process runs background jobs (a worker always; the API unless JOBS_IN_API=false). */
  runsJobs: boolean;
  startTime: string;
  lastSeen: string;
  /** This row is the process that answered. */
  current: boolean;
  figures: ProcessFigures;
}

export interface DatabaseFigures {
  version: string;
  name: string;
  sizeBytes: number;
}

export interface QueueFigures {
  queued: number;
  active: number;
  /** Queued (created or waiting for a retry) and active jobs per job name, busiest first. */
  byName: Array<{ name: string; queued: number; active: number }>;
}

export interface ServerReport {
  instance: InstanceRow;
  database: DatabaseFigures | null;
  queue: QueueFigures | null;
}

interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * The server monitor. Every process (API and workers alike, so the screen also shows workers that have no HTTP port)
 * writes its figures into `sys_server_instance` at start and every 15 s, removes its row when it stops, and prunes
 * rows silent for a day (instances that crashed). Shared figures (database, queue) are read on request.
 */
@Injectable()
export class ServerMonitorService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ServerMonitor');
  private readonly sampler: FigureSampler;
  private readonly startTime = new Date();
  readonly instanceId: string;
  private timer?: NodeJS.Timeout;
  private stopping = false;
  private reporting?: Promise<void>;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.sampler = new FigureSampler(config.dataDir);
    this.instanceId = `${os.hostname()}:${process.pid}:${this.startTime.getTime()}`;
  }

  private get role(): InstanceRole {
    return this.config.workerOnly ? 'worker' : 'api';
  }

  async onApplicationBootstrap(): Promise<void> {
    // The first report before the process serves: its row is there once the app has started.
    await this.report();
    // One report at a time: a slow database must not pile them up.
    this.timer = setInterval(() => {
      if (!this.reporting) this.reporting = this.report().finally(() => (this.reporting = undefined));
    }, REPORT_EVERY_MS);
    this.timer.unref();
  }

  // Before the shutdown hooks, so the database connection is still open.
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    this.sampler.stop();
    await this.reporting?.catch(() => undefined);
    if (!this.dataSource.isInitialized) return;
    await this.dataSource.query('DELETE FROM sys_server_instance WHERE instance_id = $1', [this.instanceId]).catch(() => undefined);
  }

  private pool(): ProcessFigures['pool'] {
    // TypeORM's postgres driver keeps its pg Pool as `master` (typed any).
    const pool = (this.dataSource.driver as unknown as { master?: PgPool }).master;
    return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
  }

  /** Writes this process's row and prunes rows silent for a day; a failure is logged and the next report tries again. */
  async report(): Promise<void> {
    if (this.stopping) return;
    try {
      const figures = await this.sampler.sample(this.pool(), true);
      if (this.stopping) return;
      await this.dataSource.query(
        `INSERT INTO sys_server_instance (instance_id, host_name, pid, role, start_time, last_seen, figures)
         VALUES ($1, $2, $3, $4, $5, now(), $6)
         ON CONFLICT (instance_id) DO UPDATE SET last_seen = now(), figures = EXCLUDED.figures`,
        [this.instanceId, os.hostname(), process.pid, this.role, this.startTime, JSON.stringify({ ...figures, runsJobs: this.config.runJobs })],
      );
      await this.dataSource.query(`DELETE FROM sys_server_instance WHERE last_seen < now() - make_interval(secs => $1)`, [KEEP_MS / 1000]);
    } catch (err) {
      if (!this.stopping) this.logger.warn(`Server monitor report failed: ${(err as Error).message}`);
    }
  }

  /** The instances that reported within the last minute, this one first, then by role and start time. */
  async instances(): Promise<InstanceRow[]> {
    const rows: Array<{
      instance_id: string;
      host_name: string;
      pid: number;
      role: InstanceRole;
      start_time: Date;
      last_seen: Date;
      figures: ProcessFigures & { runsJobs?: boolean };
    }> = await this.dataSource.query(
      `SELECT instance_id, host_name, pid, role, start_time, last_seen, figures FROM sys_server_instance
       WHERE last_seen >= now() - make_interval(secs => $1) ORDER BY role, start_time`,
      [LIVE_WINDOW_MS / 1000],
    );
    const out = rows.map(({ figures: { runsJobs, ...figures }, ...r }) => ({
      instanceId: r.instance_id,
      hostName: r.host_name,
      pid: r.pid,
      role: r.role,
      runsJobs: runsJobs ?? false,
      startTime: new Date(r.start_time).toISOString(),
      lastSeen: new Date(r.last_seen).toISOString(),
      current: r.instance_id === this.instanceId,
      figures,
    }));
    return [...out.filter((r) => r.current), ...out.filter((r) => !r.current)];
  }

  /** How many live processes run background jobs (a whole-site publish is split into that many jobs at least). */
  async jobRunners(): Promise<number> {
    return (await this.instances()).filter((i) => i.runsJobs).length;
  }

  /** Fresh figures of the answering process, with the database's and the queue's. */
  async current(): Promise<ServerReport> {
    const [figures, database, queue] = await Promise.all([this.sampler.sample(this.pool()), this.database(), this.queue()]);
    return {
      instance: {
        instanceId: this.instanceId,
        hostName: os.hostname(),
        pid: process.pid,
        role: this.role,
        runsJobs: this.config.runJobs,
        startTime: this.startTime.toISOString(),
        lastSeen: new Date().toISOString(),
        current: true,
        figures,
      },
      database,
      queue,
    };
  }

  private async database(): Promise<DatabaseFigures | null> {
    try {
      const [row]: Array<{ version: string; name: string; size: string }> = await this.dataSource.query(
        'SELECT version() AS version, current_database() AS name, pg_database_size(current_database()) AS size',
      );
      return { version: row.version, name: row.name, sizeBytes: Number(row.size) };
    } catch (err) {
      this.logger.warn(`Database figures failed: ${(err as Error).message}`);
      return null;
    }
  }

  /**
   * Queue depth by a read-only query of pg-boss's job table (its public API counts one queue at a time). Null when the
   * queue is off (its schema may not exist).
   */
  private async queue(): Promise<QueueFigures | null> {
    if (!this.config.queueEnabled) return null;
    try {
      const rows: Array<{ name: string; queued: string; active: string }> = await this.dataSource.query(
        `SELECT name,
                count(*) FILTER (WHERE state IN ('created', 'retry')) AS queued,
                count(*) FILTER (WHERE state = 'active') AS active
         FROM pgboss.job WHERE state IN ('created', 'retry', 'active') GROUP BY name`,
      );
      const byName = rows
        .map((r) => ({ name: r.name, queued: Number(r.queued), active: Number(r.active) }))
        .sort((a, b) => b.queued + b.active - (a.queued + a.active) || a.name.localeCompare(b.name));
      return {
        queued: byName.reduce((n, r) => n + r.queued, 0),
        active: byName.reduce((n, r) => n + r.active, 0),
        byName,
      };
    } catch (err) {
      this.logger.warn(`Queue figures failed: ${(err as Error).message}`);
      return null;
    }
  }
}
