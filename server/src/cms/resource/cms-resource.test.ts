import { Document, Packer, Paragraph } from 'docx';
import ExcelJS from 'exceljs';
import { crc32 } from 'node:zlib';
import type { Pool } from 'pg';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { zipSync, strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectError, expectOk } from '../../../test/helpers/api';
import { binaryParser } from '../../../test/helpers/binary';
import { catalogFactory, contentFactory, roleFactory, siteFactory, staffUserFactory, type Creator } from '../../../test/helpers/factories';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { PipeDataProvider, SiteReadModel } from '../publish/publish-read-model';
import { renderTemplate } from '../template/engine';

let t: TestApp;
let admin: string;
let site: { siteId: string; path: string };
const by: Creator = { target: () => t, token: () => admin };
const http = api(() => t, { token: () => admin, base: '/prod-api/cms/resource', headers: { CurrentSite: () => site.siteId } });

beforeAll(async () => {
  t = await startTestApp();
  admin = await tokenOf(t.app);
  site = await siteFactory(by);
});
afterAll(() => t?.close());

/** A photo-like JPEG (noise, so it has real content) of the given size. */
async function jpeg(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

const png = (width = 8, height = 8, color = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

async function stored(path: string): Promise<Buffer | null> {
  const stream = await t.app.get<FileStorage>(FILE_STORAGE).get(`site/${site.path}/${path}`);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function settings(values: Record<string, unknown>): Promise<void> {
  expectOk(await api(() => t, { token: () => admin }).post(`/cms/site/extends/${site.siteId}`, values));
}

async function count(): Promise<number> {
  return expectOk<{ total: number }>(await http.get('').query({ pageSize: 1 })).total;
}

describe('upload and list', () => {
  it('stores files recognised by content with their type, size, src and dimensions, and lists and filters them', async () => {
    const rows = expectOk<Array<Record<string, unknown>>>(
      await http
        .post('/upload')
        .field('tags', '风景, 封面')
        .attach('file', await png(40, 30), '蓝色.png')
        .attach('file', Buffer.from('第一行\n第二行\n'), 'notes.txt'),
    );
    expect(rows).toHaveLength(2);
    const [image, text] = rows;
    expect(image).toMatchObject({
      resourceType: 'image',
      name: '蓝色',
      fileName: '蓝色.png',
      suffix: 'png',
      width: 40,
      height: 30,
      iconType: 'image',
    });
    expect(image.tags).toEqual(['风景', '封面']);
    expect(image.path).toMatch(/^resources\/\d{6}\/[0-9a-f]{32}\.png$/);
    expect(image.src).toBe(`/site/${site.path}/${image.path}`);
    expect(image.thumbnailSrc).toBe(image.src);
    expect(await stored(image.path as string)).not.toBeNull();
    expect(text).toMatchObject({ resourceType: 'document', suffix: 'txt', iconType: 'text', mime: 'text/plain; charset=utf-8' });

    const docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('报告')] }] }));
    const zip = expectOk<Array<Record<string, unknown>>>(
      await http.post('/upload').attach('file', Buffer.from(zipSync({ 'a.txt': strToU8('hi') })), 'pack.zip'),
    );
    expect(zip[0]).toMatchObject({ resourceType: 'other', iconType: 'archive' });
    const one = expectOk<Record<string, unknown>>(await http.post('').field('name', '报告').attach('file', docx, 'report.docx'));
    expect(one).toMatchObject({ name: '报告', resourceType: 'document', iconType: 'word', suffix: 'docx' });

    const images = expectOk<{ rows: Array<{ resourceId: string }>; total: number }>(await http.get('').query({ resourceType: 'image' }));
    expect(images.rows.map((r) => r.resourceId)).toEqual([image.resourceId]);
    const tagged = expectOk<{ rows: Array<{ resourceId: string }> }>(await http.get('').query({ tag: '封面' }));
    expect(tagged.rows.map((r) => r.resourceId).sort()).toEqual([image.resourceId, text.resourceId].sort());
    const named = expectOk<{ rows: Array<{ resourceId: string }> }>(await http.get('').query({ name: '报' }));
    expect(named.rows.map((r) => r.resourceId)).toEqual([one.resourceId]);
    const future = expectOk<{ total: number }>(await http.get('').query({ beginTime: '2999-01-01T00:00:00Z' }));
    expect(future.total).toBe(0);

    // The list exports as .xlsx (POST with cc-export), with the filters; a POST without it adds a resource.
    const xlsx = await http.post('').set('cc-export', '1').send({ resourceType: 'image' }).buffer(true).parse(binaryParser);
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('名称');
    expect(sheet.getRow(2).getCell(1).value).toBe('蓝色');
    expect(sheet.getRow(2).getCell(2).value).toBe('图片');
    expect(sheet.getRow(2).getCell(5).value).toBe(image.src);
    expect(sheet.rowCount).toBe(2);
  });

  it('answers the types with their extensions and localized names', async () => {
    const types = expectOk<Array<{ id: string; name: string; exts: string[]; icon: string }>>(await http.lang('en').get('/types'));
    expect(types.map((x) => x.id)).toEqual(['image', 'audio', 'video', 'document', 'other']);
    expect(types[0]).toMatchObject({ name: 'Images', icon: 'image' });
    expect(types[0].exts).toEqual(expect.arrayContaining(['png', 'jpg', 'gif', 'webp']));
    expect(types[0].exts).not.toContain('svg');
    // Only what the site allows: csv and tif are known but not in the default list.
    expect(types.flatMap((x) => x.exts)).not.toContain('csv');
    expect(types.find((x) => x.id === 'document')?.exts).toEqual(['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'pdf', 'txt']);
  });
});

describe('bad input', () => {
  it('refuses files whose bytes are not what their extension says, and stores nothing', async () => {
    const before = await count();
    const pdfWithPng = await http
      .lang('en')
      .post('/upload')
      .attach('file', await png(), 'paper.pdf');
    expectError(pdfWithPng, 400, { en: 'The file content does not match its extension: "paper.pdf" is not a .pdf file' });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    expectError(await http.post('/upload').attach('file', svg, 'logo.png'), 400, { 'zh-CN': '文件内容与扩展名不符：“logo.png”不是 .png 文件' });
    const html = Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>');
    expectError(await http.lang('zh-TW').post('/upload').attach('file', html, 'page.png'), 400, {
      'zh-TW': '檔案內容與副檔名不符：「page.png」不是 .png 檔案',
    });
    expectError(await http.post('/upload').attach('file', Buffer.from('plain text, not a photo'), 'photo.jpg'), 400);
    const jpegAsPng = await http.post('/upload').attach('file', await jpeg(16, 16), 'photo.png');
    expectError(jpegAsPng, 400, { 'zh-CN': '文件内容与扩展名不符：“photo.png”不是 .png 文件' });
    // Text must be UTF-8 without NUL bytes.
    expectError(await http.post('/upload').attach('file', Buffer.from([0x61, 0x00, 0x62]), 'nul.txt'), 400);
    expectError(await http.post('/upload').attach('file', Buffer.from([0xff, 0xfe, 0xfd]), 'latin.txt'), 400);
    // Extensions outside the allow-list, whatever the bytes.
    expectError(await http.lang('en').post('/upload').attach('file', svg, 'logo.svg'), 400, {
      en: expect.stringContaining('.svg files cannot be uploaded'),
    });
    expectError(await http.post('/upload').attach('file', html, 'page.html'), 400);
    // A mixed upload with one bad file stores none of them.
    const mixed = await http
      .post('/upload')
      .attach('file', await png(), 'good.png')
      .attach('file', svg, 'bad.png');
    expectError(mixed, 400);
    expect(await count()).toBe(before);
  });

  it('refuses an oversized file, an oversized image and too many files by the site settings', async () => {
    const before = await count();
    const big = Buffer.concat([Buffer.from('big text '), Buffer.alloc(5 * 1024 * 1024, 0x61)]);
    expectError(await http.lang('en').post('/upload').attach('file', big, 'big.txt'), 400, { en: 'The file "big.txt" is too large (at most 5 MB)' });
    const bigImage = Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    expectError(await http.post('/upload').attach('file', bigImage, 'big.png'), 400, { 'zh-CN': '图片“big.png”超过大小限制（最大 2 MB）' });
    let six = http.post('/upload');
    for (let i = 0; i < 6; i++) six = six.attach('file', Buffer.from(`file ${i}`), `f${i}.txt`);
    expectError(await six, 400, { 'zh-CN': '一次最多上传 5 个文件' });
    await settings({ uploadMaxCount: 2, uploadAllowedExts: ['png', 'txt'] });
    let three = http.lang('en').post('/upload');
    for (let i = 0; i < 3; i++) three = three.attach('file', Buffer.from(`file ${i}`), `f${i}.txt`);
    expectError(await three, 400, { en: 'At most 2 files can be uploaded at once' });
    expectError(
      await http
        .lang('en')
        .post('/upload')
        .attach('file', Buffer.from([0x50, 0x4b]), 'a.zip'),
      400,
      { en: '.zip files cannot be uploaded (allowed: png, txt)' },
    );
    await settings({ uploadMaxCount: 5, uploadAllowedExts: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'txt', 'zip', 'docx', 'pdf'] });
    expect(await count()).toBe(before);
  });

  it('refuses a decompression bomb (a small PNG declaring 30000x30000) before decoding it', async () => {
    // A valid 1x1 PNG whose header then declares 30000x30000 (CRC fixed): decoding it would need 3.6 GB.
    const bomb = await png(1, 1);
    bomb.writeUInt32BE(30000, 16);
    bomb.writeUInt32BE(30000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const res = await http.lang('en').post('/upload').attach('file', bomb, 'bomb.png');
    expectError(res, 400, { en: 'The image "bomb.png" is too large (30000×30000, at most 40 megapixels)' });
  });

  it('removes the files already written when a later step fails (the row insert here)', async () => {
    const ds = t.app.get(DataSource);
    const storage = t.app.get<FileStorage>(FILE_STORAGE);
    const files = async () => (await storage.list(`site/${site.path}/resources`)).length;
    const before = { rows: await count(), files: await files() };
    await ds.query(`ALTER TABLE cms_resource ADD CONSTRAINT test_refuse_name CHECK (name <> 'doomed')`);
    try {
      const res = await http
        .post('/upload')
        .attach('file', await png(30, 30), 'fine.png')
        .attach('file', Buffer.from('text'), 'doomed.txt');
      expect(res.status).toBe(500);
    } finally {
      await ds.query(`ALTER TABLE cms_resource DROP CONSTRAINT test_refuse_name`);
    }
    expect({ rows: await count(), files: await files() }).toEqual(before);
  });

  it('refuses settings out of bounds', async () => {
    const site2 = api(() => t, { token: () => admin });
    expectError(await site2.lang('en').post(`/cms/site/extends/${site.siteId}`, { uploadAllowedExts: ['png', 'svg'] }), 400, {
      en: expect.stringContaining('Allowed formats must be chosen from'),
    });
    expectError(await site2.post(`/cms/site/extends/${site.siteId}`, { watermark: { enabled: true, kind: 'text', opacity: 2 } }), 400, {
      'zh-CN': '水印透明度必须在 0 到 1 之间',
    });
    expectError(await site2.post(`/cms/site/extends/${site.siteId}`, { watermark: { enabled: true, kind: 'text', width: 10 } }), 400);
  });
});

describe('image settings through the API', () => {
  it('makes thumbnails by the site setting and records the dimensions', async () => {
    await settings({ thumbnailWidth: 50, thumbnailHeight: 0 });
    try {
      const [row] = expectOk<Array<Record<string, string | number>>>(await http.post('/upload').attach('file', await jpeg(200, 100), 'wide.jpg'));
      expect(row).toMatchObject({ width: 200, height: 100, suffix: 'jpg', mime: 'image/jpeg' });
      expect(row.thumbnail).toBe(String(row.path).replace(/\.jpg$/, '_thumb.jpg'));
      expect(row.thumbnailSrc).toBe(`/site/${site.path}/${row.thumbnail}`);
      const thumb = await stored(String(row.thumbnail));
      expect(await sharp(thumb!).metadata()).toMatchObject({ width: 50, height: 25 });
    } finally {
      await settings({ thumbnailWidth: 0, thumbnailHeight: 0 });
    }
  });

  it('watermarks uploaded images with a library image when the site turns it on', async () => {
    const [mark] = expectOk<Array<{ resourceId: string }>>(await http.post('/upload').attach('file', await png(30, 30, '#ff0000'), 'mark.png'));
    await settings({
      watermark: { enabled: true, kind: 'image', imageResourceId: mark.resourceId, position: 'top-left', opacity: 1, width: 30, height: 30 },
    });
    try {
      const [row] = expectOk<Array<{ path: string }>>(await http.post('/upload').attach('file', await png(120, 80, '#000000'), 'dark.png'));
      const { data, info } = await sharp((await stored(row.path))!)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
      expect(at(20, 20)).toEqual([255, 0, 0]);
      expect(at(100, 70)).toEqual([0, 0, 0]);
    } finally {
      await settings({ watermark: { enabled: false, kind: 'text' } });
    }
  });
});

describe('edit, replace, download, delete', () => {
  it('edits name, tags and description, replaces the file keeping the path, and downloads under its name (both spellings)', async () => {
    const [row] = expectOk<Array<{ resourceId: string; path: string }>>(await http.post('/upload').attach('file', Buffer.from('版本一'), 'v1.txt'));
    const edited = expectOk(await http.put('', { resourceId: row.resourceId, name: '说明 文档', tags: ['a', 'a', ' b '], description: '描述' }));
    expect(edited).toMatchObject({ name: '说明 文档', tags: ['a', 'b'], description: '描述' });
    expectError(await http.lang('en').put('', { resourceId: row.resourceId, name: '  ' }), 400, {
      en: 'The resource name is required and may not exceed 255 characters',
    });
    const manyTags = Array.from({ length: 21 }, (_, i) => `t${i}`);
    expectError(await http.put('', { resourceId: row.resourceId, name: 'x', tags: manyTags }), 400, {
      'zh-CN': '标签最多 20 个，每个不超过 50 个字符',
    });
    expectError(await http.put('', { resourceId: row.resourceId, name: 'x', description: '长'.repeat(1001) }), 400, {
      'zh-CN': '描述不能超过 1000 个字符',
    });
    // The same rules on an upload's fields (tags as a comma list), and nothing stored.
    const tooLongTag = await http
      .post('/upload')
      .field('tags', `ok,${'长'.repeat(51)}`)
      .attach('file', Buffer.from('x'), 'x.txt');
    expectError(tooLongTag, 400, { 'zh-CN': '标签最多 20 个，每个不超过 50 个字符' });
    expect(expectOk(await http.get(`/${row.resourceId}`))).toMatchObject({ name: '说明 文档', tags: ['a', 'b'] });

    const replaced = expectOk(await http.put(`/${row.resourceId}/file`).attach('file', Buffer.from('版本二'), 'v2.txt'));
    expect(replaced).toMatchObject({ path: row.path, fileName: 'v2.txt', fileSize: String(Buffer.byteLength('版本二')) });
    expect((await stored(row.path))!.toString()).toBe('版本二');
    expectError(await http.put(`/${row.resourceId}/file`).attach('file', await png(), 'x.png'), 400, {
      'zh-CN': '替换的文件必须与原文件同类（文档）',
    });

    for (const route of ['download', 'downlad']) {
      const res = await http.get(`/${route}/${row.resourceId}`).buffer(true).parse(binaryParser);
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="download"; filename*=UTF-8''${encodeURIComponent('说明 文档.txt')}`);
      expect(decodeURIComponent(res.headers['download-filename'])).toBe('说明 文档.txt');
      expect((res.body as Buffer).toString()).toBe('版本二');
    }
    expectError(await http.get('/download/999999999'), 404);
  });

  it('shows where a resource is used, refuses to delete it while published content uses it, then deletes rows and files', async () => {
    const [image] = expectOk<Array<{ resourceId: string; path: string; src: string }>>(
      await http.post('/upload').attach('file', await png(20, 20), 'used.png'),
    );
    const [free] = expectOk<Array<{ resourceId: string; path: string }>>(await http.post('/upload').attach('file', Buffer.from('free'), 'free.txt'));
    const catalog = await catalogFactory(by, site.siteId);
    const content = await contentFactory(by, site.siteId, catalog.catalogId, { contentHtml: `<p><img src="${image.src}"></p>` });
    const detail = expectOk<{ usages: Array<Record<string, string>> }>(await http.get(`/${image.resourceId}`));
    expect(detail.usages).toEqual([{ contentId: content.contentId, title: content.title, catalogName: expect.any(String), status: 'draft' }]);

    const contents = api(() => t, { token: () => admin, base: '/prod-api/cms/content', headers: { CurrentSite: () => site.siteId } });
    expectOk(await contents.post('/publish').send([content.contentId]));
    const refused = await http.lang('en').delete('').send([free.resourceId, image.resourceId]);
    expectError(refused, 400, { en: `The resource "used" is used by published content and cannot be deleted: 《${content.title}》` });
    expect(await stored(free.path)).not.toBeNull();

    expectOk(await contents.post('/offline').send([content.contentId]));
    expectOk(await http.delete('').send([free.resourceId, image.resourceId]));
    expect(await stored(image.path)).toBeNull();
    expect(await stored(free.path)).toBeNull();
    expectError(await http.get(`/${image.resourceId}`), 404);
  });

  it('stores the rich-text editor’s uploads as library rows', async () => {
    const before = await count();
    const contents = api(() => t, { token: () => admin, base: '/prod-api/cms/content', headers: { CurrentSite: () => site.siteId } });
    const up = expectOk<{ url: string; path: string }>(await contents.post('/upload/image').attach('file', await png(10, 10), 'editor.png'));
    expect(await count()).toBe(before + 1);
    const list = expectOk<{ rows: Array<{ path: string; src: string; name: string }> }>(await http.get('').query({ pageSize: 1 }));
    expect(list.rows[0]).toMatchObject({ path: up.path, src: up.url, name: 'editor' });
  });
});

describe('permissions', () => {
  it('refuses every resource route to a user without cms:resource permissions', async () => {
    const role = await roleFactory(t, { menus: ['cms.content'] });
    const user = await staffUserFactory(t, { roles: [role.roleKey] });
    const as = http.as(user.token);
    expectError(await as.get(''), 403);
    expectError(await as.get('/types'), 403);
    expectError(await as.post('/upload').attach('file', Buffer.from('x'), 'x.txt'), 403);
    expectError(await as.put('', { resourceId: '1', name: 'x' }), 403);
    expectError(await as.delete('').send(['1']), 403);
    expectError(await as.get('/download/1'), 403);
  });
});

describe('templates', () => {
  it('the publisher’s data provider finds library resources by id, path or thumbnail path, and lists them', async () => {
    await settings({ thumbnailWidth: 20, thumbnailHeight: 20 });
    let row: { resourceId: string; path: string; thumbnail: string; src: string; thumbnailSrc: string };
    try {
      [row] = expectOk(
        await http
          .post('/upload')
          .field('tags', 'banner')
          .attach('file', await png(60, 40), 'banner.png'),
      );
    } finally {
      await settings({ thumbnailHeight: 0, thumbnailWidth: 0, uploadMaxCount: 5 });
    }
    const pool = (t.app.get(DataSource).driver as unknown as { master: Pool }).master;
    const model = await SiteReadModel.load(pool, site.siteId);
    const provider = new PipeDataProvider(model!, 'pc');
    const expected = { resourceId: row.resourceId, name: 'banner', width: 60, height: 40, src: row.src, thumbnailSrc: row.thumbnailSrc };
    expect(await provider.resource(row.resourceId)).toMatchObject(expected);
    expect(await provider.resource(row.path)).toMatchObject(expected);
    expect(await provider.resource(row.thumbnail)).toMatchObject(expected);
    expect(await provider.resource('resources/../x')).toBeNull();
    expect((await provider.resources({ tag: 'banner', offset: 0, limit: 5 })).map((r) => r.resourceId)).toEqual([row.resourceId]);
    expect((await provider.resources({ resourceType: 'image', offset: 0, limit: 1 }))[0].resourceId).toBe(row.resourceId);
    const html = await renderTemplate('index.template.html', {
      source: { read: async () => '{% cms_resource tag:\'banner\' %}<img src="{{ item | thumbnail }}">{% endcms_resource %}' },
      provider,
      context: { pipe: 'pc' },
    });
    expect(html).toBe(`<img src="${row.thumbnailSrc}">`);
  });
});
