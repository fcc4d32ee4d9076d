import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ServiceException } from '../../common/errors/service-exception';
import { clientInfo } from '../../common/http/client-info';
import { CmsStatRecorder } from '../stat/cms-stat-recorder.service';
import type { CmsAdvertisement } from './cms-advertisement.entity';
import { CmsAdvertisementService } from './cms-advertisement.service';

/** The visitor cookie of ad views: 32 random hex characters, hashed with the day's secret before use. */
export const AD_COOKIE = 'zw_adv';
const COOKIE_VALUE = /^[0-9a-f]{32}$/;
const AD_CACHE_MS = 10_000;

/** Events of the site statistics an advert's views and clicks are (`cms_stat_visit.event`, `subject_id` = the advert). */
export const AD_VIEW_EVENT = 'adview';
export const AD_CLICK_EVENT = 'adclick';

/**
 * Counts advert views and clicks through the site statistics' recorder (bots, unknown sites and floods dropped there):
 * a view once per visitor, advert and day, a click each time; only adverts shown now count. The visitor is the
 * `zw_adv` cookie when the browser sends it back, else the address and agent (both hashed with the day's secret).
 */
@Injectable()
export class CmsAdTrackService {
  private readonly cache = new Map<string, { ad: CmsAdvertisement | null; at: number }>();

  constructor(
    private readonly adverts: CmsAdvertisementService,
    private readonly recorder: CmsStatRecorder,
  ) {}

  /** Counts a view (the beacon of the ad space script). */
  async view(req: Request, res: Response, aid: string, url?: string): Promise<void> {
    const ad = await this.advert(aid);
    if (!ad || !this.adverts.isOnline(ad)) return;
    await this.record(req, res, ad, AD_VIEW_EVENT, url, true);
  }

  /** Counts a click without redirecting (code adverts). */
  async click(req: Request, res: Response, aid: string, url?: string): Promise<void> {
    const ad = await this.advert(aid);
    if (!ad || !this.adverts.isOnline(ad)) return;
    await this.record(req, res, ad, AD_CLICK_EVENT, url, false);
  }

  /**
   * The advert's own stored URL to send a click to (never an address from the request: no open redirect), counting
   * the click when the advert is shown now (`url`, the page clicked on, only names the page in the statistics); 404
   * for an advert that does not exist or has no URL.
   */
  async redirect(req: Request, res: Response, aid: string, url?: string): Promise<string> {
    const ad = await this.advert(aid);
    if (!ad || !ad.redirectUrl) throw new ServiceException('cms.ad.notFound', {}, 500, 404);
    if (this.adverts.isOnline(ad)) {
      const referer = typeof req.headers.referer === 'string' ? req.headers.referer : undefined;
      await this.record(req, res, ad, AD_CLICK_EVENT, url ?? referer, false);
    }
    return ad.redirectUrl;
  }

  private async record(req: Request, res: Response, ad: CmsAdvertisement, event: string, url: string | undefined, oncePerDay: boolean) {
    const { ipaddr, userAgent } = clientInfo(req);
    const visitorKey = this.visitorCookie(req, res);
    await this.recorder.recordEvent(
      { siteId: String(ad.siteId), event, subjectId: String(ad.advertisementId), url, visitorKey, oncePerDay },
      ipaddr,
      userAgent,
    );
  }

  /**
   * The visitor's cookie value when the browser sent a well-formed one; else a new one is set for next time and the
   * address and agent stand for the visitor now. Over https the cookie is `SameSite=None; Secure` (published pages
   * call from another origin); over http it is `Lax`, which browsers keep from such calls, so the address stands in.
   */
  private visitorCookie(req: Request, res: Response): string | undefined {
    const raw = String(req.headers.cookie ?? '')
      .split(';')
      .map((c) => c.trim())
      .find((c) => c.startsWith(`${AD_COOKIE}=`));
    const value = raw?.slice(AD_COOKIE.length + 1);
    if (value && COOKIE_VALUE.test(value)) return value;
    const secure = req.secure;
    res.setHeader(
      'Set-Cookie',
      `${AD_COOKIE}=${randomBytes(16).toString('hex')}; Max-Age=31536000; Path=/; HttpOnly; ${secure ? 'SameSite=None; Secure' : 'SameSite=Lax'}`,
    );
    return undefined;
  }

  /** An advert by id, cached a few seconds (beacons come in bursts). */
  private async advert(aid: string): Promise<CmsAdvertisement | null> {
    const hit = this.cache.get(aid);
    if (hit && Date.now() - hit.at < AD_CACHE_MS) return hit.ad;
    const [ad] = await this.adverts.findMany([aid]);
    if (this.cache.size >= 10_000) this.cache.clear();
    this.cache.set(aid, { ad: ad ?? null, at: Date.now() });
    return ad ?? null;
  }

  /** Forgets cached adverts (after a change, so the beacons see it at once in this instance). */
  forget(ids?: string[]): void {
    if (!ids) this.cache.clear();
    else for (const id of ids) this.cache.delete(id);
  }
}
