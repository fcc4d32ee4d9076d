import express from 'express';
import { buffer as readAll } from 'node:stream/consumers';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { ServerMonitorService } from '../../monitor/server/server-monitor.service';
import { CmsTemplateService } from '../template/cms-template.service';
import { CmsPublishService } from './cms-publish.service';
import { serveSiteFiles } from './serve-site-files';
import { api, expectMessage } from '../../../test/helpers/api';

let t: TestApp;
let ds: DataSource;
let storage: FileStorage;
let publisher: CmsPublishService;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  storage = t.app.get(FILE_STORAGE);
  publisher = t.app.get(CmsPublishService);
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin, lang: 'en', base: '/prod-api/cms' });

const one = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T> => (await ds.query(sql, params))[0] as T;

/** Text of a stored file, or null. */
async function read(key: string): Promise<string | null> {
  const stream = await storage.get(key);
  return stream ? (await readAll(stream)).toString('utf8') : null;
}

/** Waits until none of the tasks is pending or running; answers their rows. */
async function settle(taskIds: string[]): Promise<Array<{ task_id: string; status: string; progress: number; total: number; error: string }>> {
  const end = Date.now() + 30_000;
  for (;;) {
    const rows = await ds.query(
      `SELECT task_id, status, progress, total, error FROM cms_publish_task WHERE task_id = ANY($1::bigint[]) ORDER BY task_id`,
      [taskIds],
    );
    if (!rows.some((r: { status: string }) => r.status === 'pending' || r.status === 'running')) return rows;
    if (Date.now() > end) throw new Error(`tasks not finished: ${JSON.stringify(rows)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const TEMPLATES: Record<string, string> = {
  'index.template.html': `<title>{{ site.name }}</title><nav>{% catalog_list level:'root' %}<a href="{{ item.url }}">{{ item.name }}</a>{% endcatalog_list %}</nav>
<ul class="latest">{% content_list catalog:'news' limit:3 %}<li>{{ item.title }}</li>{% endcontent_list %}</ul>`,
  'list.template.html': `<h1>{{ catalog.name }}</h1><ul>{% content_list page:true %}<li><a href="{{ item.url }}">{{ item.title }}</a></li>{% endcontent_list %}</ul>{% page_bar %}`,
  'detail.template.html': `<h1>{{ content.title }}</h1><article>{{ content.contentHtml }}</article><a class="back" href="{{ content.catalogUrl }}">back</a>`,
  'detail_image.template.html': `<h1 class="gallery">{{ content.title }}</h1>{% for img in content.images %}<img src="{{ img.url }}">{% endfor %}`,
  'broken.template.html': `<h1>{% if %}</h1>`,
};

interface Fixture {
  siteId: string;
  path: string;
  news: string;
  tech: string;
  broken: string;
  articles: string[];
  draft: string;
  link: string;
  gallery: string;
}

let seq = 0;
/** A site `pub<n>` with pipes pc (enabled) and h5 (disabled), catalogs, 25 published articles in `news` (page size 10). */
async function seedSite(options: { sitemap?: boolean } = {}): Promise<Fixture> {
  seq += 1;
  const path = `pub${seq}${Date.now() % 100000}`;
  const { site_id: siteId } = await one<{ site_id: string }>(
    `INSERT INTO cms_site (name, path, config_props) VALUES ($1, $2, $3) RETURNING site_id`,
    [`Site ${seq}`, path, JSON.stringify({ pageSize: 20, sitemapEnabled: !!options.sitemap })],
  );
  await ds.query(`INSERT INTO cms_publish_pipe (site_id, name, code, status, sort) VALUES ($1, 'PC', 'pc', '0', 1), ($1, 'H5', 'h5', '1', 2)`, [
    siteId,
  ]);
  const catalog = async (name: string, alias: string, catPath: string, extra: Record<string, unknown> = {}) =>
    (
      await one<{ catalog_id: string }>(
        `INSERT INTO cms_catalog (site_id, parent_id, ancestors, tree_level, name, alias, path, catalog_type, redirect_url, page_size, sort_flag, publish_pipe_props)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING catalog_id`,
        [
          siteId,
          extra.parentId ?? '0',
          extra.ancestors ?? '',
          extra.parentId ? 2 : 1,
          name,
          alias,
          catPath,
          extra.type ?? 'common',
          extra.redirect ?? '',
          extra.pageSize ?? -1,
          extra.sort ?? 0,
          JSON.stringify(extra.props ?? {}),
        ],
      )
    ).catalog_id;
  const news = await catalog('News', 'news', 'news/', { pageSize: 10, sort: 1 });
  const tech = await catalog('Tech', 'tech', 'news/tech/', { parentId: news, ancestors: news, sort: 1 });
  await catalog('Partner', 'partner', 'partner/', { type: 'link', redirect: 'https://partner.example.com/', sort: 2 });
  const broken = await catalog('Broken', 'broken', 'broken/', { sort: 3, props: { pc: { listTemplate: 'broken.template.html' } } });
  const content = async (catalogId: string, title: string, extra: Record<string, unknown> = {}) => {
    const { content_id } = await one<{ content_id: string }>(
      `INSERT INTO cms_content (site_id, catalog_id, content_type, title, status, link_flag, redirect_url, sort_flag, publish_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now()) RETURNING content_id`,
      [siteId, catalogId, extra.type ?? 'article', title, extra.status ?? 'published', !!extra.link, extra.redirect ?? '', extra.sort ?? 0],
    );
    if ((extra.type ?? 'article') === 'article')
      await ds.query(`INSERT INTO cms_article_detail (content_id, content_html) VALUES ($1, $2)`, [content_id, `<p>Body of ${title}</p>`]);
    return String(content_id);
  };
  const articles: string[] = [];
  // Sort flag descending = list order: Article 1 first.
  for (let i = 1; i <= 25; i++) articles.push(await content(news, `Article ${i}`, { sort: 100 - i }));
  const draft = await content(news, 'Draft article', { status: 'draft' });
  const link = await content(tech, 'Link item', { link: true, redirect: 'https://elsewhere.example.com/a' });
  const gallery = await content(tech, 'Gallery', { type: 'image' });
  await ds.query(`INSERT INTO cms_content_media (content_id, media_type, path, sort) VALUES ($1, 'image', $2, 1)`, [
    gallery,
    `resources/202401/a.png`,
  ]);
  await content(broken, 'In broken catalog');
  for (const [file, text] of Object.entries(TEMPLATES)) await storage.put(`cms/sites/${siteId}/templates/pc/${file}`, Buffer.from(text));
  await storage.put(`cms/sites/${siteId}/assets/pc/css/site.css`, Buffer.from('body{color:red}'));
  return { siteId: String(siteId), path, news: String(news), tech: String(tech), broken: String(broken), articles, draft, link, gallery };
}

const page = (f: Fixture, relative: string, pipe = 'pc') => read(`site/${f.path}/${pipe}/${relative}`);

describe('static publishing', () => {
  let f: Fixture;
  let siteTask: string;

  beforeAll(async () => {
    f = await seedSite({ sitemap: true });
    const tasks = await publisher.publishSite(f.siteId, 'admin');
    // One task per enabled pipe: pc only here.
    expect(tasks).toHaveLength(1);
    siteTask = tasks[0];
    await settle([siteTask]);
  });

  it('publishes a whole site as one task with progress up to its total', async () => {
    const task = await one<{ status: string; progress: number; total: number; error: string; task_type: string }>(
      `SELECT status, progress, total, error, task_type FROM cms_publish_task WHERE task_id = $1`,
      [siteTask],
    );
    // home + news (3 pages) + tech + broken + 27 detail pages + 1 asset + sitemap
    expect(task).toMatchObject({ task_type: 'site', progress: 35, total: 35 });
    // The broken catalog's template fails its page only; the task says which and why.
    expect(task.status).toBe('failed');
    expect(task.error).toContain('pc/broken/index.html');
    expect(task.error).toContain('template syntax');
  });

  it('writes home, every list page of a catalog and each published detail page', async () => {
    const home = await page(f, 'index.html');
    expect(home).toContain(`<title>Site ${seq}</title>`);
    expect(home).toContain(`<a href="/site/${f.path}/pc/news/">News</a>`);
    expect(home).toContain('<a href="https://partner.example.com/">Partner</a>');
    expect(home).toContain('<li>Article 1</li><li>Article 2</li><li>Article 3</li></ul>');

    const first = await page(f, 'news/index.html');
    expect(first).toContain('<h1>News</h1>');
    expect(first).toContain(`<a href="/site/${f.path}/pc/news/${f.articles[0]}.html">Article 1</a>`);
    expect(first).toContain('Article 10<');
    expect(first).not.toContain('Article 11<');
    expect(first).toContain(`href="/site/${f.path}/pc/news/list_2.html"`);
    expect(await page(f, 'news/list_2.html')).toContain('Article 11<');
    const last = await page(f, 'news/list_3.html');
    expect(last).toContain('Article 25<');
    expect(last).not.toContain('Article 20<');
    expect(await page(f, 'news/list_4.html')).toBeNull();
    expect(await page(f, 'news/list_1.html')).toBeNull();

    const detail = await page(f, `news/${f.articles[4]}.html`);
    expect(detail).toContain('<h1>Article 5</h1><article><p>Body of Article 5</p></article>');
    expect(detail).toContain(`href="/site/${f.path}/pc/news/"`);
    // Image content uses its own detail template when the site has one.
    expect(await page(f, `news/tech/${f.gallery}.html`)).toContain(
      `<h1 class="gallery">Gallery</h1><img src="/site/${f.path}/resources/202401/a.png">`,
    );
    // The tech list shows the link item with its redirect URL.
    expect(await page(f, 'news/tech/index.html')).toContain('<a href="https://elsewhere.example.com/a">Link item</a>');
  });

  it('publishes each enabled pipe as a task and a job of its own, which any process running jobs may take', async () => {
    const g = await seedSite();
    await ds.query(`UPDATE cms_publish_pipe SET status = '0' WHERE site_id = $1`, [g.siteId]);
    for (const [file, text] of Object.entries(TEMPLATES)) await storage.put(`cms/sites/${g.siteId}/templates/h5/${file}`, Buffer.from(text));
    const tasks = await publisher.publishSite(g.siteId, 'admin');
    expect(tasks).toHaveLength(2);
    const [pc, h5] = await settle(tasks);
    const recorded = await ds.query(
      `SELECT options->>'pipe' AS pipe, job_id FROM cms_publish_task WHERE task_id = ANY($1::bigint[]) ORDER BY task_id`,
      [tasks],
    );
    // In the pipes' order, each with its own job.
    expect(recorded.map((r: { pipe: string }) => r.pipe)).toEqual(['pc', 'h5']);
    expect(new Set(recorded.map((r: { job_id: string }) => r.job_id)).size).toBe(2);
    // Each task reports its own pipe: the broken list template is pc's only.
    expect(pc).toMatchObject({ status: 'failed' });
    expect(pc.error).toContain('pc/broken/index.html');
    expect(h5).toMatchObject({ status: 'done', error: '' });
    for (const row of [pc, h5]) expect(row.progress).toBe(row.total);
    expect(await page(g, 'broken/index.html', 'h5')).not.toBeNull();
    for (const pipe of ['pc', 'h5']) {
      expect(await page(g, 'index.html', pipe)).toContain(`<title>Site `);
      expect(await page(g, `news/${g.articles[0]}.html`, pipe)).toContain('<h1>Article 1</h1>');
    }
  });

  it('writes no page for drafts, link content, link catalogs or disabled pipes; copies assets and writes the sitemap', async () => {
    expect(await page(f, `news/${f.draft}.html`)).toBeNull();
    expect(await page(f, `news/tech/${f.link}.html`)).toBeNull();
    expect(await page(f, 'partner/index.html')).toBeNull();
    expect(await storage.list(`site/${f.path}/h5`)).toEqual([]);
    expect(await page(f, 'assets/css/site.css')).toBe('body{color:red}');
    const sitemap = await page(f, 'sitemap.xml');
    expect(sitemap).toContain(`<loc>/site/${f.path}/pc/news/${f.articles[0]}.html</loc>`);
    expect(sitemap).not.toContain(`${f.draft}.html`);
  });

  it('serves the published files under /site/ and refuses paths out of it', async () => {
    const web = express();
    serveSiteFiles(web, storage);
    const home = await request(web).get(`/site/${f.path}/pc/`);
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toContain('text/html');
    expect(home.text).toContain('<nav>');
    // Same origin as the back office: published pages run sandboxed.
    expect(home.headers['content-security-policy']).toMatch(/^sandbox allow-scripts/);
    expect((await request(web).head(`/site/${f.path}/pc/index.html`)).status).toBe(200);
    expect((await request(web).get(`/site/${f.path}/pc/news/list_2.html`)).text).toContain('Article 11<');
    const css = await request(web).get(`/site/${f.path}/pc/assets/css/site.css`);
    expect(css.headers['content-type']).toContain('text/css');
    const folder = await request(web).get(`/site/${f.path}/pc/news`);
    expect(folder.status).toBe(301);
    expect(folder.headers.location).toBe(`/site/${f.path}/pc/news/`);
    await storage.put(`site/${f.path}/resources/202401/a.png`, Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const image = await request(web).get(`/site/${f.path}/resources/202401/a.png`);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    for (const url of [
      `/site/${f.path}/pc/../../../cms/sites/${f.siteId}/templates/pc/index.template.html`,
      `/site/${f.path}/pc/%2e%2e/%2e%2e/%2e%2e/cms/sites/${f.siteId}/templates/pc/index.template.html`,
      `/site/${f.path}/pc/news%2F..%2F..%2Findex.html`,
      `/site/${f.path}/pc/news/missing.html`,
      `/site/${f.path}/`,
      `/site/..%2f/pc/index.html`,
    ]) {
      const res = await request(web).get(url);
      expect(res.status, url).toBe(404);
      expect(res.text, url).not.toContain('{%');
    }
  });

  it('publishes content with its lists and home; unpublishing removes its page and its list entry', async () => {
    const [a1, a2] = f.articles;
    await ds.query(`UPDATE cms_content SET title = 'Article 1 renamed' WHERE content_id = $1`, [a1]);
    const published = await publisher.publishContents(f.siteId, [a1, a2], 'admin');
    // Two detail tasks, one task per catalog (news) and the home page: lists and home only once.
    const types = await ds.query(`SELECT task_type, target_id FROM cms_publish_task WHERE task_id = ANY($1::bigint[]) ORDER BY task_id`, [published]);
    expect(types.map((r: { task_type: string }) => r.task_type)).toEqual(['content', 'content', 'catalog', 'index']);
    await settle(published);
    expect(await page(f, `news/${a1}.html`)).toContain('<h1>Article 1 renamed</h1>');
    expect(await page(f, 'news/index.html')).toContain('Article 1 renamed<');
    expect(await page(f, 'index.html')).toContain('<li>Article 1 renamed</li>');

    // Content publishing into a sub-catalog also republishes the parent's lists.
    const techTasks = await publisher.publishContents(f.siteId, [f.gallery], 'admin');
    const techTypes = await ds.query(`SELECT task_type, target_id FROM cms_publish_task WHERE task_id = ANY($1::bigint[]) ORDER BY task_id`, [
      techTasks,
    ]);
    expect(
      techTypes
        .filter((r: { task_type: string }) => r.task_type === 'catalog')
        .map((r: { target_id: string }) => String(r.target_id))
        .sort(),
    ).toEqual([f.news, f.tech].sort());
    await settle(techTasks);

    await ds.query(`UPDATE cms_content SET status = 'offline' WHERE content_id = $1`, [a1]);
    const removed = await publisher.unpublishContents(f.siteId, [a1], 'admin');
    await settle(removed);
    expect(await page(f, `news/${a1}.html`)).toBeNull();
    const list = await page(f, 'news/index.html');
    expect(list).not.toContain('Article 1 renamed');
    expect(list).toContain('Article 11<');
    // 24 items left with page size 10: still three pages.
    expect(await page(f, 'news/list_3.html')).toContain('Article 25<');

    // Fewer items: the pages beyond the last are removed.
    await ds.query(`UPDATE cms_content SET status = 'archived' WHERE content_id = ANY($1::bigint[])`, [f.articles.slice(15)]);
    const shrunk = await publisher.unpublishContents(f.siteId, f.articles.slice(15), 'admin');
    await settle(shrunk);
    expect(await page(f, 'news/list_2.html')).toContain('Article 15<');
    expect(await page(f, 'news/list_3.html')).toBeNull();
    expect(await page(f, `news/${f.articles[20]}.html`)).toBeNull();
  });

  it('a content task removes the page of content that is no longer published', async () => {
    const a3 = f.articles[2];
    expect(await page(f, `news/${a3}.html`)).not.toBeNull();
    await ds.query(`UPDATE cms_content SET status = 'deleted' WHERE content_id = $1`, [a3]);
    await settle(await publisher.publishContents(f.siteId, [a3], 'admin'));
    expect(await page(f, `news/${a3}.html`)).toBeNull();
  });

  it('publishes a catalog with its children and their detail pages', async () => {
    await storage.delete(`site/${f.path}/pc/news/tech/index.html`);
    await storage.delete(`site/${f.path}/pc/news/tech/${f.gallery}.html`);
    const listOnly = await publisher.publishCatalog(f.siteId, f.news, 'admin');
    await settle([listOnly]);
    expect(await page(f, 'news/tech/index.html')).toBeNull();
    const all = await publisher.publishCatalog(f.siteId, f.news, 'admin', { publishChild: true, publishDetail: true });
    const [task] = await settle([all]);
    expect(task).toMatchObject({ status: 'done', error: '' });
    expect(task.progress).toBe(task.total);
    expect(await page(f, 'news/tech/index.html')).toContain('Gallery');
    expect(await page(f, `news/tech/${f.gallery}.html`)).toContain('gallery');
    await expect(publisher.publishCatalog(f.siteId, '999999999', 'admin')).rejects.toMatchObject({ httpStatus: 404 });
  });

  it('renders a template changed since the last publish, and its other templates as before', async () => {
    const home = `cms/sites/${f.siteId}/templates/pc/index.template.html`;
    const before = (await readAll((await storage.get(home))!)).toString('utf8');
    await settle([await publisher.publishIndex(f.siteId, 'admin')]);
    expect(await page(f, 'index.html')).not.toContain('<footer>changed</footer>');
    // As the template module saves a template: the file, then its cached text dropped.
    await storage.put(home, Buffer.from(`${before}<footer>changed</footer>`));
    t.app.get(CmsTemplateService).clearCache(f.siteId);
    await settle([await publisher.publishIndex(f.siteId, 'admin')]);
    const changed = await page(f, 'index.html');
    expect(changed).toContain('<footer>changed</footer>');
    expect(changed).toContain('<title>');
    await storage.put(home, Buffer.from(before));
    t.app.get(CmsTemplateService).clearCache(f.siteId);
    await settle([await publisher.publishIndex(f.siteId, 'admin')]);
    expect(await page(f, 'index.html')).not.toContain('<footer>changed</footer>');
  });

  it('removes the published folder of a catalog on every pipe', async () => {
    await storage.put(`site/${f.path}/h5/news/index.html`, Buffer.from('x'));
    await publisher.removeCatalogFiles(f.siteId, 'news/tech/');
    expect(await page(f, 'news/tech/index.html')).toBeNull();
    expect(await page(f, 'news/index.html')).not.toBeNull();
    await publisher.removeCatalogFiles(f.siteId, 'news/');
    expect(await storage.list(`site/${f.path}/pc/news`)).toEqual([]);
    expect(await storage.list(`site/${f.path}/h5/news`)).toEqual([]);
    await expect(publisher.removeCatalogFiles(f.siteId, '../')).rejects.toMatchObject({ messageKey: 'cms.publish.badCatalogPath' });
  });
});

describe('publishing one article writes what a whole-site publish would', () => {
  let f: Fixture;

  /** Every published file of the site on pc, by key. */
  const snapshot = async () => {
    const files: Record<string, string | null> = {};
    for (const key of await storage.list(`site/${f.path}/pc`)) files[key] = await read(key);
    return files;
  };
  /** Publishes `contentId` as the back office does; answers the files then and those a whole-site publish leaves after it. */
  const publishBoth = async (contentId: string) => {
    const tasks = await publisher.publishContents(f.siteId, [contentId], 'admin');
    const rows = await settle(tasks);
    const one = await snapshot();
    await settle(await publisher.publishSite(f.siteId, 'admin'));
    return { one, whole: await snapshot(), rows };
  };
  const newsListTask = async (taskIds: string[]) =>
    one<{ total: number }>(`SELECT total FROM cms_publish_task WHERE task_id = ANY($1::bigint[]) AND task_type = 'catalog' AND target_id = $2`, [
      taskIds,
      f.news,
    ]);

  beforeAll(async () => {
    f = await seedSite();
    await settle(await publisher.publishSite(f.siteId, 'admin'));
  });

  it('an edited article: only its list page is rendered again, and the files equal a whole-site publish', async () => {
    // Article 13 is on page 2 of news (10 a page).
    const a13 = f.articles[12];
    await ds.query(`UPDATE cms_content SET title = 'Article 13 edited' WHERE content_id = $1`, [a13]);
    const tasks = await publisher.publishContents(f.siteId, [a13], 'admin');
    await settle(tasks);
    // Page 1 (always) and page 2, not page 3.
    expect(await newsListTask(tasks)).toEqual({ total: 2 });
    const one = await snapshot();
    expect(one[`site/${f.path}/pc/news/list_2.html`]).toContain('Article 13 edited<');
    await settle(await publisher.publishSite(f.siteId, 'admin'));
    expect(one).toEqual(await snapshot());
  });

  it('a newly published article shifts every page after it: all are rendered, and the files equal a whole-site publish', async () => {
    await ds.query(`UPDATE cms_content SET status = 'published', sort_flag = 1000 WHERE content_id = $1`, [f.draft]);
    const { one, whole, rows } = await publishBoth(f.draft);
    expect(rows.every((r) => r.status === 'done' || r.error.includes('broken'))).toBe(true);
    expect(one[`site/${f.path}/pc/news/index.html`]).toContain('Draft article<');
    expect(one[`site/${f.path}/pc/news/list_3.html`]).toContain('Article 25<');
    expect(one).toEqual(whole);
  });

  it('an article moved within its catalog and one taken down: the files equal a whole-site publish', async () => {
    const a25 = f.articles[24];
    await ds.query(`UPDATE cms_content SET sort_flag = 2000 WHERE content_id = $1`, [a25]);
    const moved = await publishBoth(a25);
    expect(moved.one[`site/${f.path}/pc/news/index.html`]).toContain(`news/${a25}.html">Article 25<`);
    expect(moved.one).toEqual(moved.whole);

    const a5 = f.articles[4];
    await ds.query(`UPDATE cms_content SET status = 'offline' WHERE content_id = $1`, [a5]);
    await settle(await publisher.unpublishContents(f.siteId, [a5], 'admin'));
    const down = await snapshot();
    expect(down[`site/${f.path}/pc/news/${a5}.html`]).toBeUndefined();
    await settle(await publisher.publishSite(f.siteId, 'admin'));
    expect(down).toEqual(await snapshot());
  });
});

describe('publishing one article on two pipes, with content shown on one of them', () => {
  it('writes on each pipe what a whole-site publish writes, though the pipes read their lists together', async () => {
    const f = await seedSite();
    await ds.query(`UPDATE cms_publish_pipe SET status = '0' WHERE site_id = $1 AND code = 'h5'`, [f.siteId]);
    for (const [file, text] of Object.entries(TEMPLATES)) await storage.put(`cms/sites/${f.siteId}/templates/h5/${file}`, Buffer.from(text));
    // The three newest articles show on h5 only, the next two on pc only: the head of a list read for both pipes holds
    // none of pc's three first rows, so pc must read its own.
    await ds.query(`UPDATE cms_content SET publish_pipes = '{h5}' WHERE content_id = ANY($1::bigint[])`, [f.articles.slice(0, 3)]);
    await ds.query(`UPDATE cms_content SET publish_pipes = '{pc}' WHERE content_id = ANY($1::bigint[])`, [f.articles.slice(3, 5)]);
    const files = async () => {
      const found: Record<string, string | null> = {};
      for (const pipe of ['pc', 'h5']) for (const key of await storage.list(`site/${f.path}/${pipe}`)) found[key] = await read(key);
      return found;
    };
    await settle(await publisher.publishSite(f.siteId, 'admin'));

    const a6 = f.articles[5];
    await ds.query(`UPDATE cms_content SET title = 'Article 6 edited' WHERE content_id = $1`, [a6]);
    await settle(await publisher.publishContents(f.siteId, [a6], 'admin'));
    const one = await files();
    const latest = (pipe: string) => one[`site/${f.path}/${pipe}/index.html`]?.match(/<ul class="latest">(.*)<\/ul>/)?.[1];
    expect(latest('pc')).toBe('<li>Article 4</li><li>Article 5</li><li>Article 6 edited</li>');
    expect(latest('h5')).toBe('<li>Article 1</li><li>Article 2</li><li>Article 3</li>');
    expect(one[`site/${f.path}/pc/news/index.html`]).toContain('Article 6 edited<');
    expect(one[`site/${f.path}/pc/news/index.html`]).not.toContain('Article 1<');
    expect(one[`site/${f.path}/h5/news/index.html`]).not.toContain('Article 4<');
    expect(one[`site/${f.path}/h5/news/${a6}.html`]).toContain('<h1>Article 6 edited</h1>');

    await settle(await publisher.publishSite(f.siteId, 'admin'));
    expect(one).toEqual(await files());
  });
});

describe('a whole-site publish split between processes', () => {
  it('shares a pipe out in parts, one per process running jobs; the files equal those of a publish in one part', async () => {
    const f = await seedSite({ sitemap: true });
    const files = async () => {
      const out: Record<string, string | null> = {};
      for (const key of await storage.list(`site/${f.path}/pc`)) out[key] = await read(key);
      return out;
    };
    const single = await publisher.publishSite(f.siteId, 'admin');
    expect(single).toHaveLength(1);
    await settle(single);
    const whole = await files();
    for (const key of Object.keys(whole)) await storage.delete(key);

    // Two more processes run jobs (their rows as they report them): the one pipe is split in a part per process.
    const others = ['split-test:1', 'split-test:2'];
    for (const id of others)
      await ds.query(
        `INSERT INTO sys_server_instance (instance_id, host_name, pid, role, start_time, last_seen, figures)
         VALUES ($1, 'split-test', 1, 'worker', now(), now(), '{"runsJobs": true}')`,
        [id],
      );
    try {
      const runners = await t.app.get(ServerMonitorService).jobRunners();
      expect(runners).toBeGreaterThanOrEqual(2);
      const tasks = await publisher.publishSite(f.siteId, 'admin');
      expect(tasks).toHaveLength(runners);
      const rows = await settle(tasks);
      const options = await ds.query(`SELECT options FROM cms_publish_task WHERE task_id = ANY($1::bigint[]) ORDER BY task_id`, [tasks]);
      expect(options.map((r: { options: unknown }) => r.options)).toEqual(tasks.map((_, part) => ({ pipe: 'pc', part, parts: runners })));
      // The first part writes home, lists, assets, sitemap and its share of the details; the others only details.
      expect(rows[0].error).toContain('pc/broken/index.html');
      for (const row of rows.slice(1)) expect(row).toMatchObject({ status: 'done', error: '' });
      for (const row of rows) expect(row.progress).toBe(row.total);
      expect(rows.reduce((sum, r) => sum + r.total, 0)).toBe(Object.keys(whole).length + 1);
      expect(await files()).toEqual(whole);
    } finally {
      await ds.query(`DELETE FROM sys_server_instance WHERE instance_id = ANY($1)`, [others]);
    }
  });
});

describe('publish tasks and preview over HTTP', () => {
  let f: Fixture;

  beforeAll(async () => {
    f = await seedSite();
  });

  it('counts waiting tasks, clears them, and a cleared task does nothing when its job comes', async () => {
    await settle((await ds.query(`SELECT task_id FROM cms_publish_task`)).map((r: { task_id: string }) => r.task_id));
    expect((await http.get('/publish/taskCount')).body).toMatchObject({ code: 200, data: 0 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (
          await one<{ task_id: string }>(`INSERT INTO cms_publish_task (site_id, task_type, target_id) VALUES ($1, 'index', $1) RETURNING task_id`, [
            f.siteId,
          ])
        ).task_id,
      );
    expect((await http.get('/publish/taskCount')).body.data).toBe(3);
    const listed = await http.get('/publish/tasks?pageSize=2').set('CurrentSite', f.siteId);
    expect(listed.body.data.total).toBeGreaterThanOrEqual(3);
    expect(listed.body.data.rows).toHaveLength(2);
    expect(listed.body.data.rows[0]).toMatchObject({ taskId: String(ids[2]), taskType: 'index', status: 'pending', progress: 0 });

    expect((await http.delete('/publish/clear')).body.code).toBe(200);
    expect((await http.get('/publish/taskCount')).body.data).toBe(0);
    expect(await one(`SELECT count(*)::int AS n FROM cms_publish_task WHERE task_id = ANY($1::bigint[])`, [ids])).toEqual({ n: 0 });
    await publisher.execute({ tasks: [{ taskId: String(ids[0]) }] });
    expect(await page(f, 'index.html')).toBeNull();
  });

  it('a request reuses a task of the same pages still waiting, but not a list task focused on other content', async () => {
    const { task_id: waiting } = await one<{ task_id: string }>(
      `INSERT INTO cms_publish_task (site_id, task_type, target_id) VALUES ($1, 'index', $1) RETURNING task_id`,
      [f.siteId],
    );
    expect(String(await publisher.publishIndex(f.siteId, 'admin'))).toBe(String(waiting));
    const { task_id: focused } = await one<{ task_id: string }>(
      `INSERT INTO cms_publish_task (site_id, task_type, target_id, options) VALUES ($1, 'catalog', $2, '{"focus":["1"]}') RETURNING task_id`,
      [f.siteId, f.news],
    );
    const own = await publisher.publishCatalog(f.siteId, f.news, 'admin');
    expect(String(own)).not.toBe(String(focused));
    await ds.query(`DELETE FROM cms_publish_task WHERE task_id = ANY($1::bigint[])`, [[waiting, focused]]);
    await settle([own]);
  });

  it('runs a queued task to the end through the job queue', async () => {
    const taskId = await publisher.publishIndex(f.siteId, 'admin');
    expect((await http.get('/publish/taskCount')).body.data).toBeGreaterThanOrEqual(0);
    const [task] = await settle([taskId]);
    expect(task).toMatchObject({ status: 'done', progress: 1, total: 1 });
    expect(await page(f, 'index.html')).toContain('<nav>');
  });

  it('previews home, list and detail pages as sandboxed HTML without writing them', async () => {
    await ds.query(`UPDATE cms_content SET title = 'Preview only' WHERE content_id = $1`, [f.draft]);
    const before = await storage.list(`site/${f.path}`);
    const detail = await http.get(`/preview?type=content&id=${f.draft}&pipe=pc`);
    expect(detail.status).toBe(200);
    expect(detail.headers['content-type']).toContain('text/html');
    expect(detail.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(detail.text).toContain('<h1>Preview only</h1><article><p>Body of Draft article</p></article>');
    const list = await http.get(`/preview?type=catalog&id=${f.news}&pipe=pc&page=3`);
    expect(list.text).toContain('Article 25<');
    expect(list.text).not.toContain('Article 11<');
    expect((await http.get(`/preview?type=site&id=${f.siteId}&pipe=pc`)).text).toContain('<nav>');
    expect(await storage.list(`site/${f.path}`)).toEqual(before);

    const broken = await http.get(`/preview?type=catalog&id=${f.broken}&pipe=pc`);
    expect(broken.status).toBe(400);
    expectMessage(broken, 'en', expect.stringContaining('Preview failed: template syntax'));
    expect((await http.get(`/preview?type=content&id=${f.draft}&pipe=nope`)).status).toBe(404);
    expect((await http.get(`/preview?type=content&id=999999999&pipe=pc`)).status).toBe(404);
    expect((await http.get(`/preview?type=page&id=1&pipe=pc`)).status).toBe(400);
  });

  it('needs a CMS screen and the site view permission', async () => {
    await createRole(t.app, 'pub_content_viewer', ['cms.content']);
    const userId = await createStaffUser(t.app, { userName: 'pub_viewer', password: 'Viewer12345', roles: ['pub_content_viewer'] });
    const viewer = await tokenOf(t.app, 'pub_viewer', 'Viewer12345');
    expect((await http.as(viewer).get('/publish/taskCount')).body.code).toBe(200);
    expect((await http.as(viewer).delete('/publish/clear')).status).toBe(403);
    expect((await http.as(viewer).get(`/preview?type=content&id=${f.articles[0]}&pipe=pc`)).status).toBe(403);
    await ds.query(`INSERT INTO sys_permission (owner_type, owner_id, permission) VALUES ('user', $1, $2)`, [userId, `Site:View:${f.siteId}`]);
    expect((await http.as(viewer).get(`/preview?type=content&id=${f.articles[0]}&pipe=pc`)).text).toContain('<h1>Article 1</h1>');

    await createStaffUser(t.app, { userName: 'pub_nobody', password: 'Nobody12345' });
    const nobody = await tokenOf(t.app, 'pub_nobody', 'Nobody12345');
    expect((await http.as(nobody).get('/publish/taskCount')).status).toBe(403);
  });
});
