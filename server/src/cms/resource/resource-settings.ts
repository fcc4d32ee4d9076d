import { RESOURCE_SETTING_DEFAULTS, WATERMARK_DEFAULTS, type WatermarkSettings } from '@zhiwen/shared';
import type { CmsSite } from '../site/cms-site.entity';

// The settings' types, defaults and bounds are shared with the admin client: @zhiwen/shared (resource-settings.ts).

export interface ResourceLimits {
  maxCount: number;
  maxBytes: number;
  imageMaxBytes: number;
  allowedExts: string[];
  thumbnailWidth: number;
  thumbnailHeight: number;
  watermark: WatermarkSettings;
  remoteImageDownload: boolean;
}

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
