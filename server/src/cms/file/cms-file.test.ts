import { mkdtempSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer as readAll } from 'node:stream/consumers';
import sharp from 'sharp';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// Only the modules this one needs: the rest of the CMS is written in parallel and must not break these tests.
vi.mock('../cms.module', async () => {
  const { Module } = await import('@nestjs/common');
  const actual = async (p: string, name: string) => ((await vi.importActual(p)) as Record<string, new () => unknown>)[name];
  const imports = [
    await actual('../common/cms-common.module', 'CmsCommonModule'),
    await actual('../template/cms-template.module', 'CmsTemplateModule'),
    await actual('../publishpipe/cms-publish-pipe.module', 'CmsPublishPipeModule'),
    await actual('./cms-file.module', 'CmsFileModule'),
  ];
  // The dashboard needs the content figures from CmsModule.
  const CmsContentStatsService = await actual('../content/cms-content-stats.service', 'CmsContentStatsService');
  @Module({ imports, providers: [CmsContentStatsService], exports: [CmsContentStatsService] })
  class CmsModule {}
  return { CmsModule };
});
import { api, expectError, expectOk } from '../../../test/helpers/api';
import { declaredPng } from '../../../test/helpers/binary';
import { addPublishPipes, startCmsTestApp } from '../../../test/helpers/cms';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import type { TestApp } from '../../../test/helpers/test-app';
import type { FileStorage } from '../../storage/storage';
import { CmsTemplateService, templateStorageKey } from '../template/cms-template.service';
import { operLogRows } from '../../../test/helpers/oper-log';

let t: TestApp;
let ds: DataSource;
let admin: string;
let siteId: string;
let otherSiteId: string;
let storage: FileStorage;
let root: string;
/** A folder outside the storage root holding a secret, the target of the links below. */
let outside: string;
const sitePath = 'filesmain';

beforeAll(async () => {
  ({ t, ds, admin, siteId, otherSiteId, storage } = await startCmsTestApp('files'));
  await addPublishPipes(ds, siteId, ['PC', 'pc'], ['H5', 'h5']);
  await addPublishPipes(ds, otherSiteId, ['PC', 'pc']);
  await t.app.get(CmsTemplateService).installDefaultTheme(siteId, ['pc'], 'admin');
  root = t.config.storage.localDir;
  outside = mkdtempSync(path.join(os.tmpdir(), 'zhiwen-outside-'));
  await fs.writeFile(path.join(outside, 'secret.txt'), 'secret');
  await storage.put(`site/${sitePath}/pc/index.shtml`, Buffer.from('<link href="assets/css/site.css"><h1>Home</h1>'));
  await storage.put(`site/${sitePath}/pc/news/1.shtml`, Buffer.from('<h1>One</h1>'));
  await storage.put(`cms/sites/${siteId}/assets/pc/css/site.css`, Buffer.from('body { color: black; }'));
  await storage.put(`site/filesother/pc/other.html`, Buffer.from('other site'));
});
afterAll(async () => {
  await t?.close();
  if (outside) await fs.rm(outside, { recursive: true, force: true });
});

const http = api(() => t, { token: () => admin, base: '/prod-api/cms/file', headers: { CurrentSite: () => siteId } });
const text = async (key: string) => {
  const stream = await storage.get(key);
  return stream ? (await readAll(stream)).toString('utf8') : null;
};
const list = async (filePath: string, caller = http) => expectOk(await caller.get('/list').query({ filePath })) as Array<Record<string, unknown>>;
const names = async (filePath: string) => (await list(filePath)).map((r) => `${r.isDirectory ? 'd' : 'f'}:${r.fileName}`);
const png = () =>
  sharp({ create: { width: 2, height: 2, channels: 3, background: '#08f' } })
    .png()
    .toBuffer();

describe('site files: browsing', () => {
  it('lists the roots: a folder per pipe, the theme assets and the templates, fixed', async () => {
    const rows = await list('');
    expect(rows.map((r) => [r.filePath, r.isDirectory, r.isRoot])).toEqual([
      ['pc', true, true],
      ['h5', true, true],
      ['theme-assets', true, true],
      ['theme-templates', true, true],
    ]);
    expect((await list('/')).length).toBe(4);
    expect(await names('theme-assets')).toEqual(['d:pc', 'd:h5']);
  });

  it('lists a folder: folders first, sizes, modified time, what the editor opens', async () => {
    const rows = await list('pc');
    expect(rows.map((r) => [r.fileName, r.isDirectory, r.canEdit])).toEqual([
      ['news', true, false],
      ['index.shtml', false, true],
    ]);
    const index = rows.find((r) => r.fileName === 'index.shtml')!;
    expect(index).toMatchObject({ filePath: 'pc/index.shtml', fileSize: 46, isRoot: false, isTemplate: false });
    expect(new Date(index.modifyTime as string).getTime()).toBeGreaterThan(Date.now() - 600_000);
    expect(await names('theme-assets/pc/css')).toEqual(['f:site.css']);
    expect((await list('theme-templates/pc')).find((r) => r.fileName === 'index.template.html')).toMatchObject({ canEdit: true, isTemplate: true });
    expect((await http.get('/list').query({ filePath: 'pc', fileName: 'IND' })).body.data.map((r: { fileName: string }) => r.fileName)).toEqual([
      'index.shtml',
    ]);
  });

  it('lists at most 2000 entries of a folder; the name filter finds the others', async () => {
    const names2 = Array.from({ length: 2010 }, (_, i) => `p${String(i).padStart(4, '0')}.html`);
    for (let i = 0; i < names2.length; i += 200) {
      await Promise.all(names2.slice(i, i + 200).map((n) => storage.put(`site/${sitePath}/h5/many/${n}`, Buffer.from('x'))));
    }
    const rows = await list('h5/many');
    expect(rows.length).toBe(2000);
    expect(rows.at(-1)!.fileName).toBe('p1999.html');
    expect(
      (await http.get('/list').query({ filePath: 'h5/many', fileName: 'p2009' })).body.data.map((r: { fileName: string }) => r.fileName),
    ).toEqual(['p2009.html']);
    await storage.deletePrefix(`site/${sitePath}/h5/many`);
  });

  it('answers the folders as a tree with localized root labels', async () => {
    const { tree } = expectOk(await http.lang('en').get('/directoryTreeData')) as { tree: Array<Record<string, unknown>> };
    expect(tree.map((n) => [n.id, n.label])).toEqual([
      ['pc', 'PC (published)'],
      ['h5', 'H5 (published)'],
      ['theme-assets', 'Theme assets'],
      ['theme-templates', 'Templates'],
    ]);
    const pc = tree[0] as { children: Array<{ id: string; parentId: string }> };
    expect(pc.children.map((c) => [c.id, c.parentId])).toEqual([['pc/news', 'pc']]);
    const assets = tree[2] as { children: Array<{ id: string; children: Array<{ id: string }> }> };
    expect(assets.children[0].children.map((c) => c.id)).toEqual(['theme-assets/pc/css']);
  });

  it('answers 404 for a missing folder and a pipe of another site, and knows a file is not a folder', async () => {
    expectError(await http.lang('en').get('/list').query({ filePath: 'pc/nothing' }), 404, { en: 'The file or folder "pc/nothing" does not exist' });
    expectError(await http.get('/list').query({ filePath: 'mobile' }), 404);
    expectError(await http.lang('en').get('/list').query({ filePath: 'pc/index.shtml' }), 400, { en: '"pc/index.shtml" is not a folder' });
    // The other site's files are never reached from this one.
    expect(await names('pc')).not.toContain('f:other.html');
  });
});

describe('site files: editing', () => {
  it('reads and saves a published file; the site serves the new text', async () => {
    expect(expectOk(await http.post('/read', { filePath: 'pc/index.shtml' }))).toContain('<h1>Home</h1>');
    // A read may be repeated at once (reopening the editor), unlike a write.
    expectOk(await http.post('/read', { filePath: 'pc/index.shtml' }));
    expectOk(await http.post('/edit', { filePath: 'pc/index.shtml', fileContent: '<h1>Edited 编辑</h1>' }));
    expect(await text(`site/${sitePath}/pc/index.shtml`)).toBe('<h1>Edited 编辑</h1>');
    const page = await request(t.server).get(`/site/${sitePath}/pc/index.shtml`);
    expect(page.text).toBe('<h1>Edited 编辑</h1>');
  });

  it('edits a theme asset (copied to the published site on the next publish)', async () => {
    expectOk(await http.post('/edit', { filePath: 'theme-assets/pc/css/site.css', fileContent: 'body { color: red; }' }));
    expect(await text(`cms/sites/${siteId}/assets/pc/css/site.css`)).toBe('body { color: red; }');
  });

  it('saves a template through the template module: its index row follows and its syntax check applies', async () => {
    const content = '<html>{{ Site.name }}</html>';
    expectOk(await http.post('/edit', { filePath: 'theme-templates/pc/index.template.html', fileContent: content }));
    expect(await text(templateStorageKey(siteId, 'pc', 'index.template.html'))).toBe(content);
    const [row] = await ds.query(
      `SELECT file_size FROM cms_template WHERE site_id = $1 AND publish_pipe_code = 'pc' AND path = 'index.template.html'`,
      [siteId],
    );
    expect(row.file_size).toBe(Buffer.byteLength(content));
    const bad = await http.lang('en').post('/edit', { filePath: 'theme-templates/pc/index.template.html', fileContent: '{% if %}' });
    expectError(bad, 400, { en: expect.stringContaining('line 1') });
    expect(await text(templateStorageKey(siteId, 'pc', 'index.template.html'))).toBe(content);
    const long = await http.lang('en').post('/edit', { filePath: 'theme-templates/pc/index.template.html', fileContent: 'x'.repeat(500_001) });
    expectError(long, 400, { en: expect.stringContaining('500000') });
    expect(await text(templateStorageKey(siteId, 'pc', 'index.template.html'))).toBe(content);
  });

  it('opens only text files, up to 1 MB', async () => {
    await storage.put(`site/${sitePath}/pc/logo.png`, await png());
    expectError(await http.lang('en').post('/read', { filePath: 'pc/logo.png' }), 400, {
      en: 'Only text files can be edited online (html, shtml, htm, css, js, txt, xml, json)',
    });
    expectError(await http.post('/edit', { filePath: 'pc/logo.png', fileContent: 'x' }), 400);
    await storage.put(`site/${sitePath}/pc/big.txt`, Buffer.alloc(1024 * 1024 + 1, 'a'));
    expectError(await http.lang('zh-TW').post('/read', { filePath: 'pc/big.txt' }), 400, { 'zh-TW': '檔案超過 1024 KB，不能線上編輯' });
    await storage.put(`site/${sitePath}/pc/latin1.txt`, Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    expectError(await http.lang('en').post('/read', { filePath: 'pc/latin1.txt' }), 400, {
      en: 'The file "latin1.txt" is not UTF-8 text and cannot be edited online',
    });
    expectError(await http.post('/edit', { filePath: 'pc/missing.css', fileContent: 'x' }), 404);
  });
});

describe('site files: creating, uploading, renaming, deleting', () => {
  it('creates a folder that stays while empty (its marker never listed) and an empty text file in it', async () => {
    expect(expectOk(await http.post('/add', { dir: 'pc', fileName: 'static', isDirectory: true }))).toEqual({ filePath: 'pc/static' });
    expect(await names('pc')).toContain('d:static');
    expect(await names('pc/static')).toEqual([]);
    expectOk(await http.post('/add', { dir: 'pc/static', fileName: 'notes.txt', isDirectory: false }));
    expect(await names('pc/static')).toEqual(['f:notes.txt']);
    expect(await text(`site/${sitePath}/pc/static/notes.txt`)).toBe('');
    // The marker is a dotfile: the site never serves it.
    expect((await request(t.server).get(`/site/${sitePath}/pc/static/.keep`)).status).toBe(404);
    expectError(await http.lang('en').post('/add', { dir: 'pc', fileName: 'static', isDirectory: false }), 400, {
      en: 'Only text files can be edited online (html, shtml, htm, css, js, txt, xml, json)',
    });
    // (`pc/` is `pc`; an identical second request would be refused as a repeated submit.)
    expectError(await http.lang('en').post('/add', { dir: 'pc/', fileName: 'static', isDirectory: true }), 400, { en: '"static" already exists' });
    expectError(await http.lang('en').post('/add', { dir: 'pc', fileName: '新建.txt', isDirectory: false }), 400, {
      en: 'The name "新建.txt" is not allowed: use letters, digits, underscores, dots and dashes, not starting with a dot, at most 100 characters',
    });
    expectError(await http.post('/add', { dir: 'pc', fileName: 'x.txt', isDirectory: 'yes' }), 400);
  });

  it('uploads several files at once, checked by content; one bad file stores none', async () => {
    const ok = await http
      .post('/upload')
      .field('dir', 'pc/static')
      .attach('file', Buffer.from('h1 { color: blue; }'), 'extra.css')
      .attach('file', await png(), 'pixel.png');
    expect(expectOk(ok)).toEqual([{ filePath: 'pc/static/extra.css' }, { filePath: 'pc/static/pixel.png' }]);
    expect(await names('pc/static')).toEqual(['f:extra.css', 'f:notes.txt', 'f:pixel.png']);

    const spoofed = await http
      .lang('en')
      .post('/upload')
      .field('dir', 'pc/static')
      .attach('file', Buffer.from('a { }'), 'fine.css')
      .attach('file', Buffer.from('<script>alert(1)</script>'), 'photo.png');
    expectError(spoofed, 400, { en: 'The content of "photo.png" does not match its extension' });
    expect(await names('pc/static')).not.toContain('f:fine.css');

    const exe = await http.lang('en').upload('/upload', { data: Buffer.from('MZ'), name: 'tool.exe' }, { dir: 'pc/static' });
    expectError(exe, 400, { en: expect.stringMatching(/^File type not allowed: "tool\.exe"/) });
    const svg = await http.upload('/upload', { data: Buffer.from('not an svg'), name: 'icon.svg' }, { dir: 'pc/static' });
    expectError(svg, 400, { 'zh-CN': '文件“icon.svg”的内容与扩展名不符' });
    const binaryText = await http.upload('/upload', { data: await png(), name: 'pixel.css' }, { dir: 'pc/static' });
    expectError(binaryText, 400, { 'zh-CN': '文件“pixel.css”的内容与扩展名不符' });
    // A text with a binary signature (an EXE's MZ header) is not a text file, whatever its bytes decode to.
    const mzText = await http.upload('/upload', { data: Buffer.from('MZ plain words'), name: 'readme.txt' }, { dir: 'pc/static' });
    expectError(mzText, 400, { 'zh-CN': '文件“readme.txt”的内容与扩展名不符' });
    const bomb = await http.upload('/upload', { data: declaredPng(20000, 20000), name: 'bomb.png' }, { dir: 'pc/static' });
    expectError(bomb, 400, { 'zh-CN': '图片“bomb.png”尺寸过大（20000×20000，最多 40 百万像素）' });
    expect(await names('pc/static')).not.toContain('f:bomb.png');
    expectError(await http.lang('en').upload('/upload', null, { dir: 'pc/static' }), 400, { en: 'Choose a file to upload' });
    expectError(await http.upload('/upload', { data: Buffer.from('x'), name: 'a.txt' }, { dir: 'pc/nothing' }), 404);

    let many = http.lang('en').post('/upload').field('dir', 'pc/static');
    for (let i = 0; i < 21; i++) many = many.attach('file', Buffer.from('x'), `f${i}.txt`);
    expectError(await many, 400, { en: 'At most 20 files can be uploaded at once' });
    expect(await names('pc/static')).not.toContain('f:f0.txt');

    const huge = await http.lang('en').upload('/upload', { data: Buffer.alloc(10 * 1024 * 1024 + 1, 'a'), name: 'huge.txt' }, { dir: 'pc/static' });
    expect(huge.status).toBe(413);
    expect(await names('pc/static')).not.toContain('f:huge.txt');

    // An HTML page may be uploaded: these are the site's own pages.
    expectOk(await http.upload('/upload', { data: Buffer.from('<h1>About</h1>'), name: 'about.html' }, { dir: 'pc' }));
    expect((await request(t.server).get(`/site/${sitePath}/pc/about.html`)).text).toBe('<h1>About</h1>');
  });

  it('refuses an upload over a file of the same name unless overwrite=true; nothing of the refused batch is stored', async () => {
    expectOk(await http.upload('/upload', { data: Buffer.from('a { color: red; }'), name: 'same.css' }, { dir: 'h5' }));
    const again = () => http.post('/upload').field('dir', 'h5').attach('file', Buffer.from('a { color: blue; }'), 'same.css');
    const refused = await again().set('Accept-Language', 'zh-CN');
    expectError(refused, 400, { 'zh-CN': '文件“same.css”已存在' });
    expect(refused.body.data).toEqual({ existing: ['same.css'] });
    expectError(await again().set('Accept-Language', 'zh-TW'), 400, { 'zh-TW': '檔案「same.css」已存在' });
    expectError(await again().set('Accept-Language', 'en'), 400, { en: 'The file "same.css" already exists' });
    // A batch with a new file and two existing ones stores nothing and names them all.
    expectOk(await http.upload('/upload', { data: Buffer.from('old'), name: 'same.txt' }, { dir: 'h5' }));
    const batch = await http
      .lang('en')
      .post('/upload')
      .field('dir', 'h5')
      .attach('file', Buffer.from('new'), 'fresh.txt')
      .attach('file', Buffer.from('b { }'), 'same.css')
      .attach('file', Buffer.from('new'), 'same.txt');
    expectError(batch, 400, { en: 'The file "same.css" and 2 files in all already exist' });
    expect(batch.body.data).toEqual({ existing: ['same.css', 'same.txt'] });
    expect(await names('h5')).toEqual(['f:same.css', 'f:same.txt']);
    expect(await text(`site/${sitePath}/h5/same.css`)).toBe('a { color: red; }');

    expectError(await again().field('overwrite', 'yes'), 400);
    expect(expectOk(await again().field('overwrite', 'true'))).toEqual([{ filePath: 'h5/same.css' }]);
    expect(await text(`site/${sitePath}/h5/same.css`)).toBe('a { color: blue; }');
    expectError(await again().field('overwrite', 'false'), 400, { 'zh-CN': '文件“same.css”已存在' });
    // A folder of that name is never replaced, overwrite or not.
    expectOk(await http.post('/add', { dir: 'h5', fileName: 'taken.css', isDirectory: true }));
    const overFolder = await http.post('/upload').field('dir', 'h5').field('overwrite', 'true').attach('file', Buffer.from('c { }'), 'taken.css');
    expectError(overFolder, 400, { 'zh-CN': '“taken.css”已存在' });
    expectOk(await http.post('/delete', [{ filePath: 'h5/same.css' }, { filePath: 'h5/same.txt' }, { filePath: 'h5/taken.css' }]));
  });

  it('renames a file and a folder with everything in it', async () => {
    expect(expectOk(await http.post('/rename', { filePath: 'pc/static/extra.css', rename: 'more.css' }))).toEqual({ filePath: 'pc/static/more.css' });
    expect(await text(`site/${sitePath}/pc/static/more.css`)).toBe('h1 { color: blue; }');
    expect(await text(`site/${sitePath}/pc/static/extra.css`)).toBeNull();
    expectError(await http.lang('en').post('/rename', { filePath: 'pc/static/more.css', rename: 'notes.txt' }), 400, {
      en: '"notes.txt" already exists',
    });
    // A new extension means a new type: the content is checked again.
    expectError(await http.post('/rename', { filePath: 'pc/static/more.css', rename: 'more.png' }), 400, {
      'zh-CN': '文件“more.png”的内容与扩展名不符',
    });
    expectError(await http.post('/rename', { filePath: 'pc/static/more.css', rename: 'more.php' }), 400);

    expectOk(await http.post('/rename', { filePath: 'pc/static', rename: 'assets2' }));
    expect(await names('pc/assets2')).toEqual(['f:more.css', 'f:notes.txt', 'f:pixel.png']);
    expectError(await http.get('/list').query({ filePath: 'pc/static' }), 404);
    expectError(await http.post('/rename', { filePath: 'pc/nothing', rename: 'x' }), 404);
  });

  it('deletes files and folders; the folder a last file was in stays', async () => {
    expectOk(await http.post('/delete', [{ filePath: 'pc/assets2/more.css' }, { filePath: 'pc/assets2/pixel.png' }]));
    expect(await names('pc/assets2')).toEqual(['f:notes.txt']);
    expectOk(await http.post('/delete', [{ filePath: 'pc/assets2/notes.txt' }]));
    expect(await names('pc/assets2')).toEqual([]);
    expectOk(await http.post('/delete', [{ filePath: 'pc/assets2' }]));
    expect(await names('pc')).not.toContain('d:assets2');
    // All or nothing: one missing path deletes none.
    expectError(await http.post('/delete', [{ filePath: 'pc/about.html' }, { filePath: 'pc/missing.html' }]), 404);
    expect(await text(`site/${sitePath}/pc/about.html`)).toBe('<h1>About</h1>');
    expectError(await http.lang('en').post('/delete', []), 400, { en: 'Send the list of file paths to delete (at most 100)' });
    expectError(await http.post('/delete', { filePath: 'pc/about.html' }), 400);
  });

  it('keeps the roots and the templates fixed', async () => {
    expectError(await http.lang('en').post('/delete', [{ filePath: 'pc' }]), 400, {
      en: '"pc" is a root folder of the site: nothing can be created, uploaded, renamed or deleted here',
    });
    expectError(await http.post('/rename', { filePath: 'theme-assets/pc', rename: 'x' }), 400);
    expectError(await http.post('/add', { dir: '', fileName: 'x', isDirectory: true }), 400);
    expectError(await http.post('/add', { dir: 'theme-assets', fileName: 'x', isDirectory: true }), 400);
    const managed = { en: expect.stringContaining('is a template file') };
    expectError(await http.lang('en').post('/delete', [{ filePath: 'theme-templates/pc/index.template.html' }]), 400, managed);
    expectError(
      await http.lang('en').post('/rename', { filePath: 'theme-templates/pc/index.template.html', rename: 'a.template.html' }),
      400,
      managed,
    );
    expectError(await http.lang('en').post('/add', { dir: 'theme-templates/pc', fileName: 'a.template.html', isDirectory: false }), 400, managed);
    expectError(await http.lang('en').upload('/upload', { data: Buffer.from('x'), name: 'a.html' }, { dir: 'theme-templates/pc' }), 400, managed);
    expect(await text(templateStorageKey(siteId, 'pc', 'index.template.html'))).not.toBeNull();
  });
});

describe('site files: paths outside the site are refused', () => {
  const badPath = (p: string) => ({ en: expect.stringContaining(`The path "${p}" is not allowed`) });
  const attempts = [
    '../filesother/pc/other.html',
    'pc/../../filesother/pc/other.html',
    'pc/../index.shtml',
    '/etc/passwd',
    'pc\\..\\x.txt',
    'pc/a\0b.txt',
    'pc//index.shtml',
    'pc/./index.shtml',
  ];

  it('refuses .., absolute paths, backslashes, NUL and empty names on every route, reading and writing nothing', async () => {
    const sentinel = path.join(root, 'site', 'filesother', 'pc', 'other.html');
    for (const p of attempts) {
      const en = http.lang('en');
      expectError(await en.get('/list').query({ filePath: p }), 400, badPath(p));
      expectError(await en.post('/read', { filePath: p }), 400, badPath(p));
      expectError(await en.post('/edit', { filePath: p, fileContent: 'pwned' }), 400, badPath(p));
      expectError(await en.post('/add', { dir: p, fileName: 'x.txt', isDirectory: false }), 400, badPath(p));
      expectError(await en.upload('/upload', { data: Buffer.from('pwned'), name: 'x.txt' }, { dir: p }), 400, badPath(p));
      expectError(await en.post('/rename', { filePath: p, rename: 'x.txt' }), 400, badPath(p));
      expectError(await en.post('/delete', [{ filePath: p }]), 400, badPath(p));
    }
    expect(await fs.readFile(sentinel, 'utf8')).toBe('other site');
  });

  it('refuses an encoded traversal in the query string (..%2f)', async () => {
    const res = await request(t.server)
      .get(`/prod-api/cms/file/list?filePath=pc%2F..%2F..%2Ffilesother%2Fpc`)
      .set('Authorization', `Bearer ${admin}`)
      .set('CurrentSite', siteId)
      .set('Accept-Language', 'en');
    expectError(res, 400, badPath('pc/../../filesother/pc'));
    const raw = await request(t.server)
      .get(`/prod-api/cms/file/list?filePath=pc/..%2f..%2ffilesother`)
      .set('Authorization', `Bearer ${admin}`)
      .set('CurrentSite', siteId);
    expectError(raw, 400);
    const doubled = await http.lang('en').get('/list').query({ filePath: 'pc/%2e%2e/x' });
    expectError(doubled, 400, badPath('pc/%2e%2e/x'));
  });

  it('refuses names that are paths, and upload names with folders in them', async () => {
    const badName = { en: expect.stringMatching(/^The name ".*" is not allowed/) };
    for (const name of ['../x.txt', 'a/b.txt', '..', '.hidden', 'a\\b.txt', '']) {
      expectError(await http.lang('en').post('/add', { dir: 'pc', fileName: name, isDirectory: false }), 400, badName);
      expectError(await http.lang('en').post('/rename', { filePath: 'pc/about.html', rename: name }), 400, badName);
    }
    const up = await http.lang('en').upload('/upload', { data: Buffer.from('x'), name: '../../escape.txt' }, { dir: 'pc' });
    // The multipart parser keeps only the base name of a file name with folders: it lands in the folder chosen.
    expect(expectOk(up)).toEqual([{ filePath: 'pc/escape.txt' }]);
    expect(await fs.stat(path.join(root, 'site', 'escape.txt')).catch(() => null)).toBeNull();
  });

  it('refuses links on local storage that lead out of the site folder', async () => {
    const pcDir = path.join(root, 'site', sitePath, 'pc');
    await fs.symlink(outside, path.join(pcDir, 'evil'));
    await fs.symlink(path.join(outside, 'secret.txt'), path.join(pcDir, 'secret.txt'));
    await fs.symlink(path.join(root, 'site', 'filesother', 'pc'), path.join(pcDir, 'neighbour'));
    await fs.symlink(path.join(outside, 'nothing-yet.txt'), path.join(pcDir, 'dangling.txt'));
    const outsideRoot = (p: string) => ({ en: `The path "${p}" leads outside the site folder and was refused` });
    const en = http.lang('en');
    expectError(await en.get('/list').query({ filePath: 'pc/evil' }), 400, outsideRoot('pc/evil'));
    expectError(await en.get('/list').query({ filePath: 'pc/neighbour' }), 400, outsideRoot('pc/neighbour'));
    expectError(await en.post('/read', { filePath: 'pc/evil/secret.txt' }), 400, outsideRoot('pc/evil/secret.txt'));
    expectError(await en.post('/read', { filePath: 'pc/secret.txt' }), 400, outsideRoot('pc/secret.txt'));
    expectError(await en.post('/read', { filePath: 'pc/neighbour/other.html' }), 400, outsideRoot('pc/neighbour/other.html'));
    expectError(await en.post('/edit', { filePath: 'pc/secret.txt', fileContent: 'pwned' }), 400, outsideRoot('pc/secret.txt'));
    expectError(await en.post('/edit', { filePath: 'pc/dangling.txt', fileContent: 'pwned' }), 400, outsideRoot('pc/dangling.txt'));
    expectError(await en.post('/add', { dir: 'pc/evil', fileName: 'new.txt', isDirectory: false }), 400, outsideRoot('pc/evil'));
    expectError(await en.upload('/upload', { data: Buffer.from('pwned'), name: 'up.txt' }, { dir: 'pc/evil' }), 400, outsideRoot('pc/evil'));
    expectError(await en.upload('/upload', { data: Buffer.from('pwned'), name: 'dangling.txt' }, { dir: 'pc' }), 400, outsideRoot('pc/dangling.txt'));
    expectError(await en.post('/rename', { filePath: 'pc/evil/secret.txt', rename: 'x.txt' }), 400, outsideRoot('pc/evil/secret.txt'));
    expectError(await en.post('/delete', [{ filePath: 'pc/evil/secret.txt' }]), 400, outsideRoot('pc/evil/secret.txt'));
    expectError(await en.post('/delete', [{ filePath: 'pc/secret.txt' }]), 400, outsideRoot('pc/secret.txt'));
    // The links themselves are not listed, and nothing outside changed.
    expect(await names('pc')).not.toEqual(expect.arrayContaining(['d:evil']));
    expect(await fs.readdir(outside)).toEqual(['secret.txt']);
    expect(await fs.readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('secret');
    expect(await fs.readFile(path.join(root, 'site', 'filesother', 'pc', 'other.html'), 'utf8')).toBe('other site');
    for (const link of ['evil', 'secret.txt', 'neighbour', 'dangling.txt']) await fs.unlink(path.join(pcDir, link));
  });

  it('refuses a pipe folder that is itself a link out of the site folder', async () => {
    const h5Dir = path.join(root, 'site', sitePath, 'h5');
    await fs.rm(h5Dir, { recursive: true, force: true });
    await fs.mkdir(path.join(outside, 'private-folder'), { recursive: true });
    await fs.writeFile(path.join(outside, 'private-folder', 'x.txt'), 'private');
    await fs.symlink(outside, h5Dir);
    try {
      // Not even the names of what lies outside show in the tree.
      const { tree } = expectOk(await http.get('/directoryTreeData')) as { tree: Array<{ id: string; children: unknown[] }> };
      expect(tree.find((n) => n.id === 'h5')!.children).toEqual([]);
      expectError(await http.lang('en').get('/list').query({ filePath: 'h5' }), 400, {
        en: 'The path "h5" leads outside the site folder and was refused',
      });
      expectError(await http.post('/read', { filePath: 'h5/secret.txt' }), 400);
    } finally {
      await fs.unlink(h5Dir);
    }
  });
});

describe('site files: permissions', () => {
  it('reads with the screen and Site:View; writes need Site:Edit of the current site', async () => {
    await createRole(t.app, 'file_manager', ['cms.resource.file']);
    const userOf = async (name: string, ...permissions: string[]) => {
      const id = await createStaffUser(t.app, { userName: name, password: 'Files12345', roles: ['file_manager'] });
      for (const p of permissions) await ds.query(`INSERT INTO sys_permission (owner_type, owner_id, permission) VALUES ('user', $1, $2)`, [id, p]);
      return http.as(await tokenOf(t.app, name, 'Files12345'));
    };
    const viewer = await userOf('fileviewer', `Site:View:${siteId}`);
    expect((await list('pc', viewer)).length).toBeGreaterThan(0);
    expectOk(await viewer.post('/read', { filePath: 'pc/index.shtml' }));
    const denied = [
      await viewer.post('/edit', { filePath: 'pc/index.shtml', fileContent: 'x' }),
      await viewer.post('/add', { dir: 'pc', fileName: 'v.txt', isDirectory: false }),
      await viewer.upload('/upload', { data: Buffer.from('x'), name: 'v.txt' }, { dir: 'pc' }),
      await viewer.post('/rename', { filePath: 'pc/index.shtml', rename: 'v.shtml' }),
      await viewer.post('/delete', [{ filePath: 'pc/index.shtml' }]),
    ];
    expect(denied.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    const editor = await userOf('fileeditor', `Site:View:${siteId}`, `Site:Edit:${siteId}`);
    expectOk(await editor.post('/add', { dir: 'pc', fileName: 'by-editor.txt', isDirectory: false }));
    // Without the screen there is nothing; without a token, 401.
    const noScreenId = await createStaffUser(t.app, { userName: 'filenobody', password: 'Files12345' });
    await ds.query(`INSERT INTO sys_permission (owner_type, owner_id, permission) VALUES ('user', $1, $2)`, [noScreenId, `Site:View:${siteId}`]);
    expectError(
      await http
        .as(await tokenOf(t.app, 'filenobody', 'Files12345'))
        .get('/list')
        .query({ filePath: 'pc' }),
      403,
    );
    expectError(await http.as('').get('/list').query({ filePath: 'pc' }), 401);
  });

  it('logs writes in the operation log', async () => {
    const [{ count }] = await operLogRows<{ count: number }>(
      t,
      `SELECT count(*)::int AS count FROM sys_oper_log WHERE title = '文件管理' AND oper_url LIKE '%/cms/file/%'`,
    );
    expect(count).toBeGreaterThan(5);
  });
});
