import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Readable } from 'node:stream';
import { buffer as readAll } from 'node:stream/consumers';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { CHECK_TYPES, type Language } from '@zhiwen/shared';
import { ServiceException } from '../../common/errors/service-exception';
import { NoProviderError, LlmGatewayService } from '../../ai/gateway/llm-gateway.service';
import { QueueService } from '../../queue/queue.service';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { CheckAigcConfigService } from '../aigc/check-aigc-config.service';
import type { CheckReport } from '../engine/report/types';
import { applyRewrites, buildRewriteDocx, paragraphsOf, rewriteMessages, runRewrites, selectParagraphs, type RewriteMode } from '../engine/rewrite';
import { CheckIndexService } from '../library/check-index.service';
import type { LibraryKind } from '../library/check-library.constants';
import { CheckOrder } from '../order/check-order.entity';
import type { RewriteStateDto } from '../order/check-order.dto';
import { CheckRunner } from '../task/check-runner';
import { REPORT_FILES } from '../task/check-task.constants';
import { CheckRewrite, CheckRewriteParagraph } from './check-rewrite.entity';

/** The pg-boss queue of rewrites. */
export const REWRITE_JOB = 'check.rewrite';

export const REWRITE_LIMITS = {
  /** Paragraphs of one order sent to the LLM at the same time. */
  concurrency: 3,
  /** Calls per paragraph (a failed call or an unusable answer each count one) before it is marked failed. */
  maxAttempts: 3,
} as const;

export type RewriteOutcome = { ok: true } | { ok: false; error: { key: string; args: Record<string, string | number> } };

const documentKeyOf = (orderId: string) => `check/orders/${orderId}/rewritten.docx`;
const modeOf = (order: CheckOrder): RewriteMode => (order.checkType === 'qwjaigc' ? 'aigc' : 'duplicate');
/** The rate a rewrite lowers: the duplicate ratio, or the AI feature value. */
const rateOf = (report: Pick<CheckReport, 'summary' | 'aigc'>, mode: RewriteMode) =>
  mode === 'aigc' ? (report.aigc?.weightedScore ?? null) : report.summary.totalRatio;

/**
 * Full-text rewrites (全文降重, 全文降AIGC): after the order's check, its flagged paragraphs are rewritten through the
 * LLM gateway a few at a time, each outcome stored as it comes; the rewritten text is checked again and delivered as
 * a .docx with the rate before and after. A run the LLM breaks off leaves the done paragraphs stored: resuming does
 * only the rest, and nothing is charged again (the order is the same order).
 */
@Injectable()
export class CheckRewriteService implements OnModuleInit {
  private readonly logger = new Logger('CheckRewrite');
  private readonly finishedListeners: ((orderId: string, outcome: RewriteOutcome) => Promise<void>)[] = [];

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly queue: QueueService,
    private readonly gateway: LlmGatewayService,
    private readonly runner: CheckRunner,
    private readonly index: CheckIndexService,
    private readonly aigcConfig: CheckAigcConfigService,
  ) {}

  onModuleInit(): void {
    this.queue.register<{ orderId: string }>(REWRITE_JOB, ({ orderId }) => this.execute(orderId));
  }

  /** Calls `listener` when a rewrite ends (the order then becomes done or failed). */
  onFinished(listener: (orderId: string, outcome: RewriteOutcome) => Promise<void>): void {
    this.finishedListeners.push(listener);
  }

  /** Queues the rewrite of an order whose check is done (one live job per order). */
  async start(orderId: string): Promise<void> {
    await this.queue.send(REWRITE_JOB, { orderId }, { singletonKey: `check-rewrite-${orderId}` });
  }

  /** Where the rewrites of these orders stand. */
  async states(orderIds: string[]): Promise<Map<string, RewriteStateDto>> {
    if (!orderIds.length) return new Map();
    const rows = await this.dataSource.getRepository(CheckRewrite).findBy({ orderId: In(orderIds) });
    return new Map(
      rows.map((r) => [r.orderId, { paragraphs: r.paragraphs, rewritten: r.rewritten, failed: r.failed, before: r.beforeRate, after: r.afterRate }]),
    );
  }

  /** The rewritten paper (.docx) of a finished rewrite. */
  async document(order: CheckOrder): Promise<{ stream: Readable; type: string }> {
    const stream = await this.storage.get(documentKeyOf(order.orderId));
    if (!stream) throw new ServiceException('check.rewrite.missing');
    return { stream, type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
  }

  /** The job: rewrites the paragraphs still to do, then (all done) re-checks and builds the document. */
  async execute(orderId: string): Promise<void> {
    const order = await this.dataSource.getRepository(CheckOrder).findOneBy({ orderId });
    if (!order || order.status !== 'checking' || !order.tid) return;
    let outcome: RewriteOutcome;
    try {
      outcome = await this.rewrite(order);
    } catch (error) {
      this.logger.error({ orderId, message: (error as Error).message }, 'Rewrite failed');
      outcome = { ok: false, error: { key: error instanceof NoProviderError ? 'check.rewrite.noProvider' : 'check.rewrite.failed', args: {} } };
    }
    for (const listener of this.finishedListeners) await listener(orderId, outcome);
  }

  private async rewrite(order: CheckOrder): Promise<RewriteOutcome> {
    const mode = modeOf(order);
    const report = await this.readReport(order.tid!);
    const items = selectParagraphs(report, mode);
    await this.prepare(
      order.orderId,
      mode,
      rateOf(report, mode),
      items.map((item) => item.index),
    );

    const rows = await this.dataSource.getRepository(CheckRewriteParagraph).findBy({ orderId: order.orderId });
    const done = new Set(rows.filter((r) => r.status === 'done').map((r) => r.paragraphIndex));
    const todo = items.filter((item) => !done.has(item.index));
    if (todo.length && !(await this.gateway.hasProvider())) throw new NoProviderError();
    const context = { title: order.title || report.document.title, keywords: report.document.keywords };
    await runRewrites(todo, {
      concurrency: REWRITE_LIMITS.concurrency,
      maxAttempts: REWRITE_LIMITS.maxAttempts,
      rewrite: async (item, _attempt, signal) => {
        let answer = '';
        await this.gateway.stream({
          messages: rewriteMessages(item, mode, context),
          signal: signal ?? new AbortController().signal,
          onDelta: (content) => {
            answer += content;
          },
          usage: { memberId: order.memberId, memberName: '', toolSlug: `check-${order.checkType}`, generationId: null, ip: '' },
        });
        return answer;
      },
      onResult: (result) => this.store(order.orderId, result),
    });

    const stored = await this.dataSource.getRepository(CheckRewriteParagraph).findBy({ orderId: order.orderId });
    const failed = stored.filter((r) => r.status !== 'done').length;
    if (failed) return { ok: false, error: { key: 'check.rewrite.incomplete', args: { failed, total: stored.length } } };

    const rewrites = new Map(stored.map((r) => [r.paragraphIndex, r.rewritten]));
    const { text } = applyRewrites(report.text, report.paragraphs, rewrites);
    const after = await this.recheck(order, text, mode);
    const docx = await buildRewriteDocx({
      title: order.title || report.document.title,
      paragraphs: paragraphsOf(report, rewrites),
      mode,
      before: rateOf(report, mode),
      after,
    });
    await this.storage.put(documentKeyOf(order.orderId), docx);
    await this.dataSource.getRepository(CheckRewrite).update({ orderId: order.orderId }, { afterRate: after });
    return { ok: true };
  }

  /** The rewrite row and one row per flagged paragraph, kept as they are when the rewrite resumes. */
  private async prepare(orderId: string, mode: RewriteMode, before: number | null, indexes: number[]): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await m
        .createQueryBuilder()
        .insert()
        .into(CheckRewrite)
        .values({ orderId, mode, paragraphs: indexes.length, beforeRate: before })
        .orIgnore()
        .execute();
      if (indexes.length) {
        await m
          .createQueryBuilder()
          .insert()
          .into(CheckRewriteParagraph)
          .values(indexes.map((paragraphIndex) => ({ orderId, paragraphIndex })))
          .orIgnore()
          .execute();
      }
      // A resumed run tries the failed paragraphs again.
      await m.update(CheckRewriteParagraph, { orderId, status: 'failed' }, { status: 'pending' });
      await this.count(m, orderId);
    });
  }

  private async store(
    orderId: string,
    result: { index: number; status: 'done' | 'failed'; text?: string; attempts: number; error?: string },
  ): Promise<void> {
    const paragraphs = this.dataSource.getRepository(CheckRewriteParagraph);
    await paragraphs.update(
      { orderId, paragraphIndex: result.index },
      {
        status: result.status,
        rewritten: result.text ?? '',
        error: (result.error ?? '').slice(0, 500),
        attempts: () => `attempts + ${result.attempts}`,
      },
    );
    await this.count(this.dataSource.manager, orderId);
  }

  /** The rewrite's counters from its paragraph rows, in one statement. */
  private async count(m: EntityManager, orderId: string): Promise<void> {
    await m.query(
      `UPDATE check_rewrite r SET rewritten = c.done, failed = c.failed, update_time = now()
         FROM (SELECT count(*) FILTER (WHERE status = 'done') AS done, count(*) FILTER (WHERE status = 'failed') AS failed
                 FROM check_rewrite_paragraph WHERE order_id = $1) c
        WHERE r.order_id = $1`,
      [orderId],
    );
  }

  private async readReport(taskId: string): Promise<CheckReport> {
    const stream = await this.storage.get(`check/tasks/${taskId}/${REPORT_FILES.json.name}`);
    if (!stream) throw new Error(`report of task ${taskId} is missing`);
    return JSON.parse((await readAll(stream)).toString('utf8')) as CheckReport;
  }

  /** The rate of the rewritten text, checked like the original (same libraries, same AI-content backend). */
  private async recheck(order: CheckOrder, text: string, mode: RewriteMode): Promise<number | null> {
    const kinds = CHECK_TYPES[order.checkType].libraryKinds as readonly LibraryKind[];
    const scope = await this.index.checkScope({ memberId: order.memberId, paperMd5: order.fileMd5, kinds });
    const result = await this.runner.run(
      {
        file: Buffer.from(text, 'utf8'),
        fileName: 'rewritten.txt',
        title: order.title,
        aigcBackend: await this.aigcConfig.backendOptions(),
        memberId: order.memberId,
        libraryIds: [...(scope.libraryIds ?? [])],
        excludeDocIds: [...(scope.excludeDocIds ?? [])],
        language: 'zh-CN' as Language,
      },
      () => undefined,
    );
    if ('inputError' in result) return null;
    return mode === 'aigc' ? result.aigcScore : result.summary.totalRatio;
  }
}
