import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CmsAudited } from '../common/audit-columns';

/** Per publish pipe: the site's URL on that pipe and its home-page template. */
export interface SitePipeProps {
  url?: string;
  indexTemplate?: string;
  /** Defaults the 默认模板 tab keeps per pipe; apply_default_template copies them to catalogs without their own. */
  defaultIndexTemplate?: string;
  defaultListTemplate?: string;
  /** Used by content whose catalog names no detail template. */
  defaultDetailTemplate?: string;
}

/** Site-wide settings (the 扩展设置 tab). */
export interface SiteConfigProps {
  /** Default page size of catalog list pages (a catalog's -1 means this). */
  pageSize?: number;
  /** Where a content title must be unique: nowhere, in the site, or in its catalog. */
  titleRepeatCheck?: 'none' | 'site' | 'catalog';
  /** Days deleted content stays in the recycle bin (0 = forever). */
  recycleKeepDays?: number;
  /** Whether the site publishes sitemap.xml. */
  sitemapEnabled?: boolean;
  /** Default detail template of content when its catalog names none. */
  defaultDetailTemplate?: string;
  /** Default list template of catalogs. */
  defaultListTemplate?: string;
  // The resource library (see resourceLimits in cms/resource/resource-settings.ts for the defaults).
  /** Files one upload may carry. */
  uploadMaxCount?: number;
  /** Largest file, in MB. */
  uploadMaxSizeMb?: number;
  /** Largest image, in MB. */
  imageMaxSizeMb?: number;
  /** Extensions that may be uploaded (lower case, no dot). */
  uploadAllowedExts?: string[];
  /** Thumbnail box of uploaded images (0 = none; one of them 0 = keep the aspect). */
  thumbnailWidth?: number;
  thumbnailHeight?: number;
  /** Watermark applied to uploaded images. */
  watermark?: SiteWatermarkProps;
  /** Whether content saved with images of other hosts downloads them into the library. */
  remoteImageDownload?: boolean;
}

/** The watermark of uploaded images: a library image or a text, in a corner or the centre. */
export interface SiteWatermarkProps {
  enabled?: boolean;
  kind?: 'image' | 'text';
  text?: string;
  imageResourceId?: string;
  position?: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right' | 'center';
  /** 0..1 */
  opacity?: number;
  /** The watermark's box, at least 20 x 20. */
  width?: number;
  height?: number;
  fontSize?: number;
  /** #rgb or #rrggbb */
  color?: string;
}

/** The site's own storage for resources; `{}` or driver 'default' = the product's storage. */
export interface SiteStorageProps {
  driver?: 'default' | 's3';
  endpoint?: string;
  region?: string;
  bucket?: string;
  accessKey?: string;
  /** The secret key sealed with SecretBox. */
  secretKeySealed?: string;
  publicUrl?: string;
}

/** A site of the CMS (`cms_site`): its files publish under `<path>/<pipe>/`. */
@Entity('cms_site')
export class CmsSite extends CmsAudited {
  @PrimaryGeneratedColumn('identity', { name: 'site_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) siteId: string;
  @Column({ type: 'varchar', length: 100 }) name: string;
  /** Letters and digits: the folder of the published site. */
  @Column({ type: 'varchar', length: 50 }) path: string;
  @Column({ type: 'varchar', length: 500, default: '' }) logo: string;
  /** Domain of uploaded resources (images of content), '' = the site's own. */
  @Column({ name: 'resource_url', type: 'varchar', length: 255, default: '' }) resourceUrl: string;
  @Column({ type: 'varchar', length: 500, default: '' }) description: string;
  @Column({ name: 'static_suffix', type: 'varchar', length: 16, default: 'html' }) staticSuffix: 'html' | 'shtml' | 'htm';
  @Column({ type: 'int', default: 0 }) sort: number;
  @Column({ name: 'seo_title', type: 'varchar', length: 255, default: '' }) seoTitle: string;
  @Column({ name: 'seo_keywords', type: 'varchar', length: 500, default: '' }) seoKeywords: string;
  @Column({ name: 'seo_description', type: 'varchar', length: 1000, default: '' }) seoDescription: string;
  @Column({ name: 'publish_pipe_props', type: 'jsonb', default: () => `'{}'::jsonb` }) publishPipeProps: Record<string, SitePipeProps>;
  @Column({ name: 'config_props', type: 'jsonb', default: () => `'{}'::jsonb` }) configProps: SiteConfigProps;
  /** Where the site's resources live (`cms-site-storage.service.ts`); holds a sealed secret, so never selected unless asked for. */
  @Column({ name: 'storage_props', type: 'jsonb', default: () => `'{}'::jsonb`, select: false }) storageProps: SiteStorageProps;
}

/** A key/value property of a site, readable in templates as `site.props.<code>`. */
@Entity('cms_site_property')
export class CmsSiteProperty extends CmsAudited {
  @PrimaryGeneratedColumn('identity', { name: 'property_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) propertyId: string;
  @Column({ name: 'site_id', type: 'bigint' }) siteId: string;
  @Column({ name: 'prop_name', type: 'varchar', length: 100 }) propName: string;
  @Column({ name: 'prop_code', type: 'varchar', length: 100 }) propCode: string;
  @Column({ name: 'prop_value', type: 'text', default: '' }) propValue: string;
}
