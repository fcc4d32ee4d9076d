import path from 'node:path';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, screenshot, signIn } from './browser';
import { E2E_ADMIN_PASSWORD, apiCaller, startFreshProduct, type Row, type ServerProcess } from './helpers';

/**
 * The resource library and the material picker in a real browser (issue 18 items 1 and 4): an editor sets the site's
 * thumbnail size, uploads three photos at once in 资源库 and sees a progress bar for each, opens an article, inserts
 * one of them from the material library into the rich text, publishes, and the published page shows the library's
 * thumbnail, which loads; the photo then refuses to be deleted while the article uses it, and the unused two go in
 * one bulk delete.
 */

let server: ServerProcess | undefined;
let browser: Browser;
let base: string;
let editorToken: string;
let siteId: string;
let catalogId: string;
let contentId: string;
let photoDir: string;

const SITE = 'res2026';
const PHOTOS = ['harbour.jpg', 'market.jpg', 'bridge.jpg'];

/** The editor's API calls on the new site (CurrentSite header). */
async function onSite<T = Row>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/prod-api${url}`, {
    method,
    headers: { Authorization: `Bearer ${editorToken}`, CurrentSite: siteId, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (json.code !== 200) throw new Error(`${method} ${url}: ${json.msg}`);
  return json.data as T;
}

/** A photo-like JPEG of about 400 KB (noise does not compress), under the site's 2 MB image limit. */
async function photo(seed: number): Promise<Buffer> {
  const width = 900;
  const height = 600;
  const pixels = Buffer.alloc(width * height * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < pixels.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    pixels[i] = (x >>> 16) & 0xff;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

beforeAll(async () => {
  ({ server, base } = await startFreshProduct('resources'));
  browser = await launchBrowser();
  const adminToken = await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD);
  const admin = apiCaller(base, adminToken);
  const roles = await admin<{ rows: Array<{ roleId: string; roleKey: string }> }>('GET', '/system/role/list?pageSize=50');
  const editor = roles.rows.find((r) => r.roleKey === 'editor')!;
  await admin('POST', '/system/user', { userName: 'picker1', nickName: '图片编辑', password: 'Editor2026', roleIds: [editor.roleId] });
  editorToken = await apiLogin(base, 'picker1', 'Editor2026');
  // The editor's site, catalog and draft article.
  ({ siteId } = await apiCaller(base, editorToken)<{ siteId: string }>('POST', '/cms/site', { name: '图片新闻', path: SITE }));
  ({ catalogId } = await onSite<{ catalogId: string }>('POST', '/cms/catalog', { name: '图片', alias: 'tupian' }));
  ({ contentId } = await onSite<{ contentId: string }>('POST', '/cms/content', {
    catalogId,
    contentType: 'article',
    title: '港口夜景',
    contentHtml: '<p>夜幕下的港口灯火通明。</p>',
  }));
  photoDir = mkdtempSync(path.join(os.tmpdir(), 'zhiwen-e2e-photos-'));
  for (const [i, name] of PHOTOS.entries()) writeFileSync(path.join(photoDir, name), await photo(i + 1));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (photoDir) rmSync(photoDir, { recursive: true, force: true });
});

describe('resource library and material picker', () => {
  it('an editor uploads three photos with progress, picks one in the article from the material library, publishes, and the page shows its thumbnail', async () => {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(base, page, 'picker1', 'Editor2026');
    await context.addCookies([{ name: 'CurrentSite', value: siteId, url: base }]);

    // 扩展设置: thumbnails 240 px wide (0 = none by default).
    await page.goto(`${base}/admin/cms/site/tabs?siteId=${siteId}&tab=extend`);
    const thumbWidth = page.locator('input[name="thumbnailWidth"]');
    await expect.poll(() => thumbWidth.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText('0 = 不生成').first().isVisible()).toBe(true);
    await thumbWidth.fill('240');
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(async () => (await onSite<Row>('GET', `/cms/site/extends?siteId=${siteId}`)).thumbnailWidth, { timeout: 15_000 }).toBe(240);

    // 资源库: three photos at once; the upload is slowed so each file's progress bar can be seen moving.
    await page.goto(`${base}/admin/cms/resource/resource`);
    const fileInput = page.locator('input[type="file"][aria-label="选择文件"]');
    await expect.poll(() => fileInput.count(), { timeout: 15_000 }).toBe(1);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 300 * 1024 });
    const seen = page.evaluate(
      () =>
        new Promise<{ items: number; values: number[] }>((resolve) => {
          const values = new Set<number>();
          let items = 0;
          const timer = setInterval(() => {
            const bars = [...document.querySelectorAll('[data-testid="upload-item"] [role="progressbar"]')];
            items = Math.max(items, bars.length);
            for (const bar of bars) values.add(Number(bar.getAttribute('aria-valuenow')));
            if (items && !bars.length) {
              clearInterval(timer);
              resolve({ items, values: [...values].sort((a, b) => a - b) });
            }
          }, 20);
        }),
    );
    await fileInput.setInputFiles(PHOTOS.map((name) => path.join(photoDir, name)));
    await expect.poll(() => page.getByTestId('upload-item').count(), { timeout: 15_000 }).toBe(3);
    await screenshot(page, 'resource-uploading');
    const progress = await seen;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(progress.items).toBe(3);
    // Each bar went through values between 0 and 100 (not just empty then gone).
    expect(progress.values.filter((v) => v > 0 && v < 100).length).toBeGreaterThan(1);
    expect(await page.getByTestId('upload-failed').count()).toBe(0);

    const cards = page.getByTestId('resource-card');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(3);
    const rows = (await onSite<{ rows: Row[] }>('GET', '/cms/resource?pageSize=10')).rows;
    expect(rows.map((r) => r.fileName).sort()).toEqual([...PHOTOS].sort());
    const market = rows.find((r) => r.fileName === 'market.jpg')!;
    expect(market.thumbnail).not.toBe('');
    expect(market.thumbnailSrc).not.toBe(market.src);
    // The grid shows the thumbnails.
    await expect.poll(() => page.locator(`[data-testid="resource-card"] img[src^="${market.thumbnailSrc}?v="]`).count(), { timeout: 15_000 }).toBe(1);
    await screenshot(page, 'resource-library');

    // The article: the image button offers the material library; the picked photo goes in as its thumbnail.
    await page.goto(`${base}/admin/cms/content/editor/${catalogId}/article/${contentId}`);
    const body = page.locator('.ql-editor');
    await expect.poll(() => body.isVisible(), { timeout: 15_000 }).toBe(true);
    await body.click();
    await page.keyboard.press('End');
    await page.locator('.ql-toolbar button.ql-image').click();
    await page.getByRole('menuitem', { name: '从素材库选择' }).click();
    const picker = page.getByRole('dialog');
    await expect.poll(() => picker.getByTestId('resource-card').count(), { timeout: 15_000 }).toBe(3);
    await picker.getByRole('button', { name: `选用 ${market.name}` }).click();
    await screenshot(page, 'resource-picker');
    await picker.getByRole('button', { name: '确定（1）' }).click();
    await expect.poll(() => body.locator(`img[src="${market.thumbnailSrc}"]`).count(), { timeout: 15_000 }).toBe(1);
    // The attachment button (any kind) inserts a link named after the file.
    await page.keyboard.press('End');
    await page.getByRole('button', { name: '附件（素材库）' }).click();
    await expect.poll(() => picker.getByTestId('resource-card').count(), { timeout: 15_000 }).toBe(3);
    await picker.getByRole('button', { name: `选用 ${market.name}` }).click();
    await picker.getByRole('button', { name: '确定（1）' }).click();
    await expect.poll(() => body.locator(`a[href="${market.src}"]`, { hasText: 'market.jpg' }).count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('button', { name: '保存并发布' }).click();
    await expect.poll(() => page.getByText('保存并发布成功').first().isVisible(), { timeout: 15_000 }).toBe(true);

    // The published article shows the library's thumbnail (linked to the original), and it loads.
    const reader = await browser.newPage({ locale: 'zh-CN' });
    const articleUrl = `${base}/site/${SITE}/pc/tupian/${contentId}.html`;
    await expect
      .poll(
        async () => {
          const res = await reader.goto(articleUrl);
          return res?.status() === 200 && (await reader.content()).includes(market.thumbnailSrc);
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    const img = reader.locator(`img[src="${market.thumbnailSrc}"]`);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 15_000 }).toBe(240);
    expect(await reader.locator(`a[href="${market.src}"] img`).count()).toBe(1);
    expect(await reader.locator(`a[href="${market.src}"]`, { hasText: 'market.jpg' }).count()).toBe(1);
    const thumb = await fetch(new URL(market.thumbnailSrc, base));
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toMatch(/^image\//);
    await screenshot(reader, 'resource-published-article');
    await reader.close();

    // 素材库 is a screen of its own (the same library), not the "being built" page.
    await page.goto(`${base}/admin/cms/resource/material`);
    await expect.poll(() => page.getByTestId('resource-card').count(), { timeout: 15_000 }).toBe(3);
    expect(await page.getByText('该页面正在建设中').count()).toBe(0);

    // Back in 资源库: the photo names the article that uses it, refuses to be deleted while it is published, and
    // downloads under its file name; the two unused photos go in one bulk delete.
    await page.goto(`${base}/admin/cms/resource/resource`);
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(3);
    await page.getByRole('button', { name: `编辑 ${market.name}` }).click();
    const editDialog = page.getByRole('dialog');
    await expect.poll(() => editDialog.getByText('港口夜景').isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'resource-edit');
    await editDialog.getByRole('button', { name: '取消' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `下载 ${market.name}` }).click();
    expect((await download).suggestedFilename()).toBe('market.jpg');
    await page.getByRole('button', { name: `删除 ${market.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await expect
      .poll(
        () =>
          page
            .getByText(/正被已发布的内容使用，不能删除：.*港口夜景/)
            .first()
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    for (const r of rows.filter((x) => x.resourceId !== market.resourceId)) await page.getByRole('checkbox', { name: `选择 ${r.name}` }).check();
    await page.getByRole('button', { name: '删除选中（2）' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(1);
    expect((await onSite<{ rows: Row[] }>('GET', '/cms/resource?pageSize=10')).rows.map((r) => r.resourceId)).toEqual([market.resourceId]);
    await context.close();
  });
});
