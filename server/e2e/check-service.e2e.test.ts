import { readFileSync } from 'node:fs';
import { Document, Packer, Paragraph, HeadingLevel } from 'docx';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, captchaResponse, launchBrowser, screenshot, signIn, solveCaptcha } from './browser';
import { apiCaller, E2E_ADMIN_PASSWORD, startFreshProduct, type ServerProcess, type Row } from './helpers';

/**
 * The paper-check service in a real browser (issue 8): a member registers, orders a free AIGC check and a duplicate
 * check of a .docx the test makes, watches the progress, opens the report and downloads the PDF; staff then find the
 * orders in the back office.
 */

const SOURCE =
  '黄河是中国北方最重要的河流之一，全长约五千四百公里。它发源于青藏高原的巴颜喀拉山脉北麓，流经九个省区，最后注入渤海。由于中游流经黄土高原，河水携带大量泥沙，因此下游河床不断抬高，形成了著名的地上河。历史上黄河多次改道，给沿岸居民带来深重灾难，也塑造了华北平原的地貌。';
const OWN =
  '本文从流域治理的角度讨论河道管理的若干问题。笔者在三个县进行了实地走访，记录了堤防维护、泥沙清淤和农田灌溉之间的矛盾，并据此提出分段管理、上下游协同和信息公开三条建议，供地方管理部门参考。';
const TITLE = '黄河下游河道治理研究';

let server: ServerProcess | undefined;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let base: string;
let adminToken: string;

const admin = <T = Row>(method: string, url: string, body?: unknown) => apiCaller(base, adminToken)<T>(method, url, body);
const pathOf = (p: Page) => new URL(p.url()).pathname;

/** The paper: a Word file with a heading, the author's own paragraph and one copied from the library's source. */
async function paperDocx(): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: TITLE, heading: HeadingLevel.TITLE }),
          new Paragraph({ text: '第一章 绪论', heading: HeadingLevel.HEADING_1 }),
          new Paragraph(OWN),
          new Paragraph(SOURCE),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

/** Makes a product free (the free provider then pays it at once). */
async function makeFree(pathUrl: string): Promise<void> {
  const { rows } = await admin<{ rows: Row[] }>('GET', `/check/product/list?pageSize=50`);
  const product = rows.find((p) => p.pathUrl === pathUrl)!;
  await admin('PUT', '/check/product', { ...product, price: 0, priceMode: 'fixed' });
}

/** Orders a check of the paper on a product page and follows it to the report; answers the order number. */
async function orderCheck(route: string, file: Buffer): Promise<string> {
  await page.goto(`${base}${route}`);
  await page.getByTestId('check-title').fill(TITLE);
  await page.getByTestId('check-author').fill('李四');
  await page
    .getByTestId('check-file')
    .setInputFiles({ name: '河道治理.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: file });
  await page.getByTestId('check-submit').click();
  await expect.poll(() => page.getByTestId('check-pay').isVisible(), { timeout: 20_000 }).toBe(true);
  expect(await page.getByTestId('check-fee').innerText()).toContain('0.00');
  const orderNo = (await page.getByTestId('check-order-no').innerText()).trim();
  expect(orderNo).toMatch(/^CK\d{8}[0-9A-F]{16}$/);
  expect(new URL(page.url()).searchParams.get('order')).toBe(orderNo);
  await page.getByTestId('check-pay').click();
  // Progress shows while the check runs, then the report.
  await expect
    .poll(() => page.getByTestId('check-progress').or(page.getByTestId('check-report-frame')).first().isVisible(), { timeout: 20_000 })
    .toBe(true);
  await expect.poll(() => page.getByTestId('check-status').getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
  const frame = page.frameLocator('[data-testid="check-report-frame"]');
  await expect.poll(() => frame.getByText(TITLE).first().isVisible(), { timeout: 20_000 }).toBe(true);
  return orderNo;
}

beforeAll(async () => {
  // No warm check thread here (check-library.e2e.test.ts has it): the first check starts the thread itself.
  ({ server, base } = await startFreshProduct('check-service', { CHECK_WARM_THREAD: 'false' }));
  browser = await launchBrowser();
  adminToken = await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD);
  // A reference library holding the source the paper copies from.
  const library = await admin<{ libraryId: string }>('POST', '/check/library', { libraryName: '河流资料库', libraryCode: 'river_ref', sort: 5 });
  const form = new FormData();
  form.set('libraryId', String(library.libraryId));
  form.set('file', new Blob([SOURCE], { type: 'text/plain' }), '黄河.txt');
  const upload = await fetch(`${base}/prod-api/check/document/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken}` },
    body: form,
  });
  expect((await upload.json()).code).toBe(200);
  const indexedBy = Date.now() + 30_000;
  const statuses = async () =>
    (await admin<{ rows: Array<{ status: string }> }>('GET', `/check/document/list?libraryId=${library.libraryId}`)).rows.map((d) => d.status);
  while ((await statuses()).join() !== 'indexed' && Date.now() < indexedBy) await new Promise((r) => setTimeout(r, 250));
  expect(await statuses()).toEqual(['indexed']);
  await makeFree('/aigc');
  await makeFree('/bkysb');
  context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('paper checks on the public site', () => {
  it('a new member orders a free AIGC check and a duplicate check of a .docx, follows them and downloads the PDF report', async () => {
    const captcha = captchaResponse(page);
    await page.goto(`${base}/register`);
    await page.getByLabel('账号', { exact: true }).fill('check_e2e1');
    await page.getByLabel('密码', { exact: true }).fill('Member2026');
    await page.getByLabel('确认密码', { exact: true }).fill('Member2026');
    await solveCaptcha(base, page, captcha);
    await page.getByRole('main').getByRole('button', { name: '注册', exact: true }).click();
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/memberIndex');

    // The entry page lists the products with their prices.
    await page.goto(`${base}/aicheck`);
    await expect.poll(() => page.getByTestId('check-product-aigc').isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'site-check-products');

    const file = await paperDocx();
    const aigcOrder = await orderCheck('/aigc', file);
    expect(await page.getByTestId('check-ratios').innerText()).toMatch(/AI特征值/);
    await screenshot(page, 'site-check-aigc-report');
    const download = page.waitForEvent('download');
    await page.getByTestId('check-download-pdf').click();
    const pdf = readFileSync((await (await download).path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // The check ran in a thread that the check itself started: nothing was warmed at boot.
    expect(server!.output()).toMatch(/"threaded":true[^\n]*Check done|Check done[^\n]*"threaded":true/);
    expect(server!.output()).not.toContain('Check thread ready');

    const duplicateOrder = await orderCheck('/bkysb', file);
    const ratios = await page.getByTestId('check-ratios').innerText();
    expect(ratios).toContain('总文字复制比');
    // The copied paragraph is about half of the paper's text: the ratio is far from 0.
    const total = Number(/总文字复制比[^\d]*([\d.]+)%/.exec(ratios)?.[1]);
    expect(total).toBeGreaterThan(20);
    const frame = page.frameLocator('[data-testid="check-report-frame"]');
    expect(await frame.getByText('黄河').first().isVisible()).toBe(true);
    await screenshot(page, 'site-check-duplicate-report');
    const pdf2 = page.waitForEvent('download');
    await page.getByTestId('check-download-pdf').click();
    expect(
      readFileSync((await (await pdf2).path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // The member home lists both orders; /report finds one by its number.
    await page.goto(`${base}/memberIndex?tab=orders`);
    await expect.poll(() => page.locator(`[data-order-no="${aigcOrder}"]`).first().isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.locator(`[data-order-no="${duplicateOrder}"]`).first().isVisible()).toBe(true);
    await screenshot(page, 'site-check-member-orders');
    await page.goto(`${base}/report`);
    await page.getByTestId('check-search').fill(duplicateOrder);
    await page.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => page.getByTestId('check-order-row').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('check-order-row').getAttribute('data-order-no')).toBe(duplicateOrder);

    // Staff see the orders in the back office.
    const staff = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1366, height: 900 } });
    await signIn(base, staff, 'admin', E2E_ADMIN_PASSWORD);
    await staff.goto(`${base}/admin/check/order`);
    const row = staff.locator('tbody tr', { hasText: duplicateOrder });
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await row.innerText()).toContain('已完成');
    expect(await staff.locator('tbody tr', { hasText: aigcOrder }).isVisible()).toBe(true);
    await screenshot(staff, 'admin-check-orders');
    await staff.close();
  });

  it('shows the sample report to visitors', async () => {
    const visitor = await browser.newPage({ locale: 'zh-CN' });
    await visitor.goto(`${base}/aicheckylbg`);
    const frame = visitor.frameLocator('[data-testid="check-report-frame"]');
    await expect.poll(() => frame.getByText('城市社区居民垃圾分类参与行为的影响因素研究').first().isVisible(), { timeout: 30_000 }).toBe(true);
    await visitor.close();
  });
});
