import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { buffer as readAll } from 'node:stream/consumers';
import type { DataSource } from 'typeorm';
import { LANGUAGES, type Language, type PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.token';
import { requestContext } from '../../common/context/request-context';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import { paginate } from '../../common/paging/paginate';
import { startHeartbeat, StaleTaskSweep } from '../../common/tasks/task-liveness';
import { escapeLike } from '../../database/sql-helpers';
import { QueueService } from '../../queue/queue.service';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { CheckAigcConfigService } from '../aigc/check-aigc-config.service';
import { CheckDocumentService, inputErrorArgs } from '../library/check-document.service';
import { CheckIndexService } from '../library/check-index.service';
import { poolOf } from '../library/pg-fingerprint-index';
import type { TypoDictionary } from '../engine/typos';
import { CheckRunner } from './check-runner';
import { CHECK_TYPO_DICTIONARY } from './check-typo-dictionary';
import { LIBRARY_KINDS, SELF_LIBRARY_CODE, type LibraryKind } from '../library/check-library.constants';
import { CHECK_JOB, CHECK_TASK_LIMITS, REPORT_FILES, type ReportFileKind } from './check-task.constants';
import { CheckTask } from './check-task.entity';
import type { SubmitTaskDto, TaskDto, TaskQueryDto } from './dto/check-task.dto';

/** An uploaded file as multer hands it over. */
export interface UploadedPaper {
  originalname: string;
  buffer: Buffer;
}

const folderOf = (taskId: string) => `check/tasks/${taskId}`;

/** What a new task is made of; the paper is already in storage under `fileKey` (or is stored by the caller next). */
export interface NewTask {
  title: string;
  author: string;
  fileName: string;
  fileKey: string;
  fileSize: number;
  fileMd5: string;
  memberId: string | null;
  /** Kinds of libraries searched; empty for an AI-content check only. */
  libraryKinds: readonly string[];
  selfConsent: boolean;
  createBy: string;
  /** What the report shows (default everything). */
  reportScope?: 'all' | 'aigc';
}

/** Told of each status change of a run (check orders follow their task with it). */
export type TaskStatusListener = (change: { taskId: string; status: 'running' | 'done' | 'failed' }) => Promise<void>;

const ratio = (task: CheckTask, key: 'totalRatio' | 'ratioExcludingCited' | 'ratioExcludingSelf' | 'largestSourceRatio') =>
  task.summary?.[key] ?? null;

export function toTaskDto(task: CheckTask): TaskDto {
  return {
    taskId: task.taskId,
    title: task.title,
    author: task.author,
    fileName: task.fileName,
    fileSize: task.fileSize,
    fileMd5: task.fileMd5,
    memberId: task.memberId,
    libraryKinds: task.libraryKinds.split(',').filter(Boolean),
    selfConsent: task.selfConsent,
    status: task.status,
    progress: task.progress,
    stage: task.stage,
    attempts: task.attempts,
    charCount: task.charCount,
    totalRatio: ratio(task, 'totalRatio'),
    ratioExcludingCited: ratio(task, 'ratioExcludingCited'),
    ratioExcludingSelf: ratio(task, 'ratioExcludingSelf'),
    largestSourceRatio: ratio(task, 'largestSourceRatio'),
    aigcScore: task.aigcScore,
    errorMessage: task.status === 'failed' && task.errorKey ? t(task.errorKey, inputErrorArgs(task.errorArgs)) : '',
    startTime: task.startTime,
    finishTime: task.finishTime,
    createBy: task.createBy,
    createTime: task.createTime,
  };
}

/**
 * Check tasks: a paper is stored and queued at once; a job runs the engine in the check pool, reports progress and a
 * heartbeat, and stores the reports. A run that dies with its process leaves a stale heartbeat: the task is queued
 * again at the next start (or by another instance's sweep), so no check is lost.
 */
@Injectable()
export class CheckTaskService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('CheckTask');
  private readonly sweeper = new StaleTaskSweep(
    this.logger,
    () => this.recoverStale(),
    () => this.config.taskStaleMs,
  );
  private readonly listeners: TaskStatusListener[] = [];

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queue: QueueService,
    private readonly runner: CheckRunner,
    private readonly documents: CheckDocumentService,
    private readonly index: CheckIndexService,
    private readonly aigcConfig: CheckAigcConfigService,
    @Inject(CHECK_TYPO_DICTIONARY) private readonly typos: TypoDictionary,
  ) {}

  private get repo() {
    return this.dataSource.getRepository(CheckTask);
  }

  /** Plain SQL goes through the pool: `UPDATE ... RETURNING` answers its rows there. */
  private get pool() {
    return poolOf(this.dataSource);
  }

  onModuleInit(): void {
    this.queue.register<{ taskId: string }>(CHECK_JOB, ({ taskId }, job) => this.execute(taskId, job.signal));
    // The async-task screen shows a check job's progress from its task row.
    this.queue.registerProgress(CHECK_JOB, async (jobs) => {
      const byTask = new Map(jobs.map((j) => [String((j.data as { taskId?: string })?.taskId), j.id]));
      const { rows } = await this.pool.query<{ task_id: string; progress: number; stage: string }>(
        `SELECT task_id, progress, stage FROM check_task WHERE task_id = ANY($1::bigint[])`,
        [[...byTask.keys()].filter((id) => /^\d{1,18}$/.test(id))],
      );
      return new Map(rows.map((r) => [byTask.get(String(r.task_id)) as string, { progress: r.progress, message: r.stage }]));
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runJobs || !this.queue.enabled) return;
    await this.sweeper.start();
  }

  onModuleDestroy(): void {
    this.sweeper.stop();
  }

  /** Stores the paper, records the task and queues it; answers at once. */
  async submit(file: UploadedPaper | undefined, dto: SubmitTaskDto, user: LoginUser): Promise<TaskDto> {
    if (!file?.buffer?.length) throw new ServiceException('check.task.noFile');
    if (file.buffer.length > CHECK_TASK_LIMITS.maxFileBytes)
      throw new ServiceException('check.task.fileTooLarge', { max: CHECK_TASK_LIMITS.maxFileBytes / 1024 / 1024 });
    const task = await this.create({
      title: (dto.title ?? '').trim() || file.originalname.replace(/\.[^.]+$/, '').slice(0, 200),
      author: (dto.author ?? '').trim(),
      fileName: file.originalname.slice(0, 255),
      fileKey: '',
      fileSize: file.buffer.length,
      fileMd5: createHash('md5').update(file.buffer).digest('hex'),
      memberId: dto.memberId ?? null,
      libraryKinds: dto.libraryKinds ?? LIBRARY_KINDS,
      selfConsent: dto.selfConsent ?? false,
      createBy: user.userName,
    });
    try {
      task.fileKey = `${folderOf(task.taskId)}/paper`;
      await this.storage.put(task.fileKey, file.buffer);
      await this.repo.update({ taskId: task.taskId }, { fileKey: task.fileKey });
    } catch (error) {
      await this.repo.delete({ taskId: task.taskId });
      throw error;
    }
    await this.enqueue(task.taskId);
    return toTaskDto(task);
  }

  /**
   * Records a task for a paper already in storage (an order's paper) without queueing it: the caller links the task
   * first, then calls enqueue(), so a run never finishes before its owner knows the task. A task left unqueued is
   * sent by the stale sweep.
   */
  async create(paper: NewTask): Promise<CheckTask> {
    const language = requestContext.language();
    return this.repo.save(
      this.repo.create({
        ...paper,
        libraryKinds: paper.libraryKinds.join(','),
        language: (LANGUAGES as readonly string[]).includes(language) ? language : 'zh-CN',
      }),
    );
  }

  /** Calls `listener` after each status change a run makes (running, done, failed); a failing listener is logged only. */
  onStatusChange(listener: TaskStatusListener): void {
    this.listeners.push(listener);
  }

  /** Checks filtered by title, status and member, newest first. */
  async list(query: TaskQueryDto): Promise<PageResult<TaskDto>> {
    const qb = this.repo.createQueryBuilder('t');
    if (query.title) qb.andWhere('(t.title ILIKE :title OR t.file_name ILIKE :title)', { title: `%${escapeLike(query.title)}%` });
    if (query.status) qb.andWhere('t.status = :status', { status: query.status });
    if (query.memberId) qb.andWhere('t.member_id = :memberId', { memberId: query.memberId });
    const page = await paginate(qb, query, {
      sortable: { taskId: 't.task_id', createTime: 't.create_time', finishTime: 't.finish_time', charCount: 't.char_count', status: 't.status' },
      defaultOrder: { 't.task_id': 'DESC' },
    });
    return { total: page.total, rows: page.rows.map(toTaskDto) };
  }

  async get(taskId: string): Promise<TaskDto> {
    return toTaskDto(await this.find(taskId));
  }

  /** A stored report of a finished check. */
  async report(taskId: string, kind: ReportFileKind): Promise<{ stream: Readable; type: string; fileName: string }> {
    const task = await this.find(taskId);
    if (task.status !== 'done') throw new ServiceException('check.task.notFinished');
    const file = REPORT_FILES[kind];
    const stream = await this.storage.get(`${folderOf(taskId)}/${file.name}`);
    if (!stream) throw new ServiceException('check.task.reportMissing');
    return { stream, type: file.type, fileName: `${task.title || taskId}-${file.name}` };
  }

  /** Runs a finished or failed check again (e.g. after the libraries grew). */
  async rerun(taskId: string): Promise<void> {
    const task = await this.find(taskId);
    if (task.status === 'queued' || task.status === 'running') throw new ServiceException('check.task.running');
    await this.repo.update(
      { taskId },
      {
        status: 'queued',
        progress: 0,
        stage: '',
        attempts: 0,
        errorKey: '',
        errorArgs: {},
        summary: null,
        aigcScore: null,
        startTime: null,
        finishTime: null,
        heartbeatTime: null,
      },
    );
    await this.enqueue(taskId);
  }

  /** Deletes checks that are not running, with their paper and reports. */
  async remove(taskIds: string[]): Promise<void> {
    const tasks = await this.repo.findBy(taskIds.map((taskId) => ({ taskId })));
    if (tasks.length !== taskIds.length) throw new ServiceException('check.task.notFound');
    if (tasks.some((task) => task.status === 'running')) throw new ServiceException('check.task.running');
    await this.repo.delete(taskIds);
    for (const task of tasks) {
      for (const name of ['paper', ...Object.values(REPORT_FILES).map((f) => f.name)]) {
        await this.storage.delete(`${folderOf(task.taskId)}/${name}`).catch(() => undefined);
      }
    }
  }

  /**
   * The job: claims a queued task, runs it in the check pool and stores the outcome. A cancelled job (`signal`, from
   * `PUT /async/task/stop`) stops at its next step: before reading the paper, before the check, or before its reports
   * are stored (a check under way in a worker thread runs to its end; its result is dropped).
   */
  async execute(taskId: string, signal?: AbortSignal): Promise<void> {
    const { rows: claimed } = await this.pool.query<{ attempts: number }>(
      `UPDATE check_task SET status = 'running', attempts = attempts + 1, progress = 0, stage = 'parse', start_time = now(),
              heartbeat_time = now(), update_time = now()
        WHERE task_id = $1 AND status = 'queued' RETURNING attempts`,
      [taskId],
    );
    // Not queued: done, failed, deleted, or claimed by another run (a duplicate job).
    if (!claimed.length) return;
    const task = await this.find(taskId);
    if (claimed[0].attempts > CHECK_TASK_LIMITS.maxAttempts) return this.fail(taskId, 'check.task.gaveUp', {});
    await this.notify(taskId, 'running');
    const stopHeartbeat = startHeartbeat(
      () => this.pool.query(`UPDATE check_task SET heartbeat_time = now() WHERE task_id = $1 AND status = 'running'`, [taskId]),
      CHECK_TASK_LIMITS.heartbeatMs,
    );
    const stopped = () => this.fail(taskId, 'check.task.stoppedByStaff', {});
    try {
      if (signal?.aborted) return await stopped();
      const stream = await this.storage.get(task.fileKey);
      if (!stream) return await this.fail(taskId, 'check.task.reportMissing', {});
      const file = await readAll(stream);
      // Re-checking the same paper: the member's earlier copy of it in the self library is not a source.
      const scope = await this.index.checkScope({
        memberId: task.memberId,
        paperMd5: task.fileMd5,
        kinds: task.libraryKinds.split(',').filter(Boolean) as LibraryKind[],
      });
      if (signal?.aborted) return await stopped();
      const result = await this.runner.run(
        {
          file,
          fileName: task.fileName,
          title: task.title,
          aigcBackend: await this.aigcConfig.backendOptions(),
          memberId: task.memberId,
          libraryIds: [...(scope.libraryIds ?? [])],
          excludeDocIds: [...(scope.excludeDocIds ?? [])],
          language: task.language as Language,
          reportScope: task.reportScope,
          typoWords: await this.typos.words(),
        },
        ({ percent, stage }) =>
          void this.pool
            .query(
              `UPDATE check_task SET progress = $2, stage = $3, heartbeat_time = now() WHERE task_id = $1 AND status = 'running' AND progress <= $2`,
              [taskId, Math.min(percent, 99), stage],
            )
            .catch(() => undefined),
      );
      if (signal?.aborted) return await stopped();
      if ('inputError' in result) return await this.fail(taskId, result.inputError.key, result.inputError.details);
      const folder = folderOf(taskId);
      await this.storage.put(`${folder}/${REPORT_FILES.json.name}`, Buffer.from(result.reportJson));
      await this.storage.put(`${folder}/${REPORT_FILES.html.name}`, Buffer.from(result.html));
      await this.storage.put(`${folder}/${REPORT_FILES.full.name}`, Buffer.from(result.fullHtml));
      await this.storage.put(`${folder}/${REPORT_FILES.pdf.name}`, Buffer.from(result.pdf));
      // The paper is in the self library before the task says done: a check ordered right after finds it (or, the
      // member's own re-check, leaves it out). A failure to add it is logged, not the check's failure.
      if (task.selfConsent && task.memberId) await this.addToSelfLibrary(task, result.reportJson);
      await this.pool.query(
        `UPDATE check_task SET status = 'done', progress = 100, stage = 'done', summary = $2, aigc_score = $3, char_count = $4,
                finish_time = now(), update_time = now(), error_key = '', error_args = '{}'::jsonb
          WHERE task_id = $1`,
        [taskId, JSON.stringify(result.summary), result.aigcScore, result.charCount],
      );
      if (result.aigcBackendError)
        this.logger.warn({ taskId, reason: result.aigcBackendError }, 'AIGC backend failed; the offline model scored instead');
      this.logger.log({ taskId, threaded: this.runner.threaded, timings: result.timings }, 'Check done');
      await this.notify(taskId, 'done');
    } catch (error) {
      this.logger.error({ taskId, message: (error as Error).message }, 'Check failed');
      // A cancelled job is not retried: the task must not wait in the queue for it.
      if (signal?.aborted) return stopped();
      if (claimed[0].attempts >= CHECK_TASK_LIMITS.maxAttempts) return this.fail(taskId, 'check.task.failed', {});
      // Back in the queue; the queue's retry runs it again.
      await this.pool.query(`UPDATE check_task SET status = 'queued', stage = '' WHERE task_id = $1 AND status = 'running'`, [taskId]);
      throw error;
    } finally {
      stopHeartbeat();
    }
  }

  /** Queues again the tasks a dead process left running, and queued tasks whose job was never sent. */
  async recoverStale(): Promise<string[]> {
    const { rows } = await this.pool.query<{ task_id: string }>(
      `UPDATE check_task SET status = 'queued', stage = '', update_time = now()
        WHERE (status = 'running' AND heartbeat_time < now() - make_interval(secs => $1))
           OR (status = 'queued' AND job_id = '' AND create_time < now() - make_interval(secs => $1))
        RETURNING task_id`,
      [this.config.taskStaleMs / 1000],
    );
    for (const { task_id } of rows) await this.enqueue(task_id);
    if (rows.length) this.logger.warn({ tasks: rows.map((r) => r.task_id) }, 'Interrupted checks queued again');
    return rows.map((r) => r.task_id);
  }

  /** Sends the task's job (once: a second send while one waits is dropped). */
  async enqueue(taskId: string): Promise<void> {
    // One live job per task: a second send while one waits is dropped by the singleton key.
    const jobId = await this.queue.send(CHECK_JOB, { taskId }, { singletonKey: `check-task-${taskId}` }).catch((error: Error) => {
      this.logger.warn({ taskId, message: error.message }, 'Check not queued yet; the sweep will retry');
      return '';
    });
    if (jobId) await this.repo.update({ taskId }, { jobId });
  }

  private async fail(taskId: string, key: string, args: Record<string, string | number>): Promise<void> {
    await this.pool.query(
      `UPDATE check_task SET status = 'failed', stage = '', error_key = $2, error_args = $3, finish_time = now(), update_time = now() WHERE task_id = $1`,
      [taskId, key, JSON.stringify(args)],
    );
    await this.notify(taskId, 'failed');
  }

  private async notify(taskId: string, status: 'running' | 'done' | 'failed'): Promise<void> {
    for (const listener of this.listeners) {
      await listener({ taskId, status }).catch((error: Error) =>
        this.logger.error({ taskId, status, message: error.message }, 'Task status listener failed'),
      );
    }
  }

  private async addToSelfLibrary(task: CheckTask, reportJson: string): Promise<void> {
    const { text } = JSON.parse(reportJson) as { text: string };
    await this.documents
      .indexDocument(SELF_LIBRARY_CODE, {
        title: task.title,
        author: task.author,
        text,
        origin: `task:${task.taskId}`,
        originType: 'order',
        memberId: task.memberId ?? undefined,
        paperMd5: task.fileMd5,
        createBy: task.createBy,
      })
      .catch((error: Error) => this.logger.warn({ taskId: task.taskId, message: error.message }, 'Paper not added to the self library'));
  }

  private async find(taskId: string): Promise<CheckTask> {
    const task = await this.repo.findOneBy({ taskId });
    if (!task) throw new ServiceException('check.task.notFound', undefined, undefined, 404);
    return task;
  }
}
