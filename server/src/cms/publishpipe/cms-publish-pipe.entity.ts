import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CmsAudited } from '../common/audit-columns';

/** A publish pipe of a site (`pc`, `h5`, ...): its own templates and output folder. */
@Entity('cms_publish_pipe')
export class CmsPublishPipe extends CmsAudited {
  @PrimaryGeneratedColumn('identity', { name: 'publishpipe_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) publishpipeId: string;
  @Column({ name: 'site_id', type: 'bigint' }) siteId: string;
  @Column({ type: 'varchar', length: 100 }) name: string;
  /** Letters, digits, underscore; unique in the site. */
  @Column({ type: 'varchar', length: 50 }) code: string;
  /** '0' enabled, '1' disabled. */
  @Column({ type: 'char', length: 1, default: '0' }) status: '0' | '1';
  @Column({ type: 'int', default: 0 }) sort: number;
}
