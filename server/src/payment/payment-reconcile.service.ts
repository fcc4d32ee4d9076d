import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../auth/login-user';
import { ServiceException } from '../common/errors/service-exception';
import { t } from '../common/i18n/i18n';
import { paginate } from '../common/paging/paginate';
import { QueueService } from '../queue/queue.service';
import { describeGatewayError, PaymentConfigService } from './payment-config.service';
import type { ReconcileDiffDto, ReconcileDiffQueryDto, ReconcileDto, ReconcileQueryDto } from './payment.dto';
import { PayReconcile, PayReconcileDiff, PayRefund, PayTrade, type DiffKind } from './payment.entity';
import type { BillLine, PayChannel } from './payment-gateway';

/** Providers keep their bills in China time; a bill date is a day there. */
const CHINA_OFFSET = '+08:00';

/** The day before `now` in China time, YYYY-MM-DD. */
export function chinaYesterday(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
}

interface Entry {
  outTradeNo: string;
  outRefundNo: string;
  orderNo: string;
  amount: number;
}

/**
 * Daily reconciliation (支付对账): each enabled provider's trade bill of a day against our paid trades and settled
 * refunds of that day. Differences are kept until staff resolve them with a note; running a day again replaces its
 * open differences and keeps the resolved ones.
 */
@Injectable()
export class PaymentReconcileService implements OnModuleInit {
  private readonly logger = new Logger('PaymentReconcile');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly channels: PaymentConfigService,
    private readonly queue: QueueService,
  ) {}

  onModuleInit(): void {
    if (this.queue.enabled)
      this.queue.registerSchedule(
        { name: 'payment-reconcile', cron: '30 10 * * *', description: "Reconcile yesterday's payments with each provider's trade bill" },
        () => this.daily(),
      );
  }

  /** Yesterday for every enabled channel (providers publish the bill of a day by 10:00 the next day). */
  async daily(now = new Date()): Promise<void> {
    for (const channel of ['wechat', 'alipay'] as PayChannel[]) {
      if (!(await this.channels.active(channel))) continue;
      await this.run(channel, chinaYesterday(now), 'system').catch((e: Error) => this.logger.warn(`Reconciling ${channel} failed: ${e.message}`));
    }
  }

  async run(channel: PayChannel, billDate: string, actor: string): Promise<ReconcileDto> {
    if (Number.isNaN(Date.parse(`${billDate}T00:00:00${CHINA_OFFSET}`))) throw new ServiceException('payment.reconcile.badDate');
    if (billDate >= chinaYesterday(new Date(Date.now() + 86_400_000))) throw new ServiceException('payment.reconcile.notBeforeToday');
    const active = await this.channels.active(channel, false);
    if (!active) throw new ServiceException('payment.config.notConfigured', { channel: t(`payment.channel.${channel}`) });

    let lines: BillLine[];
    try {
      lines = await active.gateway.tradeBill(billDate);
    } catch (error) {
      const message = describeGatewayError(error);
      await this.saveRun(channel, billDate, actor, { status: 'failed', message, billCount: 0, localCount: 0 }, []);
      throw new ServiceException('payment.reconcile.failed', { reason: message });
    }
    const local = await this.localEntries(channel, billDate);
    const diffs: Partial<PayReconcileDiff>[] = [];
    for (const tradeKind of ['payment', 'refund'] as const) {
      const key = (e: { outTradeNo: string; outRefundNo?: string }) => (tradeKind === 'payment' ? e.outTradeNo : (e.outRefundNo ?? ''));
      const remote = new Map<string, number>();
      for (const line of lines.filter((l) => l.kind === tradeKind)) remote.set(key(line), (remote.get(key(line)) ?? 0) + line.amount);
      const ours = new Map(local[tradeKind].map((e) => [key(e), e]));
      const orderNos = await this.orderNosOf(
        tradeKind,
        [...remote.keys()].filter((k) => !ours.has(k)),
      );
      for (const [no, amount] of remote) {
        const mine = ours.get(no);
        const kind: DiffKind | null = !mine ? 'missingLocal' : mine.amount !== amount ? 'amountMismatch' : null;
        if (!kind) continue;
        const line = lines.find((l) => l.kind === tradeKind && key(l) === no)!;
        diffs.push({
          kind,
          tradeKind,
          outTradeNo: line.outTradeNo,
          outRefundNo: line.outRefundNo ?? '',
          orderNo: mine?.orderNo ?? orderNos.get(no) ?? '',
          localAmount: mine?.amount ?? null,
          remoteAmount: amount,
        });
      }
      for (const [no, mine] of ours) {
        if (remote.has(no)) continue;
        diffs.push({
          kind: 'missingRemote',
          tradeKind,
          outTradeNo: mine.outTradeNo,
          outRefundNo: mine.outRefundNo,
          orderNo: mine.orderNo,
          localAmount: mine.amount,
          remoteAmount: null,
        });
      }
    }
    const run = await this.saveRun(
      channel,
      billDate,
      actor,
      { status: 'done', message: '', billCount: lines.length, localCount: local.payment.length + local.refund.length },
      diffs,
    );
    return run;
  }

  /** Our paid trades and the refunds the provider bills on the day (China time). */
  private async localEntries(channel: PayChannel, billDate: string): Promise<Record<'payment' | 'refund', Entry[]>> {
    const from = `${billDate}T00:00:00${CHINA_OFFSET}`;
    const trades = await this.dataSource
      .getRepository(PayTrade)
      .createQueryBuilder('p')
      .where(
        `p.channel = :channel AND p.status = 'paid' AND p.paid_time >= :from::timestamptz AND p.paid_time < :from::timestamptz + interval '1 day'`,
        {
          channel,
          from,
        },
      )
      .getMany();
    // WeChat bills a refund on the day it accepted it (whatever became of it); Alipay on the day the money went back.
    const [billed, time] = channel === 'wechat' ? ['r.accepted', 'r.create_time'] : [`r.status = 'success'`, 'r.success_time'];
    const refunds = await this.dataSource
      .getRepository(PayRefund)
      .createQueryBuilder('r')
      .innerJoinAndMapOne('r.trade', PayTrade, 'p', 'p.trade_id = r.trade_id')
      .where(`r.channel = :channel AND ${billed} AND ${time} >= :from::timestamptz AND ${time} < :from::timestamptz + interval '1 day'`, {
        channel,
        from,
      })
      .getMany();
    return {
      payment: trades.map((p) => ({ outTradeNo: p.outTradeNo, outRefundNo: '', orderNo: p.orderNo, amount: p.amount })),
      refund: refunds.map((r) => {
        const trade = (r as PayRefund & { trade: PayTrade }).trade;
        return { outTradeNo: trade.outTradeNo, outRefundNo: r.outRefundNo, orderNo: trade.orderNo, amount: r.amount };
      }),
    };
  }

  /** Order numbers of trades we know under another state (a bill line paid there, pending or closed here). */
  private async orderNosOf(tradeKind: 'payment' | 'refund', nos: string[]): Promise<Map<string, string>> {
    if (!nos.length) return new Map();
    const rows: { no: string; order_no: string }[] =
      tradeKind === 'payment'
        ? await this.dataSource.query(`SELECT out_trade_no AS no, order_no FROM pay_trade WHERE out_trade_no = ANY($1)`, [nos])
        : await this.dataSource.query(
            `SELECT r.out_refund_no AS no, p.order_no FROM pay_refund r JOIN pay_trade p ON p.trade_id = r.trade_id WHERE r.out_refund_no = ANY($1)`,
            [nos],
          );
    return new Map(rows.map((r) => [r.no, r.order_no]));
  }

  private async saveRun(
    channel: PayChannel,
    billDate: string,
    actor: string,
    result: Pick<PayReconcile, 'status' | 'message' | 'billCount' | 'localCount'>,
    diffs: Partial<PayReconcileDiff>[],
  ): Promise<ReconcileDto> {
    const reconcileId = await this.dataSource.transaction(async (m) => {
      const [row] = await m.query(
        `INSERT INTO pay_reconcile (channel, bill_date, status, bill_count, local_count, diff_count, message, create_by, create_time)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now())
         ON CONFLICT (channel, bill_date) DO UPDATE SET status = EXCLUDED.status, bill_count = EXCLUDED.bill_count,
           local_count = EXCLUDED.local_count, diff_count = EXCLUDED.diff_count, message = EXCLUDED.message,
           create_by = EXCLUDED.create_by, create_time = now()
         RETURNING reconcile_id`,
        [channel, billDate, result.status, result.billCount, result.localCount, diffs.length, result.message.slice(0, 500), actor],
      );
      const id = String(row.reconcile_id);
      if (result.status === 'failed') return id;
      await m.delete(PayReconcileDiff, { reconcileId: id, status: 'open' });
      const resolved = await m.findBy(PayReconcileDiff, { reconcileId: id, status: 'resolved' });
      const seen = new Set(resolved.map((d) => `${d.kind}:${d.tradeKind}:${d.outTradeNo}:${d.outRefundNo}`));
      const fresh = diffs.filter((d) => !seen.has(`${d.kind}:${d.tradeKind}:${d.outTradeNo}:${d.outRefundNo}`));
      if (fresh.length) await m.save(fresh.map((d) => m.create(PayReconcileDiff, { ...d, reconcileId: id, channel, billDate, status: 'open' })));
      return id;
    });
    return this.get(reconcileId);
  }

  async get(reconcileId: string): Promise<ReconcileDto> {
    const page = await this.list({ pageNum: 1, pageSize: 1 }, reconcileId);
    if (!page.rows.length) throw ServiceException.notFound('payment.reconcile.notFound');
    return page.rows[0];
  }

  async list(query: ReconcileQueryDto, reconcileId?: string): Promise<PageResult<ReconcileDto>> {
    const qb = this.dataSource.getRepository(PayReconcile).createQueryBuilder('r');
    if (reconcileId) qb.andWhere('r.reconcile_id = :reconcileId', { reconcileId });
    if (query.channel) qb.andWhere('r.channel = :channel', { channel: query.channel });
    if (query.status) qb.andWhere('r.status = :status', { status: query.status });
    const page = await paginate(qb, query, {
      sortable: { billDate: 'r.bill_date', createTime: 'r.create_time' },
      defaultOrder: { 'r.bill_date': 'DESC', 'r.channel': 'ASC' },
    });
    const counts = new Map<string, number>();
    if (page.rows.length) {
      const rows: { reconcile_id: string; n: number }[] = await this.dataSource.query(
        `SELECT reconcile_id::text, count(*)::int AS n FROM pay_reconcile_diff WHERE status = 'open' AND reconcile_id = ANY($1::bigint[]) GROUP BY reconcile_id`,
        [page.rows.map((r) => r.reconcileId)],
      );
      for (const r of rows) counts.set(r.reconcile_id, r.n);
    }
    return { total: page.total, rows: page.rows.map((r) => ({ ...r, openCount: counts.get(r.reconcileId) ?? 0 })) };
  }

  async diffs(query: ReconcileDiffQueryDto): Promise<PageResult<ReconcileDiffDto>> {
    const qb = this.dataSource.getRepository(PayReconcileDiff).createQueryBuilder('d');
    if (query.channel) qb.andWhere('d.channel = :channel', { channel: query.channel });
    if (query.billDate) qb.andWhere('d.bill_date = :billDate', { billDate: query.billDate });
    if (query.status) qb.andWhere('d.status = :status', { status: query.status });
    if (query.kind) qb.andWhere('d.kind = :kind', { kind: query.kind });
    const page = await paginate(qb, query, { sortable: { diffId: 'd.diff_id', billDate: 'd.bill_date' }, defaultOrder: { 'd.diff_id': 'DESC' } });
    return { total: page.total, rows: page.rows.map((d) => ({ ...d })) };
  }

  async resolve(diffId: string, resolution: string, caller: LoginUser): Promise<ReconcileDiffDto> {
    const repo = this.dataSource.getRepository(PayReconcileDiff);
    const update = await repo
      .createQueryBuilder()
      .update(PayReconcileDiff)
      .set({ status: 'resolved', resolution: resolution.slice(0, 500), resolvedBy: caller.userName, resolvedTime: () => 'now()' })
      .where(`diff_id = :diffId AND status = 'open'`, { diffId })
      .execute();
    const diff = await repo.findOneBy({ diffId });
    if (!diff) throw ServiceException.notFound('payment.reconcile.diffNotFound');
    if (!update.affected) throw new ServiceException('payment.reconcile.alreadyResolved');
    return { ...diff };
  }
}
