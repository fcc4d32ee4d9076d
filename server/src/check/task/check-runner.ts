import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.token';
import { DATABASE_URL } from '../../database/database.module';
import type { CheckProgress } from '../engine/pipeline';
import runCheckTask, {
  closeCheckWorkerPools,
  parsePaper,
  type CheckInputFailure,
  type CheckWorkerInput,
  type CheckWorkerOutput,
  type PaperFacts,
} from './check-worker';

/** The compiled worker beside this file; absent when the TypeScript sources run (tests), which then check inline. */
const WORKER_FILE = path.join(__dirname, 'check-worker.js');

/**
 * Runs checks off the event loop: a pool of worker threads (piscina) so the API stays responsive while a paper is
 * matched and its PDF drawn. With CHECK_THREADS=0, or from the TypeScript sources, a check runs in this thread.
 * A process that runs jobs keeps one thread started and warmed from boot, so a member's check never waits for a cold
 * thread (checks come one at a time, minutes apart, and a thread idle for a minute used to end); threads beyond the
 * first start under load and end after a minute idle. CHECK_WARM_THREAD=false turns the warm thread off (a process that
 * never checks papers).
 */
@Injectable()
export class CheckRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(CheckRunner.name);
  private pool?: Piscina;
  private closing = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
  ) {}

  /** Whether checks run in worker threads in this process. */
  get threaded(): boolean {
    return this.config.checkThreads > 0 && __filename.endsWith('.js') && existsSync(WORKER_FILE);
  }

  /** Checks one paper; progress arrives through `onProgress` while it runs. */
  async run(
    input: Omit<CheckWorkerInput, 'databaseUrl' | 'progressPort'>,
    onProgress: (progress: CheckProgress) => void,
  ): Promise<CheckWorkerOutput | CheckInputFailure> {
    const channel = new MessageChannel();
    channel.port1.on('message', onProgress);
    // A copy: the file may be a slice of a larger pooled buffer, and the copy moves to the worker without copying again.
    const file = new Uint8Array(input.file);
    const task: CheckWorkerInput = { ...input, file, databaseUrl: this.databaseUrl, progressPort: channel.port2 };
    try {
      if (!this.threaded) return await runCheckTask(task);
      return (await this.workers().run(task, { transferList: [channel.port2, file.buffer as ArrayBuffer] })) as CheckWorkerOutput | CheckInputFailure;
    } finally {
      // Let the last progress messages arrive before the port closes.
      await new Promise((resolve) => setImmediate(resolve));
      channel.port1.close();
    }
  }

  /**
   * Reads a paper (its counted characters, within `maxChars`) in the pool: a large PDF or .docx is parsed off the
   * API's event loop when an order is placed.
   */
  async parse(buffer: Uint8Array, fileName: string, maxChars: number): Promise<PaperFacts | CheckInputFailure> {
    const file = new Uint8Array(buffer);
    if (!this.threaded) return parsePaper({ file, fileName, maxChars });
    return (await this.workers().run({ file, fileName, maxChars }, { name: 'parsePaper', transferList: [file.buffer as ArrayBuffer] })) as
      PaperFacts | CheckInputFailure;
  }

  /** Whether this process keeps one check thread from boot (it runs jobs, and CHECK_WARM_THREAD is not false). */
  private get keepsWarmThread(): boolean {
    return this.config.runJobs && this.config.checkWarmThread;
  }

  onApplicationBootstrap(): void {
    if (!this.threaded || !this.keepsWarmThread) return;
    // In the background: the server answers at once; a check that comes meanwhile waits for the warm-up to end.
    this.workers()
      .run({ databaseUrl: this.databaseUrl }, { name: 'warmUp' })
      .then((ms: number) => this.logger.log({ ms: Math.round(ms) }, 'Check thread ready'))
      .catch((error: Error) => {
        // A shutdown during the warm-up ends it; the first check would warm the thread anyway.
        if (!this.closing) this.logger.warn({ err: error }, 'Check thread warm-up failed');
      });
  }

  private workers(): Piscina {
    this.pool ??= new Piscina({
      filename: WORKER_FILE,
      maxThreads: this.config.checkThreads,
      minThreads: this.keepsWarmThread ? 1 : 0,
      idleTimeout: 60_000,
    });
    return this.pool;
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    await this.pool?.destroy();
    await closeCheckWorkerPools();
  }
}
