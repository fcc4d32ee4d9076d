// Image processing of uploaded resources with sharp: orientation, metadata stripping, watermark, thumbnail. Pure
// functions of bytes and settings (the service stores what they answer); see docs/cms.md "Resources".
import { availableParallelism } from 'node:os';
import sharp, { type Sharp } from 'sharp';
import type { WatermarkPosition, WatermarkSettings } from '@zhiwen/shared';
import { MAX_IMAGE_PIXELS } from '../../storage/file-content';

/** Most pixels (all frames together) an uploaded image may decode to: a decompression bomb is refused before decoding (every upload's limit). */
export const MAX_INPUT_PIXELS = MAX_IMAGE_PIXELS;
/** Formats sharp reads and writes back in the same format (bmp is stored as it came). */
export const PROCESSABLE_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp', 'tiff']);
/** Gap between a watermark and the image's edge. */
const WATERMARK_MARGIN = 10;
const FONT_FILE = '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';

// Bounded memory: libvips' operation cache would keep decoded images around (a 12-megapixel photo is 36 MB), and one
// libvips thread per image with at most one image per core keeps a burst of uploads from multiplying buffers.
sharp.cache(false);
sharp.concurrency(1);
const SLOTS = Math.max(1, availableParallelism());
let running = 0;
const waiting: Array<() => void> = [];

/** Runs `job` when fewer than one image per core is being processed. */
async function inSlot<T>(job: () => Promise<T>): Promise<T> {
  if (running >= SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await job();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Why an image is refused. */
export class ImageRefusal extends Error {
  constructor(
    readonly reason: 'unreadable' | 'tooManyPixels',
    readonly width = 0,
    readonly height = 0,
  ) {
    super(reason);
  }
}

export interface ImageInfo {
  /** sharp's format name: jpeg, png, gif, webp, tiff, ... */
  format: string;
  /** As displayed (EXIF orientation applied); height of one frame. */
  width: number;
  height: number;
  pages: number;
}

/** Reads an image's header only (nothing is decoded) and refuses a decompression bomb or bytes sharp cannot read. */
export async function readImageInfo(data: Buffer, maxPixels = MAX_INPUT_PIXELS): Promise<ImageInfo> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(data, { animated: true, limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefusal('unreadable');
  }
  if (!meta.format || !meta.width || !meta.height) throw new ImageRefusal('unreadable');
  const pages = meta.pages ?? 1;
  const frameHeight = meta.pageHeight ?? meta.height;
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? frameHeight : meta.width;
  const height = turned ? meta.width : frameHeight;
  if (meta.width * frameHeight * pages > maxPixels) throw new ImageRefusal('tooManyPixels', width, height);
  return { format: meta.format, width, height, pages };
}

/** A watermark to draw: the site's settings, with the image's bytes for its resource id; fitted in width x height (aspect kept). */
export interface WatermarkSpec extends Omit<WatermarkSettings, 'enabled' | 'imageResourceId' | 'text'> {
  /** The watermark image's bytes (kind image). */
  image?: Buffer;
  text?: string;
}

export interface ProcessOptions {
  maxPixels?: number;
  /** Thumbnail box (0 = that side follows the aspect; both 0 or absent = no thumbnail). */
  thumbnail?: { width: number; height: number };
  watermark?: WatermarkSpec | null;
}

export interface ProcessedImage {
  format: string;
  data: Buffer;
  width: number;
  height: number;
  pages: number;
  /** The thumbnail in the same format (first frame), or null when none is wanted or the image fits the box. */
  thumbnail: { data: Buffer; width: number; height: number } | null;
}

/** Escapes text for Pango markup (the XML rules): a watermark text never becomes markup. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

/** The watermark as raw RGBA fitted in its box, its alpha multiplied by the opacity. */
export async function renderWatermark(spec: WatermarkSpec): Promise<{ data: Buffer; width: number; height: number } | null> {
  let source: Sharp;
  if (spec.kind === 'image') {
    if (!spec.image) return null;
    source = sharp(spec.image, { limitInputPixels: MAX_INPUT_PIXELS });
  } else {
    const text = (spec.text ?? '').trim();
    if (!text) return null;
    const color = /^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/.test(spec.color) ? spec.color : '#ffffff';
    const rendered = await sharp({
      text: {
        text: `<span foreground="${color}">${escapeMarkup(text)}</span>`,
        font: `Noto Sans SC ${Math.max(6, Math.round(spec.fontSize))}`,
        fontfile: require.resolve(FONT_FILE),
        rgba: true,
        dpi: 72,
      },
    })
      .png()
      .toBuffer();
    source = sharp(rendered);
  }
  const { data, info } = await source
    .resize(spec.width, spec.height, { fit: 'inside', withoutEnlargement: spec.kind === 'text' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const opacity = Math.min(1, Math.max(0, spec.opacity));
  if (opacity < 1) for (let i = 3; i < data.length; i += 4) data[i] = Math.round(data[i] * opacity);
  return { data, width: info.width, height: info.height };
}

/** Top-left corner of a `w`×`h` watermark at `position` on an `imageWidth`×`imageHeight` image. */
export function watermarkOffset(
  position: WatermarkPosition,
  imageWidth: number,
  imageHeight: number,
  w: number,
  h: number,
): { left: number; top: number } {
  const margin = Math.max(0, Math.min(WATERMARK_MARGIN, Math.floor((imageWidth - w) / 2), Math.floor((imageHeight - h) / 2)));
  const right = imageWidth - w - margin;
  const bottom = imageHeight - h - margin;
  switch (position) {
    case 'top-left':
      return { left: margin, top: margin };
    case 'top-right':
      return { left: right, top: margin };
    case 'bottom-left':
      return { left: margin, top: bottom };
    case 'center':
      return { left: Math.floor((imageWidth - w) / 2), top: Math.floor((imageHeight - h) / 2) };
    default:
      return { left: right, top: bottom };
  }
}

/** Size of the thumbnail of a `width`×`height` image in a `boxWidth`×`boxHeight` box, or null when none is made. */
export function thumbnailSize(width: number, height: number, boxWidth: number, boxHeight: number): { width: number; height: number } | null {
  if (boxWidth <= 0 && boxHeight <= 0) return null;
  if ((boxWidth <= 0 || width <= boxWidth) && (boxHeight <= 0 || height <= boxHeight)) return null;
  if (boxWidth > 0 && boxHeight > 0) return { width: Math.min(boxWidth, width), height: Math.min(boxHeight, height) };
  if (boxWidth > 0) return { width: boxWidth, height: Math.max(1, Math.round((height * boxWidth) / width)) };
  return { width: Math.max(1, Math.round((width * boxHeight) / height)), height: boxHeight };
}

/**
 * Above this many pixels a JPEG is written without optimised Huffman tables: optimising buffers the whole image's
 * coefficients (a 12-megapixel photo took the process from 150 to 400 MB over a few uploads, and 3x the encode time)
 * for files about 7% smaller.
 */
const OPTIMISE_CODING_MAX_PIXELS = 4_000_000;

function encode(image: Sharp, format: string, pixels: number): Sharp {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 85, optimiseCoding: pixels <= OPTIMISE_CODING_MAX_PIXELS });
    case 'png':
      return image.png();
    case 'webp':
      return image.webp({ quality: 85 });
    case 'gif':
      return image.gif();
    default:
      return image.tiff();
  }
}

/**
 * Re-encodes an image in its own format: EXIF orientation applied, every metadata block (EXIF with GPS, XMP, IPTC,
 * comments) dropped, animation kept (every frame watermarked), and makes its thumbnail. The format must be one of
 * PROCESSABLE_FORMATS; `readImageInfo` refusals apply.
 */
export function processImage(data: Buffer, options: ProcessOptions = {}): Promise<ProcessedImage> {
  return inSlot(async () => {
    const maxPixels = options.maxPixels ?? MAX_INPUT_PIXELS;
    const info = await readImageInfo(data, maxPixels);
    if (!PROCESSABLE_FORMATS.has(info.format)) throw new ImageRefusal('unreadable');
    const animated = info.pages > 1;
    const watermark = options.watermark ? await renderWatermark(options.watermark) : null;
    try {
      let image = sharp(data, { animated, limitInputPixels: maxPixels });
      if (!animated) image = image.rotate();
      if (watermark && watermark.width <= info.width && watermark.height <= info.height) {
        const at = watermarkOffset(options.watermark!.position, info.width, info.height, watermark.width, watermark.height);
        const raw = { width: watermark.width, height: watermark.height, channels: 4 as const };
        // An animated image is one tall strip of frames: the watermark goes on each frame.
        image = image.composite(
          Array.from({ length: info.pages }, (_, page) => ({
            input: watermark.data,
            raw,
            left: at.left,
            top: page * info.height + at.top,
          })),
        );
      }
      const out = await encode(image, info.format, info.width * info.height).toBuffer({ resolveWithObject: true });
      const size = thumbnailSize(info.width, info.height, options.thumbnail?.width ?? 0, options.thumbnail?.height ?? 0);
      let thumbnail: ProcessedImage['thumbnail'] = null;
      if (size) {
        const made = await encode(
          sharp(data, { limitInputPixels: maxPixels, pages: 1 }).rotate().resize(size.width, size.height, { fit: 'cover' }),
          info.format,
          size.width * size.height,
        ).toBuffer({ resolveWithObject: true });
        thumbnail = { data: made.data, width: made.info.width, height: made.info.height };
      }
      return { format: info.format, data: out.data, width: out.info.width, height: info.height, pages: info.pages, thumbnail };
    } catch (e) {
      if (e instanceof ImageRefusal) throw e;
      throw new ImageRefusal('unreadable');
    }
  });
}
