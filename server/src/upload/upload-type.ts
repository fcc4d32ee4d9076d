import { detectContent, extOf, familyOf } from '../storage/file-content';

/** Never accepted whatever the configuration says: markup and scripts a browser would run, and programs. */
const NEVER = new Set(['html', 'htm', 'xhtml', 'svg', 'svgz', 'xml', 'js', 'mjs', 'php', 'jsp', 'asp', 'aspx', 'exe', 'sh', 'bat', 'cmd']);

/** The lower-case extension of a file name ('' when none). */
export const extensionOf = extOf;

/** Whether an extension may appear in the allow-list at all (no markup family whatever its name). */
export function isAllowableExtension(ext: string): boolean {
  return /^[a-z0-9]{1,10}$/.test(ext) && !NEVER.has(ext) && familyOf(ext) !== 'markup';
}

/**
 * The media type of `data` when its content is what its extension names (detectContent); null when the bytes are
 * something else (a PNG named .pdf, an HTML page named .jpg, a ZIP named .docx...) or the extension is never allowed.
 */
export async function contentTypeFor(ext: string, data: Buffer): Promise<string | null> {
  if (!isAllowableExtension(ext)) return null;
  return (await detectContent(data, ext))?.mime ?? null;
}
