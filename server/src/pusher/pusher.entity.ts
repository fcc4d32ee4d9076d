import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const PUSHER_CHANNEL_TYPES = ['wecom', 'dingtalk', 'feishu', 'email'] as const;
export type PusherChannelType = (typeof PUSHER_CHANNEL_TYPES)[number];

/** Events a channel may subscribe to (staff.newAddress is derived from staff.signIn, see PusherDeliveryService). */
export const PUSHER_EVENTS = ['check.failed', 'order.paid', 'refund.requested', 'publish.failed', 'staff.newAddress'] as const;
export type PusherEvent = (typeof PUSHER_EVENTS)[number];

/** Non-secret settings of a channel. */
export interface PusherProps {
  /** Robots: the webhook's host, shown so staff recognise the robot without the secret URL. */
  webhookHost?: string;
  smtpHost?: string;
  smtpPort?: number;
  smtpSecure?: boolean;
  smtpUser?: string;
  mailFrom?: string;
  mailTo?: string[];
}

/** Secret settings, each sealed with SecretBox: the robot's whole webhook URL (its key or token is in it), its signing secret, the SMTP password. */
export interface PusherSecrets {
  webhookUrl?: string;
  signSecret?: string;
  smtpPassword?: string;
}

/** A place messages are pushed to (`pusher_channel`). */
@Entity('pusher_channel')
export class PusherChannel {
  @PrimaryGeneratedColumn('identity', { name: 'channel_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) channelId: string;
  @Column({ type: 'varchar', length: 64 }) name: string;
  @Column({ name: 'channel_type', type: 'varchar', length: 16 }) channelType: PusherChannelType;
  @Column({ type: 'boolean', default: true }) enabled: boolean;
  @Column({ type: 'text', array: true, default: () => `'{}'` }) events: PusherEvent[];
  @Column({ type: 'jsonb', default: () => `'{}'::jsonb` }) props: PusherProps;
  /** Sealed values; never answered. */
  @Column({ type: 'jsonb', default: () => `'{}'::jsonb`, select: false }) secrets: PusherSecrets;
  @Column({ type: 'varchar', length: 500, default: '' }) remark: string;
  @Column({ name: 'create_by', type: 'varchar', length: 64, default: '' }) createBy: string;
  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' }) createTime: Date;
  @Column({ name: 'update_by', type: 'varchar', length: 64, default: '' }) updateBy: string;
  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' }) updateTime: Date;
}

export type DeliveryStatus = 'pending' | 'retrying' | 'success' | 'failed';

/** One message for one channel and what became of it (`pusher_delivery`). */
@Entity('pusher_delivery')
export class PusherDelivery {
  @PrimaryGeneratedColumn('identity', { name: 'delivery_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) deliveryId: string;
  /** The event's id: with channel_id unique, so an event is pushed to a channel once however many listeners saw it. */
  @Column({ name: 'event_id', type: 'uuid' }) eventId: string;
  @Column({ name: 'channel_id', type: 'bigint' }) channelId: string;
  @Column({ name: 'channel_name', type: 'varchar', length: 64 }) channelName: string;
  @Column({ name: 'channel_type', type: 'varchar', length: 16 }) channelType: PusherChannelType;
  /** A subscribable event, or 'test' for a test send. */
  @Column({ type: 'varchar', length: 32 }) event: PusherEvent | 'test';
  @Column({ type: 'varchar', length: 200 }) title: string;
  @Column({ type: 'text' }) content: string;
  @Column({ type: 'varchar', length: 16, default: 'pending' }) status: DeliveryStatus;
  @Column({ type: 'int', default: 0 }) attempts: number;
  /** What the robot or the mail server answered last (trimmed). */
  @Column({ type: 'varchar', length: 1000, default: '' }) response: string;
  @Column({ type: 'varchar', length: 1000, default: '' }) error: string;
  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' }) createTime: Date;
  @Column({ name: 'last_attempt_time', type: 'timestamptz', nullable: true }) lastAttemptTime: Date | null;
}
