import type { CmsSite, SiteConfigProps, SiteWatermarkProps } from '../site/cms-site.entity';

/** Extensions the resource library knows (what a site may allow); never svg, html or anything scriptable. */
export const KNOWN_EXTS = [
  'png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'tif', 'tiff',
  'mp3', 'ogg', 'wav', 'm4a', 'mp4', 'webm',
  'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'pdf', 'txt', 'csv',
  'zip',
] as const; // prettier-ignore

/** Spec 9's default allow-list. */
export const DEFAULT_ALLOWED_EXTS: string[] = [
  'png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'tiff',
  'mp3', 'ogg', 'wav', 'm4a', 'mp4', 'webm',
  'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'pdf', 'txt',
  'zip',
]; // prettier-ignore

export const WATERMARK_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'center'] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];

/** Bounds of the settings (the DTO validates them; multer's limits are the largest allowed values). */
export const RESOURCE_SETTING_BOUNDS = {
  maxCount: 20,
  maxSizeMb: 100,
  maxThumbnail: 2000,
  maxWatermark: 2000,
} as const;

export type Watermark = Required<SiteWatermarkProps>;

export interface ResourceLimits {
  maxCount: number;
  maxBytes: number;
  imageMaxBytes: number;
  allowedExts: string[];
  thumbnailWidth: number;
  thumbnailHeight: number;
  watermark: Watermark;
  remoteImageDownload: boolean;
}

export const WATERMARK_DEFAULTS: Watermark = {
  enabled: false,
  kind: 'text',
  text: '',
  imageResourceId: '',
  position: 'bottom-right',
  opacity: 1,
  width: 120,
  height: 40,
  fontSize: 24,
  color: '#ffffff',
};

/** The resource settings of a site's 扩展设置 with spec 9's defaults (what a site that never set them has). */
export const RESOURCE_SETTING_DEFAULTS = {
  uploadMaxCount: 5,
  uploadMaxSizeMb: 5,
  imageMaxSizeMb: 2,
  uploadAllowedExts: DEFAULT_ALLOWED_EXTS,
  thumbnailWidth: 0,
  thumbnailHeight: 0,
  watermark: WATERMARK_DEFAULTS,
  remoteImageDownload: false,
} satisfies Partial<Required<SiteConfigProps>>;

const MB = 1024 * 1024;

/** A site's upload limits and image processing settings; a setting the site never saved means its default. */
export function resourceLimits(site: Pick<CmsSite, 'configProps'>): ResourceLimits {
  const c = site.configProps ?? {};
  const d = RESOURCE_SETTING_DEFAULTS;
  return {
    maxCount: c.uploadMaxCount ?? d.uploadMaxCount,
    maxBytes: (c.uploadMaxSizeMb ?? d.uploadMaxSizeMb) * MB,
    imageMaxBytes: (c.imageMaxSizeMb ?? d.imageMaxSizeMb) * MB,
    allowedExts: c.uploadAllowedExts ?? d.uploadAllowedExts,
    thumbnailWidth: c.thumbnailWidth ?? d.thumbnailWidth,
    thumbnailHeight: c.thumbnailHeight ?? d.thumbnailHeight,
    watermark: { ...WATERMARK_DEFAULTS, ...(c.watermark ?? {}) },
    remoteImageDownload: c.remoteImageDownload ?? d.remoteImageDownload,
  };
}
