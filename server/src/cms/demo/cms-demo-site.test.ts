import { buffer as readAll } from 'node:stream/consumers';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCmsSite } from '../../../test/helpers/cms';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { CmsDemoSiteService, type DemoSiteResult } from './cms-demo-site.service';
import { DEMO_ARTICLES, DEMO_CATALOGS } from './demo-site.data';

let t: TestApp;
let ds: DataSource;
let storage: FileStorage;
let seeded: DemoSiteResult | null;

async function read(key: string): Promise<Buffer | null> {
  const stream = await storage.get(key).catch(() => null);
  return stream ? readAll(stream) : null;
}

/** Waits until every publish task of the site is done; answers their statuses. */
async function settle(siteId: string): Promise<string[]> {
  const end = Date.now() + 60_000;
  for (;;) {
    const rows: Array<{ status: string; error: string }> = await ds.query(`SELECT status, error FROM cms_publish_task WHERE site_id = $1`, [siteId]);
    if (rows.length && !rows.some((r) => r.status === 'pending' || r.status === 'running'))
      return rows.map((r) => `${r.status}${r.error ? `: ${r.error}` : ''}`);
    if (Date.now() > end) throw new Error(`publish tasks not finished: ${JSON.stringify(rows)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  storage = t.app.get<FileStorage>(FILE_STORAGE);
  seeded = await t.app.get(CmsDemoSiteService).seed();
});
afterAll(() => t?.close());

describe('the demo site of a new install', () => {
  it('makes 示例站点 with its catalogs and a dozen published contents of the four types', async () => {
    expect(seeded).not.toBeNull();
    const [site] = await ds.query(`SELECT site_id, name, path FROM cms_site`);
    expect(site).toMatchObject({ name: '示例站点', path: 'demo' });
    expect(String(site.site_id)).toBe(seeded!.siteId);
    const catalogs = await ds.query(`SELECT name, path FROM cms_catalog WHERE site_id = $1 ORDER BY sort_flag`, [site.site_id]);
    expect(catalogs.map((c: { name: string }) => c.name)).toEqual(DEMO_CATALOGS.map((c) => c.name));
    const byType = await ds.query(
      `SELECT content_type, count(*)::int AS n, bool_and(status = 'published') AS published FROM cms_content WHERE site_id = $1 GROUP BY content_type ORDER BY content_type`,
      [site.site_id],
    );
    expect(byType).toEqual([
      { content_type: 'article', n: 5, published: true },
      { content_type: 'audio', n: 2, published: true },
      { content_type: 'image', n: 3, published: true },
      { content_type: 'video', n: 2, published: true },
    ]);
    // Made through the services: each content has its operation log and its body.
    const [{ logged }] = await ds.query(
      `SELECT count(DISTINCT content_id)::int AS logged FROM cms_content_op_log WHERE content_id = ANY($1::bigint[])`,
      [seeded!.contentIds],
    );
    expect(logged).toBe(12);
    const [{ media }] = await ds.query(`SELECT count(*)::int AS media FROM cms_content_media WHERE content_id = ANY($1::bigint[])`, [
      seeded!.contentIds,
    ]);
    expect(media).toBe(7 + 2 + 2);
  });

  it('publishes it: static home, list and detail pages and the media files, served under /site/demo/pc/', async () => {
    const statuses = await settle(seeded!.siteId);
    expect(
      statuses.every((s) => s === 'done'),
      statuses.join('\n'),
    ).toBe(true);
    const home = (await read('site/demo/pc/index.html'))?.toString('utf8') ?? '';
    expect(home).toContain('示例站点');
    expect(home).toContain(DEMO_ARTICLES[0].title);
    const news = (await read('site/demo/pc/news/index.html'))?.toString('utf8') ?? '';
    for (const a of DEMO_ARTICLES) expect(news).toContain(a.title);
    const rows: Array<{ content_id: string; content_type: string; path: string }> = await ds.query(
      `SELECT c.content_id, c.content_type, k.path FROM cms_content c JOIN cms_catalog k ON k.catalog_id = c.catalog_id WHERE c.site_id = $1`,
      [seeded!.siteId],
    );
    for (const row of rows)
      expect(await read(`site/demo/pc/${row.path}${row.content_id}.html`), `${row.content_type} ${row.content_id}`).not.toBeNull();
    const png = await read('site/demo/resources/demo/photo-1-1.png');
    expect(png?.subarray(1, 4).toString('ascii')).toBe('PNG');
    const wav = await read('site/demo/resources/demo/tone-1.wav');
    expect(wav?.subarray(8, 12).toString('ascii')).toBe('WAVE');

    const page = await request(t.server).get('/site/demo/pc/');
    expect(page.status).toBe(200);
    expect(page.text).toContain(DEMO_ARTICLES[0].title);
    const image = await request(t.server).get('/site/demo/resources/demo/photo-1-1.png');
    expect(image.status).toBe(200);
    // Published pages run in an opaque origin (sandbox): their images must allow a cross-origin load.
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('does nothing on a database that already has a CMS site: a second call, or any existing site', async () => {
    const before = await ds.query(`SELECT (SELECT count(*)::int FROM cms_site) AS sites, (SELECT count(*)::int FROM cms_content) AS contents`);
    expect(await t.app.get(CmsDemoSiteService).seed()).toBeNull();
    expect(await ds.query(`SELECT (SELECT count(*)::int FROM cms_site) AS sites, (SELECT count(*)::int FROM cms_content) AS contents`)).toEqual(
      before,
    );

    const other = await startTestApp();
    try {
      const otherDs = other.app.get(DataSource);
      await createCmsSite(otherDs, 'Existing', 'existing');
      expect(await other.app.get(CmsDemoSiteService).seed()).toBeNull();
      expect(await otherDs.query(`SELECT name FROM cms_site`)).toEqual([{ name: 'Existing' }]);
      expect(await otherDs.query(`SELECT count(*)::int AS n FROM cms_content`)).toEqual([{ n: 0 }]);
    } finally {
      await other.close();
    }
  });
});
