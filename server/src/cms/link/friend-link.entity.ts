import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CmsAudited } from '../common/audit-columns';

/** A group of friend links of a site (`{% link_list code:'…' %}` lists one group). */
@Entity('cms_friend_link_group')
export class FriendLinkGroup extends CmsAudited {
  @PrimaryGeneratedColumn('identity', { name: 'group_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) groupId: string;
  @Column({ name: 'site_id', type: 'bigint' }) siteId: string;
  @Column({ type: 'varchar', length: 100 }) name: string;
  /** Letters, digits, underscore; unique in the site. */
  @Column({ type: 'varchar', length: 50 }) code: string;
  @Column({ name: 'sort_flag', type: 'int', default: 0 }) sortFlag: number;
  /** Links in the group (computed when listed). */
  linkTotal?: number;
}

/** A friend link: name, http(s) URL, logo from the site's material library. */
@Entity('cms_friend_link')
export class FriendLink extends CmsAudited {
  @PrimaryGeneratedColumn('identity', { name: 'link_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) linkId: string;
  @Column({ name: 'site_id', type: 'bigint' }) siteId: string;
  @Column({ name: 'group_id', type: 'bigint' }) groupId: string;
  @Column({ type: 'varchar', length: 100 }) name: string;
  @Column({ type: 'varchar', length: 500 }) url: string;
  /** A path of the site's material library (`resources/…`), '' for none. */
  @Column({ type: 'varchar', length: 500, default: '' }) logo: string;
  @Column({ name: 'sort_flag', type: 'int', default: 0 }) sortFlag: number;
  /** URL of the logo (computed when listed for the back office). */
  logoSrc?: string;
}
