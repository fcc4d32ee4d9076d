import type { ClientType } from '../../common/http/client-type';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One tracked event of a published page (`cms_stat_visit`): a page view (`event` 'view'); ad views and clicks will be
 * events of their own with the ad as `subjectId`. The reader is a daily hashed id: no address is stored.
 */
@Entity('cms_stat_visit')
export class CmsStatVisit {
  @PrimaryGeneratedColumn('identity', { name: 'visit_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) visitId: string;
  @Column({ name: 'site_id', type: 'bigint' }) siteId: string;
  @Column({ name: 'visit_time', type: 'timestamptz' }) visitTime: Date;
  @Column({ type: 'varchar', length: 16 }) event: string;
  @Column({ name: 'subject_id', type: 'bigint', nullable: true }) subjectId: string | null;
  @Column({ type: 'varchar', length: 500 }) path: string;
  @Column({ name: 'content_id', type: 'bigint', nullable: true }) contentId: string | null;
  @Column({ name: 'catalog_id', type: 'bigint', nullable: true }) catalogId: string | null;
  @Column({ name: 'referrer_host', type: 'varchar', length: 255 }) referrerHost: string;
  @Column({ name: 'client_type', type: 'varchar', length: 8 }) clientType: ClientType;
  @Column({ name: 'visitor_id', type: 'char', length: 32 }) visitorId: string;
  /** The visitor's first view of the site that day. */
  @Column({ type: 'boolean' }) entry: boolean;
}
