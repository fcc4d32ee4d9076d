import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { appEvents } from '../../common/events/app-events';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import { buffer as readAll } from 'node:stream/consumers';
import type { DataSource } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.token';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import { paginate } from '../../common/paging/paginate';
import type { PageQueryDto } from '../../common/paging/page-query.dto';
import { startHeartbeat, StaleTaskSweep } from '../../common/tasks/task-liveness';
import { QueueService } from '../../queue/queue.service';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { HotWordService } from '../../word/hotword/hot-word.service';
import { ServerMonitorService } from '../../monitor/server/server-monitor.service';
import { DEFAULT_THEME_PATHS } from '../template/default-theme';
import { TemplateError } from '../template/engine/errors';
import { isTemplatePath } from '../template/engine/paths';
import type { ContentView, RenderResult, TemplateContext, TemplateSource } from '../template/engine/types';
import { CmsPublishTask, type PublishTaskType } from './cms-publish-task.entity';
import './cms-publish.messages';
import { PAGE_RENDERER, type PageRenderer } from './page-renderer';
import { contentUrl, catalogUrl, detailFile, homeFile, isCatalogPath, listFile, pageKey, pipeFolder, pipeRootUrl } from './publish-paths';
import { CONTENT_COLUMNS, onPipe, SiteReadModel, targetsPipe, type CatalogRow, type ContentRow, type PipeDataProvider } from './publish-read-model';

/** The pg-boss job that runs one publish task. */
export const PUBLISH_JOB = 'cms.publish';

/** One task of a publish job, with what its row does not hold. */
export interface PublishTaskJob {
  taskId: string;
  /** Catalog task: also the catalogs below it. */
  publishChild?: boolean;
  /** Catalog task: also the detail pages of their content. */
  publishDetail?: boolean;
  /** Unpublish task: storage keys of the content's files, computed when it was taken down (the row may be gone since). */
  removeKeys?: string[];
  /** Site task: the one pipe it publishes (tasks from before the split carry none and publish every enabled pipe). */
  pipe?: string;
  /**
   * Site task of a pipe split in `parts` (0 < part < parts): only the detail pages whose content id modulo `parts`
   * is `part`. Part 0 writes the rest of the pipe (home, lists, assets, sitemap) and its own share of the details.
   */
  part?: number;
  parts?: number;
  /**
   * Catalog task of a content publish: the content published. Only the list pages showing it are rendered when nothing
   * else moved (see `listPagesShowing`); otherwise every page, as for a plain catalog task.
   */
  focus?: string[];
}

/** A publish job: the tasks of one request, run in order (details, then lists, then home). */
export interface PublishJobData {
  tasks: PublishTaskJob[];
}

/** What preview renders. */
export interface PreviewTarget {
  type: 'site' | 'catalog' | 'content';
  id: string;
  pipe: string;
  page?: number;
}

/** Tunables of publishing. */
export const PUBLISH_LIMITS = {
  /**
   * Pages under way at once within a task. Rendering is CPU work on this thread; what the lanes overlap is the wait
   * for the file writes (a few round trips to libuv's thread pool each), so there are more of them than cores.
   */
  concurrency: 16,
  /** Tasks of one job run at once (see `execute`). */
  tasksAtOnce: 4,
  /** Detail pages whose rows and bodies are read in one go (the next batch is read while this one renders). */
  detailBatch: 250,
  /** How often a job refreshes the heartbeat of its tasks (the running one and those still waiting in it). */
  heartbeatMs: 10_000,
  /** Runs of a task that died with their process before the sweep gives it up as failed (a crash loop). */
  maxAttempts: 3,
  /** Progress is written at most this often (ms). */
  progressEveryMs: 500,
  /** Most parts a pipe's whole-site publish is split into (see publishSite). */
  maxSiteParts: 8,
  /** Largest sitemap (URLs per pipe). */
  sitemapMaxUrls: 50_000,
} as const;

/** Runs `fn` over `items` with at most `limit` at a time; once `signal` is aborted no further item starts. */
async function eachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !signal?.aborted) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

const xml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** Plain words of a page failure, kept in the task's error column. */
function failureText(error: unknown): string {
  if (error instanceof TemplateError) {
    const where = [error.details.file, error.details.line ? `line ${error.details.line}` : ''].filter(Boolean).join(' ');
    return `template ${error.kind}${where ? ` (${where})` : ''}${error.details.detail ? `: ${error.details.detail}` : ''}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Kept in a stopped task's error column; translated when the task list is read. */
export const STOPPED_KEY = 'cms.publish.stoppedByStaff';

/** Thrown at a task's next step once its job was cancelled (`PUT /async/task/stop`). */
class PublishStopped extends Error {
  constructor() {
    super(STOPPED_KEY);
  }
}

/** One run of a task: its counters, failures, and a per-run cache of template texts. */
class TaskRun {
  progress = 0;
  total = 0;
  readonly failures: string[] = [];
  /** The claim wrote progress 0: a task done within `progressEveryMs` writes its progress once, at its end. */
  private lastFlush = Date.now();

  constructor(
    readonly taskId: string | null,
    private readonly pool: Pool,
    /** The run's token (the task's `attempts` when claimed): a run taken over by another writes nothing more. */
    private readonly attempt = 0,
    /** The job's cancellation: checked between steps and batches (pages under way finish). */
    readonly signal?: AbortSignal,
  ) {}

  /** Stops the run here when its job was cancelled. */
  checkpoint(): void {
    if (this.signal?.aborted) throw new PublishStopped();
  }

  /** One page (or file) done; writes progress now and then. */
  async tick(n = 1): Promise<void> {
    this.progress += n;
    if (this.taskId && Date.now() - this.lastFlush >= PUBLISH_LIMITS.progressEveryMs) await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.taskId) return;
    this.lastFlush = Date.now();
    await this.pool.query(
      `UPDATE cms_publish_task SET progress = $2, total = $3, heartbeat_time = now(), update_time = now()
        WHERE task_id = $1 AND status = 'running' AND attempts = $4`,
      [this.taskId, Math.min(this.progress, this.total), Math.max(this.total, this.progress), this.attempt],
    );
  }

  fail(where: string, error: unknown): void {
    this.failures.push(`${where}: ${failureText(error)}`);
  }
}

/** Tasks of one request, queued together. */
interface TaskBatch {
  /** Notes a task of the request (one waiting with the same pages is reused when `coalesce`). */
  add(type: PublishTaskType, targetId: string, extra?: Omit<PublishTaskJob, 'taskId'>, coalesce?: boolean): void;
  /**
   * Records the tasks and queues the new ones as one job, or with `apart` each as a job of its own (any process running
   * jobs may take it); answers the task ids in the order they were added.
   */
  send(options?: { apart?: boolean }): Promise<string[]>;
}

/** The share of a pipe's detail pages one part of a split whole-site publish writes (see PublishTaskJob). */
interface SiteSlice {
  part: number;
  parts: number;
}

/** The SQL condition of a slice on `cms_content c` (its parameters pushed onto `params`), or '' without one. */
const inSlice = (params: unknown[], slice?: SiteSlice): string =>
  slice ? `AND c.content_id % $${params.push(slice.parts)} = $${params.push(slice.part)}` : '';

/** A page to write: where, with which template and context. */
interface PageJob {
  pipe: string;
  file: string;
  template: string;
  context: TemplateContext;
}

/**
 * Static publishing. Requests become rows of cms_publish_task (what `taskCount` counts) and pg-boss jobs; a job
 * claims its row, renders the pages from the read model with the template engine and writes them under
 * `site/<sitePath>/<pipe>/`. Rendering is state-based and idempotent: a page shows what the tables hold when it runs,
 * so a repeated or late job writes the same file, and content that is no longer published loses its page.
 * A running job keeps a heartbeat on its tasks; when its process dies, the one-minute sweep queues the unfinished
 * tasks again (as check tasks are), so a killed publish finishes a minute or two later instead of hanging.
 */
@Injectable()
export class CmsPublishService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('CmsPublish');
  /** Template sources by site and pipe, with the texts they read (see cachedSource). */
  private readonly templateSources = new Map<string, { source: TemplateSource; texts: Map<string, Promise<string | null>> }>();
  // A task whose heartbeat is older than `config.taskStaleMs` belongs to a dead process: the sweep (run that often)
  // queues it again, and the publish indicator stops counting it.
  private readonly sweeper = new StaleTaskSweep(
    this.logger,
    () => this.recoverStale(),
    () => this.config.taskStaleMs,
  );

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(PAGE_RENDERER) private readonly renderer: PageRenderer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queue: QueueService,
    private readonly hotWords: HotWordService,
    private readonly instances: ServerMonitorService,
  ) {}

  /** Plain SQL through the driver's pool: bulk reads without the ORM's overhead. */
  private get pool(): Pool {
    return (this.dataSource.driver as unknown as { master: Pool }).master;
  }

  onModuleInit(): void {
    this.queue.register<PublishJobData>(PUBLISH_JOB, (data, job) => this.execute(data, job.signal));
    this.queue.registerProgress(PUBLISH_JOB, (jobs) => this.jobProgress(jobs));
  }

  /** Progress of publish jobs for the async-task screen: pages done of all pages of their tasks. */
  private async jobProgress(jobs: Array<{ id: string; data: unknown }>): Promise<Map<string, { progress: number; message: string }>> {
    const tasksOf = (data: unknown) =>
      ((data as Partial<PublishJobData>)?.tasks ?? []).map((t) => String(t.taskId)).filter((id) => /^\d{1,18}$/.test(id));
    const { rows } = await this.pool.query<{ task_id: string; progress: number; total: number }>(
      `SELECT task_id::text, progress, total FROM cms_publish_task WHERE task_id = ANY($1::bigint[])`,
      [jobs.flatMap((j) => tasksOf(j.data))],
    );
    const byId = new Map(rows.map((r) => [r.task_id, r]));
    const out = new Map<string, { progress: number; message: string }>();
    for (const job of jobs) {
      const tasks = tasksOf(job.data).flatMap((id) => byId.get(id) ?? []);
      if (!tasks.length) continue;
      const done = tasks.reduce((n, t) => n + t.progress, 0);
      const total = tasks.reduce((n, t) => n + t.total, 0);
      out.set(job.id, { progress: total ? Math.min(100, Math.floor((done * 100) / total)) : 0, message: `${done}/${total}` });
    }
    return out;
  }

  /** Where publish jobs run (a process that runs jobs; without a queue, every API process runs its own): sweep there. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.queue.enabled && !this.config.runJobs) return;
    await this.sweeper.start();
  }

  onModuleDestroy(): void {
    this.sweeper.stop();
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Requests
  // ---------------------------------------------------------------------------------------------------------------

  /**
   * Queues a whole-site publish (home, every list page, every published detail page, theme assets, sitemap): a task
   * per enabled pipe, each its own job, so that the processes running jobs (the API and its workers) publish side by
   * side, one core each. When fewer pipes than such processes, each pipe's detail pages are shared out between parts
   * of it. Answers the task ids.
   */
  async publishSite(siteId: string, operator: string): Promise<string[]> {
    const [model, runners] = await Promise.all([this.requireSite(siteId, { render: false }), this.instances.jobRunners().catch(() => 1)]);
    const batch = this.batch(siteId, operator);
    const pipes = model.enabledPipes();
    const parts = Math.min(PUBLISH_LIMITS.maxSiteParts, Math.max(1, Math.ceil(runners / Math.max(1, pipes.length))));
    const split = (pipe: string): Array<Omit<PublishTaskJob, 'taskId'>> =>
      parts === 1 ? [{ pipe }] : Array.from({ length: parts }, (_, part) => ({ pipe, part, parts }));
    // No pipe enabled: one task, which finds nothing to write (as the back office expects an id).
    const tasks = pipes.length ? pipes.flatMap(split) : [{}];
    for (const extra of tasks) batch.add('site', siteId, extra, false);
    return batch.send({ apart: true });
  }

  /** Queues the home page of the site on every enabled pipe. */
  async publishIndex(siteId: string, operator: string): Promise<string> {
    await this.requireSite(siteId, { render: false });
    const batch = this.batch(siteId, operator);
    batch.add('index', siteId);
    return (await batch.send())[0];
  }

  /**
   * Queues the detail pages of contents (on each enabled pipe they target), then the list pages of their catalogs
   * and the catalogs' ancestors, then the home page; each page once. Answers the task ids.
   */
  async publishContents(siteId: string, contentIds: string[], operator: string): Promise<string[]> {
    const model = await this.requireSite(siteId, { render: false });
    const rows = await model.contentRows([...new Set(contentIds)]);
    const batch = this.batch(siteId, operator);
    for (const row of rows) batch.add('content', row.contentId);
    this.addListsAndHome(batch, model, rows, true);
    return batch.send();
  }

  /** Removes the detail pages of contents on every pipe, then republishes their catalogs' lists and the home page. */
  async unpublishContents(siteId: string, contentIds: string[], operator: string): Promise<string[]> {
    const model = await this.requireSite(siteId, { render: false });
    const rows = await model.contentRows([...new Set(contentIds)]);
    const batch = this.batch(siteId, operator);
    for (const row of rows) {
      const catalog = model.catalogsById.get(row.catalogId);
      const removeKeys = catalog ? model.pipes.map((p) => pageKey(model.site, p.code, detailFile(model.site, catalog, row))) : [];
      batch.add('unpublish', row.contentId, { removeKeys }, false);
    }
    this.addListsAndHome(batch, model, rows);
    return batch.send();
  }

  /** Queues a catalog's list pages, optionally with its sub-catalogs and the detail pages of their content. */
  async publishCatalog(
    siteId: string,
    catalogId: string,
    operator: string,
    options: { publishChild?: boolean; publishDetail?: boolean } = {},
  ): Promise<string> {
    const model = await this.requireSite(siteId, { render: false });
    if (!model.catalogsById.has(catalogId)) throw ServiceException.notFound('cms.publish.catalogNotFound');
    const extra = { publishChild: !!options.publishChild, publishDetail: !!options.publishDetail };
    const batch = this.batch(siteId, operator);
    batch.add('catalog', catalogId, extra, !extra.publishChild && !extra.publishDetail);
    return (await batch.send())[0];
  }

  /** Deletes the published folder of a catalog (`news/tech/`) on every pipe of the site. */
  async removeCatalogFiles(siteId: string, catalogPath: string): Promise<void> {
    if (!isCatalogPath(catalogPath)) throw new ServiceException('cms.publish.badCatalogPath');
    const model = await this.requireSite(siteId, { render: false });
    for (const pipe of model.pipes) await this.storage.deletePrefix(pageKey(model.site, pipe.code, catalogPath.slice(0, -1)));
  }

  /**
   * Publish tasks waiting or running (all sites): the back office's publish indicator. A task whose heartbeat is
   * stale belongs to a dead process and is not counted; the sweep queues it again, and it counts once more then.
   */
  async taskCount(): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM cms_publish_task
        WHERE (status = 'pending' AND (heartbeat_time IS NULL OR heartbeat_time >= now() - make_interval(secs => $1)))
           OR (status = 'running' AND heartbeat_time >= now() - make_interval(secs => $1))`,
      [this.config.taskStaleMs / 1000],
    );
    return rows[0].n;
  }

  /**
   * The sweep: tasks a dead process left behind are queued again, in their order, as one job (each page is rendered
   * anew, which is idempotent). That is a running task whose heartbeat went stale, the tasks still waiting in its job
   * (the job refreshed their heartbeat too), and a waiting task whose job was never sent. A task interrupted
   * `maxAttempts` times is failed instead (a page that kills the process must not kill it forever). Answers the ids queued.
   */
  async recoverStale(): Promise<string[]> {
    const secs = this.config.taskStaleMs / 1000;
    const { rows: gaveUp } = await this.pool.query<{ id: string }>(
      `UPDATE cms_publish_task SET status = 'failed', heartbeat_time = NULL, update_time = now(),
              error = 'interrupted ' || attempts || ' times (its process stopped); not resumed again'
        WHERE status = 'running' AND COALESCE(heartbeat_time, update_time) < now() - make_interval(secs => $1) AND attempts >= $2
        RETURNING task_id AS id`,
      [secs, PUBLISH_LIMITS.maxAttempts],
    );
    if (gaveUp.length) this.logger.error({ tasks: gaveUp.map((r) => r.id) }, 'Publish tasks interrupted too often; failed');
    // `update_time` keeps a task just put back here from looking unsent to a sweep of another instance.
    const { rows } = await this.pool.query<{ taskId: string; options: Omit<PublishTaskJob, 'taskId'> }>(
      `UPDATE cms_publish_task SET status = 'pending', heartbeat_time = NULL, job_id = '', update_time = now()
        WHERE (status = 'running' AND COALESCE(heartbeat_time, update_time) < now() - make_interval(secs => $1))
           OR (status = 'pending' AND heartbeat_time < now() - make_interval(secs => $1))
           OR (status = 'pending' AND heartbeat_time IS NULL AND job_id = '' AND greatest(create_time, update_time) < now() - make_interval(secs => $1))
        RETURNING task_id AS "taskId", options`,
      [secs],
    );
    if (!rows.length) return [];
    const jobs = rows.map((r) => ({ ...r.options, taskId: String(r.taskId) })).sort((a, b) => Number(BigInt(a.taskId) - BigInt(b.taskId)));
    this.logger.warn({ tasks: jobs.map((j) => j.taskId) }, 'Interrupted publish tasks queued again');
    // Not sent: they stay waiting without a job, and the next sweep sends them.
    await this.dispatch(jobs).catch((error: Error) =>
      this.logger.warn({ message: error.message }, 'Publish tasks not queued yet; the sweep will retry'),
    );
    return jobs.map((j) => j.taskId);
  }

  /** Drops the tasks still waiting; their jobs find no row and do nothing. Running tasks finish. */
  async clear(): Promise<void> {
    await this.pool.query(`DELETE FROM cms_publish_task WHERE status = 'pending'`);
  }

  /** Recent publish tasks of a site, newest first. */
  async listTasks(siteId: string, query: PageQueryDto): Promise<PageResult<CmsPublishTask>> {
    const qb = this.dataSource.getRepository(CmsPublishTask).createQueryBuilder('t').where('t.site_id = :siteId', { siteId });
    const page = await paginate(qb, query, {
      sortable: { taskId: 't.task_id', createTime: 't.create_time', status: 't.status' },
      defaultOrder: { 't.task_id': 'DESC' },
    });
    // A stopped task keeps the message key; staff read it in their language.
    for (const row of page.rows) if (row.error === STOPPED_KEY) row.error = t(STOPPED_KEY);
    return page;
  }

  /** Renders a page as it would be published (any status of content), without writing anything. */
  async preview(siteId: string, target: PreviewTarget): Promise<string> {
    const model = await this.requireSite(siteId);
    if (!model.pipes.some((p) => p.code === target.pipe)) throw ServiceException.notFound('cms.publish.pipeNotFound', { pipe: target.pipe });
    const provider = model.provider(target.pipe);
    const source = await this.cachedSource(siteId, target.pipe);
    let job: PageJob | null;
    if (target.type === 'site') {
      if (target.id !== siteId) throw ServiceException.notFound('cms.publish.siteNotFound');
      job = this.homeJob(model, provider);
    } else if (target.type === 'catalog') {
      const catalog = model.catalogsById.get(target.id);
      if (!catalog) throw ServiceException.notFound('cms.publish.catalogNotFound');
      if (catalog.catalogType === 'link') throw new ServiceException('cms.publish.linkNoPage');
      job = this.listJob(model, provider, catalog, Math.max(1, Math.trunc(target.page ?? 1)));
    } else {
      const [row] = await model.contentRows([target.id]);
      const catalog = row && model.catalogsById.get(row.catalogId);
      if (!row || !catalog) throw ServiceException.notFound('cms.publish.contentNotFound');
      if (row.linkFlag) throw new ServiceException('cms.publish.linkNoPage');
      const [view] = await provider.withDetails([row]);
      job = await this.detailJob(model, provider, source, catalog, row, view);
    }
    try {
      return (await this.renderPage(provider, source, job)).html;
    } catch (error) {
      throw new ServiceException('cms.publish.previewFailed', { reason: failureText(error).slice(0, 300) });
    }
  }

  /**
   * Renders a template of a site's pipe for one request (dynamic pages, see docs/cms.md "Dynamic templates"): the
   * published read model (published content only), the same engine and bounds as static publishing, `vars` visible to
   * the template. Throws ServiceException notFound for an unknown site, a pipe not enabled or a template the pipe lacks,
   * TemplateError when the template fails.
   */
  async renderDynamic(siteId: string, pipe: string, template: string, vars: Record<string, unknown>, pageIndex = 1): Promise<string> {
    const model = await this.requireSite(siteId);
    if (!model.enabledPipes().includes(pipe)) throw ServiceException.notFound('cms.publish.pipeNotFound', { pipe });
    const provider = model.provider(pipe);
    const source = this.renderer.source(siteId, pipe);
    // A template the pipe does not have: the page does not exist there.
    if (!isTemplatePath(template) || (await source.read(template)) === null) throw ServiceException.notFound();
    const context: TemplateContext = { site: provider.siteSync(), pipe, pageIndex, vars };
    return (await this.renderer.render(template, { source, provider, context })).html;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Queueing
  // ---------------------------------------------------------------------------------------------------------------

  /** A site's read model for a run, with the site's hot words (read once) linking detail bodies. */
  private async loadModel(siteId: string): Promise<SiteReadModel | null> {
    // Side by side: publishing one article waits on these round trips.
    const [model, linker] = await Promise.all([SiteReadModel.load(this.pool, siteId), this.hotWords.linkerFor(siteId)]);
    if (model) model.bodyLinker = linker;
    return model;
  }

  /**
   * The site's read model, or notFound. `render: false` (a request that only queues tasks: it needs the pipes and the
   * catalog tree) leaves out what only pages use, the hot words and extension values: a round trip less.
   */
  private async requireSite(siteId: string, { render = true } = {}): Promise<SiteReadModel> {
    if (!/^\d{1,19}$/.test(String(siteId))) throw ServiceException.notFound('cms.publish.siteNotFound');
    const model = render ? await this.loadModel(siteId) : await SiteReadModel.load(this.pool, siteId, { extensions: false });
    if (!model) throw ServiceException.notFound('cms.publish.siteNotFound');
    return model;
  }

  /**
   * List tasks of the catalogs of `rows` and their ancestors, then the home task, each once. `focus`: the rows were
   * published (not taken down): the list tasks may render only the pages showing them.
   */
  private addListsAndHome(batch: TaskBatch, model: SiteReadModel, rows: ContentRow[], focus = false): void {
    if (!rows.length) return;
    const catalogs = new Set<string>();
    for (const row of rows) {
      if (!model.catalogsById.has(row.catalogId)) continue;
      catalogs.add(row.catalogId);
      for (const ancestor of model.ancestors(row.catalogId)) catalogs.add(ancestor.catalogId);
    }
    const extra = focus ? { focus: rows.map((r) => r.contentId) } : {};
    for (const catalogId of catalogs) batch.add('catalog', catalogId, extra);
    batch.add('index', model.site.siteId);
  }

  /**
   * The tasks of one request: `send()` records them in one statement (a round trip per task counts when publishing one
   * article) and queues the new ones as one job, so a request of many pages waits for one queue pick-up, not one per page.
   */
  private batch(siteId: string, operator: string): TaskBatch {
    // The callers add each page set once (content ids and catalogs deduplicated).
    const wanted: Array<{ type: PublishTaskType; targetId: string; extra: Omit<PublishTaskJob, 'taskId'>; coalesce: boolean }> = [];
    return {
      add: (type, targetId, extra = {}, coalesce = true) => void wanted.push({ type, targetId, extra, coalesce }),
      send: async ({ apart = false } = {}) => {
        if (!wanted.length) return [];
        // A task of the same pages still waiting is reused: it has not read the tables yet, so it renders what this
        // request wants. Not a task focused on other content: it would leave out pages this request needs. New rows
        // take their ids first, so that each answer row is the task asked for in that place.
        const { rows } = await this.pool.query<{ id: string; reused: boolean }>(
          `WITH wanted AS (
             SELECT * FROM unnest($2::text[], $3::bigint[], $4::text[], $5::bool[]) WITH ORDINALITY AS w(task_type, target_id, options, coalesce, ord)
           ), found AS (
             SELECT w.*, (SELECT t.task_id FROM cms_publish_task t
                           WHERE w.coalesce AND t.site_id = $1 AND t.task_type = w.task_type AND t.target_id = w.target_id
                             AND t.status = 'pending' AND NOT t.options ? 'focus'
                           ORDER BY t.task_id LIMIT 1) AS waiting
               FROM wanted w
           ), fresh AS (
             SELECT ord, nextval(pg_get_serial_sequence('cms_publish_task', 'task_id')) AS task_id FROM found WHERE waiting IS NULL
           ), made AS (
             INSERT INTO cms_publish_task (task_id, site_id, task_type, target_id, create_by, options)
             SELECT fresh.task_id, $1, f.task_type, f.target_id, $6, f.options::jsonb FROM fresh JOIN found f USING (ord)
           )
           SELECT coalesce(f.waiting, fresh.task_id)::text AS id, f.waiting IS NOT NULL AS reused
             FROM found f LEFT JOIN fresh USING (ord) ORDER BY f.ord`,
          [
            siteId,
            wanted.map((w) => w.type),
            wanted.map((w) => w.targetId),
            wanted.map((w) => JSON.stringify(w.extra)),
            wanted.map((w) => w.coalesce),
            operator.slice(0, 64),
          ],
        );
        const jobs = wanted.flatMap((w, i) => (rows[i].reused ? [] : [{ taskId: rows[i].id, ...w.extra }]));
        const ids = rows.map((r) => r.id);
        if (!jobs.length) return ids;
        const groups = apart ? jobs.map((job) => [job]) : [jobs];
        // One after another, so that a single process takes them in their order; only the tasks whose job was not
        // queued fail (a job already queued runs its tasks).
        const failed: Array<{ reason: Error; group: PublishTaskJob[] }> = [];
        for (const group of groups) await this.dispatch(group).catch((reason: Error) => failed.push({ reason, group }));
        if (!failed.length) return ids;
        await this.pool.query(`UPDATE cms_publish_task SET status = 'failed', error = $2, update_time = now() WHERE task_id = ANY($1::bigint[])`, [
          failed.flatMap((f) => f.group.map((j) => j.taskId)),
          `not queued: ${failed[0].reason.message}`.slice(0, 1000),
        ]);
        throw failed[0].reason;
      },
    };
  }

  /** Queues tasks as one job and notes the job on their rows; without a queue, runs them here in the background. */
  private async dispatch(jobs: PublishTaskJob[]): Promise<void> {
    const data: PublishJobData = { tasks: jobs };
    if (!this.queue.enabled) {
      setImmediate(() => void this.execute(data).catch((error: Error) => this.logger.error({ message: error.message }, 'Publish failed')));
      return;
    }
    const jobId = await this.queue.send(PUBLISH_JOB, data, { singletonKey: `cms-publish-${jobs[0].taskId}` });
    await this.pool.query(`UPDATE cms_publish_task SET job_id = $2 WHERE task_id = ANY($1::bigint[]) AND status = 'pending'`, [
      jobs.map((j) => j.taskId),
      jobId,
    ]);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Running
  // ---------------------------------------------------------------------------------------------------------------

  /**
   * The job: runs its tasks in order, up to `tasksAtOnce` at a time. Each is claimed first (a cleared or finished task is skipped); pages that fail
   * (a missing template, a template error) are listed in the task's error while the others are written. Anything else
   * (database, storage) fails that task and, once the others ran, the job, which the queue retries (finished tasks
   * are skipped then).
   */
  async execute(data: PublishJobData, signal?: AbortSignal): Promise<void> {
    const tasks = data.tasks ?? [];
    // The heartbeat covers the tasks being run (by their run's token) and the tasks still waiting in this job: if the
    // process dies, they all go stale together and the sweep queues them again.
    const running = new Map<string, number>();
    const stopHeartbeat = startHeartbeat(
      () =>
        this.pool.query(
          `UPDATE cms_publish_task SET heartbeat_time = now()
            WHERE (task_id = ANY($1::bigint[]) AND status = 'pending')
               OR (status = 'running' AND (task_id, attempts) IN (SELECT * FROM unnest($2::bigint[], $3::int[])))`,
          [tasks.map((j) => j.taskId), [...running.keys()], [...running.values()]],
        ),
      PUBLISH_LIMITS.heartbeatMs,
      { now: true },
    );
    let failure: unknown = null;
    // The site's settings and catalog tree, read once for the tasks of this job (queued together by one request).
    const models = new Map<string, Promise<SiteReadModel | null>>();
    const modelOf = (siteId: string) => {
      let model = models.get(siteId);
      if (!model) {
        models.set(siteId, (model = this.loadModel(siteId)));
        // A failed read is tried again by the next task.
        model.catch(() => models.delete(siteId));
      }
      return model;
    };
    try {
      // The tasks of one request write different files (a content's page, its lists, the home page) from what the
      // tables hold when each runs: a few run side by side, so publishing one article waits for the longest of its
      // tasks rather than for their sum.
      await eachLimit(
        tasks,
        PUBLISH_LIMITS.tasksAtOnce,
        async (job) => {
          try {
            await this.executeTask(job, running, modelOf, signal);
          } catch (error) {
            failure ??= error;
          }
        },
        signal,
      );
    } finally {
      stopHeartbeat();
    }
    if (signal?.aborted) {
      // Cancelled: the tasks of this job not started yet stop too (left pending, the sweep would queue them again).
      await this.pool.query(
        `UPDATE cms_publish_task SET status = 'failed', error = $2, heartbeat_time = NULL, update_time = now()
          WHERE task_id = ANY($1::bigint[]) AND status = 'pending'`,
        [tasks.map((j) => j.taskId), STOPPED_KEY],
      );
      this.logger.warn({ tasks: tasks.map((j) => j.taskId) }, 'Publish job stopped by staff');
      return;
    }
    if (failure) throw failure;
  }

  private async executeTask(
    job: PublishTaskJob,
    running: Map<string, number>,
    modelOf: (siteId: string) => Promise<SiteReadModel | null>,
    signal?: AbortSignal,
  ): Promise<void> {
    // Claimed when waiting, failed (a retry of its job), or running with a stale heartbeat (a dead run).
    const { rows } = await this.pool.query<{ siteId: string; taskType: PublishTaskType; targetId: string; attempts: number }>(
      `UPDATE cms_publish_task SET status = 'running', progress = 0, error = '', attempts = attempts + 1, heartbeat_time = now(), update_time = now()
        WHERE task_id = $1
          AND (status IN ('pending', 'failed') OR (status = 'running' AND COALESCE(heartbeat_time, update_time) < now() - make_interval(secs => $2)))
        RETURNING site_id AS "siteId", task_type AS "taskType", target_id AS "targetId", attempts`,
      [job.taskId, this.config.taskStaleMs / 1000],
    );
    if (!rows.length) return;
    const task = rows[0];
    running.set(job.taskId, task.attempts);
    const run = new TaskRun(job.taskId, this.pool, task.attempts, signal);
    try {
      const model = await modelOf(task.siteId);
      if (model) await this.runTask(model, task.taskType, task.targetId, job, run);
      // Pages in flight when the job was cancelled finished; what follows them was not written.
      run.checkpoint();
      const failed = run.failures.length > 0;
      const error = failed ? `${run.failures.length} failed: ${run.failures.slice(0, 5).join('; ')}`.slice(0, 1000) : '';
      await this.pool.query(
        `UPDATE cms_publish_task SET status = $2, progress = $3, total = $3, error = $4, heartbeat_time = NULL, update_time = now()
          WHERE task_id = $1 AND attempts = $5`,
        [job.taskId, failed ? 'failed' : 'done', Math.max(run.total, run.progress), error, task.attempts],
      );
      if (failed) this.logger.warn({ taskId: job.taskId, failures: run.failures.slice(0, 20) }, 'Publish task finished with failed pages');
      if (failed) appEvents.emit('publish.failed', { taskId: job.taskId, error });
      appEvents.emit('cms.site.published', { siteId: String(task.siteId) });
    } catch (error) {
      if (error instanceof PublishStopped) {
        // Stopped by staff: failed with its reason, no heartbeat left, nothing to retry or alert about.
        await this.pool.query(
          `UPDATE cms_publish_task SET status = 'failed', progress = $2, error = $3, heartbeat_time = NULL, update_time = now()
            WHERE task_id = $1 AND attempts = $4`,
          [job.taskId, Math.min(run.progress, run.total), STOPPED_KEY, task.attempts],
        );
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      this.logger.error({ taskId: job.taskId, message }, 'Publish task failed');
      appEvents.emit('publish.failed', { taskId: job.taskId, error: message });
      await this.pool
        .query(
          `UPDATE cms_publish_task SET status = 'failed', error = $2, heartbeat_time = NULL, update_time = now() WHERE task_id = $1 AND attempts = $3`,
          [job.taskId, message.slice(0, 1000), task.attempts],
        )
        .catch(() => undefined);
      throw error;
    } finally {
      running.delete(job.taskId);
    }
  }

  private async runTask(model: SiteReadModel, type: PublishTaskType, targetId: string, data: PublishTaskJob, run: TaskRun): Promise<void> {
    switch (type) {
      case 'site':
        return this.runSite(model, run, data);
      case 'index':
        // A few pages: the task's end writes its count; the pipes side by side.
        run.total = model.enabledPipes().length;
        await Promise.all(
          model.enabledPipes().map(async (pipe) => {
            const provider = model.provider(pipe);
            const source = await this.cachedSource(model.site.siteId, pipe);
            await this.writePage(provider, source, this.homeJob(model, provider), run);
            await this.writeSearchPage(model, provider, source, run);
          }),
        );
        return;
      case 'catalog': {
        const root = model.catalogsById.get(targetId);
        if (!root) return;
        const catalogs = data.publishChild ? model.subtree(targetId) : [root];
        return this.runCatalogs(model, catalogs, !!data.publishDetail, run, data.focus?.length ? new Set(data.focus) : undefined);
      }
      case 'content':
      case 'unpublish':
        return this.runContent(model, targetId, type === 'content', data.removeKeys ?? [], run);
    }
  }

  /**
   * Home, lists, details, assets and sitemap of the task's pipe (if still enabled), or of every enabled pipe; a part
   * of a split pipe other than the first writes only its share of the detail pages.
   */
  private async runSite(model: SiteReadModel, run: TaskRun, data: PublishTaskJob): Promise<void> {
    const pipes = model.enabledPipes().filter((pipe) => data.pipe === undefined || pipe === data.pipe);
    const slice = data.parts && data.parts > 1 ? { part: data.part ?? 0, parts: data.parts } : undefined;
    const detailsOnly = !!slice && slice.part > 0;
    const counts = new Map<string, Map<string, { items: number; details: number }>>();
    const assets = new Map<string, string[]>();
    for (const pipe of pipes) {
      counts.set(pipe, await this.countByCatalog(model, pipe, null, slice));
      const prefix = `cms/sites/${model.site.siteId}/assets/${pipe}`;
      assets.set(pipe, detailsOnly ? [] : await this.storage.list(prefix));
    }
    const listed = detailsOnly ? [] : [...model.catalogsById.values()].filter((c) => c.catalogType === 'common' && c.staticFlag);
    for (const pipe of pipes) {
      const byCatalog = counts.get(pipe)!;
      if (!detailsOnly) run.total += 1 + (assets.get(pipe)?.length ?? 0) + (model.site.configProps.sitemapEnabled ? 1 : 0);
      for (const catalog of listed) run.total += Math.max(1, Math.ceil((byCatalog.get(catalog.catalogId)?.items ?? 0) / model.pageSize(catalog)));
      for (const { details } of byCatalog.values()) run.total += details;
    }
    await run.flush();
    for (const pipe of pipes) {
      const provider = model.provider(pipe, true);
      const source = await this.cachedSource(model.site.siteId, pipe);
      run.checkpoint();
      if (!detailsOnly) {
        await this.writePage(provider, source, this.homeJob(model, provider), run);
        await this.writeSearchPage(model, provider, source, run);
      }
      for (const catalog of listed) {
        run.checkpoint();
        await this.writeLists(model, provider, source, catalog, counts.get(pipe)!.get(catalog.catalogId)?.items ?? 0, run);
      }
      await this.writeDetails(model, provider, source, null, run, slice);
      if (detailsOnly) continue;
      run.checkpoint();
      await this.copyAssets(model, pipe, assets.get(pipe) ?? [], run);
      run.checkpoint();
      if (model.site.configProps.sitemapEnabled) await this.writeSitemap(model, pipe, listed, run);
    }
  }

  /** List pages of catalogs (and the detail pages of their content) on every enabled pipe; `focus`: see PublishTaskJob. */
  private async runCatalogs(
    model: SiteReadModel,
    catalogs: CatalogRow[],
    withDetails: boolean,
    run: TaskRun,
    focus?: ReadonlySet<string>,
  ): Promise<void> {
    const listed = catalogs.filter((c) => c.catalogType === 'common' && c.staticFlag);
    const ids = catalogs.map((c) => c.catalogId);
    const counts = new Map<string, Map<string, { items: number; details: number }>>();
    const pipes = model.enabledPipes();
    // A content publish's task does not count first: its progress is written once at the end, and its first list page
    // tells how many pages there are (counting a catalog visits each of its rows: milliseconds an editor waits for).
    const counted = focus && !withDetails ? null : await Promise.all(pipes.map((pipe) => this.countByCatalog(model, pipe, ids)));
    for (const [i, pipe] of counted ? pipes.entries() : []) {
      const byCatalog = counted![i];
      counts.set(pipe, byCatalog);
      for (const catalog of listed) run.total += Math.max(1, Math.ceil((byCatalog.get(catalog.catalogId)?.items ?? 0) / model.pageSize(catalog)));
      if (withDetails) for (const { details } of byCatalog.values()) run.total += details;
    }
    if (!focus) await run.flush();
    // The pipes side by side: a small task waits mostly on queries and writes.
    await Promise.all(
      model.enabledPipes().map(async (pipe) => {
        const provider = model.provider(pipe, true);
        const source = await this.cachedSource(model.site.siteId, pipe);
        for (const catalog of listed) {
          run.checkpoint();
          const items = counts.has(pipe) ? (counts.get(pipe)!.get(catalog.catalogId)?.items ?? 0) : null;
          await this.writeLists(model, provider, source, catalog, items, run, focus);
        }
        run.checkpoint();
        if (withDetails) await this.writeDetails(model, provider, source, ids, run);
      }),
    );
  }

  /** One content's detail page on each pipe: written where it is published and targeted, removed everywhere else. */
  private async runContent(model: SiteReadModel, contentId: string, publish: boolean, removeKeys: string[], run: TaskRun): Promise<void> {
    const [row] = await model.contentRows([contentId]);
    const catalog = row && model.catalogsById.get(row.catalogId);
    const written = new Set<string>();
    // A few pages: the task's end writes its count; the pipes side by side.
    run.total = model.pipes.length + removeKeys.length;
    if (row && catalog) {
      await Promise.all(
        model.pipes.map(async (pipe) => {
          const key = pageKey(model.site, pipe.code, detailFile(model.site, catalog, row));
          const show = publish && row.status === 'published' && !row.linkFlag && pipe.enabled && targetsPipe(row, pipe.code);
          if (show) {
            const provider = model.provider(pipe.code);
            const source = await this.cachedSource(model.site.siteId, pipe.code);
            const [view] = await provider.withDetails([row]);
            await this.writePage(provider, source, await this.detailJob(model, provider, source, catalog, row, view), run);
            written.add(key);
          } else {
            await this.storage.delete(key);
            await run.tick();
          }
        }),
      );
    }
    for (const key of removeKeys) {
      // Keys come from the job's data: only page files of this site are touched.
      if (!written.has(key) && key.startsWith(`site/${model.site.path}/`)) await this.storage.delete(key).catch(() => undefined);
      await run.tick();
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Pages
  // ---------------------------------------------------------------------------------------------------------------

  /**
   * Template texts of a pipe, read once per run (a site publish renders thousands of pages from a few files). The
   * source is kept for the next run while every file it read still reads the same, and with it the templates the
   * engine parsed from it (`reuseParsed`): publishing one article runs three tasks on two pipes, and parsing their
   * templates again in each was a tenth of its time. A changed file gives the run a new source, parsed anew.
   */
  private async cachedSource(siteId: string, pipe: string): Promise<TemplateSource> {
    const inner = this.renderer.source(siteId, pipe);
    const key = `${siteId}/${pipe}`;
    const kept = this.templateSources.get(key);
    if (kept) {
      // A read that failed, then or now, counts as a change.
      const same = async ([path, text]: [string, Promise<string | null>]) => {
        try {
          return (await inner.read(path)) === (await text);
        } catch {
          return false;
        }
      };
      if ((await Promise.all([...kept.texts].map(same))).every(Boolean)) return kept.source;
    }
    const texts = new Map<string, Promise<string | null>>();
    const source: TemplateSource = {
      read: (path) => {
        let text = texts.get(path);
        if (!text) {
          text = inner.read(path);
          texts.set(path, text);
        }
        return text;
      },
    };
    // Sites and pipes are few; a bound all the same (a deleted site's entry would otherwise stay).
    if (this.templateSources.size >= 500) this.templateSources.clear();
    this.templateSources.set(key, { source, texts });
    return source;
  }

  /** The site search page (`search.<suffix>` at the pipe root), published with the home page when the pipe has its template. */
  private async writeSearchPage(model: SiteReadModel, provider: PipeDataProvider, source: TemplateSource, run: TaskRun): Promise<void> {
    if ((await source.read(DEFAULT_THEME_PATHS.search)) === null) return;
    run.total += 1;
    const job = { pipe: provider.pipe, file: `search.${model.site.staticSuffix}`, template: DEFAULT_THEME_PATHS.search };
    await this.writePage(provider, source, { ...job, context: { site: provider.siteSync(), pipe: provider.pipe } }, run);
  }

  private homeJob(model: SiteReadModel, provider: PipeDataProvider): PageJob {
    const pipe = provider.pipe;
    return {
      pipe,
      file: homeFile(model.site),
      template: model.site.publishPipeProps[pipe]?.indexTemplate || 'index.template.html',
      context: {
        site: provider.siteSync(),
        pipe,
        pageIndex: 1,
        pageSize: Number(model.site.configProps.pageSize) > 0 ? Number(model.site.configProps.pageSize) : 20,
      },
    };
  }

  private listJob(model: SiteReadModel, provider: PipeDataProvider, catalog: CatalogRow, page: number): PageJob {
    const props = catalog.publishPipeProps?.[provider.pipe] ?? {};
    const list =
      props.listTemplate ||
      model.site.publishPipeProps[provider.pipe]?.defaultListTemplate ||
      model.site.configProps.defaultListTemplate ||
      'list.template.html';
    return {
      pipe: provider.pipe,
      file: listFile(model.site, catalog, page),
      // The first page of a catalog may have its own (index) template.
      template: page === 1 && props.indexTemplate ? props.indexTemplate : list,
      context: {
        site: provider.siteSync(),
        catalog: provider.catalogView(catalog),
        pipe: provider.pipe,
        pageIndex: page,
        pageSize: model.pageSize(catalog),
      },
    };
  }

  private async detailJob(
    model: SiteReadModel,
    provider: PipeDataProvider,
    source: TemplateSource,
    catalog: CatalogRow,
    row: ContentRow,
    view: ContentView,
  ): Promise<PageJob> {
    let template =
      row.template ||
      catalog.publishPipeProps?.[provider.pipe]?.detailTemplate ||
      model.site.publishPipeProps[provider.pipe]?.defaultDetailTemplate ||
      model.site.configProps.defaultDetailTemplate ||
      '';
    if (!template && row.contentType !== 'article') {
      const typed = `detail_${row.contentType}.template.html`;
      if ((await source.read(typed)) !== null) template = typed;
    }
    return {
      pipe: provider.pipe,
      file: detailFile(model.site, catalog, row),
      template: template || 'detail.template.html',
      context: { site: provider.siteSync(), catalog: provider.catalogView(catalog), content: view, pipe: provider.pipe },
    };
  }

  private async renderPage(provider: PipeDataProvider, source: TemplateSource, job: PageJob): Promise<RenderResult> {
    if (!isTemplatePath(job.template)) throw new Error(`template path "${job.template.slice(0, 100)}" is not valid`);
    if ((await source.read(job.template)) === null) throw new Error(`template "${job.template}" not found on pipe ${job.pipe}`);
    return this.renderer.render(job.template, { source, provider, context: job.context, reuseParsed: true });
  }

  /** Renders and stores one page; a failure is recorded on the run and the page skipped. */
  private async writePage(provider: PipeDataProvider, source: TemplateSource, job: PageJob, run: TaskRun): Promise<RenderResult | null> {
    let result: RenderResult;
    try {
      result = await this.renderPage(provider, source, job);
    } catch (error) {
      run.fail(`${job.pipe}/${job.file}`, error);
      await run.tick();
      return null;
    }
    await this.writeFile(pageKey(provider.model.site, job.pipe, job.file), Buffer.from(result.html, 'utf8'));
    await run.tick();
    return result;
  }

  /** Stores a published file; one that is unchanged is not written again where the storage can tell cheaply. */
  private async writeFile(key: string, data: Buffer): Promise<void> {
    if (this.storage.putIfChanged) await this.storage.putIfChanged(key, data);
    else await this.storage.put(key, data);
  }

  /**
   * Every list page of a catalog; pages beyond the last (left from when it held more) are removed. With `focus`, only
   * the first page and the pages showing that content when nothing else moved (see listPagesShowing). `items`: the
   * catalog's published items as counted for the run's total, or null when not counted (then counted here only if the
   * template's list does not tell the page count).
   */
  private async writeLists(
    model: SiteReadModel,
    provider: PipeDataProvider,
    source: TemplateSource,
    catalog: CatalogRow,
    items: number | null,
    run: TaskRun,
    focus?: ReadonlySet<string>,
  ): Promise<void> {
    const pagesOf = (n: number) => Math.max(1, Math.ceil(n / model.pageSize(catalog)));
    const estimated = items === null ? null : pagesOf(items);
    const firstJob = this.listJob(model, provider, catalog, 1);
    let first: RenderResult | null = null;
    try {
      first = await this.renderPage(provider, source, firstJob);
    } catch (error) {
      run.fail(`${firstJob.pipe}/${firstJob.file}`, error);
    }
    // The template's paged list knows its page count best (it may list sub-catalogs' content too).
    const pages = first?.paging
      ? Math.max(1, first.paging.pageCount)
      : (estimated ?? pagesOf((await this.countByCatalog(model, provider.pipe, [catalog.catalogId])).get(catalog.catalogId)?.items ?? 0));
    // Read before page 1 is written: the decision compares with the pages as published.
    const only = focus && first ? await this.listPagesShowing(model, provider, catalog, first, focus) : null;
    if (first) await this.writeFile(pageKey(model.site, provider.pipe, firstJob.file), Buffer.from(first.html, 'utf8'));
    await run.tick();
    const rest = Array.from({ length: pages - 1 }, (_, i) => i + 2).filter((page) => !only || only.has(page));
    run.total += 1 + rest.length - (estimated ?? 0);
    await eachLimit(
      rest,
      PUBLISH_LIMITS.concurrency,
      (page) => this.writePage(provider, source, this.listJob(model, provider, catalog, page), run).then(() => undefined),
      run.signal,
    );
    // Stale pages beyond the last are not removed by a stopped run (it did not write them all).
    run.checkpoint();
    for (let page = pages + 1; ; page++) {
      const key = pageKey(model.site, provider.pipe, listFile(model.site, catalog, page));
      const stale = await this.storage.get(key);
      if (!stale) break;
      stale.destroy();
      await this.storage.delete(key);
    }
  }

  /**
   * The list pages of a catalog that show the focused content, when publishing it moved nothing else: each such page
   * as published holds the links of every item its window holds now, and not those of the items just before and after
   * the window (which an item arriving or leaving would have shifted in). Then every other page is as published and
   * only these change. Null (every page is rendered) when that cannot be told: the page's paged list is not known whole,
   * focused content is not in it, a page is missing, or a window differs.
   */
  private async listPagesShowing(
    model: SiteReadModel,
    provider: PipeDataProvider,
    catalog: CatalogRow,
    first: RenderResult,
    focus: ReadonlySet<string>,
  ): Promise<Set<number> | null> {
    const rows = provider.lastPagedList();
    const size = first.paging?.pageSize ?? 0;
    if (!rows || size < 1) return null;
    const pages = new Set<number>();
    for (const id of focus) {
      const index = rows.findIndex((r) => r.contentId === id);
      if (index < 0) return null;
      pages.add(Math.floor(index / size) + 1);
    }
    const url = (i: number) => (i >= 0 && i < rows.length ? provider.contentView(rows[i]).url : null);
    for (const page of pages) {
      const stream = await this.storage.get(pageKey(model.site, provider.pipe, listFile(model.site, catalog, page)));
      if (!stream) return null;
      const published = (await readAll(stream)).toString('utf8');
      const start = (page - 1) * size;
      const end = Math.min(rows.length, start + size);
      for (let i = start; i < end; i++) {
        const link = url(i);
        if (!link || !published.includes(`"${link}"`)) return null;
      }
      for (const outside of [url(start - 1), url(end)]) if (outside === '' || (outside && published.includes(`"${outside}"`))) return null;
    }
    return pages;
  }

  /**
   * Detail pages of published, non-link content (of `catalogIds`, or the whole site; with `slice`, only the content
   * whose id modulo `parts` is `part`), in batches.
   */
  private async writeDetails(
    model: SiteReadModel,
    provider: PipeDataProvider,
    source: TemplateSource,
    catalogIds: string[] | null,
    run: TaskRun,
    slice?: SiteSlice,
  ): Promise<void> {
    // One batch is read (rows, bodies, related content) while the one before it renders.
    const read = async (after: string): Promise<{ rows: ContentRow[]; views: ContentView[] }> => {
      const params: unknown[] = [model.site.siteId, provider.pipe, after, PUBLISH_LIMITS.detailBatch];
      const inCatalogs = catalogIds ? `AND c.catalog_id = ANY($${params.push(catalogIds)}::bigint[])` : '';
      const { rows } = await this.pool.query<ContentRow>(
        `SELECT ${CONTENT_COLUMNS} FROM cms_content c
          WHERE c.site_id = $1 AND ${onPipe('$2')} AND NOT c.link_flag AND c.content_id > $3 ${inCatalogs} ${inSlice(params, slice)}
          ORDER BY c.content_id LIMIT $4`,
        params,
      );
      return { rows, views: rows.length ? await provider.withDetails(rows) : [] };
    };
    run.checkpoint();
    let next = read('0');
    for (;;) {
      const { rows, views } = await next;
      if (!rows.length) return;
      const more = rows.length === PUBLISH_LIMITS.detailBatch;
      next = more ? read(rows[rows.length - 1].contentId) : Promise.resolve({ rows: [], views: [] });
      // Awaited on the next turn; a failure while this batch renders must not go unhandled meanwhile.
      next.catch(() => undefined);
      provider.preload(views);
      await eachLimit(
        rows.map((row, i) => ({ row, view: views[i] })),
        PUBLISH_LIMITS.concurrency,
        async ({ row, view }) => {
          const catalog = model.catalogsById.get(row.catalogId);
          if (!catalog) return run.tick();
          await this.writePage(provider, source, await this.detailJob(model, provider, source, catalog, row, view), run);
        },
        run.signal,
      );
      // Between batches: a cancelled job reads and writes no more (the read under way is dropped; it has its catch).
      run.checkpoint();
      if (!more) return;
    }
  }

  /** Published content per catalog on a pipe: list items (link content included) and detail pages (of `slice`, if given). */
  private async countByCatalog(
    model: SiteReadModel,
    pipe: string,
    catalogIds: string[] | null,
    slice?: SiteSlice,
  ): Promise<Map<string, { items: number; details: number }>> {
    const params: unknown[] = [model.site.siteId, pipe];
    const inCatalogs = catalogIds ? `AND c.catalog_id = ANY($${params.push(catalogIds)}::bigint[])` : '';
    const sliced = inSlice(params, slice);
    const { rows } = await this.pool.query<{ id: string; items: number; details: number }>(
      `SELECT c.catalog_id AS id, count(*)::int AS items, (count(*) FILTER (WHERE NOT c.link_flag ${sliced}))::int AS details
         FROM cms_content c WHERE c.site_id = $1 AND ${onPipe('$2')} ${inCatalogs}
        GROUP BY c.catalog_id`,
      params,
    );
    return new Map(rows.map((r) => [r.id, { items: r.items, details: r.details }]));
  }

  /** Copies the theme's static files of a pipe to `assets/` of its published folder. */
  private async copyAssets(model: SiteReadModel, pipe: string, keys: string[], run: TaskRun): Promise<void> {
    const prefix = `cms/sites/${model.site.siteId}/assets/${pipe}/`;
    await eachLimit(
      keys,
      PUBLISH_LIMITS.concurrency,
      async (key) => {
        const stream = await this.storage.get(key);
        if (stream) await this.writeFile(`${pipeFolder(model.site, pipe)}/assets/${key.slice(prefix.length)}`, await readAll(stream));
        await run.tick();
      },
      run.signal,
    );
  }

  /** sitemap.xml of a pipe: home, catalogs and published detail pages. */
  private async writeSitemap(model: SiteReadModel, pipe: string, catalogs: CatalogRow[], run: TaskRun): Promise<void> {
    const site = model.site;
    const urls: Array<{ loc: string; lastmod?: Date | null }> = [{ loc: pipeRootUrl(site, pipe) }];
    for (const catalog of catalogs) if (catalog.visible) urls.push({ loc: catalogUrl(site, pipe, catalog) });
    const { rows } = await this.pool.query<{ contentId: string; catalogId: string; staticPath: string; publishDate: Date | null }>(
      `SELECT c.content_id AS "contentId", c.catalog_id AS "catalogId", c.static_path AS "staticPath", c.publish_date AS "publishDate"
         FROM cms_content c WHERE c.site_id = $1 AND ${onPipe('$2')} AND NOT c.link_flag
        ORDER BY c.publish_date DESC NULLS LAST, c.content_id DESC LIMIT $3`,
      [site.siteId, pipe, PUBLISH_LIMITS.sitemapMaxUrls - urls.length],
    );
    for (const r of rows) {
      const catalog = model.catalogsById.get(r.catalogId);
      if (catalog) urls.push({ loc: contentUrl(site, pipe, catalog, { ...r, linkFlag: false, redirectUrl: '' }), lastmod: r.publishDate });
    }
    const body = urls
      .map((u) => `  <url><loc>${xml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ''}</url>`)
      .join('\n');
    const text = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
    await this.writeFile(pageKey(site, pipe, 'sitemap.xml'), Buffer.from(text, 'utf8'));
    await run.tick();
  }
}
