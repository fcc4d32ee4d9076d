import { Document, Packer, Paragraph } from 'docx';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectError, expectOk } from '../../test/helpers/api';
import { binaryParser, declaredPng } from '../../test/helpers/binary';
import { roleFactory, staffUserFactory, type StaffUser } from '../../test/helpers/factories';
import { tokenOf } from '../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';
import { SysConfigService } from '../system/config/sys-config.service';
import { operLogRows } from '../../test/helpers/oper-log';

let t: TestApp;
let admin: string;
/** May upload (and read back their own uploads) only. */
let uploader: StaffUser;
let otherUploader: StaffUser;
/** May read every uploaded file, upload nothing. */
let reader: StaffUser;
let png: Buffer;
let jpg: Buffer;

/** A minimal PDF and an old binary Office file (Compound File Binary header, then sectors). */
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const cfb = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1016, 0)]);
const text = Buffer.from('会议纪要：\n第一项，上传与下载。\n', 'utf8');

beforeAll(async () => {
  t = await startTestApp();
  admin = await tokenOf(t.app);
  const uploadRole = await roleFactory(t, { menus: ['system.config.fileUpload'] });
  const readRole = await roleFactory(t, { menus: ['system.config.fileDownload'] });
  uploader = await staffUserFactory(t, { roles: [uploadRole.roleKey] });
  otherUploader = await staffUserFactory(t, { roles: [uploadRole.roleKey] });
  reader = await staffUserFactory(t, { roles: [readRole.roleKey] });
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#409EFF' } })
    .png()
    .toBuffer();
  jpg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#11a983' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => uploader.token, base: '/prod-api/common' });
const rows = async (): Promise<number> => Number((await t.app.get(DataSource).query('SELECT count(*) AS n FROM sys_upload_file'))[0].n);

async function setParameter(key: string, value: string): Promise<void> {
  await t.app.get(DataSource).query('UPDATE sys_config SET config_value = $2 WHERE config_key = $1', [key, value]);
  await t.app.get(SysConfigService).evict(key);
}

describe('POST /common/upload', () => {
  it('stores a file of an allowed extension whose content matches, answering code 200 with data.fileName and url', async () => {
    const data = expectOk(await http.upload('/upload', { data: pdf, name: '年度报告.pdf' }));
    expect(data).toMatchObject({ originalFilename: '年度报告.pdf', newFileName: expect.stringMatching(/^[0-9a-f]{32}\.pdf$/) });
    expect(data.fileName).toMatch(/^upload\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{32}\.pdf$/);
    expect(data.url).toBe(`/prod-api/common/download?path=${encodeURIComponent(data.fileName)}`);
    expect(data.files).toEqual([{ fileName: data.fileName, url: data.url, originalFilename: '年度报告.pdf', newFileName: data.newFileName }]);
  });

  it('accepts each default format by its content: doc/xls/ppt (binary Office), txt (UTF-8 text), png, jpg and jpeg', async () => {
    for (const [name, data] of [
      ['a.doc', cfb],
      ['b.xls', cfb],
      ['c.ppt', cfb],
      ['d.txt', text],
      ['e.png', png],
      ['f.jpg', jpg],
      ['g.JPEG', jpg],
    ] as const) {
      const res = await http.upload('/upload', { data, name });
      expect(res.body.code, name).toBe(200);
    }
  });

  it('refuses a file whose bytes are another format than its extension, storing nothing', async () => {
    const before = await rows();
    const spoofs: Array<[string, Buffer, string]> = [
      ['photo.pdf', png, 'pdf'],
      ['notes.doc', pdf, 'doc'],
      ['image.png', jpg, 'png'],
      ['fake.jpg', Buffer.from('<html><script>alert(1)</script></html>'), 'jpg'],
      ['icon.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'png'],
      ['readme.txt', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90), Buffer.from('PE\0\0')]), 'txt'],
      ['binary.txt', Buffer.from([0x41, 0x00, 0x42, 0x43]), 'txt'],
      ['latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]), 'txt'],
      ['table.xls', png, 'xls'],
      ['empty.pdf', Buffer.alloc(0), 'pdf'],
    ];
    for (const [name, data, ext] of spoofs) {
      expectError(await http.upload('/upload', { data, name }), 400, { 'zh-CN': `文件“${name}”的内容与扩展名不符，请上传真实的${ext}文件` });
    }
    expect(await rows()).toBe(before);
  });

  it('refuses an image declaring more than 40 megapixels (a decompression bomb) from its header, storing nothing', async () => {
    const before = await rows();
    const bomb = declaredPng(20000, 20000);
    expectError(await http.upload('/upload', { data: bomb, name: 'bomb.png' }), 400, {
      'zh-CN': '图片“bomb.png”尺寸过大（20000×20000，最多 40 百万像素）',
    });
    expect(await rows()).toBe(before);
  });

  it('refuses an extension outside the allow-list, naming the allowed formats (spec 8)', async () => {
    expectError(await http.upload('/upload', { data: png, name: 'anim.gif' }), 400, {
      'zh-CN': '文件格式不正确，请上传doc/xls/ppt/txt/pdf/png/jpg/jpeg格式文件',
    });
    expectError(await http.lang('en').upload('/upload', { data: text, name: 'page.html' }), 400, {
      en: 'Wrong file format, please upload doc/xls/ppt/txt/pdf/png/jpg/jpeg files',
    });
    expectError(await http.upload('/upload', { data: text, name: 'no-extension' }), 400);
  });

  it('asks for a file when none is sent in the field `file`', async () => {
    expectError(await http.upload('/upload', null, { note: 'x' }), 400, { 'zh-CN': '请选择要上传的文件' });
    expectError(await http.upload('/upload', { data: pdf, name: 'a.pdf', field: 'other' }), 400, { 'zh-CN': '请选择要上传的文件' });
  });

  it('takes the allow-list, size and count limits from the system parameters', async () => {
    try {
      await setParameter('sys.upload.allowedExts', 'pdf, .gif');
      await setParameter('sys.upload.maxSizeMb', '1');
      await setParameter('sys.upload.maxCount', '2');
      const gif = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
        .gif()
        .toBuffer();
      expectOk(await http.upload('/upload', { data: gif, name: 'dot.gif' }));
      expectError(await http.upload('/upload', { data: png, name: 'e.png' }), 400, { 'zh-CN': '文件格式不正确，请上传pdf/gif格式文件' });

      const before = await rows();
      const big = Buffer.concat([pdf, Buffer.alloc(1024 * 1024 + 1, 0x20)]);
      expectError(await http.upload('/upload', { data: big, name: 'big.pdf' }), 400, { 'zh-CN': '上传文件大小不能超过1MB' });

      const three = await http.post('/upload').attach('file', pdf, '1.pdf').attach('file', pdf, '2.pdf').attach('file', pdf, '3.pdf');
      expectError(three, 400, { 'zh-CN': '上传文件数量不能超过2个' });
      expect(await rows()).toBe(before);

      const two = expectOk(await http.post('/upload').attach('file', pdf, '1.pdf').attach('file', gif, '2.gif'));
      expect(two.files.map((f: { originalFilename: string }) => f.originalFilename)).toEqual(['1.pdf', '2.gif']);
      expect(two.originalFilename).toBe('1.pdf,2.gif');
      expect(await rows()).toBe(before + 2);

      // One bad file refuses the whole request.
      expectError(await http.post('/upload').attach('file', pdf, '1.pdf').attach('file', png, '2.gif'), 400);
      expect(await rows()).toBe(before + 2);
    } finally {
      await setParameter('sys.upload.allowedExts', 'doc,xls,ppt,txt,pdf,png,jpg,jpeg');
      await setParameter('sys.upload.maxSizeMb', '5');
      await setParameter('sys.upload.maxCount', '5');
    }
  });

  it('tells OOXML documents from other zip files when docx/xlsx are allowed', async () => {
    try {
      await setParameter('sys.upload.allowedExts', 'docx,xlsx,zip');
      const docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('第一段')] }] }));
      const zip = Buffer.from(zipSync({ 'a.txt': strToU8('plain zip') }));
      expectOk(await http.upload('/upload', { data: docx, name: '方案.docx' }));
      expectOk(await http.upload('/upload', { data: zip, name: 'bundle.zip' }));
      expectError(await http.upload('/upload', { data: zip, name: 'fake.docx' }), 400, {
        'zh-CN': '文件“fake.docx”的内容与扩展名不符，请上传真实的docx文件',
      });
      expectError(await http.upload('/upload', { data: docx, name: 'sheet.xlsx' }), 400);
    } finally {
      await setParameter('sys.upload.allowedExts', 'doc,xls,ppt,txt,pdf,png,jpg,jpeg');
    }
  });

  it('falls back to the defaults when a parameter is not a usable value', async () => {
    try {
      await setParameter('sys.upload.maxSizeMb', 'lots');
      await setParameter('sys.upload.allowedExts', 'html,svg');
      expectOk(await http.upload('/upload', { data: pdf, name: 'ok.pdf' }));
    } finally {
      await setParameter('sys.upload.allowedExts', 'doc,xls,ppt,txt,pdf,png,jpg,jpeg');
      await setParameter('sys.upload.maxSizeMb', '5');
    }
  });
});

describe('GET /common/download', () => {
  let fileName: string;

  beforeAll(async () => {
    fileName = expectOk(await http.upload('/upload', { data: text, name: '会议 纪要.txt' })).fileName;
  });

  const download = (token: string, path: string) =>
    http
      .as(token)
      .get(`/download?path=${encodeURIComponent(path)}`)
      .buffer(true)
      .parse(binaryParser);

  it('gives the uploader the file as a blob with Content-Disposition and the download-filename header', async () => {
    const res = await download(uploader.token, fileName);
    expect(res.status).toBe(200);
    expect((res.body as Buffer).equals(text)).toBe(true);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(decodeURIComponent(res.headers['download-filename'])).toBe('会议 纪要.txt');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="download"; filename*=UTF-8''${encodeURIComponent('会议 纪要.txt')}`);
  });

  it('gives it to staff holding system:file:download and to the super administrator', async () => {
    expect((await download(reader.token, fileName)).status).toBe(200);
    expect((await download(admin, fileName)).status).toBe(200);
  });

  it('refuses another uploader with the JSON envelope (403)', async () => {
    const res = await http.as(otherUploader.token).get(`/download?path=${encodeURIComponent(fileName)}`);
    expectError(res, 403, { 'zh-CN': '没有权限下载该文件' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers a missing file with the JSON envelope (404)', async () => {
    const missing = fileName.replace(/[0-9a-f]{32}/, 'f'.repeat(32));
    expectError(await http.get(`/download?path=${encodeURIComponent(missing)}`), 404, { 'zh-CN': '文件不存在或已被删除' });
  });

  it('refuses paths outside the upload root, absolute, with .. or encoded traversal (403), reading nothing', async () => {
    const bad = [
      '../../etc/passwd',
      '/etc/passwd',
      `upload/../${fileName}`,
      `${fileName}/..`,
      `/${fileName}`,
      fileName.replace(/\//g, '\\'),
      `%2e%2e%2f${fileName}`,
      `upload%2F..%2F..%2Fetc%2Fpasswd`,
      'site/demo/pc/index.html',
      'avatar/1-00000000000000000000000000000000.png',
      `${fileName}\u0000.png`,
      '',
    ];
    for (const path of bad) {
      expectError(await http.as(admin).get(`/download?path=${encodeURIComponent(path)}`), 403, { 'zh-CN': '文件路径非法，不允许下载' });
    }
    expectError(await http.as(admin).get('/download'), 403);
    expectError(await http.as(admin).get(`/download?path=${encodeURIComponent(fileName)}&path=x`), 403);
  });

  it('logs uploads and downloads in the operation log', async () => {
    const logged: Array<{ oper_url: string; business_type: number; title: string; status: number }> = await operLogRows(
      t,
      `SELECT oper_url, business_type, title, status FROM sys_oper_log WHERE oper_url LIKE '/prod-api/common/%'`,
    );
    expect(logged).toContainEqual({ oper_url: '/prod-api/common/upload', business_type: 1, title: '通用上传下载', status: 0 });
    expect(logged).toContainEqual({ oper_url: '/prod-api/common/download', business_type: 0, title: '通用上传下载', status: 0 });
    expect(logged).toContainEqual({ oper_url: '/prod-api/common/download', business_type: 0, title: '通用上传下载', status: 1 });
  });
});
