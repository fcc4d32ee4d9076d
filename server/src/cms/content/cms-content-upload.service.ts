import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { ServiceException } from '../../common/errors/service-exception';
import { detectImageType } from '../../storage/image-type';
import { detectMediaType } from '../../storage/media-type';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import type { CmsSite } from '../site/cms-site.entity';

/** Largest image the rich-text editor may upload. */
export const CONTENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Largest audio or video file uploaded with content. */
export const CONTENT_MEDIA_MAX_BYTES = 100 * 1024 * 1024;

/** Files uploaded with content (rich-text images, audio and video) into the site's resources, recognised by their bytes. */
@Injectable()
export class CmsContentUploadService {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  /** Stores an image (jpg, png, gif, webp by its bytes, at most 5 MB) under the site's resources. */
  async uploadImage(site: CmsSite, data: Buffer): Promise<{ url: string; path: string }> {
    if (data.length > CONTENT_IMAGE_MAX_BYTES)
      throw new ServiceException('cms.content.imageTooLarge', { max: CONTENT_IMAGE_MAX_BYTES / 1024 / 1024 });
    const type = detectImageType(data);
    if (!type) throw new ServiceException('cms.content.imageFormat');
    return this.storeResource(site, data, type.ext);
  }

  /** Stores an audio or video file (mp3, ogg, wav, m4a, mp4, webm, recognised by content) in the site's resources. */
  async uploadMedia(site: CmsSite, data: Buffer): Promise<{ url: string; path: string; kind: 'audio' | 'video' }> {
    if (data.length > CONTENT_MEDIA_MAX_BYTES)
      throw new ServiceException('cms.content.mediaTooLarge', { max: CONTENT_MEDIA_MAX_BYTES / 1024 / 1024 });
    const type = detectMediaType(data);
    if (!type) throw new ServiceException('cms.content.mediaFormat');
    return { ...(await this.storeResource(site, data, type.ext)), kind: type.kind };
  }

  /** A file of the site's resources (`resources/<yyyyMM>/<random>.<ext>`) and its public URL. */
  private async storeResource(site: CmsSite, data: Buffer, ext: string): Promise<{ url: string; path: string }> {
    const now = new Date();
    const month = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}`;
    const path = `resources/${month}/${randomBytes(16).toString('hex')}.${ext}`;
    await this.storage.put(`site/${site.path}/${path}`, data);
    const base = site.resourceUrl ? `${site.resourceUrl.replace(/\/+$/, '')}/` : `/site/${site.path}/`;
    return { url: `${base}${path}`, path };
  }
}
