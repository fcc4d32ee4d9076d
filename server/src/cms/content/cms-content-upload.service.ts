import { forwardRef, Inject, Injectable } from '@nestjs/common';
import { RESOURCE_SETTING_BOUNDS } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { sniffContent } from '../../storage/file-content';
import { CmsResourceService } from '../resource/cms-resource.service';
import type { CmsSite } from '../site/cms-site.entity';

/** Largest image the rich-text editor may send (multer's limit: the largest a site may allow; the site's image limit applies). */
export const CONTENT_IMAGE_MAX_BYTES = RESOURCE_SETTING_BOUNDS.maxSizeMb * 1024 * 1024;
/** Largest audio or video file uploaded with content (multer's limit; the site's file limit applies). */
export const CONTENT_MEDIA_MAX_BYTES = RESOURCE_SETTING_BOUNDS.maxSizeMb * 1024 * 1024;

/** Image formats the rich-text editor uploads, and audio and video formats uploaded with content (by their bytes). */
const IMAGE_EXTS = ['png', 'jpg', 'gif', 'webp'];
const MEDIA_EXTS = ['mp3', 'ogg', 'wav', 'm4a', 'mp4', 'webm'];

/** The file's name with the extension of what its bytes are (the editor's buttons never trusted the name). */
function nameAs(fileName: string | undefined, ext: string): string {
  const base =
    (fileName ?? '')
      .split(/[\\/]/)
      .pop()
      ?.replace(/\.[^.]*$/, '') || 'file';
  return `${base}.${ext}`;
}

/**
 * Files uploaded with content (rich-text images, audio and video), recognised by their bytes: each becomes a row of
 * the site's resource library (CmsResourceService.storeBuffer: the site's limits, image processing, thumbnail).
 */
@Injectable()
export class CmsContentUploadService {
  constructor(@Inject(forwardRef(() => CmsResourceService)) private readonly resources: CmsResourceService) {}

  /** Stores an image (jpg, png, gif, webp by its bytes) in the site's library. */
  async uploadImage(user: LoginUser | null, site: CmsSite, data: Buffer, fileName?: string): Promise<{ url: string; path: string }> {
    if (data.length > CONTENT_IMAGE_MAX_BYTES)
      throw new ServiceException('cms.content.imageTooLarge', { max: CONTENT_IMAGE_MAX_BYTES / 1024 / 1024 });
    const type = await sniffContent(data, IMAGE_EXTS);
    if (!type) throw new ServiceException('cms.content.imageFormat');
    const row = await this.resources.storeBuffer(user, site, data, { fileName: nameAs(fileName, type.ext), kinds: ['image'] });
    return { url: row.src, path: row.path };
  }

  /** Stores an audio or video file (mp3, ogg, wav, m4a, mp4, webm, recognised by content) in the site's library. */
  async uploadMedia(
    user: LoginUser | null,
    site: CmsSite,
    data: Buffer,
    fileName?: string,
  ): Promise<{ url: string; path: string; kind: 'audio' | 'video' }> {
    if (data.length > CONTENT_MEDIA_MAX_BYTES)
      throw new ServiceException('cms.content.mediaTooLarge', { max: CONTENT_MEDIA_MAX_BYTES / 1024 / 1024 });
    const type = await sniffContent(data, MEDIA_EXTS);
    if (!type || (type.family !== 'audio' && type.family !== 'video')) throw new ServiceException('cms.content.mediaFormat');
    const row = await this.resources.storeBuffer(user, site, data, { fileName: nameAs(fileName, type.ext), kinds: ['audio', 'video'] });
    return { url: row.src, path: row.path, kind: type.family };
  }
}
