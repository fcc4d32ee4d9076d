import { imageDimensions } from './file-content';

/** Image formats an avatar may have (staff and members), by content. */
export const AVATAR_EXTS = ['png', 'jpg'] as const;

/** Most pixels an avatar may have (as the resource library's images): a decompression bomb is refused before anything decodes it. */
export const AVATAR_MAX_PIXELS = 40_000_000;

/** The avatar refusal for an image of more pixels than AVATAR_MAX_PIXELS, as message arguments; undefined when it is within. */
export async function avatarTooLarge(data: Buffer): Promise<{ width: number; height: number; max: number } | undefined> {
  const size = await imageDimensions(data);
  return size && size.width * size.height > AVATAR_MAX_PIXELS ? { ...size, max: AVATAR_MAX_PIXELS / 1_000_000 } : undefined;
}
