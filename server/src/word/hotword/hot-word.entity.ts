import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CmsAudited } from '../../cms/common/audit-columns';

/** How a hot word's link opens (spec 3 and 9). */
export const URL_TARGETS = ['_self', '_blank'] as const;
export type UrlTarget = (typeof URL_TARGETS)[number];

/** A group of hot words of a site. */
@Entity('cms_hot_word_group')
export class HotWordGroup extends CmsAudited {
  @PrimaryGeneratedColumn('identity', { name: 'group_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) groupId: string;
  @Column({ name: 'site_id', type: 'bigint' }) siteId: string;
  @Column({ type: 'varchar', length: 100 }) name: string;
  /** Letters, digits, underscore; unique in the site. */
  @Column({ type: 'varchar', length: 50 }) code: string;
  @Column({ name: 'sort_flag', type: 'int', default: 0 }) sortFlag: number;
  /** Words in the group (computed when listed). */
  wordTotal?: number;
}

/** A hot word: linked to its URL in published content (first occurrence per page). */
@Entity('cms_hot_word')
export class HotWord extends CmsAudited {
  @PrimaryGeneratedColumn('identity', { name: 'word_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) wordId: string;
  @Column({ name: 'site_id', type: 'bigint' }) siteId: string;
  @Column({ name: 'group_id', type: 'bigint' }) groupId: string;
  @Column({ type: 'varchar', length: 100 }) word: string;
  @Column({ type: 'varchar', length: 500 }) url: string;
  @Column({ name: 'url_target', type: 'varchar', length: 10, default: '_blank' }) urlTarget: UrlTarget;
  @Column({ name: 'use_count', type: 'bigint', default: '0' }) useCount: string;
  @Column({ name: 'hit_count', type: 'bigint', default: '0' }) hitCount: string;
}
