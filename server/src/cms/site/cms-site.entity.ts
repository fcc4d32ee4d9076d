import type { ResourceSettings, WatermarkSettings } from '@zhiwen/shared';
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

/**
 * Site-wide settings (the 扩展设置 tab), with the resource library's settings (`ResourceSettings` of @zhiwen/shared;
 * defaults: `resourceLimits` in cms/resource/resource-settings.ts).
 */
export interface SiteConfigProps extends Partial<Omit<ResourceSettings, 'watermark'>> {
  /** Default page size of catalog list pages (a catalog's -1 means this). */
  pageSize?: number;
  /** Where a content title must be unique: nowhere, in the site, or in its catalog. */
  titleRepeatCheck?: 'none' | 'site' | 'catalog';
  /** Days deleted content stays in the recycle bin (0 = forever). */
  recycleKeepDays?: number;
  /** Whether the site publishes sitemap.xml. */
  sitemapEnabled?: boolean;
  /**
   * Base URL of the product's public API as published pages reach it (search, comments, votes, statistics); '' means
   * `/prod-api` on the same origin, which is right when the built-in server or a proxy in front of it serves the site.
   */
  apiUrl?: string;
  /** Content saves checked for sensitive words (词汇 > 敏感词): not at all, answering a warning, or refused. */
  sensitiveWordCheck?: 'off' | 'warn' | 'block';
  /** Whether members may comment on the site's published content. */
  commentEnabled?: boolean;
  /** Whether new comments are shown at once; otherwise they wait for staff audit (评论管理). */
  commentAutoPass?: boolean;
  /** Default detail template of content when its catalog names none. */
  defaultDetailTemplate?: string;
  /** Default list template of catalogs. */
  defaultListTemplate?: string;
  /** Watermark applied to uploaded images. */
  watermark?: SiteWatermarkProps;
  /** Extension models (cms/exmodel) bound to the site itself, to its catalogs and to their content ('' = none). */
  siteExModel?: string;
  catalogExModel?: string;
  contentExModel?: string;
}

/** The watermark of uploaded images as stored: what is missing means its default. */
export type SiteWatermarkProps = Partial<WatermarkSettings>;

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
