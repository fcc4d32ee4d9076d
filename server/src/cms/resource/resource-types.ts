import { detectContent, extOf } from '../../storage/file-content';
import type { ResourceType } from './cms-resource.entity';

export { extOf };

/** Icons of the spec's file-type mapping. */
export type IconType = 'image' | 'audio' | 'video' | 'word' | 'excel' | 'ppt' | 'pdf' | 'archive' | 'code' | 'text' | 'unknown';

interface ExtRule {
  type: ResourceType;
  icon: IconType;
}

/** Every extension the library accepts (its content and media type: FILE_CONTENT). */
const RULES: Record<string, ExtRule> = {
  png: { type: 'image', icon: 'image' },
  jpg: { type: 'image', icon: 'image' },
  jpeg: { type: 'image', icon: 'image' },
  gif: { type: 'image', icon: 'image' },
  webp: { type: 'image', icon: 'image' },
  bmp: { type: 'image', icon: 'image' },
  tif: { type: 'image', icon: 'image' },
  tiff: { type: 'image', icon: 'image' },
  mp3: { type: 'audio', icon: 'audio' },
  ogg: { type: 'audio', icon: 'audio' },
  wav: { type: 'audio', icon: 'audio' },
  m4a: { type: 'audio', icon: 'audio' },
  mp4: { type: 'video', icon: 'video' },
  webm: { type: 'video', icon: 'video' },
  doc: { type: 'document', icon: 'word' },
  docx: { type: 'document', icon: 'word' },
  xls: { type: 'document', icon: 'excel' },
  xlsx: { type: 'document', icon: 'excel' },
  ppt: { type: 'document', icon: 'ppt' },
  pptx: { type: 'document', icon: 'ppt' },
  pdf: { type: 'document', icon: 'pdf' },
  txt: { type: 'document', icon: 'text' },
  csv: { type: 'document', icon: 'excel' },
  zip: { type: 'other', icon: 'archive' },
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

export interface DetectedType {
  type: ResourceType;
  mime: string;
}

/**
 * The type of a file whose name ends in `.ext`, when the library knows the extension and the bytes really are such a
 * file (detectContent: magic bytes; txt and csv UTF-8 text without NUL and without a binary signature); undefined
 * otherwise. An SVG or HTML file never passes as an image: neither has an image signature.
 */
export async function detectResourceType(data: Buffer, ext: string): Promise<DetectedType | undefined> {
  const rule = RULES[ext];
  const found = rule ? await detectContent(data, ext) : null;
  return rule && found ? { type: rule.type, mime: found.mime } : undefined;
}
