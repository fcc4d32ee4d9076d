import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaResponse, launchBrowser, screenshot, solveCaptcha } from './browser';
import { startFreshProduct, type ServerProcess, type Row } from './helpers';

/**
 * The public site's AI writing pages in a real browser, against the built product whose one LLM provider (from
 * LLM_BASE_URL) is a loopback fake speaking the OpenAI-compatible streaming protocol: forms, streamed answers,
 * Stop, Regenerate, Word export, the /aiwnwd conversation, the /aitools catalog and the member's writing history.
 */

/** A prompt holding this makes the fake stream slowly (many pieces, 150 ms apart): the Stop test. */
const SLOW_MARKER = '慢速长文';

interface FakeCall {
  messages: Array<{ role: string; content: string }>;
  /** The client (the server's gateway) went away before the answer ended. */
  aborted: boolean;
  /** Pieces written before it ended or was aborted. */
  written: number;
}

const calls: FakeCall[] = [];
let fake: http.Server;
let server: ServerProcess | undefined;
let browser: Browser;
let base: string;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'e2e', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

/**
 * The fake provider: `POST /v1/chat/completions` with `stream: true`. It answers Markdown naming how many messages it
 * received (a conversation sends the earlier turns) and the start of the prompt, with a `<script>` the page must
 * show as text, in several pieces.
 */
function startFakeLlm(): Promise<string> {
  fake = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString('utf8')));
    req.on('end', () => {
      if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
        res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const body = JSON.parse(raw || '{}') as { messages: FakeCall['messages']; stream?: boolean };
      const call: FakeCall = { messages: body.messages, aborted: false, written: 0 };
      calls.push(call);
      res.on('close', () => {
        if (!res.writableFinished) call.aborted = true;
      });
      void (async () => {
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
        res.flushHeaders();
        const prompt = body.messages[body.messages.length - 1]?.content ?? '';
        const slow = prompt.includes(SLOW_MARKER);
        const pieces = slow
          ? Array.from({ length: 200 }, (_, i) => `第${i + 1}句慢慢写。`)
          : [
              '# 生成结果\n\n',
              `共收到 ${body.messages.length} 条消息。`,
              '\n\n- 要点一\n',
              '- 要点二\n\n',
              '<script>alert(1)</script>\n\n',
              '**结束**',
            ];
        for (const piece of pieces) {
          if (res.destroyed) return;
          res.write(chunk(piece));
          call.written++;
          await sleep(slow ? 150 : 40);
        }
        res.write(
          `data: ${JSON.stringify({ id: 'e2e', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 20, completion_tokens: pieces.length, total_tokens: 20 + pieces.length } })}\n\n`,
        );
        res.end('data: [DONE]\n\n');
      })().catch(() => undefined);
    });
  });
  return new Promise((resolve) => fake.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`)));
}

/** Registers a member through the API (captcha read through the test hook). */
async function registerByApi(username: string, password: string): Promise<void> {
  const { uuid } = (await (await fetch(`${base}/prod-api/captchaImage`)).json()).data;
  const authCode = (await (await fetch(`${base}/prod-api/test-support/captcha/${uuid}`)).json()).data;
  const res = await fetch(`${base}/prod-api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, authCode, uuid }),
  });
  const json = await res.json();
  if (json.code !== 200) throw new Error(`register ${username}: ${json.msg}`);
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().isVisible();
const output = (page: Page) => page.locator('.ai-output');
const answerText = (page: Page) => output(page).locator('.markdown').last().innerText();
/** The generate calls the page made, with their bodies. */
function recordGenerateCalls(page: Page): Array<{ url: string; body: Row }> {
  const seen: Array<{ url: string; body: Row }> = [];
  page.on('request', (req: Request) => {
    if (req.method() === 'POST' && req.url().includes('/generate')) seen.push({ url: req.url(), body: req.postDataJSON() });
  });
  return seen;
}

let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  const llm = await startFakeLlm();
  ({ server, base } = await startFreshProduct('aisite', { LLM_BASE_URL: llm, LLM_MODEL: 'fake-writer', LLM_API_KEY: 'sk-e2e-site' }));
  browser = await launchBrowser();
  await registerByApi('ai_site1', 'Member2026');
  context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  fake?.closeAllConnections();
  await new Promise((resolve) => (fake ? fake.close(resolve) : resolve(undefined)));
});

describe('AI writing pages of the public site', () => {
  it('lists the tools by category with a search box, linked from the home page', async () => {
    await page.goto(`${base}/`);
    await page.locator('main').getByRole('link', { name: '按分类浏览与搜索全部写作工具' }).click();
    await expect.poll(() => pathOf(page)).toBe('/aitools');
    await expect.poll(() => page.getByRole('heading', { name: '学术论文' }).isVisible()).toBe(true);
    expect(await page.locator('main a[href="/aizuowen"]').count()).toBe(1);
    await page.getByLabel('搜索写作工具').fill('致谢');
    await expect.poll(() => page.locator('main .product-card').count()).toBe(1);
    expect(await page.locator('main a[href="/ailwzx"]').isVisible()).toBe(true);
    await screenshot(page, 'site-ai-catalog-search');
    await page.locator('main a[href="/ailwzx"]').click();
    await expect.poll(() => pathOf(page)).toBe('/ailwzx');
  });

  it('asks a visitor to sign in, checks the form on the client, then streams a safe answer and exports it as .docx', async () => {
    const generateCalls = recordGenerateCalls(page);
    await page.goto(`${base}/aixsxz`);
    await expect.poll(() => page.locator('main h1').first().innerText()).toBe('小说写作');
    // Signed out: the button opens the login dialog, and signing in comes back here.
    const captcha = captchaResponse(page);
    await page.getByRole('button', { name: '登录后生成' }).click();
    const dialog = page.getByRole('dialog', { name: '账号登录' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('账号', { exact: true }).fill('ai_site1');
    await dialog.getByLabel('密码', { exact: true }).fill('Member2026');
    await solveCaptcha(base, page, captcha);
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(() => visible(page, '登录成功'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => pathOf(page)).toBe('/aixsxz');

    // The shared field check runs before anything is sent.
    await page.getByRole('button', { name: '开始生成' }).click();
    await expect.poll(() => visible(page, '请输入小说标题')).toBe(true);
    expect(await visible(page, '请输入故事梗概')).toBe(true);
    expect(generateCalls).toHaveLength(0);
    expect(await page.getByLabel('小说标题').getAttribute('maxlength')).toBe('200');

    await page.getByLabel('小说标题').fill('星河旅人');
    await page.getByLabel('故事梗概').fill('一名宇航员在远行途中发现了一颗会唱歌的星球');
    await page.getByLabel('题材').selectOption('scifi');
    await page.getByRole('button', { name: '开始生成' }).click();
    await expect.poll(() => page.getByRole('button', { name: '导出 Word' }).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(generateCalls[0].body.fields).toMatchObject({ title: '星河旅人', genre: 'scifi' });
    expect(calls[calls.length - 1].messages[0].content).toContain('星河旅人');
    const text = await answerText(page);
    expect(text).toContain('要点一');
    expect(text).toContain('共收到 1 条消息。');
    // Model output is text: the <script> shows as written and is no element.
    expect(text).toContain('<script>alert(1)</script>');
    expect(await output(page).locator('script, img').count()).toBe(0);
    expect(await output(page).locator('h3', { hasText: '生成结果' }).count()).toBe(1);
    expect(await output(page).locator('li').allInnerTexts()).toEqual(['要点一', '要点二']);
    await screenshot(page, 'site-ai-generated');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出 Word' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^星河旅人-\d{12}\.docx$/);
    const documentXml = strFromU8(unzipSync(new Uint8Array(readFileSync((await file.path())!)))['word/document.xml']);
    expect(documentXml).toContain('星河旅人');
    expect(documentXml).toContain('要点一');
    expect(documentXml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');

    await page.getByRole('button', { name: '复制' }).click();
    await expect.poll(() => visible(page, '已复制到剪贴板')).toBe(true);

    // Regenerate asks again with the same fields.
    const before = calls.length;
    await page.getByRole('button', { name: '重新生成' }).click();
    await expect.poll(() => calls.length).toBe(before + 1);
    await expect.poll(() => page.getByRole('button', { name: '导出 Word' }).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(generateCalls[1].body.fields).toEqual(generateCalls[0].body.fields);
  });

  it('keeps a conversation on /aiwnwd: the second question carries the conversation id', async () => {
    const generateCalls = recordGenerateCalls(page);
    await page.goto(`${base}/aiwnwd`);
    await expect.poll(() => page.locator('main h1').first().innerText()).toBe('万能问答');
    const first = page.waitForResponse((r) => r.url().includes('/ai/tools/aiwnwd/generate'));
    await page.getByLabel('问题').fill('什么是光合作用？');
    await page.getByRole('button', { name: '发送' }).click();
    const conversationId = (await first).headers()['x-conversation-id'];
    expect(conversationId).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => visible(page, '共收到 1 条消息。'), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: '发送' }).isEnabled()).toBe(true);
    // The question field is cleared for the next one.
    expect(await page.getByLabel('问题').inputValue()).toBe('');

    await page.getByLabel('问题').fill('它需要哪些条件？');
    await page.getByRole('button', { name: '发送' }).click();
    // The earlier turn went to the model: user, assistant, then the new question.
    await expect.poll(() => visible(page, '共收到 3 条消息。'), { timeout: 20_000 }).toBe(true);
    expect(generateCalls.map((c) => c.body.conversationId)).toEqual([undefined, conversationId]);
    expect(calls[calls.length - 1].messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(await page.locator('.ai-question').allInnerTexts()).toEqual(['我什么是光合作用？', '我它需要哪些条件？']);
    await screenshot(page, 'site-ai-conversation');
  });

  it('stops a slow stream midway: the answer stops growing and the provider call is aborted', async () => {
    await page.goto(`${base}/aiwnxz`);
    await expect.poll(() => page.locator('main h1').first().innerText()).toBe('万能写作');
    await page.getByLabel('标题').fill(`${SLOW_MARKER}测试`);
    await page.getByLabel('核心内容').fill('一篇很长的文章');
    await page.getByRole('button', { name: '开始生成' }).click();
    await expect.poll(() => visible(page, '第3句慢慢写。'), { timeout: 20_000 }).toBe(true);
    const slowCall = calls[calls.length - 1];
    await page.getByRole('button', { name: '停止生成' }).click();
    await expect.poll(() => visible(page, '已停止生成')).toBe(true);
    const stoppedText = await answerText(page);
    await expect.poll(() => slowCall.aborted, { timeout: 10_000 }).toBe(true);
    await sleep(1000);
    expect(await answerText(page)).toBe(stoppedText);
    expect(slowCall.written).toBeLessThan(50);
    expect(await page.getByRole('button', { name: '开始生成' }).isEnabled()).toBe(true);
    await screenshot(page, 'site-ai-stopped');
  });

  it('lists the generations in the member home, re-opens one and deletes one', async () => {
    await page.goto(`${base}/memberIndex?tab=writing`);
    const rows = page.locator('.ai-history > li');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(5);
    const texts = await rows.allInnerTexts();
    // Newest first: the stopped one, the two questions, then the novel twice.
    expect(texts[0]).toContain(`${SLOW_MARKER}测试`);
    expect(texts[0]).toContain('万能写作');
    expect(texts[0]).toContain('已停止');
    expect(texts[1]).toContain('它需要哪些条件？');
    expect(texts[4]).toContain('星河旅人');
    expect(texts[4]).toContain('小说写作');
    expect(texts[4]).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);

    await rows.nth(4).getByRole('button', { name: '查看' }).click();
    const dialog = page.getByRole('dialog', { name: '星河旅人' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator('.markdown').innerText()).toContain('要点一');
    await screenshot(page, 'site-ai-history-open');
    await dialog.getByRole('button', { name: '关闭' }).click();

    await rows.nth(4).getByRole('button', { name: '删除' }).click();
    await rows.nth(4).getByRole('button', { name: '确认删除' }).click();
    await expect.poll(() => visible(page, '已删除')).toBe(true);
    await expect.poll(() => rows.count()).toBe(4);
    expect((await rows.allInnerTexts()).filter((row) => row.includes('星河旅人'))).toHaveLength(1);
    await screenshot(page, 'site-ai-history');
  });
});
