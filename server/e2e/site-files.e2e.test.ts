import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, screenshot, signIn } from './browser';
import { apiCaller, E2E_ADMIN_PASSWORD, startFreshProduct, type ServerProcess, type Row } from './helpers';

/**
 * Site files in a real browser (issue 18 item 5): the site's theme has a stylesheet its pages link; staff open it in
 * 文件管理, change it in the code editor and save; after a publish the published page links the new stylesheet.
 */

let server: ServerProcess | undefined;
let browser: Browser;
let base: string;
let adminToken: string;
let siteId: string;

const admin = <T = Row>(method: string, url: string, body?: unknown) => apiCaller(base, adminToken)<T>(method, url, body);
const SITE = 'files2026';
const OLD_CSS = 'body { background-color: rgb(245, 246, 248); }';
const NEW_CSS = 'body { background-color: rgb(255, 228, 196); }';

/** The stylesheet the published home page links, fetched as a reader would. */
async function linkedCss(): Promise<string | null> {
  const home = await fetch(`${base}/site/${SITE}/pc/`);
  if (home.status !== 200) return null;
  const href = /<link rel="stylesheet" href="([^"]*assets\/site\.css)"/.exec(await home.text())?.[1];
  if (!href) return null;
  const css = await fetch(new URL(href, `${base}/site/${SITE}/pc/`));
  return css.status === 200 ? css.text() : null;
}

async function publish(): Promise<void> {
  await admin('POST', '/cms/site/publish', { siteId });
}

beforeAll(async () => {
  ({ server, base } = await startFreshProduct('files'));
  browser = await launchBrowser();
  adminToken = await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD);
  // A site with the default theme; its developer adds a stylesheet and links it from the shared header.
  ({ siteId } = await admin<{ siteId: string }>('POST', '/cms/site', { name: '文件站', path: SITE }));
  const body = new FormData();
  body.append('dir', 'theme-assets/pc');
  body.append('file', new Blob([OLD_CSS], { type: 'text/css' }), 'site.css');
  const up = await fetch(`${base}/prod-api/cms/file/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken}`, CurrentSite: siteId },
    body,
  });
  expect((await up.json()).code).toBe(200);
  const header = 'theme-templates/pc/include/header.template.html';
  const text = await admin<string>('POST', '/cms/file/read', { filePath: header });
  const linked = text.replace('</head>', `<link rel="stylesheet" href="{{ 'site.css' | asset_url }}">\n</head>`);
  expect(linked).not.toBe(text);
  await admin('POST', '/cms/file/edit', { filePath: header, fileContent: linked });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('site files: the theme stylesheet edited in the browser', () => {
  it('staff edit the CSS in the files editor, publish, and the published page uses it', async () => {
    // Published as the developer left it: the home page links the stylesheet.
    await publish();
    await expect.poll(linkedCss, { timeout: 60_000, interval: 500 }).toBe(OLD_CSS);

    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    await signIn(base, page, 'admin', E2E_ADMIN_PASSWORD);

    // 资源 > 文件管理: the tree has the pipe's published folder and the theme; open the theme's assets of pc.
    await page.goto(`${base}/admin/cms/resource/file`);
    await expect.poll(() => page.getByRole('button', { name: '主题资源' }).first().isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByRole('table').getByRole('button', { name: '主题资源' }).click();
    await expect.poll(() => page.getByRole('table').getByRole('button', { name: 'pc', exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('table').getByRole('button', { name: 'pc', exact: true }).click();
    await expect.poll(() => page.getByRole('link', { name: 'site.css' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'cms-files-theme-assets');

    // The editor: CodeMirror with the file's text; replaced and saved.
    await page.getByRole('link', { name: 'site.css' }).click();
    const code = page.getByRole('textbox', { name: '文件 site.css 的内容' });
    await expect.poll(() => code.innerText(), { timeout: 20_000 }).toContain('rgb(245, 246, 248)');
    await code.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(NEW_CSS);
    await expect.poll(() => page.getByText('未保存').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByText('已保存').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'cms-files-editor-saved');

    // Published: the page links the new stylesheet, and a reader's browser paints with it.
    await publish();
    await expect.poll(linkedCss, { timeout: 60_000, interval: 500 }).toBe(NEW_CSS);
    const reader = await browser.newPage({ locale: 'zh-CN' });
    await reader.goto(`${base}/site/${SITE}/pc/`);
    await expect.poll(() => reader.evaluate(() => getComputedStyle(document.body).backgroundColor), { timeout: 15_000 }).toBe('rgb(255, 228, 196)');
    await screenshot(reader, 'cms-files-published');
  });
});
