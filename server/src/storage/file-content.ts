// What a file's bytes are, for a claimed extension: the one table of known extensions and the one check every upload
// uses (resource library, /common/upload, site files, avatars, content uploads, remote images). Callers keep their own
// policy (which extensions they allow); the detection is here.
import { fileTypeFromBuffer, supportedExtensions } from 'file-type';
import sharp from 'sharp';

export type FileFamily = 'image' | 'audio' | 'video' | 'document' | 'archive' | 'font' | 'text' | 'markup';

export interface ContentRule {
  family: FileFamily;
  /** The media type a file of this extension is served with. */
  mime: string;
  /**
   * What `file-type` must answer for the bytes. Text and markup families: the answers a text of this extension may
   * get (usually none: any binary signature refuses it), the bytes being valid UTF-8 without NUL.
   */
  detected: readonly string[];
  /** Markup that must also contain this (an SVG file must have an `<svg` element). */
  marker?: RegExp;
  /** sharp reads and writes this format back (bmp and ico are images it does not process). */
  sharp?: boolean;
}

const TEXT_UTF8 = (type: string) => `${type}; charset=utf-8`;

/** Every extension the server knows the content of. */
export const FILE_CONTENT: Readonly<Record<string, ContentRule>> = {
  png: { family: 'image', mime: 'image/png', detected: ['png'], sharp: true },
  jpg: { family: 'image', mime: 'image/jpeg', detected: ['jpg'], sharp: true },
  jpeg: { family: 'image', mime: 'image/jpeg', detected: ['jpg'], sharp: true },
  gif: { family: 'image', mime: 'image/gif', detected: ['gif'], sharp: true },
  webp: { family: 'image', mime: 'image/webp', detected: ['webp'], sharp: true },
  tif: { family: 'image', mime: 'image/tiff', detected: ['tif'], sharp: true },
  tiff: { family: 'image', mime: 'image/tiff', detected: ['tif'], sharp: true },
  bmp: { family: 'image', mime: 'image/bmp', detected: ['bmp'] },
  ico: { family: 'image', mime: 'image/x-icon', detected: ['ico', 'cur'] },
  mp3: { family: 'audio', mime: 'audio/mpeg', detected: ['mp3'] },
  ogg: { family: 'audio', mime: 'audio/ogg', detected: ['ogg', 'oga', 'opus'] },
  wav: { family: 'audio', mime: 'audio/wav', detected: ['wav'] },
  m4a: { family: 'audio', mime: 'audio/mp4', detected: ['m4a', 'mp4'] },
  mp4: { family: 'video', mime: 'video/mp4', detected: ['mp4', 'm4v'] },
  webm: { family: 'video', mime: 'video/webm', detected: ['webm'] },
  // Old binary Office files are Compound File Binary containers (`cfb`).
  doc: { family: 'document', mime: 'application/msword', detected: ['cfb', 'doc'] },
  xls: { family: 'document', mime: 'application/vnd.ms-excel', detected: ['cfb', 'xls'] },
  ppt: { family: 'document', mime: 'application/vnd.ms-powerpoint', detected: ['cfb', 'ppt'] },
  docx: { family: 'document', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', detected: ['docx'] },
  xlsx: { family: 'document', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', detected: ['xlsx'] },
  pptx: { family: 'document', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', detected: ['pptx'] },
  pdf: { family: 'document', mime: 'application/pdf', detected: ['pdf'] },
  zip: { family: 'archive', mime: 'application/zip', detected: ['zip'] },
  woff: { family: 'font', mime: 'font/woff', detected: ['woff'] },
  woff2: { family: 'font', mime: 'font/woff2', detected: ['woff2'] },
  ttf: { family: 'font', mime: 'font/ttf', detected: ['ttf'] },
  otf: { family: 'font', mime: 'font/otf', detected: ['otf'] },
  txt: { family: 'text', mime: TEXT_UTF8('text/plain'), detected: [] },
  csv: { family: 'text', mime: TEXT_UTF8('text/csv'), detected: [] },
  md: { family: 'text', mime: TEXT_UTF8('text/markdown'), detected: [] },
  log: { family: 'text', mime: TEXT_UTF8('text/plain'), detected: [] },
  // Markup and code a browser interprets: only site files allow them (a site's own pages), never a generic upload.
  html: { family: 'markup', mime: TEXT_UTF8('text/html'), detected: ['xml'] },
  htm: { family: 'markup', mime: TEXT_UTF8('text/html'), detected: ['xml'] },
  shtml: { family: 'markup', mime: TEXT_UTF8('text/html'), detected: ['xml'] },
  xml: { family: 'markup', mime: TEXT_UTF8('application/xml'), detected: ['xml'] },
  svg: { family: 'markup', mime: 'image/svg+xml', detected: ['xml'], marker: /<svg[\s>]/i },
  css: { family: 'markup', mime: TEXT_UTF8('text/css'), detected: [] },
  js: { family: 'markup', mime: TEXT_UTF8('text/javascript'), detected: [] },
  json: { family: 'markup', mime: TEXT_UTF8('application/json'), detected: [] },
};

/** What bytes are: the extension they pass as, its family and media type. */
export interface DetectedContent {
  ext: string;
  family: FileFamily | 'other';
  mime: string;
}

/** The lower-case extension of a file name ('' when it has none). */
export function extOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The family of a known extension (undefined when the table does not know it). */
export function familyOf(ext: string): FileFamily | undefined {
  return FILE_CONTENT[ext]?.family;
}

/** The media type of a known extension. */
export function mimeOf(ext: string): string | undefined {
  return FILE_CONTENT[ext]?.mime;
}

/** Whether sharp processes images of this extension (reads and writes them back in their format). */
export function sharpProcesses(ext: string): boolean {
  return FILE_CONTENT[ext]?.sharp === true;
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

type FileTypeAnswer = Awaited<ReturnType<typeof fileTypeFromBuffer>>;

function matches(ext: string, data: Buffer, found: FileTypeAnswer): DetectedContent | null {
  const rule = FILE_CONTENT[ext];
  if (!rule) {
    // An extension outside the table passes only when file-type names the bytes exactly so (rar, 7z, flac...).
    return found && found.ext === ext && supportedExtensions.has(ext as never) ? { ext, family: 'other', mime: found.mime } : null;
  }
  if (rule.family === 'text' || rule.family === 'markup') {
    if (found && !rule.detected.includes(found.ext)) return null;
    if (!isUtf8Text(data)) return null;
    if (rule.marker && !rule.marker.test(data.toString('utf8'))) return null;
    return { ext, family: rule.family, mime: rule.mime };
  }
  return found && rule.detected.includes(found.ext) ? { ext, family: rule.family, mime: rule.mime } : null;
}

/**
 * What `data` is when it claims to be a `.ext` file: binary formats by their signature (`file-type`), text and markup
 * as valid UTF-8 without NUL and without a binary signature (SVG also with an `<svg` element); null when the bytes are
 * something else (a PNG named .pdf, an HTML page or an SVG named .png, an EXE named .txt, a ZIP named .docx...).
 */
export async function detectContent(data: Buffer, ext: string): Promise<DetectedContent | null> {
  return matches(ext.toLowerCase(), data, await fileTypeFromBuffer(data));
}

/**
 * What `data` is among `candidates` (extensions, in order of preference), when the name says nothing: the candidate
 * `file-type` names exactly first (mp4 before m4a for an MP4), else the first whose content it has; null for none.
 */
export async function sniffContent(data: Buffer, candidates: readonly string[]): Promise<DetectedContent | null> {
  const found = await fileTypeFromBuffer(data);
  const ordered = found ? [...candidates.filter((c) => c === found.ext), ...candidates.filter((c) => c !== found.ext)] : candidates;
  for (const ext of ordered) {
    const hit = matches(ext, data, found);
    if (hit) return hit;
  }
  return null;
}

/** Most pixels an uploaded image may declare (as the resource library's images): more is a decompression bomb. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Width and height from an image's header (nothing is decoded), or undefined when the header cannot be read. */
export async function imageDimensions(data: Buffer): Promise<{ width: number; height: number } | undefined> {
  // libvips reads no BMP: its size is in the BITMAPINFOHEADER.
  if (data.length > 26 && data.toString('latin1', 0, 2) === 'BM') {
    return { width: Math.abs(data.readInt32LE(18)), height: Math.abs(data.readInt32LE(22)) };
  }
  // Nor ICO/CUR: the largest of its images, each a PNG (size in its IHDR) or a BMP without file header (BITMAPINFOHEADER).
  if (data.length > 6 && data.readUInt16LE(0) === 0 && [1, 2].includes(data.readUInt16LE(2))) return icoDimensions(data);
  try {
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    return meta.width && meta.height ? { width: meta.width, height: meta.height } : undefined;
  } catch {
    return undefined;
  }
}

/** The size of an icon's largest image (as a browser would decode it), from its directory and each image's header. */
function icoDimensions(data: Buffer): { width: number; height: number } | undefined {
  let largest: { width: number; height: number } | undefined;
  const count = data.readUInt16LE(4);
  for (let i = 0; i < count && 6 + 16 * (i + 1) <= data.length; i++) {
    const entry = 6 + 16 * i;
    let width = data[entry] || 256;
    let height = data[entry + 1] || 256;
    const at = data.readUInt32LE(entry + 12);
    if (at + 24 <= data.length && data.readUInt32BE(at) === 0x89504e47) {
      width = data.readUInt32BE(at + 16);
      height = data.readUInt32BE(at + 20);
    } else if (at >= 6 + 16 * count && at + 12 <= data.length && [40, 52, 56, 108, 124].includes(data.readUInt32LE(at))) {
      // A DIB's height counts the image and its mask.
      width = Math.max(width, Math.abs(data.readInt32LE(at + 4)));
      height = Math.max(height, Math.abs(data.readInt32LE(at + 8)) / 2);
    }
    if (!largest || width * height > largest.width * largest.height) largest = { width, height };
  }
  return largest;
}

/**
 * The refusal arguments when an image of the table declares more than MAX_IMAGE_PIXELS in its header (a decompression
 * bomb: a 50 kB PNG of 20000x20000), read before anything decodes it; undefined when it is within or not an image.
 */
export async function tooManyPixels(data: Buffer, ext: string): Promise<{ width: number; height: number; max: number } | undefined> {
  if (familyOf(ext.toLowerCase()) !== 'image') return undefined;
  const size = await imageDimensions(data);
  return size && size.width * size.height > MAX_IMAGE_PIXELS ? { ...size, max: MAX_IMAGE_PIXELS / 1_000_000 } : undefined;
}
