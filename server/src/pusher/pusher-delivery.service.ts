import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { PageResult } from '@zhiwen/shared';
import { createHash, randomUUID } from 'node:crypto';
import type { DataSource, Repository } from 'typeorm';
import type { AppConfig } from '../common/config/app-config';
import { APP_CONFIG } from '../common/config/config.token';
import { ServiceException } from '../common/errors/service-exception';
import { appEvents, type AppEventMap, type AppEventMeta } from '../common/events/app-events';
import { hasMessage, t, type MessageArgs } from '../common/i18n/i18n';
import { paginate } from '../common/paging/paginate';
import { QueueService } from '../queue/queue.service';
import { push, PushError, type PushMessage } from './pusher-clients';
import type { PusherDeliveryQueryDto } from './pusher.dto';
import { PusherDelivery, type PusherEvent } from './pusher.entity';
import { PusherService } from './pusher.service';

export const PUSHER_DELIVER_JOB = 'pusher.deliver';

/** Messages are written in the product's default language (robots and mailboxes have no request language). */
const LANG = 'zh-CN';
const m = (key: string, args?: MessageArgs) => t(key, args, LANG);
const line = (label: string, value: string | number) => `${m(`pusher.label.${label}`)}：${value}`;
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/**
 * Turns events into deliveries: each event a channel subscribes to becomes one row of `pusher_delivery` (unique per
 * event and channel, so however many listeners see the event it is pushed once) and one queue job, retried with
 * back-off until it is delivered or the attempts run out. The row is the delivery log.
 */
@Injectable()
export class PusherDeliveryService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Pusher');
  private readonly unsubscribe: Array<() => void> = [];

  constructor(
    @InjectRepository(PusherDelivery) private readonly deliveries: Repository<PusherDelivery>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly channels: PusherService,
    private readonly queue: QueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.queue.register<{ deliveryId: string }>(PUSHER_DELIVER_JOB, async (data) => {
      await this.attempt(data.deliveryId);
    });
    this.unsubscribe.push(
      appEvents.on('check.failed', (p, meta) => this.onCheckFailed(p, meta)),
      appEvents.on('order.paid', (p, meta) => this.onOrderPaid(p, meta)),
      appEvents.on('refund.requested', (p, meta) => this.onRefund(p, meta)),
      appEvents.on('publish.failed', (p, meta) => this.onPublishFailed(p, meta)),
      appEvents.on('staff.signIn', (p, meta) => this.onStaffSignIn(p, meta)),
    );
  }

  onModuleDestroy(): void {
    for (const off of this.unsubscribe.splice(0)) off();
  }

  async list(query: PusherDeliveryQueryDto): Promise<PageResult<PusherDelivery>> {
    const qb = this.deliveries.createQueryBuilder('d');
    if (query.channelId) qb.andWhere('d.channel_id = :channelId', { channelId: query.channelId });
    if (query.event) qb.andWhere('d.event = :event', { event: query.event });
    if (query.status) qb.andWhere('d.status = :status', { status: query.status });
    return paginate(qb, query, {
      sortable: { deliveryId: 'd.delivery_id', createTime: 'd.create_time' },
      defaultOrder: { 'd.delivery_id': 'DESC' },
    });
  }

  /** 测试发送: one attempt now, logged like any delivery; a failure is answered with its reason. */
  async testSend(channelId: string): Promise<{ deliveryId: string; response: string }> {
    const { channel } = (await this.channels.openForSend(channelId).catch(() => null)) ?? { channel: undefined };
    const name = channel?.name ?? (await this.channels.get(channelId)).name;
    const [row] = await this.insert(randomUUID(), 'test', { title: m('pusher.event.test'), lines: [m('pusher.testBody', { name })] }, channelId);
    const outcome = await this.attempt(row, { final: true });
    if (outcome.error) throw new ServiceException('pusher.testFailed', { reason: outcome.error });
    return { deliveryId: row, response: outcome.response };
  }

  // --- events -----------------------------------------------------------------------------------------------------

  private async onCheckFailed(p: AppEventMap['check.failed'], meta: AppEventMeta): Promise<void> {
    const order = await this.order(p.orderId);
    const lines = [line('orderNo', order.orderNo), line('paperTitle', order.title)];
    // The order's own reason, else its check task's (as the order screen shows it).
    const [task] = (await this.dataSource.query(
      `SELECT t.error_key AS "key", t.error_args AS "args" FROM check_order o JOIN check_task t ON t.task_id = o.tid WHERE o.order_id = $1`,
      [p.orderId],
    )) as Array<{ key: string; args: Record<string, string | number> }>;
    const reason = p.errorKey ? m(p.errorKey, p.errorArgs) : task?.key ? m(task.key, task.args) : '';
    if (reason) lines.push(line('reason', reason));
    await this.dispatch('check.failed', meta, lines);
  }

  private async onOrderPaid(p: AppEventMap['order.paid'], meta: AppEventMeta): Promise<void> {
    const order = await this.order(p.orderId);
    const channel = hasMessage(`payment.channel.${p.channel}`, LANG) ? m(`payment.channel.${p.channel}`) : p.channel;
    await this.dispatch('order.paid', meta, [
      line('orderNo', order.orderNo),
      line('paperTitle', order.title),
      line('amount', yuan(p.amount)),
      line('payChannel', channel),
    ]);
  }

  private async onRefund(p: AppEventMap['refund.requested'], meta: AppEventMeta): Promise<void> {
    const order = await this.order(p.orderId);
    await this.dispatch('refund.requested', meta, [
      line('orderNo', order.orderNo),
      line('amount', yuan(p.amount)),
      line('reason', p.surplus ? m('pusher.label.automatic') : p.reason || '-'),
      line('actor', p.actor),
    ]);
  }

  private async onPublishFailed(p: AppEventMap['publish.failed'], meta: AppEventMeta): Promise<void> {
    const [task] = (await this.dataSource.query(
      `SELECT t.task_type AS "taskType", s.name AS "siteName" FROM cms_publish_task t LEFT JOIN cms_site s USING (site_id) WHERE t.task_id = $1`,
      [p.taskId],
    )) as Array<{ taskType: string; siteName: string | null }>;
    // A failed task's job is retried and each run emits: one id per task makes it one message.
    await this.dispatch('publish.failed', { ...meta, id: stableId(`publish.failed:${p.taskId}`) }, [
      line('task', `#${p.taskId} ${task?.taskType ?? ''}`.trim()),
      line('site', task?.siteName ?? '-'),
      line('error', p.error.slice(0, 300) || '-'),
    ]);
  }

  /**
   * A sign-in is news when the user has signed in before, but never from this address. The login log already holds
   * this sign-in (the event comes after it is written), so "new" means exactly one successful row from the address.
   */
  private async onStaffSignIn(p: AppEventMap['staff.signIn'], meta: AppEventMeta): Promise<void> {
    const [known] = (await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE ipaddr = $2)::int AS same, count(*)::int AS total
         FROM sys_logininfor WHERE user_name = $1 AND realm = 'staff' AND status = '0'`,
      [p.userName, p.ipaddr],
    )) as Array<{ same: number; total: number }>;
    if (!known || known.same > 1 || known.total <= known.same) return;
    await this.dispatch('staff.newAddress', meta, [line('user', p.userName), line('ip', p.ipaddr), line('client', `${p.browser} / ${p.os}`)]);
  }

  private async order(orderId: string): Promise<{ orderNo: string; title: string }> {
    const [row] = (await this.dataSource.query(`SELECT order_no AS "orderNo", title FROM check_order WHERE order_id = $1`, [orderId])) as Array<{
      orderNo: string;
      title: string;
    }>;
    return row ?? { orderNo: `#${orderId}`, title: '-' };
  }

  // --- delivery ---------------------------------------------------------------------------------------------------

  /** One delivery for every enabled channel subscribed to the event, each sent by a queue job. */
  private async dispatch(event: PusherEvent, meta: AppEventMeta, lines: string[]): Promise<void> {
    const time = meta.time.toLocaleString(LANG, { hour12: false });
    const ids = await this.insert(meta.id, event, { title: m(`pusher.event.${event}`), lines: [...lines, line('time', time)] });
    for (const id of ids) {
      if (!this.queue.enabled) {
        // No queue in this process: one attempt now, no retries.
        await this.attempt(id, { final: true });
        continue;
      }
      await this.queue
        .send(
          PUSHER_DELIVER_JOB,
          { deliveryId: id },
          { retryLimit: this.config.pusher.retryLimit, retryDelay: this.config.pusher.retryDelaySeconds, retryBackoff: true },
        )
        // Not queued: the log says so rather than showing it waiting for ever.
        .catch((error: Error) => this.deliveries.update({ deliveryId: id }, { status: 'failed', error: error.message.slice(0, 1000) }));
    }
  }

  /** Log rows of an event (for the given channel, or every subscribed enabled one); the ids of those created now. */
  private async insert(eventId: string, event: PusherEvent | 'test', message: PushMessage, channelId?: string): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `INSERT INTO pusher_delivery (event_id, channel_id, channel_name, channel_type, event, title, content)
       SELECT $1::uuid, channel_id, name, channel_type, $2::text, $3::text, $4::text FROM pusher_channel
        WHERE ${channelId ? 'channel_id = $5' : 'enabled AND $2::text = ANY (events)'}
       ON CONFLICT (event_id, channel_id) DO NOTHING
       RETURNING delivery_id::text AS id`,
      [eventId, event, message.title.slice(0, 200), message.lines.join('\n'), ...(channelId ? [channelId] : [])],
    )) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  }

  /**
   * One try of a delivery. A failure that may still be retried throws (so the queue retries it with back-off) after
   * noting it; the last allowed attempt, or `final`, ends it failed.
   */
  private async attempt(deliveryId: string, options: { final?: boolean } = {}): Promise<{ response: string; error?: string }> {
    const row = await this.deliveries.findOneBy({ deliveryId });
    if (!row || row.status === 'success' || row.status === 'failed') return { response: row?.response ?? '' };
    const attempts = row.attempts + 1;
    try {
      const opened = await this.channels.openForSend(row.channelId);
      if (!opened) throw new ServiceException('pusher.notFound');
      const result = await push(opened.channel.channelType, opened.channel.props, opened.secrets, {
        title: row.title,
        lines: row.content.split('\n'),
      });
      await this.deliveries.update(
        { deliveryId },
        { status: 'success', attempts, response: result.response.slice(0, 1000), error: '', lastAttemptTime: new Date() },
      );
      return { response: result.response };
    } catch (error) {
      const reason = describeFailure(error);
      const response = error instanceof PushError ? error.response.slice(0, 1000) : '';
      const final = options.final || attempts > this.config.pusher.retryLimit || error instanceof ServiceException;
      await this.deliveries.update(
        { deliveryId },
        { status: final ? 'failed' : 'retrying', attempts, response, error: reason.slice(0, 1000), lastAttemptTime: new Date() },
      );
      this.logger.warn(
        { deliveryId, channelId: row.channelId, event: row.event, attempts, reason },
        final ? 'Push failed' : 'Push failed; will retry',
      );
      if (!final) throw new Error(reason, { cause: error });
      return { response, error: reason };
    }
  }
}

/** A failure in staff's words (never holding a secret: robot URLs are not in these messages). */
function describeFailure(error: unknown): string {
  if (error instanceof PushError) return m(error.reason.key, error.reason.args);
  if (error instanceof ServiceException) return m(error.messageKey, error.args);
  return error instanceof Error ? error.message : String(error);
}

/** A UUID-shaped id that is the same for the same text. */
function stableId(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
