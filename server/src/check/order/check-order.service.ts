import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { In, LessThan, type DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { CHECK_TYPE_CODES, CHECK_TYPES, checkFee, type PageResult } from '@zhiwen/shared';
import type { LoginUser, MemberSession } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import { dailyFigures, type DailyFigure, type DayWindow } from '../../common/stats/daily-stats';
import type { PageQueryDto } from '../../common/paging/page-query.dto';
import { paginate } from '../../common/paging/paginate';
import { escapeLike } from '../../database/sql-helpers';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { inputErrorArgs } from '../library/check-document.service';
import { CheckProductService } from '../product/check-product.service';
import { CheckRewriteService } from '../rewrite/check-rewrite.service';
import { CHECK_TASK_LIMITS } from '../task/check-task.constants';
import { CheckTask } from '../task/check-task.entity';
import { CheckRunner } from '../task/check-runner';
import { CheckTaskService, type UploadedPaper } from '../task/check-task.service';
import type { PaperFacts } from '../task/check-worker';
import { CheckOrderRunService, SYSTEM_ACTOR } from './check-order-run.service';
import { CheckOrderTransitionService, newOrderNo } from './check-order-transition.service';
import type { CreateOrderDto, MemberOrderDto, MyOrderQueryDto, OrderDetailDto, OrderDto, OrderQueryDto } from './check-order.dto';
import { CheckOrder, CheckOrderLog } from './check-order.entity';
import type { OrderStatus } from './check-order.status';
import { reportFormatsOf, toMemberOrderDto, type MemberReportFormat } from './check-order.view';
import { NO_PAYMENT_VIEW, type OrderPayments, type PaymentChoice } from './order-payment';
import { freeProvider, manualProvider, PAYMENT_PROVIDERS, providerFor } from './payment-provider';

/** Providers of orders paid online; '' while the member has not picked one yet. */
const ONLINE_PROVIDERS = ['', 'wechat', 'alipay'];

/** Where an order's paper is kept. */
export const paperKeyOf = (orderId: string) => `check/orders/${orderId}/paper`;

export function toOrderDto(o: CheckOrder): OrderDto {
  return {
    orderId: o.orderId,
    orderNo: o.orderNo,
    title: o.title,
    author: o.author,
    productId: o.productId,
    checkType: o.checkType,
    totalFee: o.totalFee,
    charCount: o.charCount,
    status: o.status,
    payProvider: o.payProvider,
    payTime: o.payTime,
    fileName: o.fileName,
    memberId: o.memberId,
    tid: o.tid,
    remark: o.remark,
    createTime: o.createTime,
    updateTime: o.updateTime,
  };
}

/** The dashboard's figures of check orders (see `CheckOrderService.dailyStats`). */
export interface CheckOrderDailyStats {
  orders: DailyFigure;
  revenue: DailyFigure;
  finished: DailyFigure;
  failed: DailyFigure;
}

/** Orders of paper checks: members place and read their own, staff list them and move them by hand. */
@Injectable()
export class CheckOrderService {
  /** Online payment, when the payment module is loaded (it registers itself; see OrderPayments). */
  private payments?: OrderPayments;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly products: CheckProductService,
    private readonly transitions: CheckOrderTransitionService,
    private readonly run: CheckOrderRunService,
    private readonly tasks: CheckTaskService,
    private readonly rewrites: CheckRewriteService,
    private readonly runner: CheckRunner,
  ) {}

  private get repo() {
    return this.dataSource.getRepository(CheckOrder);
  }

  /** Called once by the payment module at start. */
  usePayments(payments: OrderPayments): void {
    this.payments = payments;
  }

  /**
   * Places an order: the paper is read first (a file that cannot be checked, or is longer than the type allows, is
   * refused before anything is stored), then the order, its creation log row and the paper are stored together,
   * then the payment provider for the fee decides whether it is paid at once.
   */
  async create(member: MemberSession, dto: CreateOrderDto, file: UploadedPaper | undefined): Promise<MemberOrderDto> {
    if (!file?.buffer?.length) throw new ServiceException('check.order.noFile');
    if (file.buffer.length > CHECK_TASK_LIMITS.maxFileBytes)
      throw new ServiceException('check.task.fileTooLarge', { max: CHECK_TASK_LIMITS.maxFileBytes / 1024 / 1024 });
    const product = await this.products.get(dto.productId);
    if (product.status !== '0') throw new ServiceException('check.order.productDisabled', { productName: product.productName });
    const type = CHECK_TYPES[product.checkType];
    const fileName = file.originalname.slice(0, 255);
    const fileMd5 = createHash('md5').update(file.buffer).digest('hex');
    const base = {
      title: dto.title,
      author: dto.author ?? '',
      productId: product.productId,
      checkType: product.checkType,
      fileName,
      fileMd5,
      fileSize: file.buffer.length,
      memberId: member.id,
      selfConsent: dto.selfConsent ?? false,
    };

    const earlier = type.kind === 'rewrite' ? null : await this.reusable(member.id, product.checkType, fileMd5);
    if (earlier) return this.memberDto(await this.reuse(member, base, earlier));

    const paper = await this.parse(file.buffer, fileName, type.charLimit, type.name);
    const totalFee = checkFee(product.price, product.priceMode, paper.countedChars);
    // A priced order waits for the member's choice of online payment when a channel is on, else for staff.
    const payProvider = totalFee > 0 && (await this.payments?.enabled()) ? '' : providerFor(totalFee).name;
    const order = await this.dataSource.transaction(async (m) => {
      const created = await m.save(
        // The order keeps its own type and fee: later product changes do not rewrite what was bought.
        m.create(CheckOrder, {
          ...base,
          orderNo: newOrderNo(),
          totalFee,
          charCount: paper.countedChars,
          status: 'created',
          payProvider,
        }),
      );
      created.fileKey = paperKeyOf(created.orderId);
      await m.save(created);
      await m.save(m.create(CheckOrderLog, { orderId: created.orderId, fromStatus: '', toStatus: 'created', actor: member.userName }));
      // Stored last inside the transaction: a failed write rolls the order back, so no order lacks its paper.
      await this.storage.put(created.fileKey, file.buffer);
      return created;
    });
    return this.memberDto(order);
  }

  /**
   * Pays an order with its provider: free pays at once and starts the check; manual waits for staff. Paying an
   * order that is already paid answers it as it is (a double click charges nothing twice).
   */
  async pay(member: MemberSession, orderNo: string, choice?: PaymentChoice): Promise<MemberOrderDto> {
    const order = await this.own(member.id, orderNo);
    if (order.status !== 'created') {
      if (order.status === 'cancelled' || order.status === 'refunded')
        throw new ServiceException('check.order.notPayable', { status: t(`check.order.status.${order.status}`) });
      return this.memberDto(order);
    }
    if (order.totalFee > 0 && order.payProvider !== manualProvider.name) {
      if (!choice || !this.payments) throw new ServiceException('check.order.chooseMethod');
      await this.payments.start(order, choice);
      return this.memberDto(await this.find(order.orderId));
    }
    const provider = PAYMENT_PROVIDERS.find((p) => p.name === order.payProvider) ?? providerFor(order.totalFee);
    const { outcome } = await provider.start({ orderNo: order.orderNo, totalFee: order.totalFee });
    if (outcome === 'paid') {
      await this.transitions.transition(order.orderId, 'paid', SYSTEM_ACTOR, provider.name, { payTime: new Date() });
      await this.run.startCheck(order.orderId, SYSTEM_ACTOR);
    }
    return this.memberDto(await this.find(order.orderId));
  }

  /** A finished order of the same paper, type and member whose check ended less than 24 hours ago. */
  private async reusable(memberId: string, checkType: string, fileMd5: string): Promise<CheckOrder | null> {
    return this.repo
      .createQueryBuilder('o')
      .innerJoin(CheckTask, 't', 't.task_id = o.tid')
      .where('o.member_id = :memberId AND o.check_type = :checkType AND o.file_md5 = :fileMd5', { memberId, checkType, fileMd5 })
      .andWhere(`o.status = 'done' AND t.status = 'done' AND t.finish_time > now() - interval '24 hours'`)
      .orderBy('o.order_id', 'DESC')
      .getOne();
  }

  /**
   * An order that reuses an earlier one's finished check: free, pointing at the same task, walked through the
   * machine to done in one transaction so its log says where the report came from.
   */
  private async reuse(member: MemberSession, base: Partial<CheckOrder>, earlier: CheckOrder): Promise<CheckOrder> {
    const reason = t('check.order.reused', { orderNo: earlier.orderNo });
    const order = await this.dataSource.transaction(async (m) => {
      const created = await m.save(
        m.create(CheckOrder, {
          ...base,
          orderNo: newOrderNo(),
          totalFee: 0,
          charCount: earlier.charCount,
          status: 'done',
          payProvider: freeProvider.name,
          payTime: new Date(),
          fileKey: earlier.fileKey,
          tid: earlier.tid,
          reusedOrderId: earlier.orderId,
          memberRead: false,
        }),
      );
      const steps: [string, OrderStatus][] = [
        ['', 'created'],
        ['created', 'paid'],
        ['paid', 'queued'],
        ['queued', 'checking'],
        ['checking', 'done'],
      ];
      for (const [fromStatus, toStatus] of steps) {
        await m.save(
          m.create(CheckOrderLog, {
            orderId: created.orderId,
            fromStatus,
            toStatus,
            actor: toStatus === 'created' ? member.userName : SYSTEM_ACTOR,
            reason: toStatus === 'created' ? '' : reason,
          }),
        );
      }
      return created;
    });
    return order;
  }

  /** The member's own orders, newest first. */
  async myList(memberId: string, query: MyOrderQueryDto): Promise<PageResult<MemberOrderDto>> {
    const qb = this.repo.createQueryBuilder('o').where('o.member_id = :memberId', { memberId });
    if (query.status) qb.andWhere('o.status = :status', { status: query.status });
    if (query.orderNo) qb.andWhere('o.order_no = :orderNo', { orderNo: query.orderNo });
    if (query.kind) qb.andWhere('o.check_type IN (:...types)', { types: CHECK_TYPE_CODES.filter((code) => CHECK_TYPES[code].kind === query.kind) });
    const page = await paginate(qb, query, {
      sortable: { createTime: 'o.create_time', totalFee: 'o.total_fee' },
      defaultOrder: { 'o.order_id': 'DESC' },
    });
    return { total: page.total, rows: await this.memberDtos(page.rows) };
  }

  /** One of the member's own orders; another member's answers "not found", as if it did not exist. Opening it marks it read. */
  async myGet(memberId: string, orderNo: string): Promise<MemberOrderDto> {
    let order = await this.own(memberId, orderNo);
    if (await this.run.reconcile(order)) order = await this.find(order.orderId);
    if (order.status === 'created' && this.payments && (await this.payments.sync(order))) order = await this.find(order.orderId);
    if (!order.memberRead) {
      await this.repo.update({ orderId: order.orderId }, { memberRead: true });
      order.memberRead = true;
    }
    return this.memberDto(order);
  }

  /** Finished orders the member has not opened yet. */
  async unread(memberId: string): Promise<{ count: number }> {
    return { count: await this.repo.countBy({ memberId, memberRead: false }) };
  }

  /** A report file of one of the member's finished orders, in a format its type delivers. */
  async myReport(memberId: string, orderNo: string, format: MemberReportFormat): Promise<{ stream: Readable; type: string; fileName: string }> {
    const order = await this.own(memberId, orderNo);
    if (order.status !== 'done' || !order.tid) throw new ServiceException('check.order.notFinished');
    if (!reportFormatsOf(order).includes(format)) throw new ServiceException('check.order.formatUnavailable', { format });
    const base = (order.title || order.orderNo).replace(/[\\/:*?"<>|]/g, '_');
    if (format === 'docx') return { ...(await this.rewrites.document(order)), fileName: `${base}-改写稿.docx` };
    const file = await this.tasks.report(order.tid, format);
    return { ...file, fileName: `${base}-${order.orderNo}.${format === 'pdf' ? 'pdf' : 'html'}` };
  }

  /** A rewrite that failed part-way goes on with the paragraphs still to do; nothing is charged again. */
  async resume(memberId: string, orderNo: string): Promise<MemberOrderDto> {
    const order = await this.own(memberId, orderNo);
    await this.run.resume(order, 'member');
    return this.memberDto(await this.find(order.orderId));
  }

  async list(query: OrderQueryDto): Promise<PageResult<OrderDto>> {
    const qb = this.repo.createQueryBuilder('o');
    if (query.orderNo) qb.andWhere('o.order_no = :orderNo', { orderNo: query.orderNo });
    if (query.title) qb.andWhere('o.title ILIKE :title', { title: `%${escapeLike(query.title)}%` });
    if (query.status) qb.andWhere('o.status = :status', { status: query.status });
    if (query.checkType) qb.andWhere('o.check_type = :checkType', { checkType: query.checkType });
    if (query.memberId) qb.andWhere('o.member_id = :memberId', { memberId: query.memberId });
    return this.page(qb, query);
  }

  detail(orderId: string): Promise<OrderDetailDto> {
    return this.find(orderId).then((o) => this.withLog(o));
  }

  /** Staff confirm a payment made outside the system; only orders of a provider that waits for that. */
  async confirmPayment(orderId: string, caller: LoginUser, reason = ''): Promise<OrderDetailDto> {
    const order = await this.find(orderId);
    const provider = PAYMENT_PROVIDERS.find((p) => p.name === order.payProvider);
    if (!provider?.manualConfirm) throw new ServiceException('check.order.notManualPayment', { provider: order.payProvider || '-' });
    await this.transitions.transition(orderId, 'paid', caller.userName, reason, { payTime: new Date() });
    await this.run.startCheck(orderId, caller.userName);
    return this.detail(orderId);
  }

  /** Checks a failed order again (a rewrite goes on with the paragraphs still to do). */
  async rerun(orderId: string, caller: LoginUser): Promise<OrderDetailDto> {
    await this.run.resume(await this.find(orderId), caller.userName);
    return this.detail(orderId);
  }

  /** Failed orders: the back office's notice. */
  async failedCount(): Promise<{ count: number }> {
    return { count: await this.repo.countBy({ status: 'failed' }) };
  }

  /**
   * The dashboard's order figures per day of the window: orders placed (by creation), revenue in fen (orders paid
   * that day and not refunded since), checks finished and failed (the order's log entering `done` / `failed`).
   */
  async dailyStats(window: DayWindow): Promise<CheckOrderDailyStats> {
    const [placed, paid, outcomes] = await Promise.all([
      dailyFigures(this.dataSource, window, { time: 'o.create_time', from: 'check_order o', values: { orders: 'count(*)' } }),
      dailyFigures(this.dataSource, window, {
        time: 'o.pay_time',
        from: 'check_order o',
        where: "o.status <> 'refunded'",
        values: { revenue: 'coalesce(sum(o.total_fee), 0)' },
      }),
      // Constant statuses in the text, so the partial index on finishing log rows applies.
      dailyFigures(this.dataSource, window, {
        time: 'l.create_time',
        from: 'check_order_log l',
        where: "l.to_status IN ('done', 'failed')",
        values: { finished: "count(*) FILTER (WHERE l.to_status = 'done')", failed: "count(*) FILTER (WHERE l.to_status = 'failed')" },
      }),
    ]);
    return { ...placed, ...paid, ...outcomes };
  }

  async cancel(orderId: string, caller: LoginUser, reason: string): Promise<OrderDetailDto> {
    await this.transitions.transition(orderId, 'cancelled', caller.userName, reason);
    return this.detail(orderId);
  }

  /**
   * Refunds an order: one paid online goes back through its provider (full or partial); any other is marked refunded
   * (the money goes back outside the system), which only a full refund can be.
   */
  async refund(orderId: string, caller: LoginUser, reason: string, amount?: number): Promise<OrderDetailDto> {
    const order = await this.find(orderId);
    if (!(await this.payments?.refund(order, amount, reason, caller.userName))) {
      if (amount !== undefined && amount !== order.totalFee) throw new ServiceException('check.order.partialRefundOffline');
      await this.transitions.transition(orderId, 'refunded', caller.userName, reason);
    }
    return this.detail(orderId);
  }

  // --- Used by online payment (OrderPayments); each keeps the status machine and its log the one write path. ---

  /** The order of a payment. */
  findById(orderId: string): Promise<CheckOrder> {
    return this.find(orderId);
  }

  /** Records the member's choice of channel on an order still waiting for payment. */
  async setPayProvider(orderId: string, channel: string): Promise<void> {
    await this.repo.update({ orderId, status: 'created' }, { payProvider: channel });
  }

  /** Moves a waiting order to paid inside the caller's transaction; false (nothing changed) when it no longer waits. */
  async markPaidOnline(manager: EntityManager, orderId: string, channel: string, reason: string): Promise<boolean> {
    const order = await manager.getRepository(CheckOrder).findOne({ where: { orderId }, lock: { mode: 'pessimistic_write' } });
    if (!order || order.status !== 'created') return false;
    await this.transitions.transition(orderId, 'paid', SYSTEM_ACTOR, reason, { payTime: new Date(), payProvider: channel }, manager);
    return true;
  }

  /** Starts the check of an order paid online (after its payment committed). */
  startPaidCheck(orderId: string): Promise<void> {
    return this.run.startCheck(orderId, SYSTEM_ACTOR);
  }

  /** Orders still waiting for online payment that were created before `createdBefore`. */
  unpaidOnline(createdBefore: Date, limit = 100): Promise<CheckOrder[]> {
    return this.repo.find({
      where: { status: 'created', payProvider: In(ONLINE_PROVIDERS), createTime: LessThan(createdBefore) },
      order: { orderId: 'ASC' },
      take: limit,
    });
  }

  /** Cancels a waiting order whose time to pay is over; false when it no longer waits. */
  async expireUnpaid(orderId: string, reason: string): Promise<boolean> {
    try {
      await this.transitions.transition(orderId, 'cancelled', SYSTEM_ACTOR, reason);
      return true;
    } catch (error) {
      if (error instanceof ServiceException) return false;
      throw error;
    }
  }

  /** A full refund through a provider: the order is refunded from the moment it is submitted. */
  async markRefunded(manager: EntityManager, orderId: string, actor: string, reason: string): Promise<void> {
    await this.transitions.transition(orderId, 'refunded', actor, reason, {}, manager);
  }

  /** A step of a payment or refund in the order's log (no status change). */
  note(orderId: string, actor: string, reason: string, manager?: EntityManager): Promise<void> {
    return this.transitions.note(orderId, actor, reason, manager);
  }

  private async own(memberId: string, orderNo: string): Promise<CheckOrder> {
    const order = await this.repo.findOneBy({ orderNo, memberId });
    if (!order) throw ServiceException.notFound('check.order.notFound');
    return order;
  }

  private async find(orderId: string): Promise<CheckOrder> {
    const order = await this.repo.findOneBy({ orderId });
    if (!order) throw ServiceException.notFound('check.order.notFound');
    return order;
  }

  private async withLog(order: CheckOrder): Promise<OrderDetailDto> {
    const log = await this.transitions.history(order.orderId);
    const [member] = await this.memberDtos([order]);
    const payment = this.payments ? await this.payments.staffView(order) : { payments: [], refunds: [], refundedFee: 0, refundable: 0 };
    return {
      ...toOrderDto(order),
      ...payment,
      progress: member.progress,
      stage: member.stage,
      errorMessage: member.errorMessage,
      reusedOrderId: order.reusedOrderId,
      result: member.result,
      rewrite: member.rewrite,
      log: log.map((l) => ({
        logId: l.logId,
        fromStatus: l.fromStatus,
        toStatus: l.toStatus,
        actor: l.actor,
        reason: l.reason,
        createTime: l.createTime,
      })),
    };
  }

  private async memberDto(order: CheckOrder): Promise<MemberOrderDto> {
    return (await this.memberDtos([order]))[0];
  }

  /** Orders as members see them, with the progress, figures and error of their tasks (one query for the page). */
  private async memberDtos(orders: CheckOrder[]): Promise<MemberOrderDto[]> {
    const tids = [...new Set(orders.map((o) => o.tid).filter((tid): tid is string => !!tid))];
    const tasks = new Map(
      (tids.length ? await this.dataSource.getRepository(CheckTask).findBy({ taskId: In(tids) }) : []).map((task) => [task.taskId, task]),
    );
    const rewrites = await this.rewrites.states(orders.filter((o) => CHECK_TYPES[o.checkType].kind === 'rewrite').map((o) => o.orderId));
    const productNames = await this.products.names(orders.map((o) => o.productId));
    const payments = this.payments ? await this.payments.memberViews(orders) : new Map();
    return orders.map((o) => ({
      ...toMemberOrderDto(
        o,
        o.tid ? tasks.get(o.tid) : undefined,
        rewrites.get(o.orderId),
        productNames.get(o.productId ?? '') ?? CHECK_TYPES[o.checkType].name,
      ),
      ...(payments.get(o.orderId) ?? NO_PAYMENT_VIEW),
    }));
  }

  private async page(qb: SelectQueryBuilder<CheckOrder>, query: PageQueryDto): Promise<PageResult<OrderDto>> {
    const page = await paginate(qb, query, {
      sortable: {
        orderId: 'o.order_id',
        totalFee: 'o.total_fee',
        charCount: 'o.char_count',
        status: 'o.status',
        createTime: 'o.create_time',
        payTime: 'o.pay_time',
      },
      defaultOrder: { 'o.order_id': 'DESC' },
      deferredJoin: true,
    });
    return { total: page.total, rows: page.rows.map(toOrderDto) };
  }

  /**
   * Reads the paper with the type's character limit, in the check pool. Input errors become the translated
   * `check.input.*` message; a paper over the limit gets a message naming the type and its limit, which is what the
   * member can act on.
   */
  private async parse(buffer: Buffer, fileName: string, charLimit: number, typeName: string): Promise<PaperFacts> {
    const result = await this.runner.parse(buffer, fileName, charLimit);
    if (!('inputError' in result)) return result;
    const { code, key, details } = result.inputError;
    if (code === 'too_large' && details.limit === 'chars')
      throw new ServiceException('check.order.tooLong', { checkType: typeName, max: charLimit, actual: details.actual ?? 0 });
    throw new ServiceException(key, inputErrorArgs(details));
  }
}
