import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CmsAudited } from '../../cms/common/audit-columns';

/** A group of tag words of a site; groups form a tree (`parentId` 0 at the top). */
@Entity('cms_tag_word_group')
export class TagWordGroup extends CmsAudited {
  @PrimaryGeneratedColumn('identity', { name: 'group_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) groupId: string;
  @Column({ name: 'site_id', type: 'bigint' }) siteId: string;
  @Column({ name: 'parent_id', type: 'bigint', default: '0' }) parentId: string;
  @Column({ type: 'varchar', length: 100 }) name: string;
  /** Letters, digits, underscore; unique in the site. */
  @Column({ type: 'varchar', length: 50 }) code: string;
  @Column({ type: 'varchar', length: 500, default: '' }) logo: string;
  @Column({ name: 'sort_flag', type: 'int', default: 0 }) sortFlag: number;
  /** Words in the group (computed when listed). */
  wordTotal?: number;
}

/** A tag word: offered as a tag in the content editor; unique in its group. */
@Entity('cms_tag_word')
export class TagWord extends CmsAudited {
  @PrimaryGeneratedColumn('identity', { name: 'word_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) wordId: string;
  @Column({ name: 'site_id', type: 'bigint' }) siteId: string;
  @Column({ name: 'group_id', type: 'bigint' }) groupId: string;
  @Column({ type: 'varchar', length: 100 }) word: string;
  @Column({ type: 'varchar', length: 500, default: '' }) logo: string;
  @Column({ name: 'use_count', type: 'bigint', default: '0' }) useCount: string;
  @Column({ name: 'hit_count', type: 'bigint', default: '0' }) hitCount: string;
  @Column({ name: 'sort_flag', type: 'int', default: 0 }) sortFlag: number;
}
