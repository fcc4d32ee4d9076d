import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { appEvents } from '../../common/events/app-events';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import { CHECK_TYPES } from '@zhiwen/shared';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.token';
import { ServiceException } from '../../common/errors/service-exception';
import { StaleTaskSweep } from '../../common/tasks/task-liveness';
import { MemberExpService } from '../../member/exp/member-exp.service';
import { QueueService } from '../../queue/queue.service';
import { CheckRewriteService } from '../rewrite/check-rewrite.service';
import { CheckTask } from '../task/check-task.entity';
import { CheckTaskService } from '../task/check-task.service';
import { CheckOrderTransitionService } from './check-order-transition.service';
import { CheckOrder } from './check-order.entity';
import type { OrderStatus } from './check-order.status';

/** Actor of the log rows the system writes itself. */
export const SYSTEM_ACTOR = 'system';

/**
 * Runs paid orders: a paid order gets a check task (its type's libraries, its paper), and from then on follows the
 * task (queued -> checking -> done | failed). A rewrite order's finished check hands over to the rewrite. Paid
 * orders whose task was never made (a crash between the two) are picked up by a sweep, so no paid order is lost.
 */
@Injectable()
export class CheckOrderRunService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('CheckOrder');
  private readonly sweeper = new StaleTaskSweep(
    this.logger,
    () => this.recoverPaid(),
    () => this.config.taskStaleMs,
  );

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queue: QueueService,
    private readonly tasks: CheckTaskService,
    private readonly transitions: CheckOrderTransitionService,
    private readonly rewrites: CheckRewriteService,
    private readonly exp: MemberExpService,
  ) {}

  private get repo() {
    return this.dataSource.getRepository(CheckOrder);
  }

  onModuleInit(): void {
    this.tasks.onStatusChange(({ taskId, status }) => this.followTask(taskId, status));
    this.rewrites.onFinished((orderId, outcome) => this.finish(orderId, outcome.ok ? 'done' : 'failed', outcome.ok ? undefined : outcome.error));
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runJobs || !this.queue.enabled) return;
    await this.sweeper.start();
  }

  onModuleDestroy(): void {
    this.sweeper.stop();
  }

  /**
   * Starts the check of a paid order: the task is made and linked (paid -> queued) before its job is sent, so the
   * run always finds its order. Of two concurrent starts the second finds the order queued and drops its task.
   */
  async startCheck(orderId: string, actor: string): Promise<void> {
    const order = await this.repo.findOneBy({ orderId });
    if (!order || order.status !== 'paid') return;
    const type = CHECK_TYPES[order.checkType];
    const task = await this.tasks.create({
      title: order.title,
      author: order.author,
      fileName: order.fileName,
      fileKey: order.fileKey,
      fileSize: order.fileSize,
      fileMd5: order.fileMd5,
      memberId: order.memberId,
      libraryKinds: type.libraryKinds,
      selfConsent: order.selfConsent && type.kind !== 'aigc',
      createBy: actor,
      reportScope: type.kind === 'aigc' ? 'aigc' : 'all',
    });
    try {
      await this.transitions.transition(orderId, 'queued', actor, '', { tid: task.taskId });
    } catch (error) {
      await this.dataSource.getRepository(CheckTask).delete({ taskId: task.taskId });
      if (error instanceof ServiceException) return;
      throw error;
    }
    await this.tasks.enqueue(task.taskId);
  }

  /**
   * Moves the order of a task along with it (called on each status change of a run, and by reconcile). The listener
   * and a reader's reconcile may both try the same move: the row lock lets one win, the other finds it made.
   */
  async followTask(taskId: string, status: 'running' | 'done' | 'failed'): Promise<void> {
    const order = await this.repo.findOne({ where: { tid: taskId, status: In(['queued', 'checking']) } });
    if (!order) return;
    if (order.status === 'queued' && !(await this.tryTransition(order.orderId, 'checking'))) return;
    if (status === 'running') return;
    if (status === 'done' && CHECK_TYPES[order.checkType].kind === 'rewrite') return this.rewrites.start(order.orderId);
    await this.finish(order.orderId, status);
  }

  /** A system move that another process may have made first: false (and nothing changed) when it is no longer legal. */
  private async tryTransition(orderId: string, to: OrderStatus, changes: Partial<CheckOrder> = {}): Promise<boolean> {
    try {
      await this.transitions.transition(orderId, to, SYSTEM_ACTOR, '', changes);
      return true;
    } catch (error) {
      if (error instanceof ServiceException) return false;
      throw error;
    }
  }

  /**
   * Catches an active order up with its task when a status change was missed (a listener that failed): true when
   * the order moved. Rewrite orders are left to their rewrite once the check is done.
   */
  async reconcile(order: CheckOrder): Promise<boolean> {
    if (!order.tid || (order.status !== 'queued' && order.status !== 'checking')) return false;
    const task = await this.dataSource.getRepository(CheckTask).findOneBy({ taskId: order.tid });
    if (!task || task.status === 'queued') return false;
    if (task.status === 'running' && order.status === 'checking') return false;
    if (task.status === 'done' && order.status === 'checking' && CHECK_TYPES[order.checkType].kind === 'rewrite') return false;
    await this.followTask(task.taskId, task.status);
    return true;
  }

  /**
   * Runs a failed order again, nothing charged: a rewrite whose check is done goes on with the paragraphs still to
   * do; any other order is checked again.
   */
  async resume(order: CheckOrder, actor: string): Promise<void> {
    if (order.status !== 'failed') throw new ServiceException('check.order.notResumable', {});
    const task = order.tid ? await this.dataSource.getRepository(CheckTask).findOneBy({ taskId: order.tid }) : null;
    if (!task) throw new ServiceException('check.order.notResumable', {});
    await this.transitions.transition(order.orderId, 'queued', actor, '', { errorKey: '', errorArgs: {} });
    if (task.status === 'done' && CHECK_TYPES[order.checkType].kind === 'rewrite') {
      await this.transitions.transition(order.orderId, 'checking', SYSTEM_ACTOR);
      return this.rewrites.start(order.orderId);
    }
    await this.tasks.rerun(task.taskId);
  }

  /** Paid orders left without a task for a while (the process stopped between payment and the task). */
  async recoverPaid(): Promise<void> {
    const stale = await this.repo
      .createQueryBuilder('o')
      .where(`o.status = 'paid' AND o.tid IS NULL AND o.update_time < now() - make_interval(secs => :secs)`, {
        secs: this.config.taskStaleMs / 1000,
      })
      .getMany();
    for (const order of stale) await this.startCheck(order.orderId, SYSTEM_ACTOR);
  }

  /** The end of an order: the member is told (unread), a finished one earns the member its experience. */
  private async finish(orderId: string, to: 'done' | 'failed', error?: { key: string; args: Record<string, string | number> }): Promise<void> {
    const moved = await this.tryTransition(orderId, to, { memberRead: false, ...(error ? { errorKey: error.key, errorArgs: error.args } : {}) });
    if (moved && to === 'failed') appEvents.emit('check.failed', { orderId, errorKey: error?.key, errorArgs: error?.args });
    if (moved && to === 'done') {
      const order = await this.repo.findOneByOrFail({ orderId });
      await this.exp.grantQuietly(order.memberId, 'checkOrder', { refId: order.orderNo });
    }
  }
}
