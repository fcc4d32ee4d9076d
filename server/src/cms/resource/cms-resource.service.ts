import { forwardRef, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { buffer as readAll } from 'node:stream/consumers';
import { In, type DataSource } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import { paginate } from '../../common/paging/paginate';
import { escapeLike } from '../../database/sql-helpers';
import { imageDimensions, sharpProcesses } from '../../storage/file-content';
import { CmsContentService } from '../content/cms-content.service';
import type { CmsSite } from '../site/cms-site.entity';
import type { ResourceQueryDto, UpdateResourceDto } from './cms-resource.dto';
import { CmsResource, RESOURCE_TYPES, type ResourceType } from './cms-resource.entity';
import { ImageRefusal, MAX_INPUT_PIXELS, processImage, type WatermarkSpec } from './image-processing';
import { ResourceStorageService } from './resource-storage.service';
import { resourceLimits, type ResourceLimits } from './resource-settings';
import { detectResourceType, extOf, extsOfType, iconTypeOf, typeOfExt, TYPE_ICONS, type IconType } from './resource-types';

/** A row as the API answers it: with its public URL, thumbnail URL and icon. */
export type ResourceRow = CmsResource & { src: string; thumbnailSrc: string; iconType: IconType };
export type ResourceUsage = { contentId: string; title: string; catalogName: string; status: string };

export interface StoreMeta {
  fileName: string;
  sourceUrl?: string;
  name?: string;
  tags?: string[];
  description?: string;
  /** Types accepted here (e.g. only images in the rich-text image button); any when absent. */
  kinds?: ResourceType[];
}

/** A checked and processed file, ready to be written. */
interface Prepared {
  type: ResourceType;
  mime: string;
  suffix: string;
  data: Buffer;
  width: number;
  height: number;
  thumbnail: Buffer | null;
  sha256: string;
}

type SiteRef = Pick<CmsSite, 'siteId' | 'path' | 'resourceUrl' | 'configProps'>;

const MB = 1024 * 1024;

/** `resources/<yyyyMM>/<32 hex>`: where a new file goes, without its extension. */
function newStem(): string {
  const now = new Date();
  return `resources/${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}/${randomBytes(16).toString('hex')}`;
}

/** The base name of an uploaded file (no folder), at most 255 characters. */
function baseName(fileName: string): string {
  return (fileName.split(/[\\/]/).pop() ?? '').trim().slice(0, 255) || 'file';
}

/**
 * The resource library of a site: files checked by their content against the site's allow-list and limits, images
 * processed (orientation, metadata stripped, watermark, thumbnail), stored under `site/<path>/resources/`, one row
 * each. Every upload of the CMS goes through `storeBuffer`. See docs/cms.md "Resources".
 */
@Injectable()
export class CmsResourceService {
  private readonly logger = new Logger(CmsResourceService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly storage: ResourceStorageService,
    @Inject(forwardRef(() => CmsContentService)) private readonly contents: CmsContentService,
  ) {}

  private get repo() {
    return this.dataSource.getRepository(CmsResource);
  }

  // ------------------------------------------------------------------------------------------------ reads

  /** The types with the extensions the site allows of each, and their icons. */
  types(site: SiteRef): Array<{ id: ResourceType; name: string; exts: string[]; icon: IconType }> {
    const allowed = new Set(resourceLimits(site).allowedExts);
    return RESOURCE_TYPES.map((id) => ({
      id,
      name: t(`cms.resource.type.${id}`),
      exts: extsOfType(id).filter((ext) => allowed.has(ext)),
      icon: TYPE_ICONS[id],
    }));
  }

  /** Resources of the site, newest first, filtered by type, name part, tag and upload time. */
  async list(site: SiteRef, query: ResourceQueryDto): Promise<PageResult<ResourceRow>> {
    const qb = this.repo.createQueryBuilder('r').where('r.site_id = :siteId', { siteId: site.siteId });
    if (query.resourceType) qb.andWhere('r.resource_type = :type', { type: query.resourceType });
    if (query.name) qb.andWhere('r.name ILIKE :name', { name: `%${escapeLike(query.name)}%` });
    if (query.tag) qb.andWhere('r.tags @> :tag::jsonb', { tag: JSON.stringify([query.tag]) });
    if (query.beginTime) qb.andWhere('r.create_time >= :beginTime', { beginTime: new Date(query.beginTime) });
    if (query.endTime) qb.andWhere('r.create_time <= :endTime', { endTime: new Date(query.endTime) });
    const page = await paginate(qb, query, {
      sortable: { createTime: 'r.create_time', fileSize: 'r.file_size', name: 'r.name', resourceId: 'r.resource_id' },
      defaultOrder: { 'r.resource_id': 'DESC' },
    });
    return { ...page, rows: await this.present(site, page.rows) };
  }

  /** One resource of the site with the content that uses it. */
  async get(site: SiteRef, resourceId: string): Promise<ResourceRow & { usages: ResourceUsage[] }> {
    const row = await this.find(site, resourceId);
    const [presented] = await this.present(site, [row]);
    return { ...presented, usages: await this.contents.contentUsingPaths(site.siteId, [row.path, row.thumbnail]) };
  }

  /** A resource downloaded from `url` before (remote images), or null. */
  async findBySourceUrl(siteId: string, url: string): Promise<CmsResource | null> {
    return this.repo.findOne({ where: { siteId, sourceUrl: url }, order: { resourceId: 'DESC' } });
  }

  /** The file of a resource as a stream, with the name it downloads as. */
  async download(site: SiteRef, resourceId: string): Promise<{ fileName: string; mime: string; stream: Readable }> {
    const row = await this.find(site, resourceId);
    const stream = await this.storage.get(site, row.path);
    if (!stream) throw ServiceException.notFound('cms.resource.fileMissing');
    const fileName = row.name.toLowerCase().endsWith(`.${row.suffix}`) ? row.name : `${row.name}.${row.suffix}`;
    return { fileName, mime: row.mime, stream };
  }

  /** Rows with their URLs and icons. */
  async present(site: SiteRef, rows: CmsResource[]): Promise<ResourceRow[]> {
    if (!rows.length) return [];
    const base = await this.storage.baseUrl(site);
    return rows.map((r) => ({
      ...r,
      src: `${base}${r.path}`,
      thumbnailSrc: `${base}${r.thumbnail || r.path}`,
      iconType: r.resourceType === 'image' ? 'image' : iconTypeOf(r.suffix),
    }));
  }

  // ------------------------------------------------------------------------------------------------ uploads

  /**
   * Checks, processes and stores one file as a library row (what every upload of the CMS calls). With `sourceUrl`, a
   * file whose bytes the site has already answers that row instead of a copy.
   */
  async storeBuffer(user: LoginUser | null, site: SiteRef, data: Buffer, meta: StoreMeta): Promise<ResourceRow> {
    const sha256 = createHash('sha256').update(data).digest('hex');
    if (meta.sourceUrl) {
      const same = await this.repo.findOne({ where: { siteId: site.siteId, sha256 }, order: { resourceId: 'ASC' } });
      if (same) return (await this.present(site, [same]))[0];
    }
    const limits = resourceLimits(site);
    const prepared = await this.prepare(site, limits, data, meta);
    const [row] = await this.commit(user, site, [{ prepared, meta }]);
    return row;
  }

  /** Stores several uploaded files: all of them or, when one is refused, none. */
  async upload(
    user: LoginUser,
    site: SiteRef,
    files: Array<{ buffer: Buffer; originalname: string }>,
    fields: { name?: string; tags?: string[]; description?: string },
  ): Promise<ResourceRow[]> {
    const limits = resourceLimits(site);
    if (!files.length) throw new ServiceException('cms.resource.noFile');
    if (files.length > limits.maxCount) throw new ServiceException('cms.resource.tooManyFiles', { max: limits.maxCount });
    const items: Array<{ prepared: Prepared; meta: StoreMeta }> = [];
    for (const file of files) {
      const meta: StoreMeta = {
        fileName: file.originalname,
        name: files.length === 1 ? fields.name : undefined,
        tags: fields.tags,
        description: fields.description,
      };
      items.push({ prepared: await this.prepare(site, limits, file.buffer, meta), meta });
    }
    return this.commit(user, site, items);
  }

  /** Replaces a resource's file by one of the same type; the path stays when the extension does. */
  async replaceFile(user: LoginUser, site: SiteRef, resourceId: string, file: { buffer: Buffer; originalname: string }): Promise<ResourceRow> {
    const row = await this.find(site, resourceId);
    const limits = resourceLimits(site);
    const prepared = await this.prepare(site, limits, file.buffer, { fileName: file.originalname, kinds: [row.resourceType] }).catch((e: unknown) => {
      if (e instanceof ServiceException && e.messageKey === 'cms.resource.kindNotAllowed') {
        throw new ServiceException('cms.resource.replaceFamily', { type: t(`cms.resource.type.${row.resourceType}`) });
      }
      throw e;
    });
    const path = prepared.suffix === row.suffix ? row.path : `${newStem()}.${prepared.suffix}`;
    const thumbnail = prepared.thumbnail ? row.thumbnail || `${path.replace(/\.[^.]+$/, '')}_thumb.${prepared.suffix}` : '';
    const written: string[] = [];
    try {
      await this.storage.put(site, path, prepared.data);
      if (path !== row.path) written.push(path);
      if (prepared.thumbnail && thumbnail) {
        await this.storage.put(site, thumbnail, prepared.thumbnail);
        if (thumbnail !== row.thumbnail) written.push(thumbnail);
      }
      await this.repo.update(
        { resourceId: row.resourceId },
        {
          path,
          thumbnail,
          suffix: prepared.suffix,
          mime: prepared.mime,
          fileSize: String(prepared.data.length),
          width: prepared.width,
          height: prepared.height,
          sha256: prepared.sha256,
          fileName: baseName(file.originalname),
          updateBy: user.userName,
        },
      );
    } catch (e) {
      await this.removeQuietly(site, written);
      throw e;
    }
    // The old files that are no longer the resource's.
    await this.removeQuietly(
      site,
      [row.path, row.thumbnail].filter((p) => p && p !== path && p !== thumbnail),
    );
    return (await this.present(site, [await this.find(site, resourceId)]))[0];
  }

  // ------------------------------------------------------------------------------------------------ edit and delete

  /** Changes a resource's name, tags and description. */
  async update(user: LoginUser, site: SiteRef, dto: UpdateResourceDto): Promise<ResourceRow> {
    const row = await this.find(site, dto.resourceId);
    await this.repo.update(
      { resourceId: row.resourceId },
      {
        name: dto.name,
        ...(dto.tags !== undefined ? { tags: dto.tags } : {}),
        ...(dto.description !== undefined ? { description: dto.description } : {}),
        updateBy: user.userName,
      },
    );
    return (await this.present(site, [await this.find(site, dto.resourceId)]))[0];
  }

  /** Deletes resources of the site with their files; refused while published content uses one of them. */
  async remove(site: SiteRef, resourceIds: string[]): Promise<void> {
    const rows = await this.repo.findBy({ siteId: site.siteId, resourceId: In(resourceIds) });
    if (rows.length !== resourceIds.length) throw ServiceException.notFound('cms.resource.notFound');
    for (const row of rows) {
      const published = (await this.contents.contentUsingPaths(site.siteId, [row.path, row.thumbnail])).filter((c) => c.status === 'published');
      if (published.length) {
        throw new ServiceException('cms.resource.inUse', {
          name: row.name,
          titles: published
            .slice(0, 5)
            .map((c) => `《${c.title}》`)
            .join('、')
            .concat(published.length > 5 ? ' …' : ''),
        });
      }
    }
    await this.repo.delete({ siteId: site.siteId, resourceId: In(resourceIds) });
    await this.removeQuietly(
      site,
      rows.flatMap((r) => [r.path, r.thumbnail]),
    );
  }

  // ------------------------------------------------------------------------------------------------ internals

  private async find(site: Pick<CmsSite, 'siteId'>, resourceId: string): Promise<CmsResource> {
    const row = await this.repo.findOneBy({ siteId: site.siteId, resourceId });
    if (!row) throw ServiceException.notFound('cms.resource.notFound');
    return row;
  }

  /** Every check of a file (extension, content, kind, size, pixels) and its image processing; nothing is written. */
  private async prepare(site: SiteRef, limits: ResourceLimits, data: Buffer, meta: StoreMeta): Promise<Prepared> {
    const name = baseName(meta.fileName);
    const ext = extOf(name);
    if (!ext) throw new ServiceException('cms.resource.extMissing', { name });
    if (!limits.allowedExts.includes(ext)) throw new ServiceException('cms.resource.extNotAllowed', { ext, allowed: limits.allowedExts.join(', ') });
    // Images have their own limit (it may be above or below the file limit); the rest the file limit.
    if (typeOfExt(ext) === 'image') {
      if (data.length > limits.imageMaxBytes) throw new ServiceException('cms.resource.imageTooLarge', { name, max: limits.imageMaxBytes / MB });
    } else if (data.length > limits.maxBytes) {
      throw new ServiceException('cms.resource.tooLarge', { name, max: limits.maxBytes / MB });
    }
    const detected = await detectResourceType(data, ext);
    if (!detected) throw new ServiceException('cms.resource.contentMismatch', { name, ext });
    if (meta.kinds && !meta.kinds.includes(detected.type)) {
      throw new ServiceException('cms.resource.kindNotAllowed', { kinds: meta.kinds.map((k) => t(`cms.resource.type.${k}`)).join('/') });
    }
    const sha256 = createHash('sha256').update(data).digest('hex');
    const base = { type: detected.type, mime: detected.mime, suffix: ext, sha256, data, width: 0, height: 0, thumbnail: null };
    if (detected.type !== 'image') return base;
    try {
      if (!sharpProcesses(ext)) {
        // libvips reads no BMP: stored as it came (a BMP carries no EXIF), its size from the header.
        const { width, height } = (await imageDimensions(data)) ?? { width: 0, height: 0 };
        if (width * height > MAX_INPUT_PIXELS) throw new ImageRefusal('tooManyPixels', width, height);
        return { ...base, width, height };
      }
      // processImage reads the header first and refuses a bomb before decoding anything.
      const done = await processImage(data, {
        thumbnail: { width: limits.thumbnailWidth, height: limits.thumbnailHeight },
        watermark: await this.watermarkOf(site, limits),
      });
      return { ...base, data: done.data, width: done.width, height: done.height, thumbnail: done.thumbnail?.data ?? null };
    } catch (e) {
      if (!(e instanceof ImageRefusal)) throw e;
      if (e.reason === 'tooManyPixels') {
        throw new ServiceException('cms.resource.imageTooManyPixels', { name, width: e.width, height: e.height, max: MAX_INPUT_PIXELS / 1_000_000 });
      }
      throw new ServiceException('cms.resource.imageUnreadable', { name });
    }
  }

  /** The site's watermark when it is on (an image watermark whose resource is gone is skipped). */
  private async watermarkOf(site: SiteRef, limits: ResourceLimits): Promise<WatermarkSpec | null> {
    const w = limits.watermark;
    if (!w.enabled) return null;
    const spec: WatermarkSpec = {
      kind: w.kind,
      text: w.text,
      position: w.position,
      opacity: w.opacity,
      width: w.width,
      height: w.height,
      fontSize: w.fontSize,
      color: w.color,
    };
    if (w.kind === 'text') return w.text.trim() ? spec : null;
    if (!/^[1-9]\d{0,17}$/.test(String(w.imageResourceId))) return null;
    const source = await this.repo.findOneBy({ siteId: site.siteId, resourceId: String(w.imageResourceId), resourceType: 'image' });
    const stream = source && (await this.storage.get(site, source.path));
    if (!stream) {
      this.logger.warn(`Watermark image resource ${w.imageResourceId} of site ${site.siteId} is missing; uploaded without watermark`);
      return null;
    }
    return { ...spec, image: await readAll(stream) };
  }

  /** Writes the files and inserts their rows; when anything fails, what was written is removed again. */
  private async commit(user: LoginUser | null, site: SiteRef, items: Array<{ prepared: Prepared; meta: StoreMeta }>): Promise<ResourceRow[]> {
    const written: string[] = [];
    try {
      const rows = items.map(({ prepared: p, meta }) => {
        const stem = newStem();
        const fileName = baseName(meta.fileName);
        return this.repo.create({
          siteId: site.siteId,
          resourceType: p.type,
          name: (meta.name?.trim() || fileName.replace(/\.[^.]+$/, '') || fileName).slice(0, 255),
          fileName,
          path: `${stem}.${p.suffix}`,
          suffix: p.suffix,
          mime: p.mime,
          fileSize: String(p.data.length),
          width: p.width,
          height: p.height,
          thumbnail: p.thumbnail ? `${stem}_thumb.${p.suffix}` : '',
          tags: meta.tags ?? [],
          description: meta.description ?? '',
          sourceUrl: (meta.sourceUrl ?? '').slice(0, 1000),
          sha256: p.sha256,
          createBy: user?.userName ?? '',
          updateBy: user?.userName ?? '',
        });
      });
      const files = rows.flatMap((row, i) => {
        const { data, thumbnail } = items[i].prepared;
        return thumbnail
          ? [
              { path: row.path, data },
              { path: row.thumbnail, data: thumbnail },
            ]
          : [{ path: row.path, data }];
      });
      await this.storage.putAll(site, files, written);
      const saved = await this.dataSource.transaction((m) => m.save(CmsResource, rows));
      return this.present(site, saved);
    } catch (e) {
      await this.removeQuietly(site, written);
      throw e;
    }
  }

  private async removeQuietly(site: SiteRef, paths: string[]): Promise<void> {
    try {
      await this.storage.delete(site, paths);
    } catch (e) {
      this.logger.warn(`Could not remove files of site ${site.siteId}: ${(e as Error).message}`);
    }
  }
}
