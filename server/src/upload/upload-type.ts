import { fileTypeFromBuffer } from 'file-type';

/**
 * Which content each extension must have, as `file-type` names it (a file's bytes, never its name). Old binary
 * Office files (doc, xls, ppt) are Compound File Binary containers (`cfb`). Extensions missing here must be named
 * by `file-type` exactly as the extension (gif, webp, zip, mp4...); text formats are checked as text.
 */
const CONTENT_OF_EXTENSION: Record<string, string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  tif: ['tif'],
  tiff: ['tif'],
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  pptx: ['pptx'],
  m4a: ['m4a', 'mp4'],
  mp3: ['mp3'],
};

/** Plain-text formats: valid UTF-8 without NUL bytes, and no binary format `file-type` recognises. */
const TEXT_EXTENSIONS = new Set(['txt', 'csv', 'md', 'log']);

/** Never accepted whatever the configuration says: markup and scripts a browser would run. */
const NEVER = new Set(['html', 'htm', 'xhtml', 'svg', 'svgz', 'xml', 'js', 'mjs', 'php', 'jsp', 'asp', 'aspx', 'exe', 'sh', 'bat', 'cmd']);

/** Media types of the text formats (file-type names none). */
const TEXT_MIME: Record<string, string> = { txt: 'text/plain', csv: 'text/csv', md: 'text/markdown', log: 'text/plain' };

/** The lower-case extension of a file name ('' when none). */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** Whether an extension may appear in the allow-list at all. */
export function isAllowableExtension(ext: string): boolean {
  return /^[a-z0-9]{1,10}$/.test(ext) && !NEVER.has(ext);
}

function isPlainText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/**
 * The media type of `data` when its content is of the family its extension names; null when the bytes are something
 * else (a PNG named .pdf, an HTML page named .jpg, a ZIP named .docx...).
 */
export async function contentTypeFor(ext: string, data: Buffer): Promise<string | null> {
  if (!isAllowableExtension(ext)) return null;
  const detected = await fileTypeFromBuffer(data);
  if (TEXT_EXTENSIONS.has(ext)) return !detected && isPlainText(data) ? TEXT_MIME[ext] : null;
  if (!detected) return null;
  const expected = CONTENT_OF_EXTENSION[ext] ?? [ext];
  if (!expected.includes(detected.ext)) return null;
  return detected.ext === 'cfb' ? OFFICE_MIME[ext] : detected.mime;
}

const OFFICE_MIME: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};
