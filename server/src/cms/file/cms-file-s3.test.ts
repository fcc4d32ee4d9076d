import { buffer as readAll } from 'node:stream/consumers';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
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
  const CmsContentStatsService = await actual('../content/cms-content-stats.service', 'CmsContentStatsService');
  @Module({ imports, providers: [CmsContentStatsService], exports: [CmsContentStatsService] })
  class CmsModule {}
  return { CmsModule };
});
import { api, expectError, expectOk } from '../../../test/helpers/api';
import { addPublishPipes, createCmsSite } from '../../../test/helpers/cms';
import { startS3rver, type LocalS3 } from '../../../test/helpers/s3rver';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { S3Storage } from '../../storage/s3-storage';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { CmsTemplateService } from '../template/cms-template.service';

let s3: LocalS3;
let t: TestApp;
let admin: string;
let siteId: string;
let storage: FileStorage;

beforeAll(async () => {
  s3 = await startS3rver();
  t = await startTestApp({
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: 'zhiwen-files',
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
    },
  });
  admin = await tokenOf(t.app);
  const ds = t.app.get(DataSource);
  siteId = await createCmsSite(ds, 'S3 site', 's3files');
  await addPublishPipes(ds, siteId, ['PC', 'pc']);
  await t.app.get(CmsTemplateService).installDefaultTheme(siteId, ['pc'], 'admin');
  storage = t.app.get<FileStorage>(FILE_STORAGE);
  await storage.put('site/s3files/pc/index.shtml', Buffer.from('<h1>Home</h1>'));
  await storage.put(`cms/sites/${siteId}/assets/pc/css/site.css`, Buffer.from('body { color: black; }'));
  await storage.put('site/s3filesx/pc/secret.html', Buffer.from('next door'));
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const http = api(() => t, { token: () => admin, base: '/prod-api/cms/file', headers: { CurrentSite: () => siteId } });
const names = async (filePath: string) =>
  (expectOk(await http.get('/list').query({ filePath })) as Array<{ fileName: string; isDirectory: boolean }>).map(
    (r) => `${r.isDirectory ? 'd' : 'f'}:${r.fileName}`,
  );
const text = async (key: string) => {
  const stream = await storage.get(key);
  return stream ? (await readAll(stream)).toString('utf8') : null;
};

describe('site files on S3', () => {
  it('runs on the S3 driver', () => {
    expect(storage).toBeInstanceOf(S3Storage);
  });

  it('browses, creates folders (kept by a marker object), uploads, edits, renames and deletes', async () => {
    expect(await names('')).toEqual(['d:pc', 'd:theme-assets', 'd:theme-templates']);
    expect(await names('theme-assets/pc/css')).toEqual(['f:site.css']);

    expectOk(await http.post('/add', { dir: 'pc', fileName: 'static', isDirectory: true }));
    expect(await names('pc')).toEqual(['d:static', 'f:index.shtml']);
    expect(await names('pc/static')).toEqual([]);
    expect(await storage.list('site/s3files/pc/static')).toEqual(['site/s3files/pc/static/.keep']);

    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#f80' } })
      .png()
      .toBuffer();
    const up = await http
      .post('/upload')
      .field('dir', 'pc/static')
      .attach('file', Buffer.from('p { margin: 0 }'), 'extra.css')
      .attach('file', png, 'pixel.png');
    expectOk(up);
    expect(await names('pc/static')).toEqual(['f:extra.css', 'f:pixel.png']);
    const spoofed = await http.lang('en').upload('/upload', { data: Buffer.from('<svg onload=alert(1)>'), name: 'x.png' }, { dir: 'pc/static' });
    expectError(spoofed, 400, { en: 'The content of "x.png" does not match its extension' });

    expect(expectOk(await http.post('/read', { filePath: 'pc/static/extra.css' }))).toBe('p { margin: 0 }');
    expectOk(await http.post('/edit', { filePath: 'pc/static/extra.css', fileContent: 'p { margin: 1px }' }));
    expect((await request(t.server).get('/site/s3files/pc/static/extra.css')).text).toBe('p { margin: 1px }');

    expectOk(await http.post('/rename', { filePath: 'pc/static', rename: 'media' }));
    expect(await names('pc/media')).toEqual(['f:extra.css', 'f:pixel.png']);
    expect(await storage.list('site/s3files/pc/static')).toEqual([]);

    const { tree } = expectOk(await http.get('/directoryTreeData')) as { tree: Array<{ id: string; children: Array<{ id: string }> }> };
    expect(tree[0].children.map((c) => c.id)).toEqual(['pc/media']);

    expectOk(await http.post('/delete', [{ filePath: 'pc/media/extra.css' }, { filePath: 'pc/media/pixel.png' }]));
    // S3 has no folders: the emptied folder is kept by its marker.
    expect(await names('pc')).toEqual(['d:media', 'f:index.shtml']);
    expectOk(await http.post('/delete', [{ filePath: 'pc/media' }]));
    expect(await names('pc')).toEqual(['f:index.shtml']);
  });

  it('saves a template file through the template module', async () => {
    expectOk(await http.post('/edit', { filePath: 'theme-templates/pc/index.template.html', fileContent: '<p>{{ Site.name }}</p>' }));
    expect(await text(`cms/sites/${siteId}/templates/pc/index.template.html`)).toBe('<p>{{ Site.name }}</p>');
  });

  it('refuses paths outside the site, a sibling site whose folder name starts the same included', async () => {
    for (const p of ['../s3filesx/pc/secret.html', 'pc/../../s3filesx/pc/secret.html', '/site/s3filesx/pc/secret.html', 'pc\\..\\..\\x']) {
      expectError(await http.lang('en').post('/read', { filePath: p }), 400, { en: expect.stringContaining('is not allowed') });
      expectError(await http.post('/edit', { filePath: p, fileContent: 'pwned' }), 400);
      expectError(await http.post('/delete', [{ filePath: p }]), 400);
    }
    expectError(await http.get('/list').query({ filePath: 's3filesx' }), 404);
    expect(await text('site/s3filesx/pc/secret.html')).toBe('next door');
  });
});
