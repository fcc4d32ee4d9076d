import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CmsAudited } from '../common/audit-columns';

export const AD_TYPES = ['image', 'text', 'code'] as const;
export type AdType = (typeof AD_TYPES)[number];
export const LINK_TARGETS = ['_blank', '_self'] as const;
export type LinkTarget = (typeof LINK_TARGETS)[number];

/**
 * An advert of an ad space (`cms_advertisement`; the ad space is a page widget of type `ads`). Image adverts show
 * a picture from the material library, text adverts a line of text, code adverts staff's HTML (sanitized unless saved
 * by a holder of `cms:ad:rawcode`). Published spaces pick one online advert per view by weight.
 */
@Entity('cms_advertisement')
export class CmsAdvertisement extends CmsAudited {
  @PrimaryGeneratedColumn('identity', { name: 'advertisement_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) advertisementId: string;
  @Column({ name: 'site_id', type: 'bigint' }) siteId: string;
  /** The page widget (type `ads`) it belongs to. */
  @Column({ name: 'ad_space_id', type: 'bigint' }) adSpaceId: string;
  @Column({ type: 'varchar', length: 16 }) type: AdType;
  @Column({ type: 'varchar', length: 100 }) name: string;
  /** 1 to 10000: the share of views among the space's online adverts. */
  @Column({ type: 'int', default: 100 }) weight: number;
  /** '0' enabled, '1' disabled. */
  @Column({ type: 'char', length: 1, default: '0' }) status: '0' | '1';
  /** When the scheduler enables it (and before which it is never shown). */
  @Column({ name: 'online_date', type: 'timestamptz', nullable: true }) onlineDate: Date | null;
  /** When the scheduler disables it (and from which it is never shown). */
  @Column({ name: 'offline_date', type: 'timestamptz', nullable: true }) offlineDate: Date | null;
  /** The scheduler has applied the online date (reset when the date changes). */
  @Column({ name: 'online_done', type: 'boolean', default: false, select: false }) onlineDone: boolean;
  @Column({ name: 'offline_done', type: 'boolean', default: false, select: false }) offlineDone: boolean;
  /** Where a click goes (through `/api/adv/redirect`, which counts it); '' = not a link. */
  @Column({ name: 'redirect_url', type: 'varchar', length: 1000, default: '' }) redirectUrl: string;
  @Column({ name: 'link_target', type: 'varchar', length: 8, default: '_blank' }) linkTarget: LinkTarget;
  /** An image advert's picture: a material library path (as a site's logo). */
  @Column({ name: 'resource_path', type: 'varchar', length: 500, default: '' }) resourcePath: string;
  /** A text advert's text, or a code advert's HTML. */
  @Column({ type: 'text', default: '' }) content: string;
  /** The code was saved raw (by a holder of `cms:ad:rawcode`): published as is, scripts included. */
  @Column({ name: 'raw_code', type: 'boolean', default: false }) rawCode: boolean;
}
