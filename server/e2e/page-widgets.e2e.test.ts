import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, signIn } from './browser';
import { addToHomeTemplate, apiCaller, editorWithSite, startFreshProduct, type Row, type ServerProcess } from './helpers';

/**
 * Page widgets and manual blocks in a real browser (issue 19 parts 1 and 2): an editor creates a manual block with two
 * items in 手动区块, drags the second above the first by its handle, saves and
 * publishes it; the site's home template includes it with {% pagewidget %}, and the published page shows the items in
 * the new order. The content screen's 页面部件 tab lists it.
 */

let server: ServerProcess | undefined;
let browser: Browser;
let base: string;
/** API calls as the editor, in the editor's site. */
let onSite: ReturnType<typeof apiCaller>;
let siteId: string;

const SITE = 'widgets2026';
const CODE = 'e2e_links';

beforeAll(async () => {
  ({ server, base } = await startFreshProduct('pagewidgets'));
  browser = await launchBrowser();
  ({ siteId, onSite } = await editorWithSite(
    base,
    { userName: 'blocks1', nickName: '区块编辑', password: 'Editor2026' },
    { name: '区块站点', path: SITE },
  ));
  // The site's developer places the widget on the home page template.
  await addToHomeTemplate(onSite, `<section id="links">{% pagewidget code:'${CODE}' %}</section>`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('manual blocks: from the editor to the published page', () => {
  it('an editor creates a block with two items, reorders them by drag and drop, publishes, and the page shows them in order', async () => {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    await signIn(base, page, 'blocks1', 'Editor2026');
    await context.addCookies([{ name: 'CurrentSite', value: siteId, url: base }]);

    // 新增 in 手动区块: name, code, path; pipe pc is preset; two items.
    await page.goto(`${base}/admin/cms/block`);
    await expect.poll(() => page.getByRole('link', { name: '新增' }).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('link', { name: '新增' }).first().click();
    await page.getByLabel(/^名称/).fill('友情推荐');
    await page.getByLabel(/^编码/).fill(CODE);
    await page.getByLabel(/^发布路径/).fill(`include/${CODE}.html`);
    const items = page.getByTestId('block-item');
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(1);
    await items.nth(0).getByLabel(/^标题/).fill('第一条');
    await items.nth(0).getByLabel(/^链接/).fill('https://example.com/one');
    await page.getByRole('button', { name: '添加条目' }).click();
    await items.nth(1).getByLabel(/^标题/).fill('第二条');
    await items.nth(1).getByLabel(/^链接/).fill('/two.html');
    await screenshot(page, 'page-widgets-create');
    await page.getByRole('button', { name: '保存' }).click();

    // Saved: the editor page of the block opens with its items.
    await expect.poll(() => page.getByText('编辑手动区块：友情推荐').first().isVisible(), { timeout: 15_000 }).toBe(true);
    const [block] = (await onSite<{ rows: Row[] }>('GET', `/cms/block?code=${CODE}`)).rows;
    expect(block.content.rows[0].items.map((i: Row) => i.title)).toEqual(['第一条', '第二条']);

    // Drag the second item by its handle above the first (pointer events, as a mouse drag).
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(2);
    const handle = page.getByRole('button', { name: '拖动排序：第二条' });
    await handle.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    await handle.hover();
    const from = (await handle.boundingBox())!;
    const to = (await items.nth(0).boundingBox())!;
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
    await page.mouse.move(from.x + from.width / 2, to.y + 10, { steps: 20 });
    await page.waitForTimeout(200);
    await page.mouse.up();
    await expect.poll(() => items.nth(0).getByLabel(/^标题/).inputValue(), { timeout: 10_000 }).toBe('第二条');
    await screenshot(page, 'page-widgets-reordered');
    await page.getByRole('button', { name: '保存' }).click();
    await expect
      .poll(async () => (await onSite<Row>('GET', `/cms/block/${block.pageWidgetId}`)).content.rows[0].items.map((i: Row) => i.title).join(','), {
        timeout: 15_000,
      })
      .toBe('第二条,第一条');

    // 发布 from the list: the fragment is written and the home page that includes it is republished.
    await page.goto(`${base}/admin/cms/block`);
    const row = page.locator('tbody tr', { hasText: CODE });
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    await row.getByRole('button', { name: '发布' }).click();
    await expect.poll(async () => (await row.innerText()).includes('已发布'), { timeout: 15_000 }).toBe(true);
    const fragment = await (await fetch(`${base}/site/${SITE}/pc/include/${CODE}.html`)).text();
    expect(fragment.indexOf('第二条')).toBeGreaterThan(-1);
    expect(fragment.indexOf('第二条')).toBeLessThan(fragment.indexOf('第一条'));

    const reader = await browser.newPage();
    await expect
      .poll(
        async () => {
          await reader.goto(`${base}/site/${SITE}/pc/`);
          return reader.locator('#links a').allInnerTexts();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toEqual(['第二条', '第一条']);
    expect(await reader.locator('#links a').first().getAttribute('href')).toBe('/two.html');
    await screenshot(reader, 'page-widgets-published');
    await reader.close();

    // The content screen's 页面部件 tab lists the site's widgets, the block among them.
    await page.goto(`${base}/admin/cms/content`);
    await expect.poll(() => page.getByRole('tab', { name: '页面部件' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('tab', { name: '页面部件' }).click();
    await expect.poll(() => page.locator('tbody tr', { hasText: CODE }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.locator('tbody tr', { hasText: CODE }).innerText()).toContain('手动区块');
    await screenshot(page, 'page-widgets-content-tab');

    // ChestnutCMS's editor path opens the block; a malformed id says so (spec 8).
    await page.goto(`${base}/admin/cms/block/manual/editor?id=${block.pageWidgetId}`);
    await expect.poll(() => page.getByText('编辑手动区块：友情推荐').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('block-item').nth(0).getByLabel(/^标题/).inputValue(), { timeout: 15_000 }).toBe('第二条');
    await page.goto(`${base}/admin/cms/block/manual/editor?id=abc`);
    await expect.poll(() => page.getByText('页面部件ID缺失或无效').isVisible(), { timeout: 15_000 }).toBe(true);
    await context.close();
  });
});
