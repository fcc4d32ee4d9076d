import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectError, expectOk } from '../../../test/helpers/api';
import { catalogFactory, contentFactory, roleFactory, siteFactory, staffUserFactory, unique } from '../../../test/helpers/factories';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { dayIn, serverTimeZone } from '../../common/stats/daily-stats';
import { SysConfigService } from '../../system/config/sys-config.service';
import { CmsStatRecorder } from './cms-stat-recorder.service';
import { addDays, CmsStatService } from './cms-stat.service';

let t: TestApp;
let ds: DataSource;
let admin: string;
let recorder: CmsStatRecorder;
let siteId: string;
let otherSiteId: string;
let catalogId: string;
let article: { contentId: string; title: string };
let foreign: { contentId: string; title: string };

const by = { target: () => t, token: () => admin };
const http = api(() => t, { token: () => admin, headers: { CurrentSite: () => siteId ?? '' } });
const anonymous = api(() => t);

/** A reader: its own address and browser, so each test counts its own visitors. */
function reader(
  ip: string,
  userAgent = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 T${unique('')}`,
) {
  return anonymous.with({ headers: { 'X-Forwarded-For': ip, 'User-Agent': userAgent } });
}

const visits = async (where = 'TRUE', params: unknown[] = []) =>
  (await ds.query(`SELECT * FROM cms_stat_visit WHERE ${where} ORDER BY visit_id`, params)) as Array<Record<string, unknown>>;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
  recorder = t.app.get(CmsStatRecorder);
  siteId = (await siteFactory(by, { name: '统计站点' })).siteId;
  otherSiteId = (await siteFactory(by, { name: '另一个站点' })).siteId;
  catalogId = (await catalogFactory(by, siteId, { name: '新闻' })).catalogId;
  article = await contentFactory(by, siteId, catalogId, { title: '热门文章' });
  const otherCatalog = (await catalogFactory(by, otherSiteId)).catalogId;
  foreign = await contentFactory(by, otherSiteId, otherCatalog, { title: '别的站点的文章' });
});
afterAll(() => t?.close());

describe('the beacon', () => {
  it('answers 204 and records a view with path, referrer host, client type and a daily visitor id, never the address', async () => {
    const phone = reader(
      '203.0.113.7',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    );
    const res = await phone.get('/api/stat/visit').query({
      siteId,
      url: 'https://www.example.com/site/stat/pc/news/index.html?x=1',
      referrer: 'https://WWW.Baidu.com/s?wd=智文',
      catalogId,
    });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    await recorder.flush();
    const [row] = await visits('site_id = $1 AND client_type = $2', [siteId, 'phone']);
    expect(row).toMatchObject({
      path: '/site/stat/pc/news/index.html',
      referrer_host: 'www.baidu.com',
      client_type: 'phone',
      catalog_id: catalogId,
      content_id: null,
      entry: true,
      event: 'view',
    });
    expect(row.visitor_id).toMatch(/^[0-9a-f]{32}$/);
    // No column holds an address, and the address appears nowhere in the row.
    const columns = (await ds.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'cms_stat_visit'`)) as Array<{
      column_name: string;
    }>;
    expect(columns.map((c) => c.column_name).filter((c) => /ip|addr/.test(c))).toEqual([]);
    expect(JSON.stringify(row)).not.toContain('203.0.113.7');
  });

  it('serves the beacon script pages load, cacheable and loadable from an opaque origin', async () => {
    const res = await anonymous.get('/api/stat/beacon.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const script = res.body instanceof Buffer ? res.body.toString('utf8') : res.text;
    expect(script).toContain('navigator.sendBeacon');
    expect(script).toContain("'/api/stat/visit?'");
    // Plain script a browser compiles.
    expect(() => new Function(script)).not.toThrow();
  });

  it('takes POST as navigator.sendBeacon sends it, and tells pads, phones and desktops apart', async () => {
    const pad = reader(
      '203.0.113.8',
      'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    );
    const res = await pad.post('/api/stat/visit').query({ siteId, url: 'http://localhost/site/stat/pc/' });
    expect(res.status).toBe(204);
    expect((await pad.post('/api/stat/visit').query({ siteId, url: 'http://localhost/site/stat/pc/' })).status).toBe(204);
    await recorder.flush();
    const rows = await visits(`site_id = $1 AND client_type = 'pad'`, [siteId]);
    expect(rows.map((r) => [r.path, r.referrer_host, r.entry])).toEqual([
      ['/site/stat/pc/', '', true],
      ['/site/stat/pc/', '', false],
    ]);
  });

  it('refuses a malformed beacon with 400 and ignores unknown sites and bots with 204', async () => {
    const someone = reader('203.0.113.9');
    expectError(await someone.get('/api/stat/visit').query({ siteId }), 400, { 'zh-CN': '页面地址必须是 http 或 https 网址' });
    expectError(await someone.get('/api/stat/visit').query({ siteId, url: 'javascript:alert(1)' }), 400, {
      'zh-CN': '页面地址必须是 http 或 https 网址',
    });
    expectError(await someone.lang('en').get('/api/stat/visit').query({ siteId, url: 'ftp://x.example/a' }), 400, {
      en: 'The page address must be an http or https URL',
    });
    expect((await someone.get('/api/stat/visit').query({ siteId: 'abc', url: 'https://a.example/' })).status).toBe(400);
    expect((await someone.get('/api/stat/visit').query({ siteId, url: 'https://a.example/', contentId: '-1' })).status).toBe(400);

    const before = (await visits()).length;
    expect((await someone.get('/api/stat/visit').query({ siteId: '999999999', url: 'https://a.example/unknown' })).status).toBe(204);
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'curl/8.5.0',
      'python-requests/2.31.0',
    ]) {
      const res = await reader('203.0.113.10', agent).get('/api/stat/visit').query({ siteId, url: 'https://a.example/bot' });
      expect(res.status, agent).toBe(204);
    }
    // No user agent at all is not a browser either.
    expect((await anonymous.get('/api/stat/visit').set('User-Agent', '').query({ siteId, url: 'https://a.example/none' })).status).toBe(204);
    await recorder.flush();
    expect((await visits()).length).toBe(before);
  });

  it('gives the same visitor id to the same reader on the same day, and another to another address', async () => {
    const agent = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15 same';
    await reader('198.51.100.1', agent).get('/api/stat/visit').query({ siteId, url: 'https://s.example/a' });
    await reader('198.51.100.1', agent).get('/api/stat/visit').query({ siteId, url: 'https://s.example/b' });
    await reader('198.51.100.2', agent).get('/api/stat/visit').query({ siteId, url: 'https://s.example/a' });
    await recorder.flush();
    const rows = await visits(`site_id = $1 AND path IN ('/a', '/b')`, [siteId]);
    expect(rows).toHaveLength(3);
    expect(rows[0].visitor_id).toBe(rows[1].visitor_id);
    expect(rows[2].visitor_id).not.toBe(rows[0].visitor_id);
    expect(rows.map((r) => r.entry)).toEqual([true, false, true]);
    // One secret per day, not per request.
    expect((await ds.query(`SELECT count(*)::int AS n FROM cms_stat_secret`))[0].n).toBe(1);
  });

  it('drops the views of a visitor past the per-minute limit', async () => {
    const flood = reader('198.51.100.50');
    for (let i = 0; i < 70; i++) expect((await flood.get('/api/stat/visit').query({ siteId, url: `https://f.example/flood` })).status).toBe(204);
    await recorder.flush();
    expect(await visits(`site_id = $1 AND path = '/flood'`, [siteId])).toHaveLength(60);
  });

  it('writes a burst of views with one INSERT, and by itself within a second or so', async () => {
    await recorder.flush();
    const inserts = recorder.insertCount;
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        reader(`192.0.2.${i + 1}`)
          .get('/api/stat/visit')
          .query({ siteId, url: 'https://b.example/burst' }),
      ),
    );
    await recorder.flush();
    expect(await visits(`site_id = $1 AND path = '/burst'`, [siteId])).toHaveLength(40);
    // At most one timer flush may have cut the burst in two.
    expect(recorder.insertCount - inserts).toBeLessThanOrEqual(2);

    await reader('192.0.2.200').get('/api/stat/visit').query({ siteId, url: 'https://b.example/alone' });
    const deadline = Date.now() + 5_000;
    while (!(await visits(`site_id = $1 AND path = '/alone'`, [siteId])).length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(await visits(`site_id = $1 AND path = '/alone'`, [siteId])).toHaveLength(1);
  });

  it("counts a detail page view on its content, once per view, and never on another site's content", async () => {
    const viewsOf = async (id: string) => (await ds.query(`SELECT view_count FROM cms_content WHERE content_id = $1`, [id]))[0].view_count as number;
    const before = await viewsOf(article.contentId);
    await reader('192.0.2.210').get('/api/stat/visit').query({ siteId, url: 'https://c.example/detail', contentId: article.contentId, catalogId });
    await reader('192.0.2.211').get('/api/stat/visit').query({ siteId, url: 'https://c.example/detail', contentId: article.contentId, catalogId });
    await reader('192.0.2.212').get('/api/stat/visit').query({ siteId, url: 'https://c.example/forged', contentId: foreign.contentId });
    await recorder.flush();
    expect(await viewsOf(article.contentId)).toBe(before + 2);
    expect(await viewsOf(foreign.contentId)).toBe(0);
    expect((await visits(`path = '/forged'`))[0].content_id).toBeNull();
  });
});

describe('roll-ups and figures', () => {
  let rollSite: string;
  const tz = serverTimeZone();
  const today = dayIn(new Date(), tz);
  const d3 = addDays(today, -3);
  const d2 = addDays(today, -2);

  /** Raw views as the beacon would have written them, at a local time of a day. */
  async function seed(
    rows: Array<[day: string, time: string, visitor: string, path: string, extra?: Partial<{ content: string; host: string; client: string }>]>,
  ) {
    for (const [day, time, visitor, path, extra] of rows) {
      await ds.query(
        `INSERT INTO cms_stat_visit (site_id, visit_time, path, content_id, referrer_host, client_type, visitor_id, entry)
         VALUES ($1, ($2::date + $3::time)::timestamp AT TIME ZONE $4, $5, $6, $7, $8, rpad($9, 32, '0'), false)`,
        [rollSite, day, time, tz, path, extra?.content ?? null, extra?.host ?? '', extra?.client ?? 'desktop', visitor],
      );
    }
  }

  beforeAll(async () => {
    rollSite = (await siteFactory(by, { name: '汇总站点' })).siteId;
    await seed([
      // Three days ago: visitor a reads twice close together (one visit), then comes back 2 hours later (a second visit).
      [d3, '09:00', 'a', '/index.html', { host: 'www.baidu.com' }],
      [d3, '09:05', 'a', '/news/1.html', { content: article.contentId }],
      [d3, '11:05', 'a', '/news/1.html', { content: article.contentId }],
      [d3, '10:00', 'b', '/news/1.html', { content: article.contentId, client: 'phone', host: 'www.bing.com' }],
      // Two days ago: one phone reader.
      [d2, '20:00', 'c', '/news/', { client: 'phone' }],
    ]);
  });

  const siteHttp = () => http.with({ headers: { CurrentSite: rollSite } });

  it('answers the same figures computed live and after the roll-up, day by day', async () => {
    const range = { beginDate: d3, endDate: today };
    const live = expectOk(await siteHttp().get('/cms/stat/site/trend').query(range));
    expect(live).toEqual({
      days: [d3, d2, addDays(today, -1), today],
      pv: [4, 1, 0, 0],
      uv: [2, 1, 0, 0],
      visits: [3, 1, 0, 0],
      total: { pv: 5, uv: 3, visits: 4 },
    });
    const liveTop = expectOk(await siteHttp().get('/cms/stat/site/top-content').query(range));
    const liveSources = expectOk(await siteHttp().get('/cms/stat/site/sources').query(range));
    const liveClients = expectOk(await siteHttp().get('/cms/stat/site/clients').query(range));
    const liveEntries = expectOk(await siteHttp().get('/cms/stat/site/entries').query(range));

    const { days } = await t.app.get(CmsStatService).rollup(new Date());
    expect(days).toEqual(expect.arrayContaining([d3, d2, addDays(today, -1)]));
    expect(days).not.toContain(today);
    const rolled = (await ds.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, pv, uv, visits FROM cms_stat_site_day WHERE site_id = $1 ORDER BY day`,
      [rollSite],
    )) as unknown[];
    expect(rolled).toEqual([
      { day: d3, pv: 4, uv: 2, visits: 3 },
      { day: d2, pv: 1, uv: 1, visits: 1 },
    ]);
    const dims = (await ds.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, dim, key, pv, uv FROM cms_stat_dim_day WHERE site_id = $1 ORDER BY day, dim, key`,
      [rollSite],
    )) as unknown[];
    expect(dims).toEqual([
      { day: d3, dim: 'client', key: 'desktop', pv: 3, uv: 1 },
      { day: d3, dim: 'client', key: 'phone', pv: 1, uv: 1 },
      { day: d3, dim: 'content', key: article.contentId, pv: 3, uv: 2 },
      { day: d3, dim: 'entry', key: '/index.html', pv: 1, uv: 1 },
      { day: d3, dim: 'entry', key: '/news/1.html', pv: 1, uv: 1 },
      { day: d3, dim: 'source', key: '', pv: 2, uv: 1 },
      { day: d3, dim: 'source', key: 'www.baidu.com', pv: 1, uv: 1 },
      { day: d3, dim: 'source', key: 'www.bing.com', pv: 1, uv: 1 },
      { day: d2, dim: 'client', key: 'phone', pv: 1, uv: 1 },
      { day: d2, dim: 'entry', key: '/news/', pv: 1, uv: 1 },
      { day: d2, dim: 'source', key: '', pv: 1, uv: 1 },
    ]);

    // The routes now read the roll-up and answer the same.
    expect(expectOk(await siteHttp().get('/cms/stat/site/trend').query(range))).toEqual(live);
    expect(expectOk(await siteHttp().get('/cms/stat/site/top-content').query(range))).toEqual(liveTop);
    expect(expectOk(await siteHttp().get('/cms/stat/site/sources').query(range))).toEqual(liveSources);
    expect(expectOk(await siteHttp().get('/cms/stat/site/clients').query(range))).toEqual(liveClients);
    expect(expectOk(await siteHttp().get('/cms/stat/site/entries').query(range))).toEqual(liveEntries);
    expect(liveTop).toEqual([{ key: article.contentId, title: '热门文章', pv: 3, uv: 2 }]);
    expect(liveClients).toEqual([
      { key: 'desktop', pv: 3, uv: 1 },
      { key: 'phone', pv: 2, uv: 2 },
    ]);
    expect(liveSources[0]).toEqual({ key: '', pv: 3, uv: 2 });
    expect(liveEntries.map((r: { key: string }) => r.key).sort()).toEqual(['/index.html', '/news/', '/news/1.html']);
  });

  it("adds today's views live to the rolled-up days, and a rerun of the roll-up changes nothing", async () => {
    await seed([[today, '00:01', 'd', '/today.html']]);
    const trend = expectOk(await siteHttp().get('/cms/stat/site/trend').query({ beginDate: d3, endDate: today }));
    expect(trend.pv).toEqual([4, 1, 0, 1]);
    expect((await t.app.get(CmsStatService).rollup(new Date())).days).toEqual([]);
    await t.app.get(CmsStatService).rollupDay(d3);
    expect(expectOk(await siteHttp().get('/cms/stat/site/trend').query({ beginDate: d3, endDate: today })).pv).toEqual([4, 1, 0, 1]);
  });

  it('deletes raw visits older than the keep days (a system parameter), keeping the roll-ups', async () => {
    await ds.query(`UPDATE sys_config SET config_value = '7' WHERE config_key = 'cms.stat.keepDays'`);
    const service = t.app.get(CmsStatService);
    await seed([[addDays(today, -10), '12:00', 'e', '/old.html']]);
    // The parameter is read through the cache: drop it as the config screen does after an edit.
    await t.app.get(SysConfigService).evict('cms.stat.keepDays');
    expect(await service.keepDays()).toBe(7);
    const { pruned } = await service.rollup(new Date());
    expect(pruned).toBeGreaterThanOrEqual(1);
    expect(await visits(`path = '/old.html'`)).toEqual([]);
    expect((await ds.query(`SELECT count(*)::int AS n FROM cms_stat_site_day WHERE site_id = $1`, [rollSite]))[0].n).toBe(2);
    // Day secrets older than yesterday's are gone too.
    expect((await ds.query(`SELECT count(*)::int AS n FROM cms_stat_secret WHERE day < $1::date`, [addDays(today, -1)]))[0].n).toBe(0);
  });

  it('runs as the scheduled task cms-stat-rollup', async () => {
    const task = expectOk(await http.get('/monitor/task/cms-stat-rollup'));
    expect(task).toMatchObject({ cronExpression: '10 0 * * *', status: '0' });
    expect(expectOk(await http.lang('en').get('/monitor/task/cms-stat-rollup')).description).toBe(
      'Roll up the site statistics of the past days and prune old visit records',
    );
  });
});

describe('staff routes', () => {
  it('lists the visit log of the current site, newest first, with filters', async () => {
    const page = expectOk(await http.get('/cms/stat').query({ pageSize: 5 }));
    expect(page.total).toBeGreaterThan(5);
    expect(page.rows).toHaveLength(5);
    const times = page.rows.map((r: { visitTime: string }) => Date.parse(r.visitTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(page.rows.every((r: { siteId: string }) => r.siteId === siteId)).toBe(true);
    const pads = expectOk(await http.get('/cms/stat').query({ clientType: 'pad' }));
    expect(pads.total).toBe(2);
    const baidu = expectOk(await http.get('/cms/stat').query({ referrerHost: 'www.baidu.com' }));
    expect(baidu.rows.map((r: { path: string }) => r.path)).toEqual(['/site/stat/pc/news/index.html']);
    const burst = expectOk(await http.get('/cms/stat').query({ path: 'burst', beginDate: dayIn(new Date(), serverTimeZone()) }));
    expect(burst.total).toBe(40);
    // The other site's log is its own.
    expect(expectOk(await http.with({ headers: { CurrentSite: otherSiteId } }).get('/cms/stat')).rows.map((r: { path: string }) => r.path)).toEqual(
      [],
    );
  });

  it("answers today's live figures of the current site by default (the last 7 days)", async () => {
    const trend = expectOk(await http.get('/cms/stat/site/trend'));
    expect(trend.days).toHaveLength(7);
    expect(trend.days[6]).toBe(dayIn(new Date(), serverTimeZone()));
    expect(trend.pv[6]).toBe((await visits('site_id = $1', [siteId])).length);
    expect(trend.uv[6]).toBe(
      Number((await ds.query(`SELECT count(DISTINCT visitor_id) AS n FROM cms_stat_visit WHERE site_id = $1`, [siteId]))[0].n),
    );
    const top = expectOk(await http.get('/cms/stat/site/top-content').query({ limit: 1 }));
    expect(top).toEqual([{ key: article.contentId, title: '热门文章', pv: 2, uv: 2 }]);
  });

  it('checks the date range', async () => {
    expectError(await http.get('/cms/stat/site/trend').query({ beginDate: '2026-05-02', endDate: '2026-05-01' }), 400, {
      'zh-CN': '开始日期不能晚于结束日期，且时间范围最多 366 天',
    });
    expectError(await http.get('/cms/stat/site/sources').query({ beginDate: '2024-01-01', endDate: '2025-06-01' }), 400, {
      'zh-CN': '开始日期不能晚于结束日期，且时间范围最多 366 天',
    });
    expectError(await http.get('/cms/stat/site/clients').query({ beginDate: '2026-02-30' }), 400, { 'zh-CN': '日期格式不正确，应为 YYYY-MM-DD' });
    expectError(await http.lang('en').get('/cms/stat/site/entries').query({ endDate: '26-1-1' }), 400, { en: 'The date must be YYYY-MM-DD' });
    expectError(await http.get('/cms/stat').query({ beginDate: '2026-13-01' }), 400, { 'zh-CN': '日期格式不正确，应为 YYYY-MM-DD' });
    expect((await http.get('/cms/stat/site/top-content').query({ limit: 101 })).status).toBe(400);
  });

  it('needs 网站统计 (cms:sitestat:view) and a site the caller may view', async () => {
    const nobody = await staffUserFactory(t, { roles: [(await roleFactory(t, { menus: ['cms.site'] })).roleKey] });
    const viewer = await staffUserFactory(t, { roles: [(await roleFactory(t, { menus: ['cms.stat.site'] })).roleKey] });
    for (const path of [
      '/cms/stat',
      '/cms/stat/site/trend',
      '/cms/stat/site/top-content',
      '/cms/stat/site/sources',
      '/cms/stat/site/clients',
      '/cms/stat/site/entries',
    ]) {
      expectError(await http.as(nobody.token).get(path), 403);
      // Without object permission on any site there is no current site to read.
      expect((await http.as(viewer.token).get(path)).status, path).toBe(400);
      expect((await http.get(path)).status, path).toBe(200);
    }
  });
});
