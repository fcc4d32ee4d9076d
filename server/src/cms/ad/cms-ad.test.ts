import { runInNewContext } from 'node:vm';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectError, expectOk } from '../../../test/helpers/api';
import { siteFactory, staffUserFactory, unique, type StaffUser } from '../../../test/helpers/factories';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { dayIn, serverTimeZone } from '../../common/stats/daily-stats';
import { CmsStatRecorder } from '../stat/cms-stat-recorder.service';
import { addDays, CmsStatService } from '../stat/cms-stat.service';
import { TEMPLATE_TAGS } from '../template/engine';
import { AD_SPACE_SCRIPT } from './ad-script';
import { AD_SPACE_TEMPLATE } from './ad-space-type';
import { CmsAdSpaceService } from './cms-ad-space.service';
import { operLogRows } from '../../../test/helpers/oper-log';

let t: TestApp;
let ds: DataSource;
let admin: string;
let recorder: CmsStatRecorder;
let siteId: string;
let otherSiteId: string;
let editor: StaffUser;
let editorSiteId: string;

const by = { target: () => t, token: () => admin };
const http = api(() => t, { token: () => admin, headers: { CurrentSite: () => siteId ?? '' } });
const anonymous = api(() => t);
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A reader of published pages: its own address and browser. */
const reader = (ip: string, userAgent = `${BROWSER} T${unique('')}`, cookie?: string) =>
  anonymous.with({ headers: { 'X-Forwarded-For': ip, 'User-Agent': userAgent, Cookie: cookie } });

const today = () => dayIn(new Date(), serverTimeZone());

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
  recorder = t.app.get(CmsStatRecorder);
  siteId = (await siteFactory(by, { name: '广告站点' })).siteId;
  otherSiteId = (await siteFactory(by, { name: '另一个站点' })).siteId;
  editor = await staffUserFactory(t, { roles: ['editor'] });
  // The editor's own site: its creator holds the site's rights.
  editorSiteId = (await siteFactory({ target: () => t, token: () => editor.token }, { name: '编辑的站点' })).siteId;
});
afterAll(() => t?.close());

let spaceSeq = 0;
async function makeSpace(over: Record<string, unknown> = {}, client = http) {
  const n = ++spaceSeq;
  return expectOk(
    await client.post('/cms/adspace', { name: `广告位${n}`, code: `ad_${n}`, publishPipeCode: 'pc', path: `include/ad/space${n}.html`, ...over }),
  );
}
const imageAd = (adSpaceId: string, over: Record<string, unknown> = {}) => ({
  adSpaceId,
  type: 'image',
  name: `图片广告 ${unique('')}`,
  weight: 100,
  resourcePath: 'resources/image/202601/banner.png',
  redirectUrl: 'https://shop.example.com/sale?from=ad',
  ...over,
});
async function makeAd(body: Record<string, unknown>, client = http) {
  return expectOk(await client.post('/cms/advertisement', body));
}
const publishedHtml = async (id: string) =>
  ((await ds.query(`SELECT published_html FROM cms_page_widget WHERE page_widget_id = $1`, [id])) as Array<{ published_html: string }>)[0]
    .published_html;
const adIdsIn = (html: string) => [...html.matchAll(/data-ad="(\d+)"/g)].map((m) => m[1]);

describe('ad spaces', () => {
  it('are page widgets of type ads: added, listed, read, changed, published and deleted through /cms/adspace', async () => {
    const space = await makeSpace({ name: '首页横幅' });
    expect(space).toMatchObject({ type: 'ads', name: '首页横幅', siteId, state: '0' });
    const list = expectOk(await http.get('/cms/adspace'));
    expect(list.rows.map((r: { pageWidgetId: string }) => r.pageWidgetId)).toContain(space.pageWidgetId);
    expect(list.rows.every((r: { type: string }) => r.type === 'ads')).toBe(true);
    expect(expectOk(await http.get(`/cms/adspace/${space.pageWidgetId}`)).code).toBe(space.code);
    const edited = expectOk(await http.put('/cms/adspace', { ...space, name: '首页顶部横幅' }));
    expect(edited.name).toBe('首页顶部横幅');

    expectOk(await http.post('/cms/adspace/publish', [space.pageWidgetId]));
    expect(expectOk(await http.get(`/cms/adspace/${space.pageWidgetId}`)).state).toBe('1');
    expect(await publishedHtml(space.pageWidgetId)).toContain('class="zw-adspace"');

    await makeAd(imageAd(space.pageWidgetId));
    expectOk(await http.delete('/cms/adspace').send([space.pageWidgetId]));
    expect((await http.get(`/cms/adspace/${space.pageWidgetId}`)).status).toBe(404);
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM cms_advertisement WHERE ad_space_id = $1`, [space.pageWidgetId]);
    expect(n).toBe(0);
  });

  it('go with their site, adverts included', async () => {
    const doomed = (await siteFactory(by, { name: '将删除的站点' })).siteId;
    const onDoomed = http.with({ headers: { CurrentSite: doomed } });
    const space = await makeSpace({}, onDoomed);
    await makeAd(imageAd(space.pageWidgetId), onDoomed);
    expectOk(await http.delete(`/cms/site/${doomed}`));
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM cms_advertisement WHERE site_id = $1`, [doomed]);
    expect(n).toBe(0);
  });

  it('refuses a malformed or unknown ad space id with the page widget message', async () => {
    expectError(await http.get('/cms/adspace/abc'), 400);
    expectError(await http.get('/cms/adspace/999999999'), 404);
    expectError(await http.post('/cms/adspace/publish', ['x']), 400);
  });
});

describe('adverts', () => {
  it('lists the types and adds, reads, lists by space, changes, enables, disables and deletes adverts', async () => {
    expect(expectOk(await http.get('/cms/advertisement/types')).rows.map((r: { id: string }) => r.id)).toEqual(['image', 'text', 'code']);
    const space = await makeSpace();
    const other = await makeSpace();
    const image = await makeAd(imageAd(space.pageWidgetId, { name: '春季大促' }));
    expect(image).toMatchObject({ type: 'image', status: '0', weight: 100, linkTarget: '_blank', rawCode: false, siteId });
    const text = await makeAd({
      adSpaceId: space.pageWidgetId,
      type: 'text',
      name: '文字链',
      content: '  点击领取优惠券 ',
      weight: 3,
      linkTarget: '_self',
    });
    expect(text.content).toBe('点击领取优惠券');
    await makeAd(imageAd(other.pageWidgetId));

    const listed = expectOk(await http.get('/cms/advertisement').query({ adSpaceId: space.pageWidgetId }));
    expect(listed.rows.map((r: { name: string }) => r.name).sort()).toEqual(['文字链', '春季大促'].sort());
    expect(expectOk(await http.get(`/cms/advertisement/${image.advertisementId}`)).name).toBe('春季大促');

    const changed = expectOk(await http.put('/cms/advertisement', { ...image, name: '夏季大促', weight: 7 }));
    expect(changed).toMatchObject({ name: '夏季大促', weight: 7, adSpaceId: space.pageWidgetId });

    expectOk(await http.put('/cms/advertisement/disable', [image.advertisementId, text.advertisementId]));
    expect(expectOk(await http.get(`/cms/advertisement/${text.advertisementId}`)).status).toBe('1');
    expect(expectOk(await http.get('/cms/advertisement').query({ adSpaceId: space.pageWidgetId, status: '1' })).total).toBe(2);
    expectOk(await http.put('/cms/advertisement/enable', [text.advertisementId]));
    expect(expectOk(await http.get(`/cms/advertisement/${text.advertisementId}`)).status).toBe('0');

    expectOk(await http.delete('/cms/advertisement').send([image.advertisementId]));
    expectError(await http.get(`/cms/advertisement/${image.advertisementId}`), 404);
    expectError(await http.delete('/cms/advertisement').send([image.advertisementId]), 404);
  });

  it('refuses bad input with its message and changes nothing', async () => {
    const space = await makeSpace();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, '广告名称不能为空'],
      [{ type: 'video' }, '广告类型只能是'],
      [{ weight: 0 }, '权重必须是 1 到 10000'],
      [{ weight: 10001 }, '权重必须是 1 到 10000'],
      [{ weight: 1.5 }, '权重必须是 1 到 10000'],
      [{ redirectUrl: 'javascript:alert(1)' }, '跳转链接必须是'],
      [{ linkTarget: '_top' }, '打开方式只能是'],
      [{ onlineDate: 'tomorrow' }, '上线时间和下线时间必须是有效的日期时间'],
      [{ onlineDate: '2030-01-02T00:00:00Z', offlineDate: '2030-01-01T00:00:00Z' }, '下线时间必须晚于上线时间'],
      [{ resourcePath: '' }, '图片广告必须从素材库选择一张图片'],
      [{ resourcePath: 'https://evil.example.com/x.png' }, '图片必须是素材库中的文件路径'],
      [{ type: 'text', content: '  ' }, '文字广告的文字不能为空'],
      [{ type: 'code', content: '' }, '代码广告的代码不能为空'],
    ];
    for (const [over, message] of cases) {
      const res = await http.post('/cms/advertisement', imageAd(space.pageWidgetId, over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.msg, JSON.stringify(over)).toContain(message);
    }
    expectError(await http.post('/cms/advertisement', imageAd('999999999')), 404);
    // A space of another site is not one of the current site's.
    const foreign = await makeSpace({}, http.with({ headers: { CurrentSite: otherSiteId } }));
    expectError(await http.post('/cms/advertisement', imageAd(foreign.pageWidgetId)), 404);
    expect(expectOk(await http.get('/cms/advertisement').query({ adSpaceId: space.pageWidgetId })).total).toBe(0);
    const en = await http.lang('en').post('/cms/advertisement', imageAd(space.pageWidgetId, { weight: 0 }));
    expect(en.body.msg).toContain('The weight must be a whole number from 1 to 10000');
  });

  it('sanitizes code unless the saver holds cms:ad:rawcode, and logs a raw save', async () => {
    const mine = api(() => t, { token: () => editor.token, headers: { CurrentSite: () => editorSiteId } });
    const space = await makeSpace({}, mine);
    const code = '<div class="promo" onclick="steal()"><b>限时</b><script>alert(document.cookie)</script></div>';
    const safe = await makeAd({ adSpaceId: space.pageWidgetId, type: 'code', name: '编辑的代码广告', content: code }, mine);
    expect(safe.rawCode).toBe(false);
    expect(safe.content).toBe('<div class="promo"><b>限时</b></div>');
    expectError(
      await mine.post('/cms/advertisement', { adSpaceId: space.pageWidgetId, type: 'code', name: '只有脚本', content: '<script>x()</script>' }),
      400,
    );

    const adminSpace = await makeSpace();
    const raw = await makeAd({ adSpaceId: adminSpace.pageWidgetId, type: 'code', name: '管理员的代码广告', content: code });
    expect(raw).toMatchObject({ rawCode: true, content: code });
    const [log] = (await operLogRows(
      t,
      `SELECT json_result FROM sys_oper_log WHERE title = '广告' AND oper_name = 'admin' ORDER BY oper_id DESC LIMIT 1`,
    )) as Array<{
      json_result: string;
    }>;
    expect(JSON.parse(log.json_result).data).toMatchObject({ advertisementId: raw.advertisementId, rawCode: true });
    // The editor changing the admin's raw code would sanitize it: the editor may not even edit that space.
    expectError(await mine.put('/cms/advertisement', { ...raw, name: '改' }), 403);
  });
});

describe('publishing and the choice by weight', () => {
  it('publishes the online adverts with their weights, click links and the picking script; a change republishes', async () => {
    const space = await makeSpace();
    expectOk(await http.post('/cms/adspace/publish', [space.pageWidgetId]));
    const heavy = await makeAd(imageAd(space.pageWidgetId, { name: '重', weight: 3 }));
    const light = await makeAd({
      adSpaceId: space.pageWidgetId,
      type: 'text',
      name: '轻',
      content: '<文字>',
      weight: 1,
      redirectUrl: 'https://a.example.com/',
    });
    let html = await publishedHtml(space.pageWidgetId);
    expect(adIdsIn(html)).toEqual([heavy.advertisementId, light.advertisementId]);
    expect(html).toContain(`data-weight="3"`);
    expect(html).toContain(`/api/adv/redirect?aid=${heavy.advertisementId}`);
    expect(html).toContain('&lt;文字&gt;');
    expect(html).toMatch(/<img src="[^"]*resources\/image\/202601\/banner\.png" alt="重">/);
    expect(html).toContain('/api/adv/adspace.js');
    expect(html).not.toContain('shop.example.com');

    expectOk(await http.put('/cms/advertisement/disable', [light.advertisementId]));
    html = await publishedHtml(space.pageWidgetId);
    expect(adIdsIn(html)).toEqual([heavy.advertisementId]);
  });

  it('documents the template variables of ad spaces in the tags help, and its example follows the default template', () => {
    const entry = TEMPLATE_TAGS.find((tag) => tag.name.startsWith('adverts'));
    expect(entry?.description).toContain('adverts');
    expect(entry?.descriptions?.en).toContain('/api/adv/adspace.js');
    for (const marker of ['class="zw-adspace"', 'class="zw-ad"', 'data-ad=', 'data-weight=', '/api/adv/adspace.js']) {
      expect(AD_SPACE_TEMPLATE).toContain(marker.replace('class="zw-ad"', 'class="zw-ad zw-ad-'));
      expect(entry?.example).toContain(marker);
    }
  });

  it('the script picks each advert with its share of the weights and shows only that one', () => {
    const pick = (weights: number[], random: number) => {
      const ads = weights.map((w, i) => {
        const attrs: Record<string, string> = { 'data-weight': String(w), 'data-ad': String(i + 1), hidden: '' };
        const link = { href: `https://cms.example.com/prod-api/api/adv/redirect?aid=${i + 1}` };
        return {
          getAttribute: (k: string) => attrs[k] ?? null,
          removeAttribute: (k: string) => delete attrs[k],
          addEventListener: () => undefined,
          getElementsByTagName: () => [{ getAttribute: () => link.href, setAttribute: (_: string, v: string) => (link.href = v) }],
          attrs,
          link,
        };
      });
      const spaceAttrs: Record<string, string> = {};
      const space = {
        getAttribute: (k: string) => spaceAttrs[k] ?? null,
        setAttribute: (k: string, v: string) => (spaceAttrs[k] = v),
        querySelectorAll: () => ads,
      };
      const sent: string[] = [];
      runInNewContext(AD_SPACE_SCRIPT, {
        document: { currentScript: { src: 'https://cms.example.com/prod-api/api/adv/adspace.js' }, querySelectorAll: () => [space] },
        location: { href: 'https://www.example.com/news/' },
        navigator: { sendBeacon: (url: string) => sent.push(url) > 0 },
        Math: { random: () => random },
        parseInt,
        encodeURIComponent,
        String,
      });
      return { picked: spaceAttrs['data-picked'], shown: ads.filter((a) => !('hidden' in a.attrs)).length, sent, links: ads.map((a) => a.link.href) };
    };
    // Weights 3 and 1: [0, 0.75) picks the first, [0.75, 1) the second.
    expect(pick([3, 1], 0)).toMatchObject({ picked: '1', shown: 1 });
    expect(pick([3, 1], 0.74).picked).toBe('1');
    expect(pick([3, 1], 0.75).picked).toBe('2');
    expect(pick([3, 1], 0.999).picked).toBe('2');
    expect(pick([1, 0, 1], 0.5).picked).toBe('3');
    const { sent } = pick([1], 0.3);
    expect(sent).toEqual(['https://cms.example.com/prod-api/api/adv/view?aid=1&url=https%3A%2F%2Fwww.example.com%2Fnews%2F']);
    // The shown advert's click link names the page (for the statistics); the hidden ones stay as published.
    expect(pick([1, 1], 0.9).links).toEqual([
      'https://cms.example.com/prod-api/api/adv/redirect?aid=1',
      'https://cms.example.com/prod-api/api/adv/redirect?aid=2&url=https%3A%2F%2Fwww.example.com%2Fnews%2F',
    ]);
  });
});

describe('online and offline dates', () => {
  it('a future online date waits disabled; the scheduler enables it when due, disables it at its offline date and republishes', async () => {
    const space = await makeSpace();
    expectOk(await http.post('/cms/adspace/publish', [space.pageWidgetId]));
    const hour = 3600_000;
    const ad = await makeAd(
      imageAd(space.pageWidgetId, {
        onlineDate: new Date(Date.now() + hour).toISOString(),
        offlineDate: new Date(Date.now() + 2 * hour).toISOString(),
      }),
    );
    expect(ad.status).toBe('1');
    const scheduler = t.app.get(CmsAdSpaceService);
    expect(await scheduler.applySchedule(new Date())).not.toContain(space.pageWidgetId);
    expect(adIdsIn(await publishedHtml(space.pageWidgetId))).toEqual([]);

    // An hour passes: the online date is due.
    await ds.query(
      `UPDATE cms_advertisement SET online_date = online_date - interval '1 hour 1 minute', offline_date = offline_date - interval '1 hour 1 minute' WHERE advertisement_id = $1`,
      [ad.advertisementId],
    );
    expect(await scheduler.applySchedule(new Date())).toContain(space.pageWidgetId);
    expect(expectOk(await http.get(`/cms/advertisement/${ad.advertisementId}`)).status).toBe('0');
    expect(adIdsIn(await publishedHtml(space.pageWidgetId))).toEqual([ad.advertisementId]);

    // Staff disable it by hand: the applied online date does not turn it on again.
    expectOk(await http.put('/cms/advertisement/disable', [ad.advertisementId]));
    await scheduler.applySchedule(new Date());
    expect(expectOk(await http.get(`/cms/advertisement/${ad.advertisementId}`)).status).toBe('1');
    expectOk(await http.put('/cms/advertisement/enable', [ad.advertisementId]));

    // Another hour: the offline date is due.
    await ds.query(`UPDATE cms_advertisement SET offline_date = now() - interval '1 second' WHERE advertisement_id = $1`, [ad.advertisementId]);
    expect(await scheduler.applySchedule(new Date())).toContain(space.pageWidgetId);
    expect(expectOk(await http.get(`/cms/advertisement/${ad.advertisementId}`)).status).toBe('1');
    expect(adIdsIn(await publishedHtml(space.pageWidgetId))).toEqual([]);
    expect(await scheduler.applySchedule(new Date())).toEqual([]);
  });

  it('is a scheduled task of 计划任务 that runs every minute', async () => {
    expect(expectOk(await http.get('/monitor/task/cms-ad-schedule'))).toMatchObject({ cronExpression: '* * * * *', status: '0' });
    expect(expectOk(await http.get('/monitor/task/cms-ad-schedule')).description).toBe('按上线、下线时间启用或停用广告，并重新发布相关广告位');
  });
});

describe('clicks and views', () => {
  let space: { pageWidgetId: string };
  let ad: { advertisementId: string };
  let plain: { advertisementId: string };
  beforeAll(async () => {
    space = await makeSpace();
    ad = await makeAd(imageAd(space.pageWidgetId, { name: '统计广告' }));
    plain = await makeAd({ adSpaceId: space.pageWidgetId, type: 'text', name: '无链接', content: '只是文字' });
  });
  const events = async (event: string, id: string) =>
    ((await ds.query(`SELECT count(*)::int AS n FROM cms_stat_visit WHERE event = $1 AND subject_id = $2`, [event, id])) as Array<{ n: number }>)[0]
      .n;

  it("the redirect counts a click and goes to the advert's own stored URL only", async () => {
    const res = await reader('198.51.100.1').get('/api/adv/redirect').query({ aid: ad.advertisementId, url: 'https://evil.example.com/' });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('https://shop.example.com/sale?from=ad');
    await reader('198.51.100.1').get('/api/adv/redirect').query({ aid: ad.advertisementId, url: 'https://www.example.com/news/a.html' });
    expectError(await reader('198.51.100.1').get('/api/adv/redirect').query({ aid: plain.advertisementId }), 404);
    expectError(await reader('198.51.100.1').get('/api/adv/redirect').query({ aid: '999999999' }), 404);
    expectError(await reader('198.51.100.1').get('/api/adv/redirect').query({ aid: 'javascript:x' }), 400);
    await recorder.flush();
    expect(await events('adclick', ad.advertisementId)).toBe(2);
    const paths = await ds.query(`SELECT path FROM cms_stat_visit WHERE event = 'adclick' AND subject_id = $1 ORDER BY visit_id`, [
      ad.advertisementId,
    ]);
    expect(paths.map((p: { path: string }) => p.path)).toEqual(['/', '/news/a.html']);
  });

  it('counts one view per visitor per day (by cookie when sent back, else by address and agent) and none from bots', async () => {
    const first = await reader('198.51.100.2', BROWSER)
      .get('/api/adv/view')
      .set('Origin', 'null')
      .query({ aid: ad.advertisementId, url: 'https://www.example.com/a.html' });
    expect(first.status).toBe(204);
    expect(first.headers['access-control-allow-origin']).toBe('*');
    expect(String(first.headers['set-cookie'])).toMatch(/zw_adv=[0-9a-f]{32}/);
    await reader('198.51.100.2', BROWSER).get('/api/adv/view').query({ aid: ad.advertisementId });
    await reader('198.51.100.2', BROWSER).post('/api/adv/view').query({ aid: ad.advertisementId });
    await reader('198.51.100.3', BROWSER).get('/api/adv/view').query({ aid: ad.advertisementId });
    // One browser keeping its cookie from two addresses is one visitor.
    const cookie = `zw_adv=${'a1'.repeat(16)}`;
    expect(
      (await reader('198.51.100.4', BROWSER, cookie).get('/api/adv/view').query({ aid: ad.advertisementId })).headers['set-cookie'],
    ).toBeUndefined();
    await reader('198.51.100.5', BROWSER, cookie).get('/api/adv/view').query({ aid: ad.advertisementId });
    // Bots and agentless calls are not counted.
    for (const ua of ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'curl/8.5.0', 'HeadlessChrome/131.0']) {
      expect((await reader('198.51.100.6', ua).get('/api/adv/view').query({ aid: ad.advertisementId })).status).toBe(204);
      await reader('198.51.100.6', ua).get('/api/adv/redirect').query({ aid: ad.advertisementId });
    }
    // A disabled advert's views are not counted; its link still leads on.
    expectOk(await http.put('/cms/advertisement/disable', [plain.advertisementId]));
    await reader('198.51.100.7').get('/api/adv/view').query({ aid: plain.advertisementId });
    expect((await reader('198.51.100.7').get('/api/adv/view').query({ aid: 'abc' })).status).toBe(400);
    await recorder.flush();
    expect(await events('adview', ad.advertisementId)).toBe(3);
    expect(await events('adclick', ad.advertisementId)).toBe(2);
    expect(await events('adview', plain.advertisementId)).toBe(0);
    // The click beacon (code adverts) counts each click.
    expect((await reader('198.51.100.8').post('/api/adv/click').query({ aid: ad.advertisementId })).status).toBe(204);
    await recorder.flush();
    expect(await events('adclick', ad.advertisementId)).toBe(3);
    // Ad events stay out of the site's page view log.
    const log = expectOk(await http.get('/cms/stat'));
    expect(log.rows.every((r: { path: string }) => r.path !== '/a.html')).toBe(true);
  });

  it('answers the preflight of sandboxed pages (opaque origin) like the other page-script routes', async () => {
    const res = await anonymous.request('OPTIONS', '/api/adv/view').set('Origin', 'null').set('Access-Control-Request-Method', 'POST');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('serves the picking script for sandboxed pages', async () => {
    const res = await anonymous.get('/api/adv/adspace.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('answers views, clicks and click rate per advert and per day, live and rolled up alike', async () => {
    const day = today();
    const sum = expectOk(await http.get('/cms/ad/stat').query({ adSpaceId: space.pageWidgetId }));
    expect(sum.rows.find((r: { advertisementId: string }) => r.advertisementId === ad.advertisementId)).toMatchObject({
      name: '统计广告',
      adSpaceName: expect.any(String),
      views: 3,
      clicks: 3,
      ctr: 1,
    });
    const chart = expectOk(await http.get('/cms/ad/stat/chart').query({ advertisementId: ad.advertisementId }));
    expect(chart.days).toHaveLength(7);
    expect(chart.days.at(-1)).toBe(day);
    expect(chart.views.at(-1)).toBe(3);
    expect(chart.clicks.at(-1)).toBe(3);
    expect(chart.total).toEqual({ views: 3, clicks: 3, ctr: 1 });
    expect(expectOk(await http.get('/cms/ad/stat/click').query({ advertisementId: ad.advertisementId })).total).toBe(3);
    expect(expectOk(await http.get('/cms/ad/stat/view').query({ advertisementId: ad.advertisementId })).total).toBe(3);

    // Yesterday's events, rolled up by the daily task: the same figures from the roll-up table.
    const yesterday = addDays(day, -1);
    await ds.query(
      `INSERT INTO cms_stat_visit (site_id, visit_time, event, subject_id, client_type, visitor_id)
       SELECT $1, ($2::date + time '12:00')::timestamp AT TIME ZONE $3, e, $4, 'desktop', v
       FROM (VALUES ('adview', 'v1'), ('adview', 'v2'), ('adclick', 'v1'), ('adview', 'v1')) AS x(e, v)`,
      [siteId, yesterday, serverTimeZone(), ad.advertisementId],
    );
    const range = { advertisementId: ad.advertisementId, beginDate: yesterday, endDate: day };
    const live = expectOk(await http.get('/cms/ad/stat/chart').query(range));
    expect(live).toMatchObject({ days: [yesterday, day], views: [2, 3], clicks: [1, 3] });
    expect(live.ctr[0]).toBe(0.5);
    await t.app.get(CmsStatService).rollupDay(yesterday);
    const [rolled] = await ds.query(`SELECT hits, uv FROM cms_stat_event_day WHERE subject_id = $1 AND event = 'adview' AND day = $2`, [
      ad.advertisementId,
      yesterday,
    ]);
    expect(rolled).toEqual({ hits: 3, uv: 2 });
    expect(expectOk(await http.get('/cms/ad/stat/chart').query(range))).toEqual(live);

    expectError(await http.get('/cms/ad/stat/chart').query({ beginDate: day, endDate: yesterday }), 400);
    expectError(await http.get('/cms/ad/stat/chart').query({ advertisementId: '999999999' }), 404);
    expectError(await http.get('/cms/ad/stat/view'), 400);
  });
});

describe('access', () => {
  it('needs the screen permissions and the rights on the ad space', async () => {
    const nobody = await staffUserFactory(t);
    const stranger = api(() => t, { token: () => nobody.token, headers: { CurrentSite: () => siteId } });
    for (const [method, path] of [
      ['get', '/cms/adspace'],
      ['get', '/cms/advertisement'],
      ['get', '/cms/ad/stat'],
      ['get', '/cms/ad/stat/chart'],
    ] as const) {
      expect((await stranger.request(method, path)).status, path).toBe(403);
    }
    // The editor holds the screens but no right on the admin's site.
    const space = await makeSpace();
    const editorHttp = api(() => t, { token: () => editor.token, headers: { CurrentSite: () => siteId } });
    expect((await editorHttp.post('/cms/advertisement', imageAd(space.pageWidgetId))).status).toBe(403);
  });
});
