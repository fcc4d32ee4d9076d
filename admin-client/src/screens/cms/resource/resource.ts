/**
 * The resource library of a site (`/cms/resource`): types, upload limits and the checks made before an upload. The
 * settings' types, defaults and bounds are the server's, from @zhiwen/shared.
 */
import {
  RESOURCE_KNOWN_EXTS,
  RESOURCE_SETTING_DEFAULTS,
  RESOURCE_UPLOAD_DEFAULTS,
  WATERMARK_POSITIONS,
  type ResourceSettings,
  type ResourceUploadLimits as UploadLimits,
  type WatermarkSettings,
} from '@zhiwen/shared';

export type { UploadLimits };

export const RESOURCE_TYPES = ['image', 'audio', 'video', 'document', 'other'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** The spec's file-type icon mapping, as the server computes it per row (`iconType`). */
export const ICON_TYPES = ['image', 'audio', 'video', 'word', 'excel', 'ppt', 'pdf', 'archive', 'code', 'text', 'unknown'] as const;
export type IconType = (typeof ICON_TYPES)[number];

/** A row of the library as the API answers it. */
export interface ResourceRow {
  resourceId: string;
  siteId?: string;
  resourceType: ResourceType;
  name: string;
  fileName: string;
  /** Path inside the site folder (`resources/202611/<hex>.jpg`): what logos and image sets store. */
  path: string;
  suffix: string;
  mime?: string;
  /** Bytes (a string: the column is a bigint). */
  fileSize: number | string;
  width?: number;
  height?: number;
  /** Path of the thumbnail inside the site folder, '' when there is none. */
  thumbnail?: string;
  tags?: string[];
  description?: string;
  sourceUrl?: string;
  /** Public URL of the file. */
  src: string;
  /** Public URL of the thumbnail, or `src` when there is none. */
  thumbnailSrc: string;
  iconType: IconType;
  createTime?: string;
  createBy?: string;
  /** Changes when the file is replaced (its path may stay the same). */
  updateTime?: string;
  usages?: ResourceUsage[];
}

/**
 * The thumbnail URL to show: a replaced file can keep its path, so the row's update time is added to get past the
 * browser's cache.
 */
export function previewSrc(row: Pick<ResourceRow, 'thumbnailSrc' | 'updateTime'>): string {
  if (!row.updateTime) return row.thumbnailSrc;
  return `${row.thumbnailSrc}${row.thumbnailSrc.includes('?') ? '&' : '?'}v=${encodeURIComponent(row.updateTime)}`;
}

/** Content that references a resource (`GET /cms/resource/:id`). */
export interface ResourceUsage {
  contentId: string;
  title: string;
  catalogName?: string;
  status?: string;
}

/** `GET /cms/resource/types`. */
export interface ResourceTypeInfo {
  id: ResourceType;
  name: string;
  exts: string[];
  icon?: string;
}

/** Image extensions (spec section 9, and tif as the server reads it): images have their own size limit. */
export const IMAGE_EXTS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'tif', 'tiff'];

/** Extensions of each type when the server's list is not there (the defaults of the contract). */
export const DEFAULT_TYPE_EXTS: Record<ResourceType, string[]> = {
  image: IMAGE_EXTS,
  audio: ['mp3', 'ogg', 'wav', 'm4a'],
  video: ['mp4', 'webm'],
  document: ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'pdf', 'txt', 'csv'],
  other: ['zip'],
};

/** The site's limits from its settings; a missing or wrong value keeps the default. */
export function limitsOf(settings: Partial<Record<keyof UploadLimits, unknown>> | undefined | null): UploadLimits {
  const positive = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback);
  const exts = Array.isArray(settings?.uploadAllowedExts)
    ? (settings.uploadAllowedExts as unknown[]).filter((e): e is string => typeof e === 'string' && !!e.trim()).map((e) => normalizeExt(e))
    : [];
  return {
    uploadMaxCount: positive(settings?.uploadMaxCount, RESOURCE_UPLOAD_DEFAULTS.uploadMaxCount),
    uploadMaxSizeMb: positive(settings?.uploadMaxSizeMb, RESOURCE_UPLOAD_DEFAULTS.uploadMaxSizeMb),
    imageMaxSizeMb: positive(settings?.imageMaxSizeMb, RESOURCE_UPLOAD_DEFAULTS.imageMaxSizeMb),
    uploadAllowedExts: exts.length ? exts : RESOURCE_UPLOAD_DEFAULTS.uploadAllowedExts,
  };
}

export function normalizeExt(ext: string): string {
  return ext.trim().replace(/^\.+/, '').toLowerCase();
}

/** The lower-case extension of a file name ('' when it has none). */
export function extOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The extensions of `kinds` (from the server's types when known), kept to what the site allows. */
export function extsOfKinds(kinds: readonly ResourceType[] | undefined, limits: UploadLimits, types?: ResourceTypeInfo[]): string[] {
  if (!kinds?.length) return limits.uploadAllowedExts;
  const known = (kind: ResourceType) => types?.find((t) => t.id === kind)?.exts.map(normalizeExt) ?? DEFAULT_TYPE_EXTS[kind];
  const wanted = new Set(kinds.flatMap(known));
  // 'other' is whatever the site allows that no named type claims.
  if (kinds.includes('other')) {
    const named = new Set((['image', 'audio', 'video', 'document'] as const).flatMap(known));
    for (const ext of limits.uploadAllowedExts) if (!named.has(ext)) wanted.add(ext);
  }
  return limits.uploadAllowedExts.filter((e) => wanted.has(e));
}

/** `accept` of a file input for these extensions. */
export function acceptOf(exts: string[]): string {
  return exts.map((e) => `.${e}`).join(',');
}

/** A message key and its values: translated where shown. */
export interface Refusal {
  key: string;
  options?: Record<string, unknown>;
}

export interface Precheck {
  /** Refuses the whole selection (too many files). */
  refusal?: Refusal;
  accepted: File[];
  rejected: { file: File; refusal: Refusal }[];
}

/**
 * The checks spec 8 makes before an upload (the server checks again, by content): count, format, size (images by
 * the image limit alone, other files by the file limit, as the server). `exts` narrows the formats (a picker that wants images).
 */
export function precheckFiles(files: File[], limits: UploadLimits, exts: string[] = limits.uploadAllowedExts): Precheck {
  if (files.length > limits.uploadMaxCount) {
    return { refusal: { key: 'app.cms_resource.upload_count', options: { n: limits.uploadMaxCount } }, accepted: [], rejected: [] };
  }
  const accepted: File[] = [];
  const rejected: Precheck['rejected'] = [];
  for (const file of files) {
    const ext = extOf(file.name);
    const maxMb = IMAGE_EXTS.includes(ext) ? limits.imageMaxSizeMb : limits.uploadMaxSizeMb;
    if (!ext || !exts.includes(ext)) {
      rejected.push({ file, refusal: { key: 'app.cms_resource.upload_format', options: { types: exts.join(', ') } } });
    } else if (file.size > maxMb * 1024 * 1024) {
      rejected.push({ file, refusal: { key: 'app.cms_resource.upload_size', options: { n: maxMb } } });
    } else {
      accepted.push(file);
    }
  }
  return { accepted, rejected };
}

/** Filters of the library's list. */
export interface ResourceFilters {
  resourceType?: ResourceType | '';
  name?: string;
  beginTime?: string;
  endTime?: string;
}

/** The instant a day (`YYYY-MM-DD`, the browser's time zone) begins or, with `end`, its last millisecond. */
export function dayInstant(day: string | undefined, end = false): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!m) return undefined;
  const date = end ? new Date(+m[1], +m[2] - 1, +m[3], 23, 59, 59, 999) : new Date(+m[1], +m[2] - 1, +m[3]);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Query of `GET /cms/resource`: empty filters left out, the date range as instants of the user's days (the end day counts whole). */
export function resourceQuery(filters: ResourceFilters, pageNum: number, pageSize: number): Record<string, unknown> {
  return {
    resourceType: filters.resourceType || undefined,
    name: filters.name?.trim() || undefined,
    beginTime: dayInstant(filters.beginTime),
    endTime: dayInstant(filters.endTime, true),
    pageNum,
    pageSize,
    orderByColumn: 'resourceId',
    isAsc: 'desc',
  };
}

/** Body of `PUT /cms/resource`: trimmed name, tags from a comma list (no empties, no repeats). */
export function resourceUpdateBody(row: Pick<ResourceRow, 'resourceId'>, values: { name: string; tags: string; description: string }) {
  const tags = [
    ...new Set(
      values.tags
        .split(/[,，]/)
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  return { resourceId: row.resourceId, name: values.name.trim(), tags, description: values.description.trim() };
}

/** Whether the row is an image (shown by its thumbnail). */
export function isImageRow(row: Pick<ResourceRow, 'resourceType'>): boolean {
  return row.resourceType === 'image';
}

/** The form's record: what the server answered over the defaults (a site that never saved them). */
export function resourceSettingsRecord<T extends object>(data: T): T & ResourceSettings {
  const d = RESOURCE_SETTING_DEFAULTS;
  const given = data as Partial<ResourceSettings>;
  return {
    ...d,
    ...data,
    uploadAllowedExts: Array.isArray(given.uploadAllowedExts) ? given.uploadAllowedExts : d.uploadAllowedExts,
    watermark: { ...d.watermark, ...(given.watermark ?? {}) },
  };
}

/** Body part of `POST /cms/site/extends/{siteId}` for the resource settings: numbers, known extensions, trimmed texts. */
export function resourceSettingsBody(values: Partial<Record<keyof ResourceSettings, unknown>>): ResourceSettings {
  const d = RESOURCE_SETTING_DEFAULTS;
  const num = (v: unknown, fallback: number) => (v === '' || v === null || v === undefined || !Number.isFinite(Number(v)) ? fallback : Number(v));
  const w = (values.watermark ?? {}) as Partial<Record<keyof WatermarkSettings, unknown>>;
  const kind = w.kind === 'image' ? 'image' : 'text';
  const position = (WATERMARK_POSITIONS as readonly string[]).includes(String(w.position))
    ? (w.position as WatermarkSettings['position'])
    : d.watermark.position;
  const exts = Array.isArray(values.uploadAllowedExts)
    ? (values.uploadAllowedExts as unknown[]).map((e) => normalizeExt(String(e)))
    : d.uploadAllowedExts;
  return {
    uploadMaxCount: Math.trunc(num(values.uploadMaxCount, d.uploadMaxCount)),
    uploadMaxSizeMb: num(values.uploadMaxSizeMb, d.uploadMaxSizeMb),
    imageMaxSizeMb: num(values.imageMaxSizeMb, d.imageMaxSizeMb),
    uploadAllowedExts: RESOURCE_KNOWN_EXTS.filter((e) => exts.includes(e)),
    thumbnailWidth: Math.trunc(num(values.thumbnailWidth, 0)),
    thumbnailHeight: Math.trunc(num(values.thumbnailHeight, 0)),
    watermark: {
      enabled: w.enabled === true,
      kind,
      text: String(w.text ?? '').trim(),
      imageResourceId: w.imageResourceId ? String(w.imageResourceId) : '',
      position,
      opacity: num(w.opacity, d.watermark.opacity),
      width: Math.trunc(num(w.width, d.watermark.width)),
      height: Math.trunc(num(w.height, d.watermark.height)),
      fontSize: Math.trunc(num(w.fontSize, d.watermark.fontSize)),
      color: String(w.color ?? '').trim() || d.watermark.color,
    },
    remoteImageDownload: values.remoteImageDownload === true,
  };
}
