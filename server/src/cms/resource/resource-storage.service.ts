import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type { FileStorage } from '../../storage/storage';
import { CmsSiteStorageService } from '../site/cms-site-storage.service';
import type { CmsSite } from '../site/cms-site.entity';

type SiteRef = Pick<CmsSite, 'siteId' | 'path' | 'resourceUrl'>;

/**
 * The one door of the resource library to storage: a site's resources live in its own storage (the product's, or
 * the site's bucket: CmsSiteStorageService) under `site/<site.path>/<path>`.
 */
@Injectable()
export class ResourceStorageService {
  constructor(private readonly siteStorage: CmsSiteStorageService) {}

  /** The storage of a site's resources. */
  forSite(site: Pick<CmsSite, 'siteId'>): Promise<FileStorage> {
    return this.siteStorage.driverFor(site);
  }

  /** The storage key of a path inside the site folder. */
  key(site: Pick<CmsSite, 'path'>, path: string): string {
    return `site/${site.path}/${path}`;
  }

  /** Base URL of the site's files in pages (ends with `/`): its resource domain, its bucket's URL, or `/site/<path>/`. */
  async baseUrl(site: SiteRef): Promise<string> {
    const base = await this.siteStorage.resourceBase(site);
    return base.endsWith('/') ? base : `${base}/`;
  }

  async put(site: SiteRef, path: string, data: Buffer): Promise<void> {
    await (await this.forSite(site)).put(this.key(site, path), data);
  }

  /**
   * Writes several files of the site with its storage looked up once; each path is added to `written` as soon as it is
   * stored, so a failure half-way leaves the caller the list to roll back.
   */
  async putAll(site: SiteRef, files: Array<{ path: string; data: Buffer }>, written: string[]): Promise<void> {
    const storage = await this.forSite(site);
    for (const { path, data } of files) {
      await storage.put(this.key(site, path), data);
      written.push(path);
    }
  }

  async get(site: SiteRef, path: string): Promise<Readable | null> {
    return (await this.forSite(site)).get(this.key(site, path));
  }

  /** Deletes files of the site; one that is already gone is not an error. */
  async delete(site: SiteRef, paths: string[]): Promise<void> {
    const storage = await this.forSite(site);
    for (const path of paths.filter((p) => p !== '')) await storage.delete(this.key(site, path));
  }
}
