import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectError, expectMessage, expectOk, type Row } from '../../../test/helpers/api';
import { catalogFactory, memberFactory, roleFactory, siteFactory, staffUserFactory } from '../../../test/helpers/factories';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { appEvents } from '../../common/events/app-events';
import { DynamicPageCache, MAX_CACHED_CHARS, MAX_ENTRIES_PER_PAGE } from './dynamic-page-cache';

let t: TestApp;
let ds: DataSource;
let admin: string;
let site: { siteId: string; path: string };
let otherSiteId: string;
const by = { target: () => t, token: () => admin };

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
  site = await siteFactory(by);
  otherSiteId = (await siteFactory(by)).siteId;
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin, headers: { CurrentSite: () => site.siteId } });
const other = http.with({ headers: { CurrentSite: () => otherSiteId } });
/** Visitors: whole paths under the API base, no token. */
const visitor = api(() => t, {});

async function until(what: string, check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Adds (or replaces) a template file on the pc pipe of the site. */
async function template(path: string, content: string): Promise<void> {
  const list = expectOk(await http.get(`/cms/template?publishPipeCode=pc&filename=${encodeURIComponent(path)}`));
  const found = (list.rows as Row[]).find((r) => r.path === path);
  if (found) expectOk(await http.put('/cms/template', { templateId: found.templateId, content }));
  else expectOk(await http.post('/cms/template', { publishPipeCode: 'pc', path, content }));
}

const page = (path: string, query = '') => visitor.get(`/api/dynamic/${site.siteId}/pc/${path}${query}`);

describe('dynamic page registry', () => {
  it('adds, reads, edits, lists and deletes pages; code and path are unique in a site', async () => {
    const created = expectOk(
      await http.post('/cms/dynamic_page', {
        name: '会员中心',
        code: 'member_center',
        path: '/member/center',
        initDataTypes: ['member'],
        templates: { pc: 'member.template.html' },
        cacheSeconds: 0,
      }),
    );
    expect(created).toMatchObject({ siteId: site.siteId, code: 'member_center', path: 'member/center', initDataTypes: ['member'], enabled: true });
    expect(expectOk(await http.get(`/cms/dynamic_page/${created.pageId}`))).toMatchObject({ templates: { pc: 'member.template.html' } });
    expectMessage(
      await http.post('/cms/dynamic_page', { name: '重复', code: 'member_center', path: 'x', templates: { pc: 'a.template.html' } }),
      'zh-CN',
      '当前站点已有编码为“member_center”的动态模板',
    );
    expectMessage(
      await http.post('/cms/dynamic_page', { name: '重复', code: 'other', path: 'member/center', templates: { pc: 'a.template.html' } }),
      'zh-CN',
      '当前站点已有访问路径为“member/center”的动态模板',
    );
    expectOk(
      await other.post('/cms/dynamic_page', { name: '会员中心', code: 'member_center', path: 'member/center', templates: { pc: 'a.template.html' } }),
    );
    const edited = expectOk(
      await http.put('/cms/dynamic_page', {
        pageId: created.pageId,
        name: '会员主页',
        code: 'member_home',
        path: 'member/home',
        initDataTypes: ['member', 'pagination'],
        templates: { pc: 'member.template.html' },
        enabled: false,
      }),
    );
    expect(edited).toMatchObject({ name: '会员主页', path: 'member/home', enabled: false, cacheSeconds: 0 });
    const list = expectOk(await http.get('/cms/dynamic_page/list?query=member'));
    expect((list.rows as Row[]).map((p) => p.code)).toEqual(['member_home']);
    expectError(await other.get(`/cms/dynamic_page/${created.pageId}`), 404, { 'zh-CN': '动态模板不存在' });
    expectError(await other.delete('/cms/dynamic_page').send([created.pageId]), 404, { 'zh-CN': '动态模板不存在' });
    expectOk(await http.delete('/cms/dynamic_page').send([created.pageId]));
    expectError(await http.get(`/cms/dynamic_page/${created.pageId}`), 404, { 'zh-CN': '动态模板不存在' });
  });

  it('lists the init data types in the caller’s language', async () => {
    const types = expectOk(await http.lang('en').get('/cms/dynamic_page/init_data_types')) as Row[];
    expect(types.map((x) => [x.type, x.name])).toEqual([
      ['search', 'Search results'],
      ['member', 'Current member'],
      ['pagination', 'Pagination'],
    ]);
  });

  it('refuses bad input with its message and saves nothing', async () => {
    const good = { name: '页', code: 'p1', path: 'p1', templates: { pc: 'p.template.html' } };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good, name: '' }, '名称不能为空，且不能超过 100 个字符'],
      [{ ...good, code: 'a-b' }, '编码不能为空，只能包含字母、数字和下划线，且不能超过 50 个字符'],
      [{ ...good, path: '../etc' }, '访问路径只能由小写字母、数字、- 和 _ 组成，最多 5 段，如 search 或 member/center'],
      [{ ...good, path: 'Search' }, '访问路径只能由小写字母、数字、- 和 _ 组成，最多 5 段，如 search 或 member/center'],
      [{ ...good, initDataTypes: ['sql'] }, '初始化数据类型只能是 search、member、pagination'],
      [{ ...good, templates: {} }, '请至少为一个发布通道选择模板'],
      [{ ...good, templates: 'x' }, '请至少为一个发布通道选择模板'],
      [{ ...good, templates: { pc: '../../secret' } }, '发布通道“pc”的模板路径不正确'],
      [{ ...good, templates: { 'p c': 'a.template.html' } }, '发布通道“p c”的模板路径不正确'],
      [{ ...good, cacheSeconds: 86401 }, '缓存时间必须是 0 到 86400 之间的整数（秒，0 表示不缓存）'],
    ];
    for (const [body, message] of cases) expectMessage(await http.post('/cms/dynamic_page', body), 'zh-CN', message);
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM cms_dynamic_page WHERE site_id = $1 AND code = 'p1'`, [site.siteId]);
    expect(n).toBe(0);
  });

  it('needs the dynamic template permissions', async () => {
    const role = await roleFactory(t, { menus: ['cms.word.hotWord'] });
    const staff = await staffUserFactory(t, { roles: [role.id] });
    const as = http.as(staff.token);
    expectError(await as.get('/cms/dynamic_page/list'), 403);
    expectError(await as.get('/cms/dynamic_page/init_data_types'), 403);
    expectError(await as.post('/cms/dynamic_page', { name: 'x', code: 'x', path: 'x', templates: { pc: 'x.template.html' } }), 403);
    expectError(await as.delete('/cms/dynamic_page').send(['1']), 403);
  });
});

describe('rendering per request', () => {
  it('renders the template with the request parameters, escaped, in the published pages’ sandbox', async () => {
    await template(
      'hello.template.html',
      '<h1>{{ site.name | escape }}</h1><p id="who">{{ request.name | escape }}</p><p id="page">{{ page.index }}</p>',
    );
    expectOk(
      await http.post('/cms/dynamic_page', {
        name: '问候',
        code: 'hello',
        path: 'hello/world',
        initDataTypes: ['pagination'],
        templates: { pc: 'hello.template.html' },
        cacheSeconds: 0,
      }),
    );
    const res = await page('hello/world', '?name=<b>小明</b>&page=3');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toMatch(/^sandbox /);
    // Page script of published pages (another origin) may fetch it, without credentials.
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.text).toContain('<p id="who">&lt;b&gt;小明&lt;/b&gt;</p>');
    expect(res.text).toContain('<p id="page">3</p>');
    // Unknown site, pipe, path; a pipe without a template; hostile paths: 404.
    expect((await page('hello/nobody')).status).toBe(404);
    expect((await visitor.get(`/api/dynamic/${site.siteId}/h5/hello/world`)).status).toBe(404);
    expect((await visitor.get(`/api/dynamic/${otherSiteId}/pc/hello/world`)).status).toBe(404);
    expect((await visitor.get(`/api/dynamic/abc/pc/hello/world`)).status).toBe(404);
    expect((await visitor.get(`/api/dynamic/${site.siteId}/pc/hello/%2e%2e/world`)).status).toBe(404);
  });

  it('answers 500 without the template’s details when the template fails (the engine’s bounds)', async () => {
    await template('broken.template.html', '{% for i in (1..100000000) %}{{ i }}{% endfor %}');
    expectOk(
      await http.post('/cms/dynamic_page', {
        name: '坏',
        code: 'broken',
        path: 'broken',
        templates: { pc: 'broken.template.html' },
        cacheSeconds: 0,
      }),
    );
    const res = await page('broken');
    expect(res.status).toBe(500);
    expect(res.body.msg).toBe('页面生成失败，请稍后再试');
  });

  it('gives the member to member pages and never caches them', async () => {
    await template('me.template.html', '{% if member %}<p id="me">{{ member.userName | escape }}</p>{% else %}<p id="me">游客</p>{% endif %}');
    expectOk(
      await http.post('/cms/dynamic_page', {
        name: '我',
        code: 'me',
        path: 'me',
        initDataTypes: ['member'],
        templates: { pc: 'me.template.html' },
        cacheSeconds: 600,
      }),
    );
    const member = await memberFactory(t, {});
    const signedIn = await visitor.as(member.token).get(`/api/dynamic/${site.siteId}/pc/me`);
    expect(signedIn.text).toContain(`<p id="me">${member.userName}</p>`);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    const anonymous = await page('me');
    expect(anonymous.text).toContain('<p id="me">游客</p>');
    // The member's page was not cached for everyone: the anonymous answer is computed, then cached.
    expect(anonymous.headers['x-dynamic-cache']).toBe('MISS');
    expect((await page('me')).headers['x-dynamic-cache']).toBe('HIT');
    expect((await visitor.as(member.token).get(`/api/dynamic/${site.siteId}/pc/me`)).text).toContain(`<p id="me">${member.userName}</p>`);
  });
});

describe('the cache', () => {
  it('keeps an answer for the page’s time to live, per set of parameters', async () => {
    await template('ttl.template.html', '<p id="v">one {{ request.x | escape }}</p>');
    expectOk(
      await http.post('/cms/dynamic_page', { name: 'TTL', code: 'ttl', path: 'ttl', templates: { pc: 'ttl.template.html' }, cacheSeconds: 1 }),
    );
    const first = await page('ttl', '?x=a');
    expect([first.headers['x-dynamic-cache'], first.text]).toEqual(['MISS', '<p id="v">one a</p>']);
    await template('ttl.template.html', '<p id="v">two {{ request.x | escape }}</p>');
    const cached = await page('ttl', '?x=a');
    expect([cached.headers['x-dynamic-cache'], cached.text]).toEqual(['HIT', '<p id="v">one a</p>']);
    // Other parameters are another entry.
    expect((await page('ttl', '?x=b')).text).toBe('<p id="v">two b</p>');
    await new Promise((r) => setTimeout(r, 1100));
    const expired = await page('ttl', '?x=a');
    expect([expired.headers['x-dynamic-cache'], expired.text]).toEqual(['MISS', '<p id="v">two a</p>']);
  });

  it('is cleared when a publish task of the site ends, and when the page is edited', async () => {
    await template('pub.template.html', '<p id="v">before</p>');
    const created = expectOk(
      await http.post('/cms/dynamic_page', { name: 'Pub', code: 'pub', path: 'pub', templates: { pc: 'pub.template.html' }, cacheSeconds: 3600 }),
    );
    expect((await page('pub')).text).toBe('<p id="v">before</p>');
    await template('pub.template.html', '<p id="v">after</p>');
    expect((await page('pub')).text).toBe('<p id="v">before</p>');
    const published = new Promise<void>((resolve) => {
      const off = appEvents.on('cms.site.published', ({ siteId }) => {
        if (siteId === site.siteId) {
          off();
          resolve();
        }
      });
    });
    expectOk(await http.post('/cms/site/publish', { siteId: site.siteId, publishIndex: true }));
    await published;
    await until('the cache cleared', async () => (await page('pub')).text === '<p id="v">after</p>');
    // The fresh answer is cached again.
    expect((await page('pub')).headers['x-dynamic-cache']).toBe('HIT');
    await template('pub.template.html', '<p id="v">edited</p>');
    expectOk(
      await http.put('/cms/dynamic_page', { pageId: created.pageId, name: 'Pub', code: 'pub', path: 'pub', templates: { pc: 'pub.template.html' } }),
    );
    expect((await page('pub')).text).toBe('<p id="v">edited</p>');
  });
});

describe('the cache bounds', () => {
  it('keeps at most 1000 new entries per page within its time to live, and no answer over a million characters', async () => {
    const cache = t.app.get(DynamicPageCache);
    expect(await cache.admit(site.siteId, '424242', 60, 'x'.repeat(MAX_CACHED_CHARS + 1))).toBe(false);
    const admitted: boolean[] = [];
    for (let i = 0; i <= MAX_ENTRIES_PER_PAGE; i++) admitted.push(await cache.admit(site.siteId, '424243', 60, '<p>x</p>'));
    expect(admitted.filter(Boolean).length).toBe(MAX_ENTRIES_PER_PAGE);
    expect(admitted[MAX_ENTRIES_PER_PAGE]).toBe(false);
    // Another page has its own count.
    expect(await cache.admit(site.siteId, '424244', 60, '<p>x</p>')).toBe(true);
  });
});

describe('the search page', () => {
  it('GET /api/dynamic/<site>/<pipe>/search?q= answers server-rendered, highlighted results with paging', async () => {
    const catalog = await catalogFactory(by, site.siteId);
    const ids: string[] = [];
    for (let i = 1; i <= 12; i++) {
      const content = expectOk(
        await http.post('/cms/content', {
          catalogId: catalog.catalogId,
          contentType: 'article',
          title: `量子计算第${i}讲`,
          contentHtml: `<p>量子计算的第 ${i} 个问题</p>`,
        }),
      );
      ids.push(String(content.contentId));
    }
    expectOk(await http.post('/cms/content/publish', ids));
    await until(
      'the index',
      async () => (await ds.query(`SELECT count(*)::int AS n FROM search_content_index WHERE content_id = ANY($1::bigint[])`, [ids]))[0].n === 12,
      30_000,
    );
    const res = await page('search', '?q=量子计算');
    expect(res.status).toBe(200);
    expect(res.text).toContain('id="search-results"');
    expect(res.text).toContain('找到 12 条与“量子计算”相关的结果');
    expect(res.text).toContain('value="量子计算"');
    expect((res.text.match(/<li><div><a class="title"/g) ?? []).length).toBe(10);
    expect(res.text).toMatch(/<a class="title" href="\/site\/[^"]+\/pc\/[^"]+\.html"><em>量子<\/em><em>计算<\/em>第\d+讲<\/a>/);
    expect(res.text).toContain('<span class="page-current">1 / 2</span>');
    expect(res.text).toContain('href="?q=%E9%87%8F%E5%AD%90%E8%AE%A1%E7%AE%97&amp;page=2"');
    // No script needed: the results are in the HTML, not fetched.
    expect(res.text).not.toContain('/api/cms/search/query');
    const second = await page('search', '?q=量子计算&page=2');
    expect((second.text.match(/<li><div><a class="title"/g) ?? []).length).toBe(2);
    // Markup in the query is text.
    const hostile = await page('search', `?q=${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(hostile.status).toBe(200);
    expect(hostile.text).not.toContain('<script>alert(1)</script>');
    // Without q: the prompt.
    expect((await page('search')).text).toContain('请输入关键词。');
  });

  it('a registered page at the path search replaces the built-in one', async () => {
    await template('mysearch.template.html', '<p id="s">{{ search.total }} for {{ search.query | escape }}</p>');
    expectOk(
      await http.post('/cms/dynamic_page', {
        name: '搜索',
        code: 'search',
        path: 'search',
        initDataTypes: ['search'],
        templates: { pc: 'mysearch.template.html' },
      }),
    );
    await until('the custom page', async () => (await page('search', '?q=量子计算')).text === '<p id="s">12 for 量子计算</p>');
  });
});
