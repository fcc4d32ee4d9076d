import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CmsAudited } from '../common/audit-columns';

/** The index row of a template file; the file itself is in storage under the site's template folder. */
@Entity('cms_template')
export class CmsTemplate extends CmsAudited {
  @PrimaryGeneratedColumn('identity', { name: 'template_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) templateId: string;
  @Column({ name: 'site_id', type: 'bigint' }) siteId: string;
  @Column({ name: 'publish_pipe_code', type: 'varchar', length: 50 }) publishPipeCode: string;
  /** Relative path ending in `.template.html`, e.g. `index.template.html`, `include/header.template.html`. */
  @Column({ type: 'varchar', length: 255 }) path: string;
  @Column({ name: 'file_size', type: 'int', default: 0 }) fileSize: number;
}
