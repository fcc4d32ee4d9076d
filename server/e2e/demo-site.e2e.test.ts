import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, screenshot, signIn } from './browser';
import { apiCaller, E2E_ADMIN_PASSWORD, startFreshProduct, startServerProcess, type ServerProcess } from './helpers';

/**
 * Issue 14, "the first start shows a working product": a new install (fresh embedded database, DEMO_SITE on as by
 * default) has the demo site 示例站点 published at /site/demo/pc/ and listed in the back office; a start on the
 * existing database never makes it again.
 */

let server: ServerProcess | undefined;
let browser: Browser;
let base: string;
let dataDir: string;
let env: Record<string, string>;

const WELCOME = '欢迎使用智文内容管理系统';

beforeAll(async () => {
  ({ server, base, dataDir } = await startFreshProduct('demo', { DEMO_SITE: 'true' }));
  const port = new URL(base).port;
  const pgPort = /port (\d+)\)/.exec(server.output())?.[1];
  env = { PORT: port, EMBEDDED_PG_PORT: pgPort ?? '', DATA_DIR: dataDir, ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, NODE_ENV: 'test', DEMO_SITE: 'true' };
  browser = await launchBrowser();
});

/** Publishing runs as queued jobs right after the start: waits for the home page to list the welcome article. */
async function published(): Promise<boolean> {
  const end = Date.now() + 60_000;
  while (Date.now() < end) {
    if (
      (
        await fetch(`${base}/site/demo/pc/`).then(
          (r) => r.text(),
          () => '',
        )
      ).includes(WELCOME)
    )
      return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the demo site of a new install', () => {
  it('is published: a visitor opens its home page, an article, an image set and an audio page', async () => {
    expect(await published()).toBe(true);
    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
    const home = await page.goto(`${base}/site/demo/pc/`);
    expect(home?.status()).toBe(200);
    await expect.poll(() => page.getByText('示例站点').first().isVisible(), { timeout: 15_000 }).toBe(true);
    for (const catalog of ['新闻动态', '图片欣赏', '音频节目', '视频专区'])
      expect(await page.getByRole('link', { name: catalog }).count(), catalog).toBeGreaterThan(0);
    await screenshot(page, 'demo-site-home');

    await page.getByRole('link', { name: WELCOME }).first().click();
    await expect.poll(() => page.getByText('支持多站点、多栏目和四种内容类型').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toMatch(/^\/site\/demo\/pc\/news\/\d+\.html$/);

    await page.goto(`${base}/site/demo/pc/photos/`);
    await page.getByRole('link', { name: '海与天' }).first().click();
    await expect.poll(() => page.locator('figure img').count(), { timeout: 15_000 }).toBe(3);
    // The images are real files: each one loads.
    await expect
      .poll(() => page.locator('figure img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth === 480)), {
        timeout: 15_000,
      })
      .toBe(true);
    await screenshot(page, 'demo-site-images');

    await page.goto(`${base}/site/demo/pc/audio/`);
    await page.getByRole('link', { name: '提示音：do re mi' }).first().click();
    const src = await page.locator('audio').first().getAttribute('src');
    expect(src).toMatch(/tone-1\.wav$/);
    const wav = await fetch(new URL(src!, page.url()));
    expect(wav.status).toBe(200);
    await page.close();
  });

  it('is in the back office: the content list shows its dozen published contents', async () => {
    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    await signIn(base, page, 'admin', E2E_ADMIN_PASSWORD);
    await page.goto(`${base}/admin/cms/content`);
    try {
      await expect.poll(() => page.getByText(WELCOME).first().isVisible(), { timeout: 30_000 }).toBe(true);
      await expect.poll(() => page.getByText('共 12 条').isVisible(), { timeout: 15_000 }).toBe(true);
    } finally {
      await screenshot(page, 'demo-site-content-list');
    }
    await page.close();
  });

  it('is never made again on the existing database, even after staff deleted it', async () => {
    const admin = apiCaller(base, await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD));
    const sites = await admin<{ rows: Array<{ siteId: string; name: string }> }>('GET', '/cms/site/list');
    expect(sites.rows.map((s) => s.name)).toEqual(['示例站点']);
    await admin('DELETE', `/cms/site/${sites.rows[0].siteId}`);
    expect(await server!.stop()).toBe(0);
    server = await startServerProcess(env);
    expect(server.output()).toContain('reused');
    const again = apiCaller(base, await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD));
    expect((await again<{ total: number }>('GET', '/cms/site/list')).total).toBe(0);
    expect((await fetch(`${base}/site/demo/pc/`)).status).toBe(404);
  });
});
