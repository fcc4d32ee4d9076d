import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeOpenAiServer, type SeenRequest } from '../src/ai/gateway/test-fixtures';
import { apiLogin, launchBrowser, screenshot, signIn } from './browser';
import { apiCaller, E2E_ADMIN_PASSWORD, startFreshProduct, type ServerProcess, type Row } from './helpers';

const API_KEY = 'sk-e2e-secret-key-13579';
let server: ServerProcess | undefined;
let browser: Browser;
let base: string;
let token: string;
let fakeUrl: string;
const seen: SeenRequest[] = [];
const fake = fakeOpenAiServer(seen);

const call = <T = Row>(method: string, url: string, body?: unknown) => apiCaller(base, token)<T>(method, url, body);

async function adminPage(): Promise<Page> {
  const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1366, height: 900 } });
  await signIn(base, page, 'admin', E2E_ADMIN_PASSWORD);
  return page;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  ({ server, base } = await startFreshProduct('ai-admin'));
  browser = await launchBrowser();
  token = await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
});

describe('AI writing screens', () => {
  it('warns that no provider is set, adds one with a write-only key and tests the connection', async () => {
    const page = await adminPage();
    await page.goto(`${base}/admin/ai/tool`);
    await expect.poll(() => page.getByText('本站还没有可用的 AI 服务商').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.locator('tbody tr', { hasText: 'AI小说写作' }).isVisible(), { timeout: 15_000 }).toBe(true);

    await page.goto(`${base}/admin/ai/provider`);
    await expect.poll(() => page.getByText('还没有 AI 服务商').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('link', { name: '新增' }).click();
    await expect.poll(() => page.getByLabel(/^服务地址/).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByLabel(/^名称/).fill('本地模型');
    await page.getByLabel(/^服务地址/).fill(fakeUrl);
    await page.getByLabel(/^API 密钥/).fill(API_KEY);
    await page.getByLabel(/^模型/).fill('fast');
    await page.getByRole('button', { name: '保存' }).click();
    const row = page.locator('tbody tr', { hasText: '本地模型' });
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await row.innerText()).toContain('••••••');
    expect(await page.content()).not.toContain(API_KEY);

    await row.getByRole('button', { name: '测试连接' }).click();
    await expect.poll(() => page.getByText(/连接正常：fast，首字 \d+ 毫秒/).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(seen.at(-1)?.authorization).toBe(`Bearer ${API_KEY}`);
    await screenshot(page, 'admin-ai-providers');
    const listed = await call<{ rows: Row[] }>('GET', '/ai/provider/list');
    expect(listed.rows[0]).toMatchObject({ providerName: '本地模型', apiKeySet: true });
    expect(JSON.stringify(listed)).not.toContain(API_KEY);
    await page.close();
  });

  it('edits an AI writing page, previews its prompt and the provider’s answer, and saves', async () => {
    const { rows } = await call<{ rows: Row[] }>('GET', '/ai/tool/list?toolName=aiwnxz');
    const tool = rows[0];
    const page = await adminPage();
    await page.goto(`${base}/admin/ai/tool/${tool.toolId}`);
    await expect.poll(() => page.getByLabel(/^提示词模板/).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByLabel(/^名称/).fill('万能写作助手');
    const preview = page.getByTestId('prompt-preview');
    await page.getByRole('textbox', { name: '标题', exact: true }).last().fill('春游记');
    await page.getByRole('textbox', { name: '核心内容', exact: true }).last().fill('踏青');
    await expect.poll(() => preview.innerText()).toContain('标题：春游记');
    await page.getByRole('button', { name: '用 AI 服务商试运行' }).click();
    await expect.poll(() => page.getByTestId('output-preview').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByTestId('output-preview').innerText()).toBe('你好，世界！');
    expect(seen.at(-1)?.body.messages[0].content).toContain('标题：春游记');
    await screenshot(page, 'admin-ai-tool-edit');
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(async () => (await call('GET', `/ai/tool/${tool.toolId}`)).toolName, { timeout: 15_000 }).toBe('万能写作助手');
    const site = await (await fetch(`${base}/prod-api/ai/tools/aiwnxz`)).json();
    expect(site.data.name).toBe('万能写作助手');
    await page.close();
  });

  it('lists the usage log with its filters', async () => {
    const page = await adminPage();
    await page.goto(`${base}/admin/ai/usage`);
    const row = page.locator('tbody tr', { hasText: '本地模型' }).first();
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await row.innerText()).toContain('成功');
    await screenshot(page, 'admin-ai-usage');
    await page.close();
  });
});
