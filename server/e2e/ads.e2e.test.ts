import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, signIn } from './browser';
import { addToHomeTemplate, apiCaller, editorWithSite, startFreshProduct, type Row, type ServerProcess } from './helpers';

/**
 * Ads in a real browser (issue 19 part 3): an editor creates an ad space in 广告位 and two text adverts in 广告管理,
 * the site's home template places the space with {% pagewidget %}, the editor publishes it; a reader's published home
 * page shows one of the two adverts (picked by weight by the space's script, which sends its view beacon), the reader
 * clicks it (through the counting redirect, to the advert's own URL), and 统计 > 广告统计 shows the view and the click.
 *
 * Headless Chromium says "HeadlessChrome" in its user agent, which statistics drop as a bot: the reader uses the agent
 * of an ordinary desktop browser.
 */

const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SITE = 'ads2026';
const CODE = 'e2e_banner';

let server: ServerProcess | undefined;
let browser: Browser;
let base: string;
/** API calls as the editor, in the editor's site. */
let onSite: ReturnType<typeof apiCaller>;
let siteId: string;

beforeAll(async () => {
  ({ server, base } = await startFreshProduct('ads'));
  browser = await launchBrowser();
  ({ siteId, onSite } = await editorWithSite(
    base,
    { userName: 'ads1', nickName: '广告编辑', password: 'Editor2026' },
    { name: '广告站点', path: SITE },
  ));
  // The site's developer places the widget on the home page template.
  await addToHomeTemplate(onSite, `<section id="ads">{% pagewidget code:'${CODE}' %}</section>`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('ads: from the editor to the published page and the ad statistics', () => {
  it('an editor creates an ad space with two adverts and publishes it; the page shows one; a click is counted and charted', async () => {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    await signIn(base, page, 'ads1', 'Editor2026');
    await context.addCookies([{ name: 'CurrentSite', value: siteId, url: base }]);

    // 广告 > 广告位 > 新增: name, code, pipe, path.
    await page.goto(`${base}/admin/cms/ad/adspace`);
    await expect.poll(() => page.getByRole('link', { name: '新增' }).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('link', { name: '新增' }).first().click();
    await page.getByLabel(/^名称/).fill('首页横幅');
    await page.getByLabel(/^编码/).fill(CODE);
    await page.getByLabel(/^发布通道/).click();
    await page.getByRole('option', { name: 'PC端' }).click();
    await page.getByLabel(/^发布路径/).fill(`include/ad/${CODE}.html`);
    await page.getByRole('button', { name: '保存' }).click();
    const spaceRow = page.locator('tbody tr', { hasText: CODE });
    await expect.poll(() => spaceRow.isVisible(), { timeout: 15_000 }).toBe(true);

    // 广告管理 > 新增, twice: text adverts leading to the site's own pages, in the same window.
    const home = `${base}/site/${SITE}/pc/`;
    for (const [name, words, weight] of [
      ['春季促销', '春季促销，全场八折', '3'],
      ['夏季促销', '夏季促销，买一送一', '1'],
    ]) {
      await page.goto(`${base}/admin/cms/ad/advertisement/create`);
      await expect.poll(() => page.getByLabel(/^广告位/).isVisible(), { timeout: 15_000 }).toBe(true);
      await page.getByLabel(/^广告位/).click();
      await page.getByRole('option', { name: `首页横幅 (${CODE})` }).click();
      await page.getByLabel(/^名称/).fill(name);
      await page.getByRole('radio', { name: '文字' }).check();
      await page.getByLabel(/^权重/).fill(weight);
      await page.getByRole('textbox', { name: /^文字/ }).fill(words);
      await page.getByLabel(/^跳转链接/).fill(`${home}?from=${encodeURIComponent(name)}`);
      await page.getByRole('radio', { name: '当前窗口' }).check();
      await page.getByRole('button', { name: '保存' }).click();
      await expect.poll(() => page.locator('tbody tr', { hasText: name }).isVisible(), { timeout: 15_000 }).toBe(true);
    }
    await screenshot(page, 'ads-adverts');
    const adverts = (await onSite<{ rows: Row[] }>('GET', '/cms/advertisement')).rows;
    expect(adverts.map((a) => [a.name, a.type, a.weight, a.linkTarget]).sort()).toEqual([
      ['夏季促销', 'text', 1, '_self'],
      ['春季促销', 'text', 3, '_self'],
    ]);

    // 发布 from the ad space list: the fragment, and the home page including it.
    await page.goto(`${base}/admin/cms/ad/adspace`);
    await expect.poll(() => spaceRow.isVisible(), { timeout: 15_000 }).toBe(true);
    await spaceRow.getByRole('button', { name: '发布' }).click();
    await expect.poll(async () => (await spaceRow.innerText()).includes('已发布'), { timeout: 15_000 }).toBe(true);

    // A reader opens the published home page: one advert of the two shows.
    const readerContext = await browser.newContext({ locale: 'zh-CN', userAgent: DESKTOP });
    const reader = await readerContext.newPage();
    const shown = reader.locator('#ads .zw-ad:not([hidden])');
    await expect
      .poll(
        async () => {
          await reader.goto(home);
          return shown.count();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(1);
    expect(await reader.locator('#ads .zw-ad').count()).toBe(2);
    const words = await shown.innerText();
    expect(['春季促销，全场八折', '夏季促销，买一送一']).toContain(words.trim());
    await screenshot(reader, 'ads-published');

    // The click goes through the counting redirect to the advert's own URL.
    await Promise.all([reader.waitForURL(/\?from=/, { timeout: 15_000 }), shown.locator('a').click()]);
    const clicked = words.startsWith('春季') ? '春季促销' : '夏季促销';
    expect(decodeURIComponent(new URL(reader.url()).search)).toBe(`?from=${clicked}`);
    await readerContext.close();

    // 统计 > 广告统计: the view and the click of today, charted. (The page the click leads to shows the space again:
    // the other advert may be picked there and count its own view.)
    await expect
      .poll(async () => (await onSite<{ rows: Row[] }>('GET', '/cms/ad/stat')).rows.find((r) => r.name === clicked), {
        timeout: 15_000,
        interval: 500,
      })
      .toMatchObject({ views: 1, clicks: 1, ctr: 1 });
    await page.goto(`${base}/admin/cms/stat/ad`);
    await expect.poll(() => page.getByTestId('adstat-clicks').innerText(), { timeout: 15_000 }).toBe('1');
    expect(['1', '2']).toContain(await page.getByTestId('adstat-views').innerText());
    await expect.poll(() => page.getByTestId('adstat-trend').locator('svg path').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const row = page.getByTestId('adstat-table').locator('tbody tr', { hasText: clicked });
    await expect.poll(async () => (await row.innerText()).replace(/\s+/g, ' '), { timeout: 15_000 }).toContain('首页横幅 1 1 100.00%');
    // Picking the advert charts it alone and lists its click.
    await row.click();
    await expect.poll(() => page.getByTestId('adstat-clicks-log').locator('tbody tr').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('adstat-clicks-log').innerText()).toContain('/site/');
    await screenshot(page, 'ads-statistics');
    await context.close();
  });
});
