import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Row } from '../../../test/helpers/api';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { SearchIndexService } from './search-index.service';
import { SearchQueryService } from './search-query.service';

let t: TestApp;
let ds: DataSource;
let admin: string;
let siteId: string;
let news: string;
let tech: string;
let sports: string;

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
  [{ site_id: siteId }] = await ds.query(
    `INSERT INTO cms_site (name, path, sort) VALUES ('Search site', 'searchsite', -100) RETURNING site_id::text`,
  );
  await ds.query(`INSERT INTO cms_publish_pipe (site_id, name, code) VALUES ($1, 'PC', 'pc')`, [siteId]);
  news = await catalog('News', 'news', 'news/');
  tech = await catalog('Tech', 'tech', 'news/tech/', news, news);
  sports = await catalog('Sports', 'sports', 'sports/');
});
afterAll(() => t?.close());

async function catalog(name: string, alias: string, path: string, parentId = '0', ancestors = ''): Promise<string> {
  const [{ id }] = await ds.query(
    `INSERT INTO cms_catalog (site_id, parent_id, ancestors, tree_level, name, alias, path) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING catalog_id::text AS id`,
    [siteId, parentId, ancestors, ancestors ? 2 : 1, name, alias, path],
  );
  return id;
}

const http = api(() => t, { token: () => admin, headers: { CurrentSite: () => siteId } });
const pub = api(() => t, {});

/** Adds and publishes an article through the content API; answers its id. */
async function publish(fields: { title: string; catalogId?: string; tags?: string[]; summary?: string; html?: string; publishDate?: string }) {
  const res = await http.post('/cms/content').send({
    catalogId: fields.catalogId ?? news,
    contentType: 'article',
    title: fields.title,
    tags: fields.tags ?? [],
    summary: fields.summary ?? '',
    contentHtml: fields.html ?? '<p>正文</p>',
    ...(fields.publishDate ? { publishDate: fields.publishDate } : {}),
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  const id = res.body.data.contentId as string;
  const published = await http.post('/cms/content/publish').send([id]);
  expect(published.body.code, JSON.stringify(published.body)).toBe(200);
  return id;
}

async function until(what: string, check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const indexed = async (id: string) => (await ds.query(`SELECT 1 FROM search_content_index WHERE content_id = $1`, [id])).length > 0;
const search = async (q: string, extra: Record<string, string | number> = {}) => {
  const res = await pub.get('/api/cms/search/query').query({ siteId, q, ...extra });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { rows: Row[]; total: number };
};

let inTitle: string;
let inBody: string;
let inTags: string;
let inSummary: string;

describe('indexing', () => {
  it('indexes published content and ranks a title hit above tags, summary and body hits', async () => {
    inBody = await publish({ title: '普通文章一', html: '<p>这篇文章介绍<b>量子计算</b>的基本原理。</p>', publishDate: '2024-01-01 10:00:00' });
    inSummary = await publish({ title: '普通文章二', summary: '量子计算的发展', publishDate: '2024-02-01 10:00:00' });
    inTags = await publish({ title: '普通文章三', tags: ['量子计算'], catalogId: tech, publishDate: '2024-03-01 10:00:00' });
    inTitle = await publish({ title: '量子计算入门', catalogId: sports, publishDate: '2023-12-01 10:00:00' });
    for (const id of [inBody, inSummary, inTags, inTitle]) await until(`index of ${id}`, () => indexed(id));
    const { rows, total } = await search('量子计算');
    expect(total).toBe(4);
    expect(rows.map((r) => r.contentId)).toEqual([inTitle, inTags, inSummary, inBody]);
    expect(rows[0]).toMatchObject({ title: '量子计算入门', titleHighlight: '<em>量子</em><em>计算</em>入门', catalogName: 'Sports' });
    expect(rows[0].url).toBe(`/site/searchsite/pc/sports/${inTitle}.html`);
    expect(rows[3].snippet).toContain('<em>量子</em><em>计算</em>');
  });

  it('filters by catalog (with sub-catalogs), pages, and sorts by date', async () => {
    expect((await search('量子计算', { catalogId: news })).rows.map((r) => r.contentId).sort()).toEqual([inBody, inSummary, inTags].sort());
    expect((await search('量子计算', { catalogId: tech })).rows.map((r) => r.contentId)).toEqual([inTags]);
    const byDate = await search('量子计算', { sort: 'date' });
    expect(byDate.rows.map((r) => r.contentId)).toEqual([inTags, inSummary, inBody, inTitle]);
    const page2 = await search('量子计算', { sort: 'date', pageSize: 3, pageNum: 2 });
    expect(page2).toMatchObject({ total: 4 });
    expect(page2.rows.map((r) => r.contentId)).toEqual([inTitle]);
    expect(await search('量子计算', { pageSize: 3, pageNum: 5 })).toEqual({ rows: [], total: 4 });
  });

  it('takes operators, quotes and SQL as plain words, and escapes highlights', async () => {
    const id = await publish({ title: `<b>标签</b> & "引号" 'OR 1=1`, html: '<p>&lt;script&gt;alert(1)&lt;/script&gt; 脚本示例</p>' });
    await until('index', () => indexed(id));
    for (const q of [`'OR 1=1; DROP TABLE search_content_index; --`, `"量子" & | ! <-> :* (`, `!!!`, `\\`, `a:*`, `量子 | 计算`]) {
      const res = await pub.get('/api/cms/search/query').query({ siteId, q });
      expect(res.status, q).toBe(200);
      expect(res.body.code, q).toBe(200);
    }
    const hit = await search('script 脚本');
    expect(hit.rows.map((r) => r.contentId)).toEqual([id]);
    expect(hit.rows[0].snippet).toContain('&lt;<em>script</em>&gt;alert(1)&lt;/<em>script</em>&gt;');
    expect(hit.rows[0].snippet).not.toContain('<script');
    const title = await search('标签');
    expect(title.rows[0].titleHighlight).toBe('&lt;b&gt;<em>标签</em>&lt;/b&gt; &amp; &quot;引号&quot; &#39;OR 1=1');
    // Page script of sandboxed published pages (an opaque origin) may read the answer.
    const cors = await pub.get('/api/cms/search/query').query({ siteId, q: '标签' }).set('Origin', 'null');
    expect(cors.headers['access-control-allow-origin']).toBe('*');
    expect(cors.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await pub.get('/api/cms/search/query').query({ siteId, q: '   ' })).status).toBe(400);
    expect((await pub.get('/api/cms/search/query').query({ siteId: '999999', q: 'x' })).status).toBe(404);
  });

  it('removes content taken offline or deleted, and indexes it again when republished', async () => {
    const a = await publish({ title: '下线测试文章' });
    const b = await publish({ title: '删除测试文章' });
    await until('index', async () => (await indexed(a)) && (await indexed(b)));
    expect((await http.post('/cms/content/offline').send([a])).body.code).toBe(200);
    expect((await http.delete('/cms/content').send([b])).body.code).toBe(200);
    await until('removal', async () => !(await indexed(a)) && !(await indexed(b)));
    expect((await search('测试文章')).total).toBe(0);
    await new Promise((r) => setTimeout(r, 1100)); // the same publish request again is a repeat submit within 1 s
    expect((await http.post('/cms/content/publish').send([a])).body.code).toBe(200);
    await until('index again', () => indexed(a));
    expect((await search('下线')).rows.map((r) => r.contentId)).toEqual([a]);
  });

  it('repairs drift: the reconcile pass indexes what a lost job missed and drops what left the site', async () => {
    const a = await publish({ title: '漂移修复文章' });
    await until('index', () => indexed(a));
    // As if the process died before the jobs ran: the index is out of step with the content table.
    await ds.query(`DELETE FROM search_content_index WHERE content_id = $1`, [a]);
    await ds.query(`UPDATE cms_content SET title = '漂移修复文章新标题', update_time = now() WHERE content_id = $1`, [inBody]);
    await ds.query(`UPDATE cms_content SET status = 'offline' WHERE content_id = $1`, [inSummary]);
    expect(await t.app.get(SearchIndexService).reconcile()).toBeGreaterThanOrEqual(3);
    expect(await indexed(a)).toBe(true);
    expect(await indexed(inSummary)).toBe(false);
    expect((await search('新标题')).rows.map((r) => r.contentId)).toEqual([inBody]);
    await ds.query(`UPDATE cms_content SET status = 'published', update_time = now() WHERE content_id = $1`, [inSummary]);
    await t.app.get(SearchIndexService).reconcile();
  });
});

describe('staff routes', () => {
  it('lists the index with status, title and catalog, shows a row, reindexes one and deletes rows', async () => {
    const list = await http.get('/cms/search/contents').query({ title: '量子' });
    expect(list.body.code).toBe(200);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.rows[0]).toMatchObject({ contentId: inTitle, title: '量子计算入门', catalogName: 'Sports', status: 'published' });
    expect((await http.get('/cms/search/contents').query({ catalogId: tech })).body.data.rows.map((r: Row) => r.contentId)).toEqual([inTags]);
    const detail = await http.get(`/cms/search/content/${inTitle}`);
    expect(detail.body.data).toMatchObject({ contentId: inTitle, title: '量子计算入门' });
    expect(detail.body.data.lexemes).toContain("'量子':1A");
    const before = (await ds.query(`SELECT indexed_time FROM search_content_index WHERE content_id = $1`, [inTitle]))[0].indexed_time;
    expect((await http.post(`/cms/search/build/${inTitle}`)).body.code).toBe(200);
    const after = (await ds.query(`SELECT indexed_time FROM search_content_index WHERE content_id = $1`, [inTitle]))[0].indexed_time;
    expect(new Date(after).getTime()).toBeGreaterThan(new Date(before).getTime());
    expect((await http.delete('/cms/search/contents').send([inTitle])).body.code).toBe(200);
    expect(await indexed(inTitle)).toBe(false);
    expect((await http.get(`/cms/search/content/${inTitle}`)).status).toBe(404);
    expect((await http.post(`/cms/search/build/${inTitle}`)).body.code).toBe(200);
    expect(await indexed(inTitle)).toBe(true);
    const draft = (await http.post('/cms/content').send({ catalogId: news, contentType: 'article', title: '草稿', contentHtml: '<p>x</p>' })).body
      .data.contentId;
    const refused = await http.post(`/cms/search/build/${draft}`);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('只有已发布的内容才能建立索引');
  });

  it('dictionary words change segmentation after a rebuild; stop words are neither indexed nor searched', async () => {
    const id = await publish({ title: '智文搜平台上线', html: '<p>关于的说明</p>' });
    await until('index', () => indexed(id));
    expect((await http.post('/search/dict/analyze').send({ text: '智文搜平台' })).body.data.queryTokens).not.toContain('智文搜');
    const added = await http.post('/search/dict').send({ wordType: 'word', words: ['智文搜'] });
    expect(added.body.code, JSON.stringify(added.body)).toBe(200);
    expect((await http.post('/search/dict').send({ wordType: 'word', words: ['另一个词', '智文搜'] })).body.msg).toBe('词典中已有该词');
    expect((await http.get('/search/dict').query({ word: '另一个' })).body.data.total).toBe(0);
    expect((await http.post('/search/dict').send({ wordType: 'word', words: ['有 空格'] })).status).toBe(400);
    expect((await http.post('/search/dict/analyze').send({ text: '智文搜平台' })).body.data.queryTokens).toContain('智文搜');
    // The index still holds the old cut until it is rebuilt.
    expect((await search('智文搜')).total).toBe(0);
    await http.post('/search/dict').send({ wordType: 'stop', words: ['说明'] });
    const rebuild = await http.post('/search/dict/rebuild');
    expect(rebuild.body.code, JSON.stringify(rebuild.body)).toBe(200);
    expect(rebuild.body.data).toMatchObject({ status: 'running', createBy: 'admin' });
    await until('rebuild', async () => (await http.get('/cms/search/rebuild')).body.data.status === 'completed', 30_000);
    const done = (await http.get('/cms/search/rebuild')).body.data;
    expect(done.done).toBe(done.total);
    expect((await search('智文搜')).rows.map((r) => r.contentId)).toEqual([id]);
    // A stop word is dropped from the query (the rest must still match) and from the index.
    expect((await search('说明')).total).toBe(0);
    const lexemes = (await http.get(`/cms/search/content/${id}`)).body.data.lexemes as string;
    expect(lexemes).not.toContain("'说明'");
    const words = await http.get('/search/dict').query({ wordType: 'stop' });
    expect(words.body.data.rows.map((r: Row) => r.word)).toEqual(['说明']);
    expect((await http.delete('/search/dict').send([words.body.data.rows[0].wordId])).body.code).toBe(200);
    expect((await http.get('/search/dict').query({ wordType: 'stop' })).body.data.total).toBe(0);
  });

  it('writes search logs with the client type, counts hot searches per word and per day', async () => {
    // Searches of the tests before are written in batches: out of the way first, so none lands after the clean-up.
    await t.app.get(SearchQueryService).flush();
    await ds.query(`DELETE FROM search_log`);
    const ua = {
      desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      phone:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      pad: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    };
    await pub.get('/api/cms/search/query').query({ siteId, q: '量子计算' }).set('User-Agent', ua.desktop);
    await pub.get('/api/cms/search/query').query({ siteId, q: '量子计算' }).set('User-Agent', ua.phone);
    await pub.get('/api/cms/search/query').query({ siteId, q: '不存在的词' }).set('User-Agent', ua.pad);
    await t.app.get(SearchQueryService).flush();
    const logs = await http.get('/search/log');
    expect(logs.body.code).toBe(200);
    expect(logs.body.data.rows.map((r: Row) => [r.query, r.resultCount, r.clientType])).toEqual([
      ['不存在的词', 0, 'pad'],
      ['量子计算', 4, 'phone'],
      ['量子计算', 4, 'desktop'],
    ]);
    expect((await http.get('/search/log').query({ clientType: 'phone' })).body.data.total).toBe(1);
    const hot = await http.get('/search/word');
    expect(hot.body.data.rows.map((r: Row) => [r.word, r.searchTotal])).toEqual([
      ['量子计算', 2],
      ['不存在的词', 1],
    ]);
    const trend = (await http.get('/search/word/trend')).body.data as Array<{ day: string; count: number }>;
    expect(trend).toHaveLength(30);
    expect(trend[29].count).toBe(3);
    expect(trend.slice(0, 29).every((d) => d.count === 0)).toBe(true);
    expect((await http.get('/search/word/trend').query({ word: '量子计算' })).body.data[29].count).toBe(2);
    expect((await http.get('/search/word/trend').query({ beginTime: '2020-01-01', endTime: '2024-01-01' })).status).toBe(400);
    expect((await http.get('/search/word/trend').query({ beginTime: '2024-02-31' })).body.msg).toBe('日期“2024-02-31”不存在');
    expect((await http.get('/search/word').query({ endTime: '2024-13-01' })).status).toBe(400);
    const removed = await http.delete('/search/log').send([logs.body.data.rows[0].logId]);
    expect(removed.body.code).toBe(200);
    expect((await http.get('/search/log')).body.data.total).toBe(2);
  });

  it('refuses a second rebuild while one runs', async () => {
    await ds.query(`INSERT INTO search_rebuild (status, total) VALUES ('running', 10)`);
    const res = await http.post('/cms/search/rebuild');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('索引正在重建，请等待完成后再试');
    await ds.query(`UPDATE search_rebuild SET status = 'failed' WHERE status = 'running'`);
  });

  it('each staff route needs its permission', async () => {
    await createRole(t.app, 'search_log_only', ['cms.search.log']);
    const userId = await createStaffUser(t.app, { userName: 'searchlog1', password: 'Searchlog1', roles: ['search_log_only'] });
    await ds.query(`INSERT INTO sys_permission (owner_type, owner_id, permission) VALUES ('user', $1, $2)`, [userId, `Site:View:${siteId}`]);
    const token = await tokenOf(t.app, 'searchlog1', 'Searchlog1');
    const as = http.as(token);
    expect((await as.get('/search/log')).body.code).toBe(200);
    expect((await as.get('/search/word')).body.code).toBe(200);
    for (const [method, path, body] of [
      ['GET', '/cms/search/contents'],
      ['GET', `/cms/search/content/${inTitle}`],
      ['DELETE', '/cms/search/contents', [inTitle]],
      ['POST', `/cms/search/build/${inTitle}`],
      ['POST', '/cms/search/rebuild'],
      ['GET', '/search/dict'],
      ['POST', '/search/dict', { wordType: 'word', words: ['x'] }],
      ['DELETE', '/search/dict', ['1']],
      ['POST', '/search/dict/rebuild'],
    ] as Array<[string, string, object?]>) {
      const res = await as.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    await createRole(t.app, 'search_index_view', ['cms.search.index']);
    const viewer = await createStaffUser(t.app, { userName: 'searchidx1', password: 'Searchidx1', roles: ['search_index_view'] });
    await ds.query(`INSERT INTO sys_permission (owner_type, owner_id, permission) VALUES ('user', $1, $2)`, [viewer, `Site:View:${siteId}`]);
    const viewerAs = http.as(await tokenOf(t.app, 'searchidx1', 'Searchidx1'));
    expect((await viewerAs.get('/cms/search/contents')).body.code).toBe(200);
    expect((await viewerAs.delete('/search/log').send(['1'])).status).toBe(403);
    expect((await viewerAs.get('/search/word/trend')).status).toBe(403);
  });
});
