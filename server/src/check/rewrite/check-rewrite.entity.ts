import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The rewrite of one order (`check_rewrite`): its counters and the rate before and after. */
@Entity('check_rewrite')
export class CheckRewrite {
  @PrimaryColumn({ name: 'order_id', type: 'bigint' }) orderId: string;
  @Column({ type: 'varchar', length: 16 }) mode: 'duplicate' | 'aigc';
  @Column({ type: 'int', default: 0 }) paragraphs: number;
  @Column({ type: 'int', default: 0 }) rewritten: number;
  @Column({ type: 'int', default: 0 }) failed: number;
  @Column({ name: 'before_rate', type: 'double precision', nullable: true }) beforeRate: number | null;
  @Column({ name: 'after_rate', type: 'double precision', nullable: true }) afterRate: number | null;
  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' }) updateTime: Date;
}

/** One flagged paragraph of a rewrite and its outcome; done ones are kept when a failed rewrite resumes. */
@Entity('check_rewrite_paragraph')
export class CheckRewriteParagraph {
  @PrimaryColumn({ name: 'order_id', type: 'bigint' }) orderId: string;
  @PrimaryColumn({ name: 'paragraph_index', type: 'int' }) paragraphIndex: number;
  @Column({ type: 'varchar', length: 16, default: 'pending' }) status: 'pending' | 'done' | 'failed';
  @Column({ type: 'int', default: 0 }) attempts: number;
  @Column({ type: 'text', default: '' }) rewritten: string;
  @Column({ type: 'varchar', length: 500, default: '' }) error: string;
  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' }) updateTime: Date;
}
