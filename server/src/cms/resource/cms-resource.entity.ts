import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CmsAudited } from '../common/audit-columns';

export const RESOURCE_TYPES = ['image', 'audio', 'video', 'document', 'other'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** A file of a site's resource library (`cms_resource`): stored at `site/<site.path>/<path>`. */
@Entity('cms_resource')
export class CmsResource extends CmsAudited {
  @PrimaryGeneratedColumn('identity', { name: 'resource_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) resourceId: string;
  @Column({ name: 'site_id', type: 'bigint' }) siteId: string;
  @Column({ name: 'resource_type', type: 'varchar', length: 16 }) resourceType: ResourceType;
  /** Display name (the uploaded file's name without its folder and extension unless given). */
  @Column({ type: 'varchar', length: 255 }) name: string;
  /** The uploaded file's original name. */
  @Column({ name: 'file_name', type: 'varchar', length: 255 }) fileName: string;
  /** Inside the site folder, e.g. `resources/202611/<32 hex>.jpg`. */
  @Column({ type: 'varchar', length: 500 }) path: string;
  @Column({ type: 'varchar', length: 16 }) suffix: string;
  @Column({ type: 'varchar', length: 100 }) mime: string;
  @Column({ name: 'file_size', type: 'bigint' }) fileSize: string;
  @Column({ type: 'int', default: 0 }) width: number;
  @Column({ type: 'int', default: 0 }) height: number;
  /** The thumbnail's path inside the site folder, '' = none. */
  @Column({ type: 'varchar', length: 500, default: '' }) thumbnail: string;
  @Column({ type: 'jsonb', default: () => `'[]'::jsonb` }) tags: string[];
  @Column({ type: 'varchar', length: 1000, default: '' }) description: string;
  /** Where a downloaded remote image came from ('' = uploaded). */
  @Column({ name: 'source_url', type: 'varchar', length: 1000, default: '' }) sourceUrl: string;
  /** SHA-256 (hex) of the bytes as they were received. */
  @Column({ type: 'char', length: 64 }) sha256: string;
}
