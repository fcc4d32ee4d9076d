import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../database/audited.entity';

/** A post (job position) staff users hold (`sys_post`, assigned through `sys_user_post`). */
@Entity('sys_post')
export class SysPost extends AuditedEntity {
  @PrimaryGeneratedColumn('identity', { name: 'post_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) postId: string;
  @Column({ name: 'post_code', type: 'varchar', length: 64 }) postCode: string;
  @Column({ name: 'post_name', type: 'varchar', length: 50 }) postName: string;
  @Column({ name: 'post_sort', type: 'int', default: 0 }) postSort: number;
  @Column({ type: 'char', length: 1, default: '0' }) status: '0' | '1';
}
