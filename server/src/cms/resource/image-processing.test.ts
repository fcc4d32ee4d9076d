import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { escapeMarkup, ImageRefusal, processImage, readImageInfo, thumbnailSize, watermarkOffset, type WatermarkSpec } from './image-processing';

const solid = (width: number, height: number, background: string, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();

/** The RGB of one pixel. */
async function pixel(data: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data: raw, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [raw[i], raw[i + 1], raw[i + 2]];
}

const watermark = (over: Partial<WatermarkSpec>): WatermarkSpec => ({
  kind: 'image',
  position: 'bottom-right',
  opacity: 1,
  width: 40,
  height: 40,
  fontSize: 24,
  color: '#ffffff',
  ...over,
});

describe('image processing', () => {
  it('applies the EXIF orientation and drops every metadata block, GPS included', async () => {
    // 60x40 landscape stored with orientation 6 (shown rotated 90°, i.e. 40x60) and GPS coordinates.
    const withGps = await sharp(await solid(60, 40, '#808080', 'jpeg'))
      .withExif({ IFD0: { Make: 'Camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const before = await sharp(withGps).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString('latin1')).toContain('Camera');
    // The GPS IFD pointer (tag 0x8825) is there before processing.
    const gpsTag = (exif: Buffer | undefined) => !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
    expect(gpsTag(before.exif)).toBe(true);

    const done = await processImage(withGps);
    expect([done.width, done.height]).toEqual([40, 60]);
    const after = await sharp(done.data).metadata();
    expect([after.width, after.height]).toEqual([40, 60]);
    expect(after.exif).toBeUndefined();
    expect(gpsTag(after.exif)).toBe(false);
    expect(done.data.includes(Buffer.from('Camera'))).toBe(false);
    expect(after.orientation).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
  });

  it('makes thumbnails in the box: both sides exact, or one side with the aspect kept; none for a small image', async () => {
    const photo = await solid(400, 200, '#00ff00', 'jpeg');
    const both = await processImage(photo, { thumbnail: { width: 100, height: 100 } });
    expect(both.thumbnail && [both.thumbnail.width, both.thumbnail.height]).toEqual([100, 100]);
    const byWidth = await processImage(photo, { thumbnail: { width: 100, height: 0 } });
    expect(byWidth.thumbnail && [byWidth.thumbnail.width, byWidth.thumbnail.height]).toEqual([100, 50]);
    const byHeight = await processImage(photo, { thumbnail: { width: 0, height: 50 } });
    expect(byHeight.thumbnail && [byHeight.thumbnail.width, byHeight.thumbnail.height]).toEqual([100, 50]);
    expect(await sharp(byHeight.thumbnail!.data).metadata()).toMatchObject({ format: 'jpeg', width: 100, height: 50 });
    expect((await processImage(photo, { thumbnail: { width: 0, height: 0 } })).thumbnail).toBeNull();
    expect((await processImage(photo, { thumbnail: { width: 800, height: 600 } })).thumbnail).toBeNull();
    expect(thumbnailSize(400, 200, 100, 100)).toEqual({ width: 100, height: 100 });
  });

  it('puts an image watermark at the chosen corner with its opacity, and leaves the rest alone', async () => {
    const base = await solid(200, 100, '#000000');
    const red = await solid(40, 40, '#ff0000');
    const topLeft = await processImage(base, { watermark: watermark({ image: red, position: 'top-left' }) });
    expect(await pixel(topLeft.data, 20, 20)).toEqual([255, 0, 0]);
    expect(await pixel(topLeft.data, 180, 80)).toEqual([0, 0, 0]);
    const bottomRight = await processImage(base, { watermark: watermark({ image: red, position: 'bottom-right', opacity: 0.5 }) });
    const [r, g, b] = await pixel(bottomRight.data, 170, 70);
    expect(r).toBeGreaterThan(110);
    expect(r).toBeLessThan(145);
    expect([g, b]).toEqual([0, 0]);
    expect(await pixel(bottomRight.data, 20, 20)).toEqual([0, 0, 0]);
    const center = await processImage(base, { watermark: watermark({ image: red, position: 'center' }) });
    expect(await pixel(center.data, 100, 50)).toEqual([255, 0, 0]);
  });

  it('renders a text watermark (markup in the text stays text) at its corner', async () => {
    const base = await solid(300, 120, '#000000');
    const text = await processImage(base, {
      watermark: watermark({ kind: 'text', text: '智文 <b>&</b>', width: 200, height: 40, color: '#ffffff', position: 'top-left' }),
    });
    const { data: raw, info } = await sharp(text.data).greyscale().raw().toBuffer({ resolveWithObject: true });
    let litTopLeft = 0;
    let litBottomRight = 0;
    for (let y = 0; y < info.height; y++)
      for (let x = 0; x < info.width; x++) {
        if (raw[y * info.width + x] < 128) continue;
        if (x < 220 && y < 60) litTopLeft++;
        else litBottomRight++;
      }
    expect(litTopLeft).toBeGreaterThan(50);
    expect(litBottomRight).toBe(0);
    expect(escapeMarkup('<b>&"\'')).toBe('&lt;b&gt;&amp;&quot;&apos;');
    expect(watermarkOffset('bottom-left', 300, 120, 50, 20)).toEqual({ left: 10, top: 90 });
  });

  it('keeps an animated GIF animated, with every frame, and watermarks each frame', async () => {
    const frames = await Promise.all(['#ff0000', '#00ff00', '#0000ff'].map((c) => solid(60, 50, c)));
    const gif = await sharp(frames, { join: { animated: true } })
      .gif({ delay: [100, 100, 100] })
      .toBuffer();
    const white = await solid(20, 20, '#ffffff');
    const done = await processImage(gif, {
      watermark: watermark({ image: white, width: 20, height: 20, position: 'top-left' }),
      thumbnail: { width: 30, height: 0 },
    });
    const meta = await sharp(done.data, { animated: true }).metadata();
    expect(meta).toMatchObject({ format: 'gif', pages: 3, pageHeight: 50, width: 60 });
    expect([done.width, done.height, done.pages]).toEqual([60, 50, 3]);
    for (let page = 0; page < 3; page++) {
      const frame = await sharp(done.data, { page }).png().toBuffer();
      expect(await pixel(frame, 15, 15)).toEqual([255, 255, 255]);
    }
    expect(await pixel(await sharp(done.data, { page: 1 }).png().toBuffer(), 50, 40)).toEqual([0, 255, 0]);
    expect(done.thumbnail && [done.thumbnail.width, done.thumbnail.height]).toEqual([30, 25]);

    const webp = await sharp(frames, { join: { animated: true } })
      .webp()
      .toBuffer();
    const keptWebp = await processImage(webp);
    expect((await sharp(keptWebp.data, { animated: true }).metadata()).pages).toBe(3);
  });

  it('refuses a decompression bomb from its header, and bytes that are no image', async () => {
    const raw = await solid(10, 10, '#ffffff');
    // The header of a 10x10 PNG saying 20000x20000: refused before anything is decoded.
    const bomb = Buffer.from(raw);
    bomb.writeUInt32BE(20000, 16);
    bomb.writeUInt32BE(20000, 20);
    await expect(readImageInfo(bomb)).rejects.toMatchObject({ reason: 'tooManyPixels', width: 20000, height: 20000 });
    await expect(processImage(bomb)).rejects.toBeInstanceOf(ImageRefusal);
    await expect(processImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).rejects.toMatchObject({ reason: 'unreadable' });
    await expect(readImageInfo(await solid(100, 100, '#ffffff'), 5000)).rejects.toMatchObject({ reason: 'tooManyPixels' });
  });
});
