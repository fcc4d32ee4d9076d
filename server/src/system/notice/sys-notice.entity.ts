import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../database/audited.entity';

/** A notice or announcement for staff (`sys_notice`); type and status are values of dicts sys_notice_type / sys_notice_status. */
@Entity('sys_notice')
export class SysNotice extends AuditedEntity {
  @PrimaryGeneratedColumn('identity', { name: 'notice_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) noticeId: string;
  @Column({ name: 'notice_title', type: 'varchar', length: 100 }) noticeTitle: string;
  @Column({ name: 'notice_type', type: 'char', length: 1 }) noticeType: string;
  @Column({ name: 'notice_content', type: 'text', default: '' }) noticeContent: string;
  @Column({ type: 'char', length: 1, default: '0' }) status: string;
}
