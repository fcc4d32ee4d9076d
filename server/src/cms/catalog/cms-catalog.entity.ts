import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CmsAudited } from '../common/audit-columns';

/** Templates of a catalog on one publish pipe ('' = the site's default). */
export interface CatalogPipeProps {
  indexTemplate?: string;
  listTemplate?: string;
  detailTemplate?: string;
}

/** A catalog (栏目) of a site's tree: common (holds content, has list pages) or a link to another URL. */
@Entity('cms_catalog')
export class CmsCatalog extends CmsAudited {
  @PrimaryGeneratedColumn('identity', { name: 'catalog_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) catalogId: string;
  @Column({ name: 'site_id', type: 'bigint' }) siteId: string;
  /** '0' for a top-level catalog. */
  @Column({ name: 'parent_id', type: 'bigint', default: '0' }) parentId: string;
  /** Ids from the root down to the parent, comma separated ('' for a top-level catalog). */
  @Column({ type: 'varchar', length: 1000, default: '' }) ancestors: string;
  @Column({ name: 'tree_level', type: 'int', default: 1 }) treeLevel: number;
  @Column({ type: 'varchar', length: 100 }) name: string;
  /** Letters, digits, underscore; unique in the site; templates name catalogs by it. */
  @Column({ type: 'varchar', length: 100 }) alias: string;
  /** Folder of its pages, relative to the pipe's root, ending with '/' (e.g. `news/tech/`). */
  @Column({ type: 'varchar', length: 255 }) path: string;
  @Column({ name: 'catalog_type', type: 'varchar', length: 16, default: 'common' }) catalogType: 'common' | 'link';
  @Column({ name: 'redirect_url', type: 'varchar', length: 500, default: '' }) redirectUrl: string;
  @Column({ type: 'varchar', length: 1000, default: '' }) description: string;
  @Column({ type: 'varchar', length: 500, default: '' }) logo: string;
  /** Whether its pages are published as static files. */
  @Column({ name: 'static_flag', type: 'boolean', default: true }) staticFlag: boolean;
  @Column({ type: 'boolean', default: true }) visible: boolean;
  /** Items per list page; -1 = the site's value. */
  @Column({ name: 'page_size', type: 'int', default: -1 }) pageSize: number;
  /** Order among siblings (ascending). */
  @Column({ name: 'sort_flag', type: 'bigint', default: '0' }) sortFlag: string;
  @Column({ name: 'content_count', type: 'int', default: 0 }) contentCount: number;
  @Column({ name: 'seo_title', type: 'varchar', length: 255, default: '' }) seoTitle: string;
  @Column({ name: 'seo_keywords', type: 'varchar', length: 500, default: '' }) seoKeywords: string;
  @Column({ name: 'seo_description', type: 'varchar', length: 1000, default: '' }) seoDescription: string;
  @Column({ name: 'publish_pipe_props', type: 'jsonb', default: () => `'{}'::jsonb` }) publishPipeProps: Record<string, CatalogPipeProps>;
  @Column({ name: 'config_props', type: 'jsonb', default: () => `'{}'::jsonb` }) configProps: Record<string, unknown>;
}
