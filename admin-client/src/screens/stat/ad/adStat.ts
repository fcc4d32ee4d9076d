/** 统计 > 广告统计: the screen's resource (menu path `cms/stat/ad`), its API and the figures' shapes (server: `/cms/ad/stat...`). */
export const AD_STAT_RESOURCE = 'cms/stat/ad';
/** Views, clicks and click rate per advert: `GET /cms/ad/stat` (ChestnutCMS's path). */
export const AD_STAT_API = 'cms/ad/stat';

export interface AdChart {
  days: string[];
  views: number[];
  clicks: number[];
  ctr: number[];
  total: { views: number; clicks: number; ctr: number };
}

export interface AdStatRow {
  advertisementId: string;
  name: string;
  adSpaceId: string;
  adSpaceName: string;
  views: number;
  clicks: number;
  ctr: number;
}

/** One click or view of an advert (`GET /cms/ad/stat/click|view`). */
export interface AdEvent {
  visitId: string;
  visitTime: string;
  path: string;
  clientType: string;
  visitorId: string;
}

/** A click rate as a percentage with two decimals. */
export const percent = (ratio: number): string => `${(ratio * 100).toFixed(2)}%`;
