import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { CmsAudited } from '../common/audit-columns';

export const CONTENT_TYPES = ['article', 'image', 'audio', 'video'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const CONTENT_STATUSES = ['draft', 'to_publish', 'published', 're_edit', 'offline', 'archived', 'deleted'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** A piece of content (`cms_content`); its body is in the detail tables of its type. */
@Entity('cms_content')
export class CmsContent extends CmsAudited {
  @PrimaryGeneratedColumn('identity', { name: 'content_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) contentId: string;
  @Column({ name: 'site_id', type: 'bigint' }) siteId: string;
  @Column({ name: 'catalog_id', type: 'bigint' }) catalogId: string;
  /** The catalog's ancestors plus the catalog itself: lists of a catalog and its children filter on it. */
  @Column({ name: 'catalog_ancestors', type: 'varchar', length: 1000, default: '' }) catalogAncestors: string;
  @Column({ name: 'content_type', type: 'varchar', length: 16 }) contentType: ContentType;
  @Column({ type: 'varchar', length: 255 }) title: string;
  @Column({ name: 'sub_title', type: 'varchar', length: 255, default: '' }) subTitle: string;
  @Column({ name: 'short_title', type: 'varchar', length: 255, default: '' }) shortTitle: string;
  @Column({ name: 'title_style', type: 'varchar', length: 100, default: '' }) titleStyle: string;
  @Column({ type: 'varchar', length: 500, default: '' }) logo: string;
  @Column({ type: 'varchar', length: 100, default: '' }) author: string;
  @Column({ type: 'varchar', length: 100, default: '' }) editor: string;
  @Column({ type: 'boolean', default: false }) original: boolean;
  @Column({ type: 'varchar', length: 2000, default: '' }) summary: string;
  @Column({ type: 'text', array: true, default: () => `'{}'` }) tags: string[];
  @Column({ type: 'text', array: true, default: () => `'{}'` }) keywords: string[];
  @Column({ type: 'varchar', length: 255, default: '' }) source: string;
  @Column({ name: 'source_url', type: 'varchar', length: 500, default: '' }) sourceUrl: string;
  @Column({ type: 'varchar', length: 16, default: 'draft' }) status: ContentStatus;
  /** The status held when it went to the recycle bin; restore returns it. */
  @Column({ name: 'status_before_delete', type: 'varchar', length: 16, default: '' }) statusBeforeDelete: string;
  /** 0, or the time (ms) it was set top: top content sorts first, the latest set first. */
  @Column({ name: 'top_flag', type: 'bigint', default: '0' }) topFlag: string;
  /** When the top flag ends (null = never). */
  @Column({ name: 'top_date', type: 'timestamptz', nullable: true }) topDate: Date | null;
  @Column({ type: 'boolean', default: false }) recommend: boolean;
  @Column({ type: 'boolean', default: false }) hot: boolean;
  @Column({ name: 'publish_date', type: 'timestamptz', nullable: true }) publishDate: Date | null;
  @Column({ name: 'offline_date', type: 'timestamptz', nullable: true }) offlineDate: Date | null;
  /** Pipes it publishes to (empty = every enabled pipe of the site). */
  @Column({ name: 'publish_pipes', type: 'text', array: true, default: () => `'{}'` }) publishPipes: string[];
  /** Its own file path under the catalog ('' = `<contentId>.<suffix>`). */
  @Column({ name: 'static_path', type: 'varchar', length: 255, default: '' }) staticPath: string;
  /** Its own detail template ('' = the catalog's). */
  @Column({ type: 'varchar', length: 255, default: '' }) template: string;
  @Column({ name: 'redirect_url', type: 'varchar', length: 500, default: '' }) redirectUrl: string;
  /** A link content: its URL is `redirectUrl`, it has no page of its own. */
  @Column({ name: 'link_flag', type: 'boolean', default: false }) linkFlag: boolean;
  @Column({ name: 'view_count', type: 'int', default: 0 }) viewCount: number;
  @Column({ name: 'favorite_count', type: 'int', default: 0 }) favoriteCount: number;
  @Column({ name: 'like_count', type: 'int', default: 0 }) likeCount: number;
  @Column({ name: 'comment_count', type: 'int', default: 0 }) commentCount: number;
  @Column({ name: 'seo_title', type: 'varchar', length: 255, default: '' }) seoTitle: string;
  @Column({ name: 'seo_keywords', type: 'varchar', length: 500, default: '' }) seoKeywords: string;
  @Column({ name: 'seo_description', type: 'varchar', length: 1000, default: '' }) seoDescription: string;
  /** Order in its catalog (descending: larger first, after top content). */
  @Column({ name: 'sort_flag', type: 'bigint', default: '0' }) sortFlag: string;
  /** The staff user holding the edit lock ('' = unlocked). */
  @Column({ name: 'lock_user', type: 'varchar', length: 64, default: '' }) lockUser: string;
  @Column({ name: 'delete_time', type: 'timestamptz', nullable: true }) deleteTime: Date | null;
}

/** The body of an article (sanitized HTML). */
@Entity('cms_article_detail')
export class CmsArticleDetail {
  @PrimaryColumn({ name: 'content_id', type: 'bigint' }) contentId: string;
  @Column({ name: 'content_html', type: 'text', default: '' }) contentHtml: string;
}

/** An image of an image set, or the media of audio and video content (a file path or a third-party embed code). */
@Entity('cms_content_media')
export class CmsContentMedia {
  @PrimaryGeneratedColumn('identity', { name: 'media_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) mediaId: string;
  @Column({ name: 'content_id', type: 'bigint' }) contentId: string;
  @Column({ name: 'media_type', type: 'varchar', length: 16 }) mediaType: 'image' | 'audio' | 'video';
  @Column({ type: 'varchar', length: 255, default: '' }) title: string;
  @Column({ type: 'varchar', length: 500, default: '' }) path: string;
  @Column({ type: 'varchar', length: 2000, default: '' }) description: string;
  /** A third-party player's embed code (an iframe with a src), sanitized. */
  @Column({ name: 'embed_code', type: 'text', default: '' }) embedCode: string;
  /** Seconds. */
  @Column({ type: 'int', default: 0 }) duration: number;
  @Column({ type: 'int', default: 0 }) sort: number;
}

/** Related content shown with a piece of content. */
@Entity('cms_content_rela')
export class CmsContentRela {
  @PrimaryColumn({ name: 'content_id', type: 'bigint' }) contentId: string;
  @PrimaryColumn({ name: 'related_content_id', type: 'bigint' }) relatedContentId: string;
  @Column({ type: 'int', default: 0 }) sort: number;
  @Column({ name: 'create_by', type: 'varchar', length: 64, default: '' }) createBy: string;
  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' }) createTime: Date;
}

/** One operation on content (who did what, when). */
@Entity('cms_content_op_log')
export class CmsContentOpLog {
  @PrimaryGeneratedColumn('identity', { name: 'log_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) logId: string;
  @Column({ name: 'content_id', type: 'bigint' }) contentId: string;
  @Column({ name: 'site_id', type: 'bigint' }) siteId: string;
  @Column({ type: 'varchar', length: 32 }) action: string;
  @Column({ type: 'varchar', length: 1000, default: '' }) detail: string;
  @Column({ type: 'varchar', length: 64, default: '' }) operator: string;
  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' }) createTime: Date;
}
