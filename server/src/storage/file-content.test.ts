import { Document, Packer, Paragraph } from 'docx';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { declaredPng } from '../../test/helpers/binary';
import { toneWav } from '../cms/demo/demo-media';
import { detectContent, FILE_CONTENT, MAX_IMAGE_PIXELS, sniffContent, tooManyPixels } from './file-content';

const bytes = (...parts: Array<string | number[] | Buffer>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.isBuffer(p) ? p : Buffer.from(p))));

/** A 2x1 24-bit BMP (file header, BITMAPINFOHEADER, one padded row). */
function bmp(): Buffer {
  const b = Buffer.alloc(62);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(62, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(2, 18);
  b.writeInt32LE(1, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  b.writeUInt32LE(8, 34);
  return b;
}

/** An icon of one image (a PNG) whose directory entry says `width` x `height`. */
function ico(png: Buffer, width: number, height: number): Buffer {
  const entry = Buffer.alloc(16);
  entry[0] = width;
  entry[1] = height;
  entry.writeUInt16LE(1, 4);
  entry.writeUInt16LE(32, 6);
  entry.writeUInt32LE(png.length, 8);
  entry.writeUInt32LE(22, 12);
  return bytes([0, 0, 1, 0, 1, 0], entry, png);
}

/** An Ogg page whose first packet is a Vorbis identification header. */
const ogg = () => bytes('OggS', [0, 2], Buffer.alloc(20), [1, 30], [1], 'vorbis', Buffer.alloc(40));
/** An ISO media file of the given major brand. */
const isoMedia = (brand: string) => bytes([0, 0, 0, 0x18], 'ftyp', brand, [0, 0, 0, 0], 'isom', 'mp42', Buffer.alloc(64));
/** An EBML header declaring DocType webm. */
const webm = () => bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1, 0x42, 0x82, 0x84], 'webm', Buffer.alloc(64));
const cfb = bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], Buffer.alloc(1016));
const contentTypes = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  `<Override PartName="/ppt/presentation.xml" ContentType="${main}"/></Types>`;
const pptx = () =>
  Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(contentTypes('application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml')),
      'ppt/presentation.xml': strToU8('<p:presentation/>'),
    }),
  );

const samples: Record<string, Buffer> = {};

beforeAll(async () => {
  const image = sharp({ create: { width: 4, height: 3, channels: 3, background: '#c03' } });
  samples.png = await image.clone().png().toBuffer();
  samples.jpg = await image.clone().jpeg().toBuffer();
  samples.gif = await image.clone().gif().toBuffer();
  samples.webp = await image.clone().webp().toBuffer();
  samples.tif = await image.clone().tiff().toBuffer();
  samples.bmp = bmp();
  samples.ico = ico(samples.png, 4, 3);
  samples.mp3 = bytes('ID3', [4, 0, 0, 0, 0, 0, 0], [0xff, 0xfb, 0x90, 0x64], Buffer.alloc(64));
  samples.ogg = ogg();
  samples.wav = toneWav([440], 0.05);
  samples.m4a = isoMedia('M4A ');
  samples.mp4 = isoMedia('isom');
  samples.webm = webm();
  samples.doc = cfb;
  samples.docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('第一段')] }] }));
  const book = new ExcelJS.Workbook();
  book.addWorksheet('表').addRow(['名称', 1]);
  samples.xlsx = Buffer.from(await book.xlsx.writeBuffer());
  samples.pptx = pptx();
  samples.pdf = bytes('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  samples.zip = Buffer.from(zipSync({ 'a.txt': strToU8('plain zip') }));
  samples.woff = bytes('wOFF', [0, 1, 0, 0], Buffer.alloc(40));
  samples.woff2 = bytes('wOF2', [0, 1, 0, 0], Buffer.alloc(40));
  samples.ttf = bytes([0, 1, 0, 0, 0, 0x0a, 0, 0x80, 0, 3], Buffer.alloc(40));
  samples.otf = bytes('OTTO', [0, 0x0a, 0, 0x80, 0, 3], Buffer.alloc(40));
  samples.txt = Buffer.from('第一行\nsecond line\n');
  samples.csv = Buffer.from('名称,数量\n苹果,3\n');
  samples.md = Buffer.from('# 标题\n\n正文\n');
  samples.log = Buffer.from('2026-11-25 INFO started\n');
  samples.html = Buffer.from('<!DOCTYPE html><html><body><p>你好</p></body></html>');
  samples.xml = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><urlset></urlset>');
  samples.svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>');
  samples.css = Buffer.from('body { color: #333; }\n');
  samples.js = Buffer.from('document.title = "站点";\n');
  samples.json = Buffer.from('{"名称": 1}');
});

/** The sample of an extension (aliases share their format's bytes). */
const SAME_AS: Record<string, string> = { jpeg: 'jpg', tiff: 'tif', xls: 'doc', ppt: 'doc', htm: 'html', shtml: 'html' };
const sample = (ext: string) => samples[SAME_AS[ext] ?? ext];

describe('detectContent', () => {
  it.each(Object.keys(FILE_CONTENT))('accepts a real .%s file with the media type of the table', async (ext) => {
    expect(sample(ext), `a sample of .${ext}`).toBeDefined();
    expect(await detectContent(sample(ext), ext)).toEqual({ ext, family: FILE_CONTENT[ext].family, mime: FILE_CONTENT[ext].mime });
  });

  it.each([
    ['a PNG named .pdf', 'png', 'pdf'],
    ['an SVG named .png', 'svg', 'png'],
    ['an HTML page named .png', 'html', 'png'],
    ['an HTML page named .jpg', 'html', 'jpg'],
    ['a ZIP named .docx', 'zip', 'docx'],
    ['a DOCX named .xlsx', 'docx', 'xlsx'],
    ['an XLSX named .docx', 'xlsx', 'docx'],
    ['a DOCX named .zip', 'docx', 'zip'],
    ['a PNG named .txt', 'png', 'txt'],
    ['a PDF named .txt', 'pdf', 'txt'],
    ['a PNG named .svg', 'png', 'svg'],
    ['an MP4 named .webm', 'mp4', 'webm'],
    ['a WAV named .mp3', 'wav', 'mp3'],
    ['a JPEG named .png', 'jpg', 'png'],
    ['an XML text named .txt (a text of one extension carries no signature)', 'xml', 'txt'],
  ])('refuses %s', async (_what, real, claimed) => {
    expect(await detectContent(sample(real), claimed)).toBeNull();
  });

  it('refuses an EXE as .txt, a NUL in a text, bytes that are not UTF-8, and an SVG without an <svg> element', async () => {
    const exe = bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0], 'This program cannot be run in DOS mode');
    expect(await detectContent(exe, 'txt')).toBeNull();
    expect(await detectContent(bytes('MZ plain words that look like text'), 'txt')).toBeNull();
    expect(await detectContent(bytes('abc', [0], 'def'), 'txt')).toBeNull();
    expect(await detectContent(bytes('body{}', [0]), 'css')).toBeNull();
    expect(await detectContent(Buffer.from('caf\xe9', 'latin1'), 'csv')).toBeNull();
    expect(await detectContent(Buffer.from('<?xml version="1.0"?><html/>'), 'svg')).toBeNull();
    expect(await detectContent(Buffer.from('<svg/> <p>'), 'svg')).toBeNull();
  });

  it('knows an extension outside the table only by the exact name file-type gives its bytes', async () => {
    const rar = bytes('Rar!', [0x1a, 0x07, 0x00], Buffer.alloc(32));
    expect(await detectContent(rar, 'rar')).toEqual({ ext: 'rar', family: 'other', mime: 'application/x-rar-compressed' });
    expect(await detectContent(samples.zip, 'rar')).toBeNull();
    expect(await detectContent(Buffer.from('text'), 'abc')).toBeNull();
  });

  it('reads the claimed extension in any case', async () => {
    expect((await detectContent(samples.png, 'PNG'))?.ext).toBe('png');
  });
});

describe('sniffContent', () => {
  it('names bytes by the candidate they are, preferring the exact name', async () => {
    const media = ['mp3', 'ogg', 'wav', 'm4a', 'mp4', 'webm'];
    expect(await sniffContent(samples.mp4, media)).toMatchObject({ ext: 'mp4', family: 'video' });
    expect(await sniffContent(samples.m4a, media)).toMatchObject({ ext: 'm4a', family: 'audio' });
    expect(await sniffContent(samples.ogg, media)).toMatchObject({ ext: 'ogg', family: 'audio' });
    expect(await sniffContent(samples.webm, media)).toMatchObject({ ext: 'webm', family: 'video' });
    expect(await sniffContent(samples.jpg, ['png', 'jpg'])).toMatchObject({ ext: 'jpg', mime: 'image/jpeg' });
    expect(await sniffContent(samples.tif, ['jpg', 'tiff'])).toMatchObject({ ext: 'tiff', mime: 'image/tiff' });
  });

  it('answers null for bytes none of the candidates are', async () => {
    expect(await sniffContent(samples.gif, ['png', 'jpg'])).toBeNull();
    expect(await sniffContent(samples.svg, ['png', 'jpg', 'gif', 'webp'])).toBeNull();
    expect(await sniffContent(Buffer.from('not a video at all'), ['mp3', 'mp4'])).toBeNull();
  });
});

describe('tooManyPixels', () => {
  it('refuses an image declaring more than 40 megapixels from its header, and lets smaller images and other files be', async () => {
    expect(MAX_IMAGE_PIXELS).toBe(40_000_000);
    expect(await tooManyPixels(declaredPng(20000, 20000), 'png')).toEqual({ width: 20000, height: 20000, max: 40 });
    expect(await tooManyPixels(declaredPng(8000, 5001), 'png')).toEqual({ width: 8000, height: 5001, max: 40 });
    expect(await tooManyPixels(declaredPng(8000, 5000), 'png')).toBeUndefined();
    expect(await tooManyPixels(samples.jpg, 'jpg')).toBeUndefined();
    const hugeBmp = bmp();
    hugeBmp.writeInt32LE(10000, 18);
    hugeBmp.writeInt32LE(-5000, 22); // top-down rows
    expect(await tooManyPixels(hugeBmp, 'bmp')).toEqual({ width: 10000, height: 5000, max: 40 });
    expect(await tooManyPixels(samples.bmp, 'bmp')).toBeUndefined();
    // An icon counts its largest image: a PNG inside declaring 20000x20000 is as much a bomb.
    expect(await tooManyPixels(ico(declaredPng(20000, 20000), 0, 0), 'ico')).toEqual({ width: 20000, height: 20000, max: 40 });
    expect(await tooManyPixels(samples.ico, 'ico')).toBeUndefined();
    // Not an image of the table: nothing to count.
    expect(await tooManyPixels(declaredPng(20000, 20000), 'pdf')).toBeUndefined();
  });
});
