import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PayChannel, PayMethod } from './payment-gateway';

/** One provider's settings (`pay_channel_config`): non-secret fields in `props`, sealed secrets in `secrets`. */
@Entity('pay_channel_config')
export class PayChannelConfig {
  @PrimaryColumn({ type: 'varchar', length: 16 }) channel: PayChannel;
  @Column({ type: 'boolean', default: false }) enabled: boolean;
  @Column({ type: 'text', array: true, default: () => `'{}'` }) methods: PayMethod[];
  @Column({ name: 'notify_base_url', type: 'varchar', length: 255, default: '' }) notifyBaseUrl: string;
  @Column({ type: 'jsonb', default: () => `'{}'::jsonb` }) props: Record<string, string>;
  /** Sealed with SecretBox; never answered. */
  @Column({ type: 'jsonb', default: () => `'{}'::jsonb`, select: false }) secrets: Record<string, string>;
  @Column({ name: 'update_by', type: 'varchar', length: 64, default: '' }) updateBy: string;
  @Column({ name: 'update_time', type: 'timestamptz', nullable: true }) updateTime: Date | null;
}

export type TradeStatus = 'pending' | 'paid' | 'closed';

/** One attempt to pay an order with one method (`pay_trade`); an order may have several, at most one paid. */
@Entity('pay_trade')
export class PayTrade {
  @PrimaryGeneratedColumn('identity', { name: 'trade_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) tradeId: string;
  @Column({ name: 'out_trade_no', type: 'varchar', length: 32 }) outTradeNo: string;
  @Column({ name: 'order_id', type: 'bigint' }) orderId: string;
  @Column({ name: 'order_no', type: 'varchar', length: 40 }) orderNo: string;
  @Column({ type: 'varchar', length: 16 }) channel: PayChannel;
  @Column({ type: 'varchar', length: 16 }) method: PayMethod;
  /** Fen. */
  @Column({ type: 'int' }) amount: number;
  @Column({ type: 'varchar', length: 16, default: 'pending' }) status: TradeStatus;
  @Column({ name: 'code_url', type: 'varchar', length: 1024, default: '' }) codeUrl: string;
  @Column({ name: 'pay_url', type: 'text', default: '' }) payUrl: string;
  @Column({ type: 'jsonb', nullable: true }) jsapi: Record<string, string> | null;
  @Column({ name: 'provider_trade_no', type: 'varchar', length: 64, default: '' }) providerTradeNo: string;
  @Column({ type: 'varchar', length: 128, default: '' }) payer: string;
  @Column({ type: 'varchar', length: 500, default: '' }) message: string;
  @Column({ name: 'expire_time', type: 'timestamptz' }) expireTime: Date;
  @Column({ name: 'paid_time', type: 'timestamptz', nullable: true }) paidTime: Date | null;
  @Column({ name: 'closed_time', type: 'timestamptz', nullable: true }) closedTime: Date | null;
  @Column({ name: 'last_query_time', type: 'timestamptz', nullable: true }) lastQueryTime: Date | null;
  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' }) createTime: Date;
  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' }) updateTime: Date;
}

export type RefundStatus = 'processing' | 'success' | 'failed' | 'closed';

/** Money sent back for a paid trade (`pay_refund`), full or partial. */
@Entity('pay_refund')
export class PayRefund {
  @PrimaryGeneratedColumn('identity', { name: 'refund_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) refundId: string;
  @Column({ name: 'out_refund_no', type: 'varchar', length: 64 }) outRefundNo: string;
  @Column({ name: 'trade_id', type: 'bigint' }) tradeId: string;
  @Column({ name: 'order_id', type: 'bigint' }) orderId: string;
  @Column({ type: 'varchar', length: 16 }) channel: PayChannel;
  /** Fen. */
  @Column({ type: 'int' }) amount: number;
  @Column({ type: 'varchar', length: 200, default: '' }) reason: string;
  @Column({ type: 'varchar', length: 16, default: 'processing' }) status: RefundStatus;
  @Column({ name: 'provider_refund_id', type: 'varchar', length: 64, default: '' }) providerRefundId: string;
  @Column({ type: 'varchar', length: 500, default: '' }) message: string;
  /** The provider took the request (its answer or a later query said processing or success). */
  @Column({ type: 'boolean', default: false }) accepted: boolean;
  /** A payment the order did not need (paid twice, or after it closed), sent back automatically; the order does not move. */
  @Column({ type: 'boolean', default: false }) surplus: boolean;
  @Column({ name: 'success_time', type: 'timestamptz', nullable: true }) successTime: Date | null;
  @Column({ name: 'last_query_time', type: 'timestamptz', nullable: true }) lastQueryTime: Date | null;
  @Column({ name: 'create_by', type: 'varchar', length: 64, default: '' }) createBy: string;
  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' }) createTime: Date;
  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' }) updateTime: Date;
}

/** A notification received from a provider and what became of it (`pay_notify_log`). */
@Entity('pay_notify_log')
export class PayNotifyLog {
  @PrimaryGeneratedColumn('identity', { name: 'log_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) logId: string;
  @Column({ type: 'varchar', length: 16 }) channel: string;
  @Column({ type: 'varchar', length: 16, default: 'unknown' }) kind: 'payment' | 'refund' | 'unknown';
  @Column({ name: 'notify_id', type: 'varchar', length: 64, default: '' }) notifyId: string;
  @Column({ name: 'out_trade_no', type: 'varchar', length: 64, default: '' }) outTradeNo: string;
  @Column({ type: 'varchar', length: 16 }) outcome: 'accepted' | 'duplicate' | 'rejected';
  @Column({ type: 'varchar', length: 500, default: '' }) message: string;
  @Column({ type: 'varchar', length: 64, default: '' }) ip: string;
  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' }) createTime: Date;
}

/** One day's reconciliation of one channel (`pay_reconcile`). */
@Entity('pay_reconcile')
export class PayReconcile {
  @PrimaryGeneratedColumn('identity', { name: 'reconcile_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) reconcileId: string;
  @Column({ type: 'varchar', length: 16 }) channel: PayChannel;
  /** YYYY-MM-DD (China time). */
  @Column({ name: 'bill_date', type: 'date' }) billDate: string;
  @Column({ type: 'varchar', length: 16 }) status: 'done' | 'failed';
  @Column({ name: 'bill_count', type: 'int', default: 0 }) billCount: number;
  @Column({ name: 'local_count', type: 'int', default: 0 }) localCount: number;
  @Column({ name: 'diff_count', type: 'int', default: 0 }) diffCount: number;
  @Column({ type: 'varchar', length: 500, default: '' }) message: string;
  @Column({ name: 'create_by', type: 'varchar', length: 64, default: '' }) createBy: string;
  @Column({ name: 'create_time', type: 'timestamptz', default: () => 'now()' }) createTime: Date;
}

export type DiffKind = 'missingLocal' | 'missingRemote' | 'amountMismatch';

/** A difference between a provider's bill and our records (`pay_reconcile_diff`). */
@Entity('pay_reconcile_diff')
export class PayReconcileDiff {
  @PrimaryGeneratedColumn('identity', { name: 'diff_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) diffId: string;
  @Column({ name: 'reconcile_id', type: 'bigint' }) reconcileId: string;
  @Column({ type: 'varchar', length: 16 }) channel: PayChannel;
  @Column({ name: 'bill_date', type: 'date' }) billDate: string;
  @Column({ type: 'varchar', length: 16 }) kind: DiffKind;
  @Column({ name: 'trade_kind', type: 'varchar', length: 16 }) tradeKind: 'payment' | 'refund';
  @Column({ name: 'out_trade_no', type: 'varchar', length: 64, default: '' }) outTradeNo: string;
  @Column({ name: 'out_refund_no', type: 'varchar', length: 64, default: '' }) outRefundNo: string;
  @Column({ name: 'order_no', type: 'varchar', length: 40, default: '' }) orderNo: string;
  @Column({ name: 'local_amount', type: 'int', nullable: true }) localAmount: number | null;
  @Column({ name: 'remote_amount', type: 'int', nullable: true }) remoteAmount: number | null;
  @Column({ type: 'varchar', length: 16, default: 'open' }) status: 'open' | 'resolved';
  @Column({ type: 'varchar', length: 500, default: '' }) resolution: string;
  @Column({ name: 'resolved_by', type: 'varchar', length: 64, default: '' }) resolvedBy: string;
  @Column({ name: 'resolved_time', type: 'timestamptz', nullable: true }) resolvedTime: Date | null;
  @Column({ name: 'create_time', type: 'timestamptz', default: () => 'now()' }) createTime: Date;
}

export const PAYMENT_ENTITIES = [PayChannelConfig, PayTrade, PayRefund, PayNotifyLog, PayReconcile, PayReconcileDiff];
