import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { In, type DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import { ServiceException } from '../common/errors/service-exception';
import { t } from '../common/i18n/i18n';
import { paginate } from '../common/paging/paginate';
import { applyTimeRange } from '../common/paging/time-range';
import { QueueService } from '../queue/queue.service';
import { SysConfigService } from '../system/config/sys-config.service';
import { SYSTEM_ACTOR } from '../check/order/check-order-run.service';
import { CheckOrderService } from '../check/order/check-order.service';
import { canTransition } from '../check/order/check-order.status';
import type {
  MemberPaymentView,
  OrderPayments,
  PayableOrder,
  PaymentChoice,
  RefundDto,
  StaffPaymentView,
  TradeDto,
} from '../check/order/order-payment';
import { describeGatewayError, PAY_TIMEOUT_PARAM, PaymentConfigService, type ActiveChannel } from './payment-config.service';
import type { NotifyLogDto, NotifyLogQueryDto, RefundQueryDto, TradeQueryDto } from './payment.dto';
import { appEvents } from '../common/events/app-events';
import { PayNotifyLog, PayRefund, PayTrade } from './payment.entity';
import {
  PaymentGatewayError,
  type NotificationAck,
  type NotificationRequest,
  type PayChannel,
  type RefundInfo,
  type RefundInput,
  type TradeInfo,
} from './payment-gateway';

/** A member's poll asks the provider about a pending trade at most this often. */
const QUERY_EVERY_MS = 5_000;
/** Less than this left before the deadline, no new trade is made (the member could not finish paying). */
const MIN_PAY_WINDOW_MS = 60_000;
const SWEEP_BATCH = 100;
/** A refund the provider has not acknowledged after this is sent again (same number). */
const RESEND_REFUND_AFTER_MS = 120_000;

/** Fen as yuan for people: 1234 -> ¥12.34. */
export const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** Our number of a payment attempt or refund: a letter, the day, 16 random hex digits (24-25 characters). */
function newNo(prefix: 'P' | 'R'): string {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return `${prefix}${day}${randomBytes(8).toString('hex').toUpperCase()}`;
}

type NotifyOutcome = 'accepted' | 'duplicate' | 'rejected';

/**
 * Online payment of check orders: trades (one per method the member tries), notifications, the periodic follow-up
 * of what a provider did not tell us, refunds. The order moves only through `CheckOrderService`; a payment and its
 * order move in one transaction, guarded by conditional updates, so a notification repeated or raced applies once.
 */
@Injectable()
export class PaymentService implements OrderPayments, OnModuleInit {
  private readonly logger = new Logger('Payment');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly channels: PaymentConfigService,
    private readonly orders: CheckOrderService,
    private readonly params: SysConfigService,
    private readonly queue: QueueService,
  ) {}

  /** The member's WeChat openid, for JSAPI payments; set by the HTTP module, which has the member service. */
  private openidOf: (memberId: string) => Promise<string | undefined> = async () => undefined;

  useOpenidLookup(lookup: (memberId: string) => Promise<string | undefined>): void {
    this.openidOf = lookup;
  }

  private get trades() {
    return this.dataSource.getRepository(PayTrade);
  }

  private get refunds() {
    return this.dataSource.getRepository(PayRefund);
  }

  onModuleInit(): void {
    this.orders.usePayments(this);
    if (this.queue.enabled)
      this.queue.registerSchedule(
        {
          name: 'payment-sweep',
          cron: '* * * * *',
          description: 'Follow pending payments and refunds at their providers; close unpaid orders past their deadline',
        },
        () => this.sweep(),
      );
  }

  // --- OrderPayments -------------------------------------------------------------------------------------------

  enabled(): Promise<boolean> {
    return this.channels.anyEnabled();
  }

  async timeoutMinutes(): Promise<number> {
    const value = Number((await this.params.getValue(PAY_TIMEOUT_PARAM.key)) ?? PAY_TIMEOUT_PARAM.fallback);
    if (!Number.isFinite(value)) return PAY_TIMEOUT_PARAM.fallback;
    return Math.min(PAY_TIMEOUT_PARAM.max, Math.max(PAY_TIMEOUT_PARAM.min, Math.round(value)));
  }

  async deadline(order: Pick<PayableOrder, 'createTime'>): Promise<Date> {
    return new Date(order.createTime.getTime() + (await this.timeoutMinutes()) * 60_000);
  }

  async start(order: PayableOrder, choice: PaymentChoice): Promise<void> {
    const active = await this.channels.active(choice.channel);
    if (!active || !active.methods.includes(choice.method))
      throw new ServiceException('payment.methodUnavailable', {
        method: `${t(`payment.channel.${choice.channel}`)} ${t(`payment.method.${choice.method}`)}`,
      });
    const deadline = await this.deadline(order);
    if (deadline.getTime() - Date.now() < MIN_PAY_WINDOW_MS) {
      await this.expireOrder(order);
      throw new ServiceException('payment.orderExpired');
    }
    const openid = choice.method === 'jsapi' ? await this.openidOf(order.memberId) : undefined;
    if (choice.method === 'jsapi' && !openid) throw new ServiceException('payment.noOpenid');

    let paidMeanwhile: PayTrade | undefined;
    // One start of an order at a time (a double click must not make two trades): a lock held while the provider answers.
    await this.dataSource.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`pay-start:${order.orderId}`]);
      const pending = await m.find(PayTrade, { where: { orderId: order.orderId, status: 'pending' }, order: { tradeId: 'DESC' } });
      // A QR code stays valid until the deadline, so asking again shows the same one; a payment page address is made anew.
      const redirects = choice.method === 'h5' || choice.method === 'wap' || choice.method === 'page';
      if (!redirects && pending.some((p) => p.channel === choice.channel && p.method === choice.method)) return;
      for (const trade of pending) {
        if ((await this.closeAtProvider(trade)) === 'paid') {
          paidMeanwhile = trade;
          return;
        }
      }
      const outTradeNo = newNo('P');
      let created;
      try {
        created = await active.gateway.create(choice.method, {
          outTradeNo,
          amount: order.totalFee,
          description: t('payment.description', { title: order.title || order.orderNo }),
          expireTime: deadline,
          notifyUrl: active.notifyUrl,
          returnUrl: choice.returnUrl,
          clientIp: choice.clientIp,
          openid,
        });
      } catch (error) {
        this.logger.warn(`Creating trade ${outTradeNo} at ${choice.channel} failed: ${(error as Error).message}`);
        throw new ServiceException('payment.providerFailed', {
          channel: t(`payment.channel.${choice.channel}`),
          reason: describeGatewayError(error),
        });
      }
      await m.save(
        m.create(PayTrade, {
          outTradeNo,
          orderId: order.orderId,
          orderNo: order.orderNo,
          channel: choice.channel,
          method: choice.method,
          amount: order.totalFee,
          status: 'pending',
          codeUrl: created.codeUrl ?? '',
          payUrl: created.payUrl ?? '',
          jsapi: created.jsapi ?? null,
          expireTime: deadline,
        }),
      );
    });
    if (paidMeanwhile) {
      await this.syncTrade(paidMeanwhile, true);
      return;
    }
    await this.orders.setPayProvider(order.orderId, choice.channel);
  }

  async sync(order: PayableOrder): Promise<boolean> {
    const pending = await this.trades.find({ where: { orderId: order.orderId, status: 'pending' } });
    let moved = false;
    for (const trade of pending) if (await this.syncTrade(trade, false)) moved = true;
    if (!moved && order.payProvider !== 'manual' && (await this.deadline(order)).getTime() < Date.now()) moved = await this.expireOrder(order);
    return moved;
  }

  async memberViews(orders: PayableOrder[]): Promise<Map<string, MemberPaymentView>> {
    const views = new Map<string, MemberPaymentView>();
    if (!orders.length) return views;
    const ids = orders.map((o) => o.orderId);
    const [trades, refunds, timeout] = await Promise.all([
      this.trades.find({ where: { orderId: In(ids) }, order: { tradeId: 'DESC' } }),
      this.refunds.find({ where: { orderId: In(ids) }, order: { refundId: 'DESC' } }),
      this.timeoutMinutes(),
    ]);
    for (const order of orders) {
      const latest = trades.find((tr) => tr.orderId === order.orderId);
      // Automatic refunds of a second payment included: the member paid that money too and should see it come back.
      const own = refunds.filter((r) => r.orderId === order.orderId);
      const waitsOnline = order.status === 'created' && order.totalFee > 0 && order.payProvider !== 'manual' && order.payProvider !== 'free';
      views.set(order.orderId, {
        payDeadline: waitsOnline || (order.status === 'cancelled' && latest) ? new Date(order.createTime.getTime() + timeout * 60_000) : null,
        payment: latest
          ? {
              channel: latest.channel,
              method: latest.method,
              status: latest.status,
              codeUrl: latest.status === 'pending' ? latest.codeUrl : '',
              qrImage: latest.status === 'pending' && latest.codeUrl ? await qrDataUrl(latest.codeUrl) : '',
              payUrl: latest.status === 'pending' ? latest.payUrl : '',
              jsapi: latest.status === 'pending' ? latest.jsapi : null,
              expireTime: latest.expireTime,
            }
          : null,
        refundedFee: own.filter((r) => r.status === 'success').reduce((sum, r) => sum + r.amount, 0),
        refunds: own.map((r) => ({ amount: r.amount, status: r.status, reason: r.reason, createTime: r.createTime, successTime: r.successTime })),
      });
    }
    return views;
  }

  async staffView(order: PayableOrder): Promise<StaffPaymentView> {
    const [trades, refunds] = await Promise.all([
      this.trades.find({ where: { orderId: order.orderId }, order: { tradeId: 'DESC' } }),
      this.refunds.find({ where: { orderId: order.orderId }, order: { refundId: 'DESC' } }),
    ]);
    const byId = new Map(trades.map((tr) => [tr.tradeId, tr]));
    return {
      payments: trades.map(toTradeDto),
      refunds: refunds.map((r) => toRefundDto(r, byId.get(r.tradeId))),
      refundedFee: refunds.filter((r) => r.status === 'success' && !r.surplus).reduce((sum, r) => sum + r.amount, 0),
      refundable: trades.filter((tr) => tr.status === 'paid').reduce((sum, tr) => sum + remainingOf(tr, refunds), 0),
    };
  }

  async refund(order: PayableOrder, amount: number | undefined, reason: string, actor: string): Promise<boolean> {
    const paid = await this.trades.find({ where: { orderId: order.orderId, status: 'paid' }, order: { tradeId: 'ASC' } });
    if (!paid.length) return false;
    const refunds = await this.refunds.find({ where: { orderId: order.orderId } });
    const trade = paid.find((tr) => remainingOf(tr, refunds) > 0);
    if (!trade) throw new ServiceException('payment.refund.nothing');
    await this.refundTrade(trade, amount, reason, actor, false);
    return true;
  }

  // --- Notifications ---------------------------------------------------------------------------------------------

  /** Handles a provider's notification: verified, matched against our trade, applied once; every outcome logged. */
  async notify(channel: PayChannel, request: NotificationRequest, ip: string): Promise<NotificationAck> {
    const active = await this.channels.active(channel, false);
    if (!active) {
      await this.log(channel, { outcome: 'rejected', message: t('payment.config.notConfigured', { channel: t(`payment.channel.${channel}`) }), ip });
      return { status: 404, contentType: 'text/plain', body: 'not configured' };
    }
    let notification;
    try {
      notification = await active.gateway.parseNotification(request);
    } catch (error) {
      await this.log(channel, { outcome: 'rejected', message: describeGatewayError(error), ip });
      return active.gateway.notificationAck(false);
    }
    try {
      if (notification.kind === 'payment') {
        const info = notification.trade;
        const base = { kind: 'payment' as const, notifyId: notification.id, outTradeNo: info.outTradeNo, ip };
        const trade = await this.trades.findOneBy({ outTradeNo: info.outTradeNo, channel });
        if (!trade) {
          await this.log(channel, { ...base, outcome: 'rejected', message: t('payment.notify.unknownTrade') });
          return active.gateway.notificationAck(false);
        }
        const mismatch = mismatchOf(active, trade, info);
        if (mismatch) {
          this.logger.warn(`Notification for ${info.outTradeNo} refused: ${mismatch} differs`);
          await this.log(channel, {
            ...base,
            outcome: 'rejected',
            message: t('payment.notify.mismatch', { field: t(`payment.notify.field.${mismatch}`) }),
          });
          return active.gateway.notificationAck(false);
        }
        if (info.state !== 'paid') {
          await this.log(channel, { ...base, outcome: 'accepted', message: t(`payment.trade.status.${info.state}`) });
          return active.gateway.notificationAck(true);
        }
        const outcome = await this.applyPaid(trade, info);
        await this.log(channel, { ...base, outcome, message: t(`payment.notify.${outcome}`) });
        return active.gateway.notificationAck(true);
      }
      const info = notification.refund;
      const base = { kind: 'refund' as const, notifyId: notification.id, outTradeNo: info.outTradeNo, ip };
      const refund = await this.refunds.findOneBy({ outRefundNo: info.outRefundNo, channel });
      if (!refund) {
        await this.log(channel, { ...base, outcome: 'rejected', message: t('payment.notify.unknownRefund') });
        return active.gateway.notificationAck(false);
      }
      if (info.amount && info.amount !== refund.amount) {
        await this.log(channel, { ...base, outcome: 'rejected', message: t('payment.notify.mismatch', { field: t('payment.notify.field.amount') }) });
        return active.gateway.notificationAck(false);
      }
      const outcome = await this.applyRefund(refund, info);
      await this.log(channel, { ...base, outcome, message: t(`payment.refund.status.${info.state}`) });
      return active.gateway.notificationAck(true);
    } catch (error) {
      // Our side failed (database): the provider is told to try again later.
      this.logger.error(`Notification of ${channel} failed: ${(error as Error).message}`);
      return active.gateway.notificationAck(false);
    }
  }

  // --- Follow-up --------------------------------------------------------------------------------------------------

  /**
   * The periodic follow-up (every minute): pending trades not heard of lately are queried, expired ones closed at
   * the provider, unpaid orders past their deadline cancelled, refunds still processing queried.
   */
  async sweep(now = new Date()): Promise<void> {
    const stale = await dueForQuery(this.trades.createQueryBuilder('p'), 'p', 'pending', 'trade_id', now);
    for (const trade of stale) await this.step(() => this.syncTrade(trade, true));

    const expired = await this.trades
      .createQueryBuilder('p')
      .where(`p.status = 'pending' AND p.expire_time < :now`, { now })
      .orderBy('p.trade_id', 'ASC')
      .take(SWEEP_BATCH)
      .getMany();
    for (const trade of expired) await this.step(() => this.closeTrade(trade));

    const cutoff = new Date(now.getTime() - (await this.timeoutMinutes()) * 60_000);
    for (const order of await this.orders.unpaidOnline(cutoff, SWEEP_BATCH)) await this.step(() => this.expireOrder(order));

    const processing = await dueForQuery(this.refunds.createQueryBuilder('r'), 'r', 'processing', 'refund_id', now);
    for (const refund of processing) await this.step(() => this.syncRefund(refund));
  }

  private async step(work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.logger.warn(`Payment follow-up step failed: ${(error as Error).message}`);
    }
  }

  /**
   * Asks the provider about a pending trade and applies the answer; true when the order moved. Unless `force`d, at
   * most once per QUERY_EVERY_MS across all readers (a conditional stamp picks the one that asks).
   */
  async syncTrade(trade: PayTrade, force: boolean): Promise<boolean> {
    const stamp = await this.trades
      .createQueryBuilder()
      .update(PayTrade)
      .set({ lastQueryTime: () => 'now()' })
      .where(`trade_id = :id AND status = 'pending'`, { id: trade.tradeId })
      .andWhere(force ? 'true' : `(last_query_time IS NULL OR last_query_time < now() - make_interval(secs => :secs))`, {
        secs: QUERY_EVERY_MS / 1000,
      })
      .execute();
    if (!stamp.affected) return false;
    const active = await this.channels.active(trade.channel, false);
    if (!active) return false;
    let info: TradeInfo;
    try {
      info = await active.gateway.query(trade.outTradeNo);
    } catch (error) {
      if (force) throw error;
      return false;
    }
    if (info.state === 'paid') {
      if (mismatchOf(active, trade, info)) return false;
      return (await this.applyPaid(trade, info)) === 'accepted';
    }
    if (info.state === 'closed') await this.markClosed(trade, '');
    return false;
  }

  /**
   * Moves a trade to paid and its order to paid in one transaction; the conditional update lets exactly one of
   * several concurrent callers (notifications, polls, the sweep) through. A payment the order no longer needs
   * (another method paid first, or it was closed) is sent back in full.
   */
  private async applyPaid(trade: PayTrade, info: TradeInfo): Promise<NotifyOutcome> {
    let orderMoved = false;
    const won = await this.dataSource.transaction(async (m) => {
      const update = await m
        .createQueryBuilder()
        .update(PayTrade)
        .set({
          status: 'paid',
          paidTime: info.paidTime ?? new Date(),
          providerTradeNo: info.providerTradeNo.slice(0, 64),
          payer: (info.payer ?? '').slice(0, 128),
        })
        .where(`trade_id = :id AND status <> 'paid'`, { id: trade.tradeId })
        .execute();
      if (!update.affected) return false;
      const reason = t('payment.paidReason', { channel: t(`payment.channel.${trade.channel}`), tradeNo: info.providerTradeNo || trade.outTradeNo });
      orderMoved = await this.orders.markPaidOnline(m, trade.orderId, trade.channel, reason);
      return true;
    });
    if (!won) return 'duplicate';
    if (orderMoved) await this.step(() => this.orders.startPaidCheck(trade.orderId));
    else {
      const fresh = await this.trades.findOneByOrFail({ tradeId: trade.tradeId });
      await this.step(() => this.refundTrade(fresh, undefined, t('payment.refund.surplusReason'), SYSTEM_ACTOR, true));
    }
    if (orderMoved) appEvents.emit('order.paid', { orderId: trade.orderId, channel: trade.channel, amount: trade.amount });
    return 'accepted';
  }

  /** Closes an unpaid trade at its provider; 'paid' when the provider says it was paid meanwhile. */
  private async closeAtProvider(trade: PayTrade): Promise<'closed' | 'paid'> {
    const active = await this.channels.active(trade.channel, false);
    if (active) {
      const outcome = await active.gateway.close(trade.outTradeNo);
      if (outcome === 'paid') return 'paid';
    }
    await this.markClosed(trade, '');
    return 'closed';
  }

  private async closeTrade(trade: PayTrade): Promise<void> {
    if ((await this.closeAtProvider(trade)) === 'paid') await this.syncTrade(trade, true);
  }

  private async markClosed(trade: PayTrade, message: string): Promise<void> {
    await this.trades
      .createQueryBuilder()
      .update(PayTrade)
      .set({ status: 'closed', closedTime: () => 'now()', message })
      .where(`trade_id = :id AND status = 'pending'`, { id: trade.tradeId })
      .execute();
  }

  /**
   * Closes an unpaid order whose time is over: its pending trades are closed at their providers first; a trade the
   * provider reports paid is taken as paid instead. True when the order moved.
   */
  private async expireOrder(order: PayableOrder): Promise<boolean> {
    for (const trade of await this.trades.findBy({ orderId: order.orderId, status: 'pending' })) {
      if ((await this.closeAtProvider(trade)) === 'paid') return this.syncTrade(trade, true);
    }
    return this.orders.expireUnpaid(order.orderId, t('payment.timeoutReason'));
  }

  // --- Refunds ----------------------------------------------------------------------------------------------------

  /**
   * Sends `amount` fen (absent: all that remains) of a paid trade back. The refund row is written first, then the
   * provider is asked; its answer (or a later notification or query) settles it. A provider that refuses at once
   * leaves the refund failed and the order as it was.
   */
  private async refundTrade(trade: PayTrade, amount: number | undefined, reason: string, actor: string, surplus: boolean): Promise<void> {
    const active = await this.channels.active(trade.channel, false);
    if (!active) throw new ServiceException('payment.config.notConfigured', { channel: t(`payment.channel.${trade.channel}`) });
    const refund = await this.dataSource.transaction(async (m) => {
      // Refunds of one trade one at a time, so two cannot both take the same remaining fen.
      await m.query('SELECT trade_id FROM pay_trade WHERE trade_id = $1 FOR UPDATE', [trade.tradeId]);
      const remaining = remainingOf(trade, await m.findBy(PayRefund, { tradeId: trade.tradeId }));
      if (remaining <= 0) throw new ServiceException('payment.refund.nothing');
      const want = amount ?? remaining;
      if (want > remaining) throw new ServiceException('payment.refund.tooMuch', { refundable: yuan(remaining) });
      return m.save(
        m.create(PayRefund, {
          outRefundNo: newNo('R'),
          tradeId: trade.tradeId,
          orderId: trade.orderId,
          channel: trade.channel,
          amount: want,
          reason: reason.slice(0, 200),
          status: 'processing',
          surplus,
          createBy: actor,
        }),
      );
    });
    appEvents.emit('refund.requested', { orderId: refund.orderId, refundId: refund.refundId, amount: refund.amount, reason, actor, surplus });
    let info: RefundInfo;
    try {
      info = await active.gateway.refund(refundRequest(refund, trade, active));
    } catch (error) {
      if (error instanceof PaymentGatewayError && error.code === 'unreachable') {
        // Whether the provider took it is unknown: the refund stays processing and the follow-up asks.
        this.logger.warn(`Refund ${refund.outRefundNo} sent, no answer: ${error.message}`);
        return;
      }
      const message = describeGatewayError(error);
      await this.applyRefund(refund, failedRefund(refund, trade, message));
      throw new ServiceException('payment.refund.providerFailed', { reason: message });
    }
    await this.applyRefund(refund, info);
  }

  private async syncRefund(refund: PayRefund): Promise<void> {
    await this.refunds.update({ refundId: refund.refundId }, { lastQueryTime: new Date() });
    const active = await this.channels.active(refund.channel, false);
    const trade = await this.trades.findOneBy({ tradeId: refund.tradeId });
    if (!active || !trade) return;
    try {
      let info = await active.gateway.queryRefund(refund.outRefundNo, trade.outTradeNo);
      // Never taken by the provider (the request was lost on the way): asked again under the same number, which
      // providers treat as the same refund, so it cannot go out twice.
      if (info.state === 'processing' && !refund.accepted && Date.now() - refund.createTime.getTime() > RESEND_REFUND_AFTER_MS)
        info = await active.gateway.refund(refundRequest(refund, trade, active));
      await this.applyRefund(refund, info);
    } catch (error) {
      // The provider never heard of it (the request was lost): it failed, nothing went back.
      if (error instanceof PaymentGatewayError && error.code === 'notFound')
        await this.applyRefund(refund, failedRefund(refund, trade, describeGatewayError(error)));
      else throw error;
    }
  }

  /**
   * Applies what the provider says of a refund, once per state: the first word that it took the refund moves a fully
   * refunded order to refunded (where the machine allows; else a log note); success and failure are logged on the order.
   */
  private async applyRefund(refund: PayRefund, info: RefundInfo): Promise<NotifyOutcome> {
    return this.dataSource.transaction(async (m) => {
      const current = await m.findOne(PayRefund, { where: { refundId: refund.refundId }, lock: { mode: 'pessimistic_write' } });
      if (!current || current.status !== 'processing') return 'duplicate';
      const trade = await m.findOneByOrFail(PayTrade, { tradeId: current.tradeId });
      const amount = yuan(current.amount);
      let changed = false;
      if ((info.state === 'processing' || info.state === 'success') && !current.accepted) {
        current.accepted = true;
        changed = true;
        if (!current.surplus) await this.noteAccepted(m, current, trade);
      }
      if (info.providerRefundId && info.providerRefundId !== current.providerRefundId) current.providerRefundId = info.providerRefundId.slice(0, 64);
      if (info.state === 'success') {
        current.status = 'success';
        current.successTime = info.successTime ?? new Date();
        await this.orders.note(current.orderId, SYSTEM_ACTOR, t('payment.refund.succeeded', { amount }), m);
        changed = true;
      } else if (info.state === 'failed' || info.state === 'closed') {
        current.status = info.state;
        current.message = (info.message ?? '').slice(0, 500);
        await this.orders.note(current.orderId, SYSTEM_ACTOR, t('payment.refund.failed', { amount, message: current.message || '-' }), m);
        changed = true;
      }
      await m.save(current);
      return changed ? 'accepted' : 'duplicate';
    });
  }

  /** The provider took a refund: a refund that leaves nothing of the order's payment moves it to refunded. */
  private async noteAccepted(m: EntityManager, refund: PayRefund, trade: PayTrade): Promise<void> {
    const reason = t('payment.refund.submitted', { amount: yuan(refund.amount), reason: refund.reason });
    const left = remainingOf(trade, await m.findBy(PayRefund, { tradeId: trade.tradeId }));
    const order = await this.orders.findById(refund.orderId);
    if (left === 0 && canTransition(order.status, 'refunded'))
      await this.orders.markRefunded(m, refund.orderId, refund.createBy || SYSTEM_ACTOR, reason);
    else await this.orders.note(refund.orderId, refund.createBy || SYSTEM_ACTOR, reason, m);
  }

  // --- Lists ------------------------------------------------------------------------------------------------------

  async tradeList(query: TradeQueryDto): Promise<PageResult<TradeDto>> {
    const qb = this.trades.createQueryBuilder('p');
    if (query.orderNo) qb.andWhere('p.order_no = :orderNo', { orderNo: query.orderNo });
    if (query.outTradeNo) qb.andWhere('p.out_trade_no = :outTradeNo', { outTradeNo: query.outTradeNo });
    if (query.channel) qb.andWhere('p.channel = :channel', { channel: query.channel });
    if (query.status) qb.andWhere('p.status = :status', { status: query.status });
    applyTimeRange(qb, 'p.create_time', query);
    const page = await paginate(qb, query, {
      sortable: { tradeId: 'p.trade_id', amount: 'p.amount', createTime: 'p.create_time', paidTime: 'p.paid_time' },
      defaultOrder: { 'p.trade_id': 'DESC' },
    });
    return { total: page.total, rows: page.rows.map(toTradeDto) };
  }

  async refundList(query: RefundQueryDto): Promise<PageResult<RefundDto>> {
    const qb = this.refunds.createQueryBuilder('r');
    if (query.orderNo) qb.andWhere('r.trade_id IN (SELECT p.trade_id FROM pay_trade p WHERE p.order_no = :orderNo)', { orderNo: query.orderNo });
    if (query.channel) qb.andWhere('r.channel = :channel', { channel: query.channel });
    if (query.status) qb.andWhere('r.status = :status', { status: query.status });
    const page = await paginate(qb, query, {
      sortable: { refundId: 'r.refund_id', amount: 'r.amount', createTime: 'r.create_time' },
      defaultOrder: { 'r.refund_id': 'DESC' },
    });
    const trades = new Map(
      (page.rows.length ? await this.trades.findBy({ tradeId: In(page.rows.map((r) => r.tradeId)) }) : []).map((tr) => [tr.tradeId, tr]),
    );
    return { total: page.total, rows: page.rows.map((r) => toRefundDto(r, trades.get(r.tradeId))) };
  }

  async notifyList(query: NotifyLogQueryDto): Promise<PageResult<NotifyLogDto>> {
    const qb = this.dataSource.getRepository(PayNotifyLog).createQueryBuilder('l');
    if (query.channel) qb.andWhere('l.channel = :channel', { channel: query.channel });
    if (query.outcome) qb.andWhere('l.outcome = :outcome', { outcome: query.outcome });
    if (query.outTradeNo) qb.andWhere('l.out_trade_no = :outTradeNo', { outTradeNo: query.outTradeNo });
    const page = await paginate(qb, query, { sortable: { logId: 'l.log_id' }, defaultOrder: { 'l.log_id': 'DESC' } });
    return { total: page.total, rows: page.rows.map((l) => ({ ...l })) };
  }

  private async log(channel: string, entry: Partial<PayNotifyLog> & Pick<PayNotifyLog, 'outcome'>): Promise<void> {
    const repo = this.dataSource.getRepository(PayNotifyLog);
    await repo.save(repo.create({ channel, ...entry, message: (entry.message ?? '').slice(0, 500), ip: (entry.ip ?? '').slice(0, 64) }));
  }
}

/**
 * Rows of `status` made more than 30 s ago and not asked about in the last 50 s (a member's poll or a notification
 * may have just settled them), oldest first: what the follow-up asks the provider about.
 */
function dueForQuery<T extends PayTrade | PayRefund>(
  qb: SelectQueryBuilder<T>,
  alias: string,
  status: string,
  idColumn: string,
  now: Date,
): Promise<T[]> {
  return qb
    .where(`${alias}.status = :status AND ${alias}.create_time < :made`, { status, made: new Date(now.getTime() - 30_000) })
    .andWhere(`(${alias}.last_query_time IS NULL OR ${alias}.last_query_time < :asked)`, { asked: new Date(now.getTime() - 50_000) })
    .orderBy(`${alias}.${idColumn}`, 'ASC')
    .take(SWEEP_BATCH)
    .getMany();
}

/** What a provider is asked for a refund (also when it is asked again under the same number). */
function refundRequest(refund: PayRefund, trade: PayTrade, active: ActiveChannel): RefundInput {
  return {
    outTradeNo: trade.outTradeNo,
    outRefundNo: refund.outRefundNo,
    amount: refund.amount,
    total: trade.amount,
    reason: refund.reason,
    notifyUrl: active.refundNotifyUrl,
  };
}

/** A refund the provider refused or never heard of, as the provider would say it. */
function failedRefund(refund: PayRefund, trade: PayTrade, message: string): RefundInfo {
  return { outRefundNo: refund.outRefundNo, outTradeNo: trade.outTradeNo, state: 'failed', amount: refund.amount, providerRefundId: '', message };
}

/** Fen of a paid trade not yet refunded or being refunded. */
function remainingOf(trade: PayTrade, refunds: PayRefund[]): number {
  const taken = refunds
    .filter((r) => r.tradeId === trade.tradeId && r.status !== 'failed' && r.status !== 'closed')
    .reduce((sum, r) => sum + r.amount, 0);
  return trade.status === 'paid' ? trade.amount - taken : 0;
}

/** Which field of a provider's trade differs from ours (amount, currency, app id, merchant), or null. */
function mismatchOf(active: ActiveChannel, trade: PayTrade, info: TradeInfo): 'amount' | 'currency' | 'appId' | 'merchantId' | null {
  if (info.amount !== trade.amount) return 'amount';
  if (info.currency && info.currency !== 'CNY') return 'currency';
  if (info.appId && info.appId !== active.appId) return 'appId';
  if (active.merchantId && info.merchantId && info.merchantId !== active.merchantId) return 'merchantId';
  return null;
}

async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

function toTradeDto(p: PayTrade): TradeDto {
  return {
    tradeId: p.tradeId,
    outTradeNo: p.outTradeNo,
    orderId: p.orderId,
    orderNo: p.orderNo,
    channel: p.channel,
    method: p.method,
    amount: p.amount,
    status: p.status,
    providerTradeNo: p.providerTradeNo,
    payer: p.payer,
    message: p.message,
    expireTime: p.expireTime,
    paidTime: p.paidTime,
    closedTime: p.closedTime,
    createTime: p.createTime,
  };
}

function toRefundDto(r: PayRefund, trade: PayTrade | undefined): RefundDto {
  return {
    refundId: r.refundId,
    outRefundNo: r.outRefundNo,
    tradeId: r.tradeId,
    outTradeNo: trade?.outTradeNo ?? '',
    orderId: r.orderId,
    orderNo: trade?.orderNo ?? '',
    channel: r.channel,
    amount: r.amount,
    reason: r.reason,
    status: r.status,
    providerRefundId: r.providerRefundId,
    message: r.message,
    successTime: r.successTime,
    createBy: r.createBy,
    createTime: r.createTime,
  };
}
