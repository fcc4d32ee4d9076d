import { Column, CreateDateColumn, UpdateDateColumn } from 'typeorm';

/** The audit columns every CMS table carries (who and when created and updated, a remark). */
export abstract class CmsAudited {
  @Column({ name: 'create_by', type: 'varchar', length: 64, default: '' }) createBy: string;
  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' }) createTime: Date;
  @Column({ name: 'update_by', type: 'varchar', length: 64, default: '' }) updateBy: string;
  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' }) updateTime: Date;
  @Column({ type: 'varchar', length: 500, default: '' }) remark: string;
}
