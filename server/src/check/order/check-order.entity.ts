import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { CheckTypeCode } from '@zhiwen/shared';
import type { OrderStatus } from './check-order.status';

/** A member's order of one check of one paper (`check_order`). */
@Entity('check_order')
export class CheckOrder {
  @PrimaryGeneratedColumn('identity', { name: 'order_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) orderId: string;
  /** Unique and unguessable (random), so it can be shown and quoted without exposing the sequence. */
  @Column({ name: 'order_no', type: 'varchar', length: 40 }) orderNo: string;
  @Column({ type: 'varchar', length: 200, default: '' }) title: string;
  @Column({ type: 'varchar', length: 100, default: '' }) author: string;
  @Column({ name: 'product_id', type: 'bigint', nullable: true }) productId: string | null;
  @Column({ name: 'check_type', type: 'varchar', length: 16 }) checkType: CheckTypeCode;
  /** Fen. */
  @Column({ name: 'total_fee', type: 'int' }) totalFee: number;
  @Column({ name: 'char_count', type: 'int', default: 0 }) charCount: number;
  @Column({ type: 'varchar', length: 16, default: 'created' }) status: OrderStatus;
  @Column({ name: 'pay_provider', type: 'varchar', length: 16, default: '' }) payProvider: string;
  @Column({ name: 'pay_time', type: 'timestamptz', nullable: true }) payTime: Date | null;
  @Column({ name: 'file_name', type: 'varchar', length: 255, default: '' }) fileName: string;
  @Column({ name: 'file_key', type: 'varchar', length: 255, default: '' }) fileKey: string;
  @Column({ name: 'file_md5', type: 'varchar', length: 32 }) fileMd5: string;
  @Column({ name: 'file_size', type: 'int', default: 0 }) fileSize: number;
  /** The member agreed that the paper joins the self library once checked (their later checks then find it). */
  @Column({ name: 'self_consent', type: 'boolean', default: false }) selfConsent: boolean;
  @Column({ name: 'paper_id', type: 'bigint', nullable: true }) paperId: string | null;
  /** The check task running (or that ran) this order. */
  @Column({ type: 'bigint', nullable: true }) tid: string | null;
  @Column({ name: 'member_id', type: 'bigint' }) memberId: string;
  /** The earlier order whose finished report this one reuses (same paper, type and member within 24 h). */
  @Column({ name: 'reused_order_id', type: 'bigint', nullable: true }) reusedOrderId: string | null;
  @Column({ type: 'varchar', length: 500, default: '' }) remark: string;
  /** False from the moment the order finishes (done or failed) until the member opens it: the member home's notice. */
  @Column({ name: 'member_read', type: 'boolean', default: true }) memberRead: boolean;
  /** Why the order itself failed (message key and arguments) when its task did not (a rewrite); else the task says. */
  @Column({ name: 'error_key', type: 'varchar', length: 100, default: '' }) errorKey: string;
  @Column({ name: 'error_args', type: 'jsonb', default: () => `'{}'::jsonb` }) errorArgs: Record<string, string | number>;
  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' }) createTime: Date;
  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' }) updateTime: Date;
}

/** One status change of an order: who, when, why. */
@Entity('check_order_log')
export class CheckOrderLog {
  @PrimaryGeneratedColumn('identity', { name: 'log_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) logId: string;
  @Column({ name: 'order_id', type: 'bigint' }) orderId: string;
  @Column({ name: 'from_status', type: 'varchar', length: 16, default: '' }) fromStatus: string;
  @Column({ name: 'to_status', type: 'varchar', length: 16 }) toStatus: OrderStatus;
  @Column({ type: 'varchar', length: 64, default: '' }) actor: string;
  @Column({ type: 'varchar', length: 500, default: '' }) reason: string;
  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' }) createTime: Date;
}
