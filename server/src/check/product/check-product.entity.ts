import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { CheckTypeCode, PriceMode } from '@zhiwen/shared';
import { AuditedEntity } from '../../database/audited.entity';

/** A check product (`check_product`): what one public route sells, and at what price. */
@Entity('check_product')
export class CheckProduct extends AuditedEntity {
  @PrimaryGeneratedColumn('identity', { name: 'product_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) productId: string;
  @Column({ name: 'product_name', type: 'varchar', length: 100 }) productName: string;
  /** Integer fen: money never goes through floating point. */
  @Column({ type: 'int', default: 0 }) price: number;
  @Column({ name: 'price_mode', type: 'varchar', length: 16, default: 'fixed' }) priceMode: PriceMode;
  @Column({ type: 'varchar', length: 500, default: '' }) image: string;
  /** The public route it sells on (`/bkysb`), unique. */
  @Column({ name: 'path_url', type: 'varchar', length: 100 }) pathUrl: string;
  @Column({ type: 'text', default: '' }) description: string;
  @Column({ type: 'char', length: 1, default: '0' }) status: '0' | '1';
  @Column({ type: 'int', default: 0 }) sort: number;
  @Column({ name: 'check_type', type: 'varchar', length: 16 }) checkType: CheckTypeCode;
}
