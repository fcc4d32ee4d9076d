import { Column, CreateDateColumn, UpdateDateColumn } from 'typeorm';

/** Who created and last changed a row, and when; the audit columns most tables carry. */
export abstract class AuditedEntity {
  @Column({ name: 'create_by', type: 'varchar', length: 64, default: '' })
  createBy: string;

  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' })
  createTime: Date;

  @Column({ name: 'update_by', type: 'varchar', length: 64, default: '' })
  updateBy: string;

  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' })
  updateTime: Date;

  @Column({ type: 'varchar', length: 500, default: '' })
  remark: string;
}
