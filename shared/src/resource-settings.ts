/**
 * The resource library's settings of a site (its 扩展设置): types, spec 9's defaults and the bounds the server's DTO
 * checks and the admin form shows. One definition for the server (`cms/site`, `cms/resource`) and the admin client.
 */

/** Extensions a site may allow in its library; never svg, html or anything scriptable. */
export const RESOURCE_KNOWN_EXTS = [
  'png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'tif', 'tiff',
  'mp3', 'ogg', 'wav', 'm4a', 'mp4', 'webm',
  'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'pdf', 'txt', 'csv',
  'zip',
] as const; // prettier-ignore

/** Spec 9's default allow-list of the library. */
export const RESOURCE_DEFAULT_EXTS: string[] = [
  'png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'tiff',
  'mp3', 'ogg', 'wav', 'm4a', 'mp4', 'webm',
  'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'pdf', 'txt',
  'zip',
]; // prettier-ignore

export const WATERMARK_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'center'] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];

/**
 * Bounds of the settings (inclusive). The largest count and size are also the server's multipart limits of a library
 * upload.
 */
export const RESOURCE_SETTING_BOUNDS = {
  minCount: 1,
  maxCount: 20,
  minSizeMb: 1,
  maxSizeMb: 100,
  /** 0 = by the other side (both 0: no thumbnail). */
  minThumbnail: 0,
  maxThumbnail: 2000,
  minWatermark: 20,
  maxWatermark: 2000,
  minOpacity: 0,
  maxOpacity: 1,
  minFontSize: 6,
  maxFontSize: 400,
  maxWatermarkText: 100,
} as const;

/** The watermark of uploaded images: a library image or a text, in a corner or the centre. */
export interface WatermarkSettings {
  enabled: boolean;
  kind: 'image' | 'text';
  text: string;
  /** A library image ('' = none). */
  imageResourceId: string;
  position: WatermarkPosition;
  /** 0..1 */
  opacity: number;
  /** The watermark's box (px). */
  width: number;
  height: number;
  fontSize: number;
  /** #rgb or #rrggbb */
  color: string;
}

/** The upload limits of a site's library. */
export interface ResourceUploadLimits {
  uploadMaxCount: number;
  uploadMaxSizeMb: number;
  imageMaxSizeMb: number;
  uploadAllowedExts: string[];
}

/** The resource settings of a site's 扩展设置. */
export interface ResourceSettings extends ResourceUploadLimits {
  /** 0 = by the height; both 0: no thumbnail. */
  thumbnailWidth: number;
  thumbnailHeight: number;
  watermark: WatermarkSettings;
  /** Whether content saved with images of other hosts downloads them into the library. */
  remoteImageDownload: boolean;
}

export const WATERMARK_DEFAULTS: WatermarkSettings = {
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

/** Spec 9's upload defaults: 5 files, 5 MB, images 2 MB. */
export const RESOURCE_UPLOAD_DEFAULTS: ResourceUploadLimits = {
  uploadMaxCount: 5,
  uploadMaxSizeMb: 5,
  imageMaxSizeMb: 2,
  uploadAllowedExts: RESOURCE_DEFAULT_EXTS,
};

/** What a site that never saved its resource settings has. */
export const RESOURCE_SETTING_DEFAULTS: ResourceSettings = {
  ...RESOURCE_UPLOAD_DEFAULTS,
  thumbnailWidth: 0,
  thumbnailHeight: 0,
  watermark: WATERMARK_DEFAULTS,
  remoteImageDownload: false,
};
