import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { zipSync } from 'fflate';
import type { Readable } from 'node:stream';
import type { DataSource } from 'typeorm';
import type { LoginUser } from '../../auth/login-user';
import { isZip, readZipArchive, type ArchiveFile } from '../../common/archive/zip-archive';
import { ServiceException } from '../../common/errors/service-exception';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { CmsAccessService } from '../common/cms-access.service';
import { CmsPublishPipeService } from '../publishpipe/cms-publish-pipe.service';
import { CmsTemplateService } from '../template/cms-template.service';
import { TEMPLATE_PATH } from './cms-site.dto';
import { CmsSiteService } from './cms-site.service';

const MB = 1024 * 1024;
/** Limits of an imported theme: checked from the zip's directory before anything is inflated. */
export const THEME_LIMITS = { maxUploadBytes: 50 * MB, maxZipEntries: 2000, maxZipTotalBytes: 100 * MB, maxEntryBytes: 10 * MB };

/** `templates/<pipe>/<path>` or `assets/<pipe>/<path>` with safe segments (no `.`/`..`, no hidden files). */
const THEME_ENTRY = /^(templates|assets)\/([A-Za-z0-9_]{1,50})\/((?:[A-Za-z0-9_-][A-Za-z0-9_.-]*\/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*)$/;

/** The reader's messages (about documents) renamed to the theme's. */
const READER_MESSAGES: Record<string, string> = {
  'check.document.zipCorrupt': 'cms.theme.corrupt',
  'check.document.zipTooManyEntries': 'cms.theme.tooManyEntries',
  'check.document.zipTooLarge': 'cms.theme.tooLarge',
  'check.document.zipEntryTooLarge': 'cms.theme.entryTooLarge',
  'check.document.zipUnsafePath': 'cms.theme.unsafePath',
  'check.document.zipEncrypted': 'cms.theme.encrypted',
  'check.document.zipMethod': 'cms.theme.method',
};

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * A site's theme as one zip: its template files (`templates/<pipe>/...`) and theme assets (`assets/<pipe>/...`),
 * the same layout as under `cms/sites/<siteId>/` in storage. Export and import need `Site:Edit`.
 */
@Injectable()
export class CmsSiteThemeService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: CmsAccessService,
    private readonly sites: CmsSiteService,
    private readonly pipes: CmsPublishPipeService,
    private readonly templates: CmsTemplateService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** The theme zip of a site and its download name. */
  async exportTheme(user: LoginUser, siteId: string): Promise<{ fileName: string; data: Buffer }> {
    await this.access.assert(user, 'Site', 'Edit', siteId);
    const site = await this.sites.get(siteId);
    const root = `cms/sites/${site.siteId}/`;
    const files: Record<string, Uint8Array> = {};
    for (const folder of ['templates', 'assets']) {
      for (const key of await this.storage.list(`${root}${folder}`)) {
        const stream = await this.storage.get(key);
        if (stream) files[key.slice(root.length)] = await readAll(stream);
      }
    }
    return { fileName: `${site.path}-theme.zip`, data: Buffer.from(zipSync(files, { level: 6 })) };
  }

  /**
   * Restores a theme zip into a site: every file replaces the one at the same path (others stay), and each template
   * gets its index row. The whole zip is refused, nothing written, when one entry is outside templates/ or assets/,
   * has an unsafe path, names a pipe the site lacks, or breaks the size limits.
   */
  async importTheme(
    user: LoginUser,
    siteId: string,
    zip: Buffer,
    options: { replace?: boolean } = {},
  ): Promise<{ templates: number; assets: number }> {
    await this.access.assert(user, 'Site', 'Edit', siteId);
    const site = await this.sites.get(siteId);
    if (!isZip(zip)) throw new ServiceException('cms.theme.notZip');
    const files = await this.read(zip);
    const codes = new Set((await this.pipes.all(site.siteId)).map((p) => p.code));
    const entries = files.map((file) => {
      const match = THEME_ENTRY.exec(file.name);
      if (!match) throw new ServiceException('cms.theme.badEntry', { name: file.name.slice(0, 200) });
      const [, folder, code, path] = match;
      if (folder === 'templates' && (path.length > 255 || !TEMPLATE_PATH.test(path)))
        throw new ServiceException('cms.theme.badEntry', { name: file.name.slice(0, 200) });
      if (!codes.has(code)) throw new ServiceException('cms.theme.unknownPipe', { name: file.name.slice(0, 200), code });
      return { folder, code, path, data: file.data };
    });
    if (!entries.length) throw new ServiceException('cms.theme.empty');

    const templates = entries.filter((e) => e.folder === 'templates');
    // Replace: the pipes the zip brings keep only its files (other pipes are left as they are).
    const stale: string[] = [];
    if (options.replace) {
      const keep = new Set(entries.map((e) => `cms/sites/${site.siteId}/${e.folder}/${e.code}/${e.path}`));
      for (const code of new Set(entries.map((e) => e.code))) {
        for (const folder of ['templates', 'assets']) {
          for (const key of await this.storage.list(`cms/sites/${site.siteId}/${folder}/${code}`)) if (!keep.has(key)) stale.push(key);
        }
      }
    }
    await this.dataSource.transaction(async (m) => {
      if (options.replace) {
        for (const code of new Set(templates.map((e) => e.code))) {
          await m.query(`DELETE FROM cms_template WHERE site_id = $1 AND publish_pipe_code = $2 AND NOT (path = ANY($3::varchar[]))`, [
            site.siteId,
            code,
            templates.filter((e) => e.code === code).map((e) => e.path),
          ]);
        }
      }
      for (const e of templates) {
        await m.query(
          `INSERT INTO cms_template (site_id, publish_pipe_code, path, file_size, create_by, update_by)
           VALUES ($1, $2, $3, $4, $5, $5)
           ON CONFLICT (site_id, publish_pipe_code, path) DO UPDATE SET file_size = EXCLUDED.file_size, update_by = EXCLUDED.update_by, update_time = now()`,
          [site.siteId, e.code, e.path, e.data.length, user.userName],
        );
      }
      // Files inside the transaction: a failed write rolls the index rows back.
      for (const e of entries) await this.storage.put(`cms/sites/${site.siteId}/${e.folder}/${e.code}/${e.path}`, e.data);
    });
    // After the commit: a failed import keeps the old files.
    for (const key of stale) await this.storage.delete(key);
    // Renders in this process read the new texts at once (other processes within the cache's short lifetime).
    this.templates.clearCache(site.siteId);
    return { templates: templates.length, assets: entries.length - templates.length };
  }

  private async read(zip: Buffer): Promise<ArchiveFile[]> {
    try {
      return await readZipArchive(zip, THEME_LIMITS);
    } catch (error) {
      if (error instanceof ServiceException && READER_MESSAGES[error.messageKey])
        throw new ServiceException(READER_MESSAGES[error.messageKey], error.args);
      throw error;
    }
  }
}
