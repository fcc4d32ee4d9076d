import { zipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, screenshot, signIn } from './browser';
import { apiCaller, E2E_ADMIN_PASSWORD, startFreshProduct, type ServerProcess, type Row } from './helpers';

const ADMIN_PASSWORD = E2E_ADMIN_PASSWORD;

let server: ServerProcess | undefined;
let browser: Browser;
let base: string;
let token: string;

/** One API call as the super administrator; the `data` of the answer. */
const call = <T = Row>(method: string, url: string, body?: unknown) => apiCaller(base, token)<T>(method, url, body);

const REFERENCES = {
  '资料/黄河.txt':
    '黄河是中国北方最重要的河流之一，全长约五千四百公里。它发源于青藏高原的巴颜喀拉山脉北麓，流经九个省区，最后注入渤海。由于中游流经黄土高原，河水携带大量泥沙，因此下游河床不断抬高，形成了著名的地上河。',
  '资料/茶叶.txt':
    '茶叶的加工方法决定了茶的种类。绿茶不经发酵，鲜叶采摘后通过杀青、揉捻和干燥制成，保留了较多的天然物质。红茶则经过充分发酵，茶多酚在酶的作用下氧化，汤色红亮，滋味醇厚。',
  '空白.txt': '',
};

beforeAll(async () => {
  ({ server, base } = await startFreshProduct('library'));
  browser = await launchBrowser();
  token = await apiLogin(base, 'admin', ADMIN_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function adminPage(): Promise<Page> {
  const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1366, height: 900 } });
  await signIn(base, page, 'admin', ADMIN_PASSWORD);
  return page;
}

describe('comparison library screens', () => {
  it('creates a library, uploads a zip, sees the documents become indexed and the index statistics', async () => {
    const page = await adminPage();
    await page.goto(`${base}/admin/check/library`);
    await expect.poll(() => page.getByText('索引统计').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.locator('tbody tr', { hasText: '自建库' }).isVisible(), { timeout: 15_000 }).toBe(true);

    // Create a reference library.
    await page.getByRole('link', { name: '新增' }).click();
    await page.getByLabel(/^比对库名称/).fill('期刊参考库');
    await page.getByLabel(/^比对库编码/).fill('journal_ref');
    await page.getByRole('button', { name: '保存' }).click();
    const row = page.locator('tbody tr', { hasText: '期刊参考库' });
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await row.innerText()).toContain('参考文献');

    // Its documents page: upload a zip of two texts and an empty file.
    await row.getByRole('link', { name: '文档' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\/check\/library-document\/index\/\d+$/);
    await expect.poll(() => page.getByText('期刊参考库 (journal_ref)').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: '上传' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('上传文档').isVisible()).toBe(true);
    const zip = Buffer.from(zipSync(Object.fromEntries(Object.entries(REFERENCES).map(([name, text]) => [name, new TextEncoder().encode(text)]))));
    await dialog.locator('input[type=file]').setInputFiles({ name: '参考资料.zip', mimeType: 'application/zip', buffer: zip });
    await expect.poll(() => dialog.getByText('参考资料.zip').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: '上传' }).click();
    await expect.poll(() => page.getByText('已上传 3 个文件，正在建立索引').isVisible(), { timeout: 15_000 }).toBe(true);

    // The list follows the background job: two indexed, the empty file failed with its reason.
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.filter({ hasText: '已索引' }).count(), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => rows.filter({ hasText: '失败' }).count(), { timeout: 30_000 }).toBe(1);
    expect(await rows.filter({ hasText: '空白' }).innerText()).toContain('文件中没有可识别的文字');
    expect(await rows.filter({ hasText: '黄河' }).innerText()).toContain('资料/黄河.txt');
    await screenshot(page, 'admin-check-library-documents');

    // The statistics count them.
    const stats = await call('GET', '/check/library/stats');
    const library = stats.libraries.find((l: { libraryCode: string }) => l.libraryCode === 'journal_ref');
    expect(library).toMatchObject({ documents: 3, indexed: 2, failed: 1 });
    expect(library.postings).toBeGreaterThan(0);
    await page.getByRole('link', { name: '比对库' }).first().click();
    const panel = page.getByLabel('索引统计');
    await expect.poll(() => panel.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => panel.innerText(), { timeout: 15_000 }).toContain(stats.postings.toLocaleString('zh-CN'));
    expect(await page.locator('tbody tr', { hasText: '期刊参考库' }).innerText()).toContain('2 / 3');

    // Rebuild the index and see it complete.
    await panel.getByRole('button', { name: '重建索引' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await expect.poll(() => panel.innerText(), { timeout: 30_000 }).toMatch(/上次重建于 .+ 完成/);
    expect((await call('GET', '/check/library/stats')).postings).toBe(stats.postings);
    await screenshot(page, 'admin-check-library-stats');
    await page.close();
  });
});

describe('check task screen', () => {
  it('submits a paper, follows its progress and opens its report, the check running in a worker thread', async () => {
    const page = await adminPage();
    await page.goto(`${base}/admin/check/task`);
    await page.getByRole('button', { name: '提交检测' }).click();
    const dialog = page.getByRole('dialog');
    const paper = `黄河研究\n\n第一章 引言\n${REFERENCES['资料/黄河.txt']}\n\n第二章 讨论\n本文讨论了流域治理与生态保护之间的关系，并提出了新的观察角度和若干建议，供后续研究参考。`;
    await dialog.locator('input[type=file]').setInputFiles({ name: '黄河研究.txt', mimeType: 'text/plain', buffer: Buffer.from(paper, 'utf8') });
    await dialog.getByLabel('标题').fill('黄河研究（终稿）');
    await dialog.getByRole('button', { name: '提交检测' }).click();
    await expect.poll(() => page.getByText('已提交检测，正在排队').isVisible(), { timeout: 15_000 }).toBe(true);
    const row = page.locator('tbody tr', { hasText: '黄河研究（终稿）' });
    await expect.poll(() => row.innerText(), { timeout: 60_000 }).toContain('已完成');
    expect(await row.innerText()).toMatch(/\d+\.\d%/);
    await screenshot(page, 'admin-check-tasks');

    // The concise report opens in a new tab.
    const popup = page.waitForEvent('popup');
    await row.getByRole('button', { name: '报告' }).click();
    const report = await popup;
    await expect.poll(() => report.getByText('黄河研究（终稿）').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => report.getByText('黄河', { exact: false }).count()).toBeGreaterThan(1);
    await screenshot(report, 'check-report');
    await report.close();
    // The built server ran it off the event loop.
    expect(server!.output()).toMatch(/"threaded":true[^\n]*Check done|Check done[^\n]*"threaded":true/);
    // Its check thread was started and warmed up when the server started, before this paper came.
    const log = server!.output();
    expect(log).toContain('Check thread ready');
    expect(log.indexOf('Check thread ready')).toBeLessThan(log.indexOf('Check done'));
    await page.close();
  });
});

describe('AIGC scoring settings screen', () => {
  it('switches to an LLM-logprob server, says when it cannot be reached, and goes back to the offline model', async () => {
    const page = await adminPage();
    await page.goto(`${base}/admin/check/aigc`);
    await expect.poll(() => page.getByLabel('离线模型（内置）').isChecked(), { timeout: 15_000 }).toBe(true);
    await page.getByLabel('大模型对数概率（Fast-DetectGPT）').check();
    await page.getByLabel(/^服务地址/).fill('http://127.0.0.1:9');
    await page.getByLabel(/^模型名称/).fill('qwen2.5-7b');
    await page.getByLabel('API 密钥').fill('sk-e2e-secret');
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByText('AIGC 检测设置已保存').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText('已设置密钥；留空则保持不变').isVisible()).toBe(true);
    expect(await page.getByLabel('API 密钥').inputValue()).toBe('');
    await page.getByRole('button', { name: '测试连接' }).click();
    await expect.poll(() => page.getByText(/^连接测试失败：/).isVisible(), { timeout: 30_000 }).toBe(true);
    await screenshot(page, 'admin-check-aigc');
    const config = await call('GET', '/check/aigc/config');
    expect(config).toMatchObject({ backend: 'logprob', baseUrl: 'http://127.0.0.1:9', model: 'qwen2.5-7b', apiKeySet: true });
    expect(JSON.stringify(config)).not.toContain('sk-e2e-secret');
    await page.getByLabel('离线模型（内置）').check();
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(async () => (await call('GET', '/check/aigc/config')).backend, { timeout: 15_000 }).toBe('offline');
    await page.close();
  });
});
