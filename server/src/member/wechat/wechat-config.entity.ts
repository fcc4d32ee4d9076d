import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../database/audited.entity';

/** A WeChat open-platform website application for QR login (`sys_wechat_config`); at most one is enabled ('0'). */
@Entity('sys_wechat_config')
export class WechatConfig extends AuditedEntity {
  @PrimaryGeneratedColumn('identity', { name: 'config_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) configId: string;
  @Column({ name: 'config_name', type: 'varchar', length: 50 }) configName: string;
  @Column({ name: 'app_id', type: 'varchar', length: 64 }) appId: string;
  /** Sealed by SecretBox; never selected unless asked for, never answered. */
  @Column({ name: 'app_secret', type: 'text', select: false }) appSecret: string;
  /** Where WeChat sends the browser back with `code` and `state` (the site's /wechatcallback page). */
  @Column({ name: 'redirect_uri', type: 'varchar', length: 500 }) redirectUri: string;
  @Column({ type: 'char', length: 1, default: '1' }) status: '0' | '1';
}
