import sharp from 'sharp';

/** Image formats accepted for avatars, recognised by their first bytes (never by the file name). */
const SIGNATURES: Array<{ ext: 'png' | 'jpg' | 'gif' | 'webp'; mime: string; test: (b: Buffer) => boolean }> = [
  { ext: 'png', mime: 'image/png', test: (b) => b.length > 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a },
  { ext: 'jpg', mime: 'image/jpeg', test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', mime: 'image/gif', test: (b) => b.length > 6 && (b.toString('ascii', 0, 6) === 'GIF87a' || b.toString('ascii', 0, 6) === 'GIF89a') },
  { ext: 'webp', mime: 'image/webp', test: (b) => b.length > 12 && b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WEBP' },
];

/** The image type of a file's content, or undefined when it is not one of png, jpg, gif, webp. */
export function detectImageType(data: Buffer): { ext: string; mime: string } | undefined {
  const found = SIGNATURES.find((s) => s.test(data));
  return found ? { ext: found.ext, mime: found.mime } : undefined;
}

export const IMAGE_MIME_BY_EXT: Record<string, string> = Object.fromEntries(SIGNATURES.map((s) => [s.ext, s.mime]));

/** Most pixels an avatar may have (as the resource library's images): a decompression bomb is refused before anything decodes it. */
export const AVATAR_MAX_PIXELS = 40_000_000;

/** Width and height from an image's header (nothing is decoded), or undefined when the header cannot be read. */
export async function imageDimensions(data: Buffer): Promise<{ width: number; height: number } | undefined> {
  try {
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    return meta.width && meta.height ? { width: meta.width, height: meta.height } : undefined;
  } catch {
    return undefined;
  }
}

/** The avatar refusal for an image of more pixels than AVATAR_MAX_PIXELS, as message arguments; undefined when it is within. */
export async function avatarTooLarge(data: Buffer): Promise<{ width: number; height: number; max: number } | undefined> {
  const size = await imageDimensions(data);
  return size && size.width * size.height > AVATAR_MAX_PIXELS ? { ...size, max: AVATAR_MAX_PIXELS / 1_000_000 } : undefined;
}
