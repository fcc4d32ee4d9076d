import { forwardRef, Inject, Injectable, Logger } from '@nestjs/common';
import type { LoginUser } from '../../auth/login-user';
import { PublicFetcher } from '../../common/security/public-fetch';
import { sniffContent } from '../../storage/file-content';
import type { CmsSite } from '../site/cms-site.entity';
import { CmsResourceService } from './cms-resource.service';
import { resourceLimits } from './resource-settings';
import { ResourceStorageService } from './resource-storage.service';

/** Images downloaded at most per save (the rest stay remote until the next save). */
export const REMOTE_IMAGES_PER_SAVE = 20;
/** Downloads running at once during one save. */
const PARALLEL = 3;
/** Time limit of each download (redirects and body included). */
export const REMOTE_IMAGE_TIMEOUT_MS = 10_000;

/** `<img ... src=...>`: the attribute in double, single or no quotes (sanitized HTML uses double quotes). */
const IMG_SRC = /(<img\b[^>]*?\ssrc\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/** What a save's localization did. */
export interface RemoteImagesSummary {
  /** Remote images now served from the library (downloaded now, or found there from an earlier save). */
  localized: number;
  /** Remote images that could not be downloaded or are not images; they keep their remote address. */
  failed: number;
  /** Remote images beyond the per-save limit, left for a later save. */
  skipped: number;
}

export interface RemoteImagesResult extends RemoteImagesSummary {
  html: string | null;
  logo: string;
}

type SiteRef = Pick<CmsSite, 'siteId' | 'path' | 'resourceUrl' | 'configProps' | 'publishPipeProps'>;

/** Extensions a downloaded image may be named with, by its content (images of the library only). */
const IMAGE_EXTS = ['jpg', 'png', 'gif', 'webp', 'bmp', 'tiff'];

const decodeEntities = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const encodeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Remote images of content (issue 18 item 2): when the site's `remoteImageDownload` is on, a save downloads every
 * `<img src>` of the body (and the logo when it is a URL) that lives on another host, through the public-address-only
 * fetcher, into the site's library (`storeBuffer` with the source URL: the site's limits, processing, and one row per
 * distinct image), and points the content at the library's copy. An image that fails keeps its address; the save
 * goes on.
 */
@Injectable()
export class CmsRemoteImages {
  private readonly logger = new Logger(CmsRemoteImages.name);

  constructor(
    private readonly fetcher: PublicFetcher,
    @Inject(forwardRef(() => CmsResourceService)) private readonly resources: CmsResourceService,
    private readonly storage: ResourceStorageService,
  ) {}

  /** The body and logo with remote images replaced by the library's copies (unchanged when the site has it off). */
  async localize(user: LoginUser | null, site: SiteRef, input: { html: string | null; logo: string }): Promise<RemoteImagesResult> {
    const result: RemoteImagesResult = { ...input, localized: 0, failed: 0, skipped: 0 };
    const limits = resourceLimits(site);
    if (!limits.remoteImageDownload) return result;
    const own = await this.ownHosts(site);
    const isRemote = (url: string) => {
      try {
        const u = new URL(url);
        return (u.protocol === 'http:' || u.protocol === 'https:') && !own.has(u.host.toLowerCase());
      } catch {
        return false; // relative: the site's own
      }
    };

    const wanted: string[] = [];
    if (input.html) {
      for (const m of input.html.matchAll(IMG_SRC)) {
        const url = decodeEntities((m[2] ?? m[3] ?? m[4] ?? '').trim());
        if (isRemote(url) && !wanted.includes(url)) wanted.push(url);
      }
    }
    const logo = input.logo.trim();
    if (isRemote(logo) && !wanted.includes(logo)) wanted.push(logo);
    if (!wanted.length) return result;

    const taken = wanted.slice(0, REMOTE_IMAGES_PER_SAVE);
    result.skipped = wanted.length - taken.length;
    const copies = new Map<string, { src: string; path: string }>();
    let next = 0;
    const worker = async () => {
      while (next < taken.length) {
        const url = taken[next++];
        const copy = await this.copyOf(user, site, url, limits.imageMaxBytes);
        if (copy) copies.set(url, copy);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, taken.length) }, worker));

    if (input.html) {
      result.html = input.html.replace(IMG_SRC, (whole, head: string, dq?: string, sq?: string, bare?: string) => {
        const copy = copies.get(decodeEntities((dq ?? sq ?? bare ?? '').trim()));
        return copy ? `${head}"${encodeAttribute(copy.src)}"` : whole;
      });
    }
    const logoCopy = copies.get(logo);
    if (logoCopy) result.logo = logoCopy.path;
    // Each distinct address counts once, wherever it appears.
    result.localized = copies.size;
    result.failed = taken.length - copies.size;
    if (result.localized || result.failed || result.skipped) {
      this.logger.log(
        { siteId: site.siteId, localized: result.localized, failed: result.failed, skipped: result.skipped },
        'Remote images of content localized',
      );
    }
    return result;
  }

  /** The library's copy of a remote image: one stored from this address before, or a fresh download; null on failure. */
  private async copyOf(user: LoginUser | null, site: SiteRef, url: string, maxBytes: number): Promise<{ src: string; path: string } | null> {
    try {
      const known = await this.resources.findBySourceUrl(site.siteId, url);
      if (known) {
        const [row] = await this.resources.present(site, [known]);
        return { src: row.src, path: row.path };
      }
      const fetched = await this.fetcher.fetch(url, { maxBytes, timeoutMs: REMOTE_IMAGE_TIMEOUT_MS, accept: 'image/*' });
      const ext = (await sniffContent(fetched.data, IMAGE_EXTS))?.ext;
      if (!ext) throw new Error('not an image of the library');
      const allowed = resourceLimits(site).allowedExts;
      const suffix = ext === 'jpg' && !allowed.includes('jpg') && allowed.includes('jpeg') ? 'jpeg' : ext;
      const row = await this.resources.storeBuffer(user, site, fetched.data, {
        fileName: `${nameFromUrl(fetched.url)}.${suffix}`,
        sourceUrl: url,
        kinds: ['image'],
      });
      return { src: row.src, path: row.path };
    } catch (error) {
      this.logger.warn({ siteId: site.siteId, url: url.slice(0, 300), reason: (error as Error).message }, 'Remote image not localized');
      return null;
    }
  }

  /** Hosts whose images are the site's own: its resource domain, its storage's base URL and its pipes' URLs. */
  private async ownHosts(site: SiteRef): Promise<Set<string>> {
    const urls = [site.resourceUrl, await this.storage.baseUrl(site), ...Object.values(site.publishPipeProps ?? {}).map((p) => p?.url ?? '')];
    const hosts = new Set<string>();
    for (const url of urls) {
      try {
        if (url) hosts.add(new URL(url).host.toLowerCase());
      } catch {
        // a relative base (/site/<path>/) names no host
      }
    }
    return hosts;
  }
}

/** A file name from the last segment of a URL's path, without its extension ('image' when there is none). */
function nameFromUrl(url: string): string {
  let segment: string;
  try {
    segment = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    segment = '';
  }
  const stem = segment
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N}_ -]+/gu, '')
    .trim()
    .slice(0, 100);
  return stem || 'image';
}
