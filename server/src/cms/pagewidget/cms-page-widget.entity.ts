import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CmsAudited } from '../common/audit-columns';

/** '0' not published (or taken back), '1' published. */
export type PageWidgetState = '0' | '1';

/**
 * A page widget (页面部件) of a site: a fragment of one type (`manual` block, `ads` space, …) rendered from a template
 * of its publish pipe into a file at `path` (relative to the pipe's output folder). `content` holds the type's own data.
 */
@Entity('cms_page_widget')
export class CmsPageWidget extends CmsAudited {
  @PrimaryGeneratedColumn('identity', { name: 'page_widget_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) pageWidgetId: string;
  @Column({ name: 'site_id', type: 'bigint' }) siteId: string;
  /** '0': the site's; else the catalog it belongs to. */
  @Column({ name: 'catalog_id', type: 'bigint', default: '0' }) catalogId: string;
  /** Id of its PageWidgetType (`manual`, `ads`, …). */
  @Column({ type: 'varchar', length: 50 }) type: string;
  @Column({ type: 'varchar', length: 100 }) name: string;
  /** A letter, then letters, digits, underscores; unique in the site regardless of case. */
  @Column({ type: 'varchar', length: 50 }) code: string;
  @Column({ name: 'publish_pipe_code', type: 'varchar', length: 50 }) publishPipeCode: string;
  /** Output file relative to the pipe's folder (`include/block/hot.html`). */
  @Column({ type: 'varchar', length: 255 }) path: string;
  /** Template path in the pipe's template folder; '' = the type's default template. */
  @Column({ type: 'varchar', length: 255, default: '' }) template: string;
  @Column({ type: 'char', length: 1, default: '0' }) state: PageWidgetState;
  /** The type's own data (a manual block's rows, an ad space's settings). */
  @Column({ type: 'jsonb', default: () => `'{}'::jsonb` }) content: Record<string, unknown>;
  /** HTML of the last publish: what `{% pagewidget %}` puts into pages. */
  @Column({ name: 'published_html', type: 'text', default: '', select: false }) publishedHtml: string;
  @Column({ name: 'publish_time', type: 'timestamptz', nullable: true }) publishTime: Date | null;
}
