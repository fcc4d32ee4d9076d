import type { DataSource, EntityManager } from 'typeorm';
import { ServiceException } from '../../common/errors/service-exception';
import { CmsCatalog } from '../catalog/cms-catalog.entity';
import type { ContentFieldsDto } from './cms-content.dto';
import { CmsArticleDetail, CmsContent, CmsContentMedia, CmsContentRela, type ContentType } from './cms-content.entity';
import { sanitizeEmbedCode, sanitizeRichText } from './content-html';
import type { RemoteImagesSummary } from '../resource/remote-images';

/** What the editor opens. */
export interface ContentEditor extends Partial<CmsContent> {
  catalogId: string;
  catalogName: string;
  contentType: ContentType;
  contentHtml: string;
  images: Array<{ path: string; title: string; description: string }>;
  audios: Array<{ path: string; title: string; description: string; duration: number }>;
  videos: Array<{ type: 'local' | 'share'; path: string; embedCode: string; title: string; description: string; duration: number }>;
  relaContentIds: string[];
  /** After a save of a site that downloads remote images: how many were copied into the library, failed, or left. */
  remoteImages?: RemoteImagesSummary;
  /** Sensitive words of the saved text when the site's check warns (setting `sensitiveWordCheck: 'warn'`). */
  sensitiveWords?: string[];
}

/** The body of content: article HTML (null for other types) and its media rows. */
export type ContentBody = { html: string | null; media: Array<Partial<CmsContentMedia>> };

/** The body of content by type, validated and sanitized: article HTML, images, audio files or videos. */
export function contentBody(type: ContentType, dto: ContentFieldsDto): ContentBody {
  switch (type) {
    case 'article':
      return { html: sanitizeRichText(dto.contentHtml ?? ''), media: [] };
    case 'image':
      if (!dto.images?.length) throw new ServiceException('cms.content.imagesRequired');
      return {
        html: null,
        media: dto.images.map((x, i) => ({ mediaType: 'image', path: x.path, title: x.title ?? '', description: x.description ?? '', sort: i + 1 })),
      };
    case 'audio':
      if (!dto.audios?.length) throw new ServiceException('cms.content.audiosRequired');
      return {
        html: null,
        media: dto.audios.map((x, i) => ({
          mediaType: 'audio',
          path: x.path,
          title: x.title ?? '',
          description: x.description ?? '',
          duration: x.duration ?? 0,
          sort: i + 1,
        })),
      };
    case 'video':
      if (!dto.videos?.length) throw new ServiceException('cms.content.videosRequired');
      return {
        html: null,
        media: dto.videos.map((x, i) => {
          const common = {
            mediaType: 'video' as const,
            title: x.title ?? '',
            description: x.description ?? '',
            duration: x.duration ?? 0,
            sort: i + 1,
          };
          if (x.type === 'share') {
            const embed = sanitizeEmbedCode(x.embedCode ?? '');
            if (!embed) throw new ServiceException('cms.content.embedCodeInvalid');
            return { ...common, path: '', embedCode: embed };
          }
          if (!x.path) throw new ServiceException('cms.content.videoPathRequired');
          return { ...common, path: x.path, embedCode: '' };
        }),
      };
  }
}

/** Replaces the stored body of content. */
export async function writeBody(m: EntityManager, contentId: string, body: ContentBody): Promise<void> {
  if (body.html !== null) await m.upsert(CmsArticleDetail, { contentId, contentHtml: body.html }, ['contentId']);
  await m.delete(CmsContentMedia, { contentId });
  if (body.media.length)
    await m.insert(
      CmsContentMedia,
      body.media.map((x) => ({ ...x, contentId })),
    );
}

/** The stored body of content, as `writeBody` takes it (a copy's body). */
export async function readBody(m: EntityManager, contentId: string): Promise<ContentBody> {
  const html = await m.findOneBy(CmsArticleDetail, { contentId });
  const media = await m.find(CmsContentMedia, { where: { contentId }, order: { sort: 'ASC' } });
  return { html: html?.contentHtml ?? null, media: media.map(({ mediaId: _mediaId, contentId: _contentId, ...rest }) => rest) };
}

/** The content as the editor shows it: with its catalog's name, body, media and related ids. */
export async function editorOf(ds: DataSource, content: CmsContent): Promise<ContentEditor> {
  const [html, media, rela, catalog] = await Promise.all([
    ds.getRepository(CmsArticleDetail).findOneBy({ contentId: content.contentId }),
    ds.getRepository(CmsContentMedia).find({ where: { contentId: content.contentId }, order: { sort: 'ASC', mediaId: 'ASC' } }),
    ds.getRepository(CmsContentRela).find({ where: { contentId: content.contentId }, order: { sort: 'ASC' } }),
    ds.getRepository(CmsCatalog).findOneBy({ catalogId: content.catalogId }),
  ]);
  const of = (type: CmsContentMedia['mediaType']) => media.filter((x) => x.mediaType === type);
  return {
    ...content,
    catalogName: catalog?.name ?? '',
    contentHtml: html?.contentHtml ?? '',
    images: of('image').map((x) => ({ path: x.path, title: x.title, description: x.description })),
    audios: of('audio').map((x) => ({ path: x.path, title: x.title, description: x.description, duration: x.duration })),
    videos: of('video').map((x) => ({
      type: x.embedCode ? 'share' : 'local',
      path: x.path,
      embedCode: x.embedCode,
      title: x.title,
      description: x.description,
      duration: x.duration,
    })),
    relaContentIds: rela.map((r) => r.relatedContentId),
  };
}

/** The plain fields of the editor's form (the rest are set by actions). */
export function contentFields(dto: ContentFieldsDto): Partial<CmsContent> {
  return {
    title: dto.title,
    subTitle: dto.subTitle ?? '',
    shortTitle: dto.shortTitle ?? '',
    titleStyle: dto.titleStyle ?? '',
    logo: dto.logo ?? '',
    author: dto.author ?? '',
    editor: dto.editor ?? '',
    original: dto.original ?? false,
    summary: dto.summary ?? '',
    tags: dto.tags ?? [],
    keywords: dto.keywords ?? [],
    source: dto.source ?? '',
    sourceUrl: dto.sourceUrl ?? '',
    publishDate: dto.publishDate ? new Date(dto.publishDate) : null,
    offlineDate: dto.offlineDate ? new Date(dto.offlineDate) : null,
    publishPipes: [...new Set(dto.publishPipes ?? [])],
    staticPath: dto.staticPath ?? '',
    template: dto.template ?? '',
    redirectUrl: dto.redirectUrl ?? '',
    linkFlag: dto.linkFlag ?? false,
    seoTitle: dto.seoTitle ?? '',
    seoKeywords: dto.seoKeywords ?? '',
    seoDescription: dto.seoDescription ?? '',
    remark: dto.remark ?? '',
  };
}

/** A link needs its URL; an offline date must come after the publish date. */
export function checkDates(dto: ContentFieldsDto): void {
  if (dto.linkFlag && !dto.redirectUrl) throw new ServiceException('cms.content.linkNeedsUrl');
  if (dto.publishDate && dto.offlineDate && new Date(dto.offlineDate) <= new Date(dto.publishDate))
    throw new ServiceException('cms.content.offlineBeforePublish');
}

/** The fields a copy takes from its source (counts, flags, lock and page path start afresh). */
export function copyable(source: CmsContent): Partial<CmsContent> {
  const {
    contentId: _id,
    siteId: _site,
    catalogId: _catalog,
    catalogAncestors: _anc,
    status: _status,
    statusBeforeDelete: _before,
    topFlag: _top,
    topDate: _topDate,
    publishDate: _publish,
    offlineDate: _offline,
    staticPath: _static,
    viewCount: _v,
    favoriteCount: _f,
    likeCount: _l,
    commentCount: _c,
    sortFlag: _sort,
    lockUser: _lock,
    deleteTime: _del,
    createBy: _cb,
    createTime: _ct,
    updateBy: _ub,
    updateTime: _ut,
    ...rest
  } = source;
  return rest;
}
