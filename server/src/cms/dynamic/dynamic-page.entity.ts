import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CmsAudited } from '../common/audit-columns';

/** What a dynamic page gives its template besides `request` (ChestnutCMS's init data types). */
export const DYNAMIC_INIT_TYPES = ['search', 'member', 'pagination'] as const;
export type DynamicInitType = (typeof DYNAMIC_INIT_TYPES)[number];

/** A dynamic page (动态模板): a template of the site rendered per request at `/api/dynamic/<site>/<pipe>/<path>`. */
@Entity('cms_dynamic_page')
export class DynamicPage extends CmsAudited {
  @PrimaryGeneratedColumn('identity', { name: 'page_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) pageId: string;
  @Column({ name: 'site_id', type: 'bigint' }) siteId: string;
  @Column({ type: 'varchar', length: 100 }) name: string;
  /** Letters, digits, underscore; unique in the site. */
  @Column({ type: 'varchar', length: 50 }) code: string;
  /** Lower-case segments (`search`, `member/center`), unique in the site; no leading slash. */
  @Column({ type: 'varchar', length: 100 }) path: string;
  @Column({ type: 'varchar', length: 500, default: '' }) description: string;
  @Column({ name: 'init_data_types', type: 'jsonb', default: () => `'[]'` }) initDataTypes: DynamicInitType[];
  /** Template path per publish pipe code (`{ pc: 'search.template.html' }`). */
  @Column({ type: 'jsonb', default: () => `'{}'` }) templates: Record<string, string>;
  /** Seconds an anonymous answer is cached (0: never). Cleared whenever a publish task of the site ends. */
  @Column({ name: 'cache_seconds', type: 'int', default: 60 }) cacheSeconds: number;
  @Column({ type: 'boolean', default: true }) enabled: boolean;
}
