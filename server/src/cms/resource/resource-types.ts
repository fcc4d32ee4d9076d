import { fileTypeFromBuffer } from 'file-type';
import type { ResourceType } from './cms-resource.entity';

/** Icons of the spec's file-type mapping. */
export type IconType = 'image' | 'audio' | 'video' | 'word' | 'excel' | 'ppt' | 'pdf' | 'archive' | 'code' | 'text' | 'unknown';

interface ExtRule {
  type: ResourceType;
  icon: IconType;
  mime: string;
  /** What file-type answers for these bytes; 'text' = no binary signature, valid UTF-8 without NUL. */
  detected: readonly string[];
}

/** Every extension the library accepts, with the content it must have. */
const RULES: Record<string, ExtRule> = {
  png: { type: 'image', icon: 'image', mime: 'image/png', detected: ['png'] },
  jpg: { type: 'image', icon: 'image', mime: 'image/jpeg', detected: ['jpg'] },
  jpeg: { type: 'image', icon: 'image', mime: 'image/jpeg', detected: ['jpg'] },
  gif: { type: 'image', icon: 'image', mime: 'image/gif', detected: ['gif'] },
  webp: { type: 'image', icon: 'image', mime: 'image/webp', detected: ['webp'] },
  bmp: { type: 'image', icon: 'image', mime: 'image/bmp', detected: ['bmp'] },
  tif: { type: 'image', icon: 'image', mime: 'image/tiff', detected: ['tif'] },
  tiff: { type: 'image', icon: 'image', mime: 'image/tiff', detected: ['tif'] },
  mp3: { type: 'audio', icon: 'audio', mime: 'audio/mpeg', detected: ['mp3'] },
  ogg: { type: 'audio', icon: 'audio', mime: 'audio/ogg', detected: ['ogg', 'oga', 'opus'] },
  wav: { type: 'audio', icon: 'audio', mime: 'audio/wav', detected: ['wav'] },
  m4a: { type: 'audio', icon: 'audio', mime: 'audio/mp4', detected: ['m4a', 'mp4'] },
  mp4: { type: 'video', icon: 'video', mime: 'video/mp4', detected: ['mp4', 'm4v'] },
  webm: { type: 'video', icon: 'video', mime: 'video/webm', detected: ['webm'] },
  doc: { type: 'document', icon: 'word', mime: 'application/msword', detected: ['cfb', 'doc'] },
  docx: { type: 'document', icon: 'word', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', detected: ['docx'] },
  xls: { type: 'document', icon: 'excel', mime: 'application/vnd.ms-excel', detected: ['cfb', 'xls'] },
  xlsx: { type: 'document', icon: 'excel', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', detected: ['xlsx'] },
  ppt: { type: 'document', icon: 'ppt', mime: 'application/vnd.ms-powerpoint', detected: ['cfb', 'ppt'] },
  pptx: { type: 'document', icon: 'ppt', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', detected: ['pptx'] },
  pdf: { type: 'document', icon: 'pdf', mime: 'application/pdf', detected: ['pdf'] },
  txt: { type: 'document', icon: 'text', mime: 'text/plain; charset=utf-8', detected: ['text'] },
  csv: { type: 'document', icon: 'excel', mime: 'text/csv; charset=utf-8', detected: ['text'] },
  zip: { type: 'other', icon: 'archive', mime: 'application/zip', detected: ['zip'] },
};

/** The types of the library with the extensions of each (`GET /cms/resource/types`), in spec order. */
export const TYPE_ICONS: Record<ResourceType, IconType> = { image: 'image', audio: 'audio', video: 'video', document: 'word', other: 'unknown' };

/** The library type of an extension, or undefined when the library does not know it. */
export function typeOfExt(ext: string): ResourceType | undefined {
  return RULES[ext]?.type;
}

export function extsOfType(type: ResourceType): string[] {
  return Object.entries(RULES)
    .filter(([, r]) => r.type === type)
    .map(([ext]) => ext);
}

/** The lower-case extension of a file name ('' when it has none). */
export function extOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The spec's icon of a file extension (archives, code and text included for files the library did not make). */
export function iconTypeOf(suffix: string): IconType {
  const ext = suffix.toLowerCase();
  const rule = RULES[ext];
  if (rule) return rule.icon;
  if (['rar', '7z', 'gz', 'tar', 'bz2', 'xz'].includes(ext)) return 'archive';
  if (['html', 'htm', 'css', 'js', 'ts', 'json', 'xml', 'java', 'py', 'sql', 'sh'].includes(ext)) return 'code';
  if (['md', 'log'].includes(ext)) return 'text';
  return 'unknown';
}

/** Whether `data` is text: valid UTF-8 without NUL bytes. */
export function isUtf8Text(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

export interface DetectedType {
  type: ResourceType;
  mime: string;
}

/**
 * The type of a file whose name ends in `.ext`, when its bytes really are such a file (magic bytes through `file-type`;
 * txt and csv: UTF-8 text without NUL and without a binary signature); undefined when they are not or the extension is
 * unknown. An SVG or HTML file never passes as an image: neither has an image signature.
 */
export async function detectResourceType(data: Buffer, ext: string): Promise<DetectedType | undefined> {
  const rule = RULES[ext];
  if (!rule) return undefined;
  const found = await fileTypeFromBuffer(data);
  if (rule.detected.includes('text')) {
    const binary = found && !['xml', 'csv'].includes(found.ext);
    return !binary && isUtf8Text(data) ? { type: rule.type, mime: rule.mime } : undefined;
  }
  return found && rule.detected.includes(found.ext) ? { type: rule.type, mime: rule.mime } : undefined;
}
