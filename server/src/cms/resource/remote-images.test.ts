import { Global, Module } from '@nestjs/common';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectOk } from '../../../test/helpers/api';
import { catalogFactory, siteFactory, staffUserFactory } from '../../../test/helpers/factories';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import {
  PUBLIC_FETCH_ADDRESS_POLICY,
  PUBLIC_FETCH_RESOLVER,
  PublicFetcher,
  type AddressPolicy,
  type HostResolver,
} from '../../common/security/public-fetch';
import { CmsSite } from '../site/cms-site.entity';
import { CmsResourceService } from './cms-resource.service';
import { CmsRemoteImages } from './remote-images';
import { ResourceStorageService } from './resource-storage.service';

/**
 * A loopback fake image host reached as `img.remote.test` (a name only the injected resolver knows), allowed by an
 * injected address policy; the default policy refuses it (last test).
 */
let images: http.Server;
let port: number;
const served: string[] = [];
let png: Buffer;
let jpg: Buffer;

@Global()
@Module({
  providers: [
    { provide: PUBLIC_FETCH_ADDRESS_POLICY, useValue: { allows: (address: string) => address === '127.0.0.1' } satisfies AddressPolicy },
    {
      provide: PUBLIC_FETCH_RESOLVER,
      useValue: (async (hostname) => {
        if (hostname === 'img.remote.test') return [{ address: '127.0.0.1', family: 4 }];
        throw new Error('ENOTFOUND');
      }) satisfies HostResolver,
    },
  ],
  exports: [PUBLIC_FETCH_ADDRESS_POLICY, PUBLIC_FETCH_RESOLVER],
})
class LoopbackFetchModule {}

let t: TestApp;
let admin: string;
let on: { siteId: string; path: string };
let off: { siteId: string; path: string };
let onCatalog: string;
let offCatalog: string;

beforeAll(async () => {
  png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#409EFF' } })
    .png()
    .toBuffer();
  jpg = await sharp({ create: { width: 6, height: 8, channels: 3, background: '#f5222d' } })
    .jpeg()
    .toBuffer();
  images = http.createServer((req, res) => {
    const path = req.url ?? '/';
    served.push(path);
    if (path.startsWith('/photos/cat.png') || path.startsWith('/same/')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(png);
    } else if (path === '/photos/logo.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.end(jpg);
    } else if (path === '/fake.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    } else if (path === '/huge.png') {
      // Bigger than the site's image limit (1 MB here), without announcing it.
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(png);
      for (let i = 0; i < 12; i++) res.write(Buffer.alloc(100 * 1024));
      res.end();
    } else if (path === '/moved') {
      res.writeHead(302, { location: '/photos/cat.png?via=redirect' });
      res.end();
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  port = (images.address() as AddressInfo).port;

  t = await startTestApp({ imports: [LoopbackFetchModule] });
  admin = await tokenOf(t.app);
  const by = { target: () => t, token: () => admin };
  on = await siteFactory(by);
  off = await siteFactory(by);
  const ds = t.app.get(DataSource);
  await ds.query(
    `UPDATE cms_site SET config_props = config_props || '{"remoteImageDownload": true, "imageMaxSizeMb": 1}'::jsonb WHERE site_id = $1`,
    [on.siteId],
  );
  onCatalog = (await catalogFactory(by, on.siteId)).catalogId;
  offCatalog = (await catalogFactory(by, off.siteId)).catalogId;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => images.close(resolve));
});

const remote = (path: string) => `http://img.remote.test:${port}${path}`;
const content = (siteId: string) => api(() => t, { token: () => admin, base: '/prod-api/cms/content', headers: { CurrentSite: siteId } });
const srcs = (html: string) => [...html.matchAll(/<img[^>]*\ssrc="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
const resourcesOf = (siteId: string): Promise<Array<{ path: string; source_url: string }>> =>
  t.app.get(DataSource).query('SELECT path, source_url FROM cms_resource WHERE site_id = $1 ORDER BY resource_id', [siteId]);

describe('remote images in content, with the site setting on', () => {
  let saved: { contentId: string; contentHtml: string; logo: string; remoteImages: { localized: number; failed: number; skipped: number } };

  it('downloads each remote <img> and the logo URL into the library and points the content at the copies', async () => {
    const html = [
      `<p>猫</p><img src="${remote('/photos/cat.png?size=large&amp;v=2')}" alt="cat" />`,
      `<img src="${remote('/photos/cat.png?size=large&amp;v=2')}" />`,
      `<img src="${remote('/missing.png')}" />`,
      `<img src="${remote('/fake.png')}" />`,
      `<img src="${remote('/huge.png')}" />`,
      `<img src="/site/${on.path}/resources/202601/own.png" />`,
    ].join('');
    const res = await content(on.siteId).post('', {
      catalogId: onCatalog,
      contentType: 'article',
      title: '远程图片',
      contentHtml: html,
      logo: remote('/photos/logo.jpg'),
    });
    saved = expectOk(res);
    const [cat, catAgain, missing, fake, huge, own] = srcs(saved.contentHtml);
    expect(cat).toMatch(new RegExp(`^/site/${on.path}/resources/\\d{6}/[0-9a-f]{32}\\.png$`));
    expect(catAgain).toBe(cat);
    // Failures keep their address; the save still succeeded.
    expect([missing, fake, huge]).toEqual([remote('/missing.png'), remote('/fake.png'), remote('/huge.png')]);
    expect(own).toBe(`/site/${on.path}/resources/202601/own.png`);
    expect(saved.logo).toMatch(/^resources\/\d{6}\/[0-9a-f]{32}\.jpg$/);
    expect(saved.remoteImages).toEqual({ localized: 2, failed: 3, skipped: 0 });

    const rows = await resourcesOf(on.siteId);
    expect(rows.map((r) => r.source_url).sort()).toEqual([remote('/photos/cat.png?size=large&v=2'), remote('/photos/logo.jpg')].sort());
    expect(rows.map((r) => r.path)).toContain(saved.logo);
    // The stored copy is the image, in the site's storage.
    const site = await t.app.get(DataSource).getRepository(CmsSite).findOneByOrFail({ siteId: on.siteId });
    const stream = await t.app.get(ResourceStorageService).get(site, cat.slice(`/site/${on.path}/`.length));
    expect((await sharp(await buffer(stream!)).metadata()).format).toBe('png');
  });

  it('reuses the library copy of an address saved before instead of downloading it again', async () => {
    const before = served.filter((p) => p.startsWith('/photos/cat.png')).length;
    const res = await content(on.siteId).put('', {
      contentId: saved.contentId,
      catalogId: onCatalog,
      contentType: 'article',
      title: '远程图片',
      contentHtml: `${saved.contentHtml}<img src="${remote('/photos/cat.png?size=large&amp;v=2')}" />`,
      logo: saved.logo,
    });
    const again = expectOk(res) as typeof saved;
    const list = srcs(again.contentHtml);
    expect(list.at(-1)).toBe(list[0]);
    expect(again.logo).toBe(saved.logo);
    expect(served.filter((p) => p.startsWith('/photos/cat.png')).length).toBe(before);
    expect(await resourcesOf(on.siteId)).toHaveLength(2);
  });

  it('follows a redirect to an image, and stores identical bytes from another address once', async () => {
    const res = expectOk(
      await content(on.siteId).post('', {
        catalogId: onCatalog,
        contentType: 'article',
        title: '重定向',
        contentHtml: `<img src="${remote('/moved')}" /><img src="${remote('/same/1.png')}" />`,
      }),
    ) as typeof saved;
    const [moved, same] = srcs(res.contentHtml);
    expect(moved).toMatch(/^\/site\/.+\.png$/);
    expect(same).toBe(moved);
    expect(await resourcesOf(on.siteId)).toHaveLength(2);
  });

  it('downloads nothing for a save that will be refused (the content is locked by someone else)', async () => {
    const other = await staffUserFactory(t, { roles: ['admin'] });
    const created = expectOk(
      await content(on.siteId).post('', { catalogId: onCatalog, contentType: 'article', title: '被锁定', contentHtml: '<p>x</p>' }),
    );
    expectOk(await content(on.siteId).as(other.token).post(`/lock/${created.contentId}`));
    const [servedBefore, rowsBefore] = [served.length, (await resourcesOf(on.siteId)).length];
    const res = await content(on.siteId).put('', {
      contentId: created.contentId,
      catalogId: onCatalog,
      contentType: 'article',
      title: '被锁定',
      contentHtml: `<img src="${remote('/same/locked.png')}" />`,
    });
    expect(res.body.code).not.toBe(200);
    expect(res.body.msg).toContain(other.userName);
    expect(served.length).toBe(servedBefore);
    expect((await resourcesOf(on.siteId)).length).toBe(rowsBefore);
  });

  it(`downloads at most 20 images per save and leaves the rest for a later save`, async () => {
    const html = Array.from({ length: 22 }, (_, i) => `<img src="${remote(`/same/many-${i}.png`)}" />`).join('');
    const res = expectOk(
      await content(on.siteId).post('', { catalogId: onCatalog, contentType: 'article', title: '很多图片', contentHtml: html }),
    ) as typeof saved;
    expect(res.remoteImages).toEqual({ localized: 20, failed: 0, skipped: 2 });
    expect(srcs(res.contentHtml).filter((s) => s.startsWith('http://')).length).toBe(2);
  });
});

describe('remote images in content, with the site setting off (the default)', () => {
  it('leaves the addresses alone and downloads nothing', async () => {
    const before = served.length;
    const html = `<img src="${remote('/photos/cat.png')}" />`;
    const res = expectOk(await content(off.siteId).post('', { catalogId: offCatalog, contentType: 'article', title: '关闭', contentHtml: html })) as {
      contentHtml: string;
    };
    expect(srcs(res.contentHtml)).toEqual([remote('/photos/cat.png')]);
    expect(served.length).toBe(before);
    expect(await resourcesOf(off.siteId)).toEqual([]);
  });
});

describe('the default address policy', () => {
  it('refuses the loopback image host: nothing is downloaded and the image stays remote', async () => {
    const before = served.length;
    const site = await t.app.get(DataSource).getRepository(CmsSite).findOneByOrFail({ siteId: on.siteId });
    const strict = new CmsRemoteImages(new PublicFetcher(), t.app.get(CmsResourceService), t.app.get(ResourceStorageService));
    const html = `<img src="http://127.0.0.1:${port}/photos/cat.png?direct=1" />`;
    const done = await strict.localize(null, site, { html, logo: `http://localhost:${port}/photos/logo.jpg` });
    expect(done).toMatchObject({ html, logo: `http://localhost:${port}/photos/logo.jpg`, localized: 0, failed: 2 });
    expect(served.length).toBe(before);
  });
});
