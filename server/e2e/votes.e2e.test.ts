import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, screenshot, signIn } from './browser';
import { apiCaller, E2E_ADMIN_PASSWORD, registerMemberByApi, startFreshProduct, startSiteHost, type Row, type ServerProcess } from './helpers';

/**
 * Votes in a real browser (issue 20 part 4): staff create a vote with its subjects and items in 投票调查, the site's
 * home template shows it with {% vote %}, a member votes on the published page and, voting again the same day, gets
 * the limit message; staff see the count in the results chart.
 *
 * One member votes on the site's own host (the published files served without the built-in server's sandbox, the API
 * proxied under /prod-api, as docs/cms.md describes for nginx), where page script reads the member's cookie; another
 * on the built-in server (/site/...), where the widget connects through the member site for a page token.
 */

let server: ServerProcess | undefined;
let browser: Browser;
let base: string;
let adminToken: string;
let memberToken: string;
let siteId: string;
let siteHost: { url: string; close: () => Promise<void> };

const SITE = 'votes2026';
const CODE = 'reader2026';
const admin = <T = Row>(method: string, url: string, body?: unknown) => apiCaller(base, adminToken)<T>(method, url, body);

/** A `datetime-local` value `hours` from now, in the browser's (this machine's) time zone. */
function localInput(hours: number): string {
  const d = new Date(Date.now() + hours * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const registerMember = (username: string, password = 'Member2026') => registerMemberByApi(base, username, password);

beforeAll(async () => {
  ({ server, base } = await startFreshProduct('votes'));
  browser = await launchBrowser();
  adminToken = await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD);
  ({ siteId } = await admin<{ siteId: string }>('POST', '/cms/site', { name: '投票站', path: SITE }));
  // The site's developer puts the vote on the home page template.
  const index = 'theme-templates/pc/index.template.html';
  const text = await admin<string>('POST', '/cms/file/read', { filePath: index });
  const withVote = text.replace(
    "{% include 'include/footer' %}",
    `<section id="poll">{% vote code:'${CODE}' %}</section>\n{% include 'include/footer' %}`,
  );
  expect(withVote).not.toBe(text);
  await admin('POST', '/cms/file/edit', { filePath: index, fileContent: withVote });
  memberToken = await registerMember('voter2026');
  await registerMember('pagevoter2026');
  siteHost = await startSiteHost(base);
});

afterAll(async () => {
  await siteHost?.close();
  await browser?.close();
  await server?.stop();
});

describe('votes: from the back office to the published page and back', () => {
  it('staff build a vote, a member votes on the published page once a day, staff see the count', async () => {
    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    await signIn(base, page, 'admin', E2E_ADMIN_PASSWORD);

    // 新增: a members-only vote, once a day, results always shown.
    await page.goto(`${base}/admin/cms/interact/vote`);
    await expect.poll(() => page.getByRole('link', { name: '新增' }).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('link', { name: '新增' }).first().click();
    await page.getByLabel(/^标题/).fill('2026 读者调查');
    await page.getByLabel(/^编码/).fill(CODE);
    await page.getByLabel(/^开始时间/).fill(localInput(-1));
    await page.getByLabel(/^结束时间/).fill(localInput(48));
    await page.getByLabel(/^每日可参与次数/).fill('1');
    await page.getByLabel(/^总可参与次数/).fill('5');
    await screenshot(page, 'votes-create');
    await page.getByRole('button', { name: '保存' }).click();
    const row = page.locator('tbody tr', { hasText: CODE });
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await row.innerText()).toContain('会员（每位会员计次）');

    // 主题: a single-choice subject with three items, the last moved up, and a text subject.
    await row.getByRole('button', { name: '主题' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('新主题标题').fill('你最常用的终端');
    await dialog.getByRole('button', { name: '添加主题' }).click();
    const subject = dialog.getByTestId('vote-subject').first();
    await expect.poll(() => subject.isVisible(), { timeout: 15_000 }).toBe(true);
    for (const [n, text] of ['电脑', '手机', '平板'].entries()) {
      await subject.getByRole('button', { name: '添加选项' }).click();
      await subject.getByLabel(`选项 ${n + 1}`).fill(text);
    }
    await subject.getByRole('button', { name: '上移' }).nth(2).click();
    expect(await subject.getByLabel('选项 2').inputValue()).toBe('平板');
    await subject.getByRole('button', { name: '保存选项' }).click();
    await dialog.getByLabel('新主题标题').fill('其他建议');
    await dialog.getByLabel('类型').last().click();
    await page.getByRole('option', { name: '输入' }).click();
    await dialog.getByRole('button', { name: '添加主题' }).click();
    await expect.poll(() => dialog.getByTestId('vote-subject').count(), { timeout: 15_000 }).toBe(2);
    await screenshot(page, 'votes-subjects');
    const [vote] = (await admin<{ rows: Row[] }>('GET', `/vote?code=${CODE}`)).rows;
    const subjects = await admin<Row[]>('GET', `/vote/subject?voteId=${vote.voteId}`);
    expect(subjects.map((s) => [s.type, s.title, s.items.map((i: Row) => i.content)])).toEqual([
      ['radio', '你最常用的终端', ['电脑', '平板', '手机']],
      ['input', '其他建议', []],
    ]);
    await dialog.getByRole('button', { name: '关闭' }).click();

    // The home page with the vote is published.
    await admin('POST', '/cms/site/publish', { siteId });
    await expect
      .poll(async () => (await (await fetch(`${base}/site/${SITE}/pc/`)).text()).includes(`data-vote="${CODE}"`), { timeout: 30_000, interval: 500 })
      .toBe(true);

    // A signed-in member on the site's own host votes: the form comes from the API, the results follow.
    const context = await browser.newContext({ locale: 'zh-CN' });
    await context.addCookies([{ name: 'Member-Token', value: memberToken, url: siteHost.url }]);
    const reader = await context.newPage();
    await reader.goto(`${siteHost.url}/site/${SITE}/pc/`);
    const poll = reader.locator('#poll');
    await expect.poll(() => poll.getByText('1. 你最常用的终端').isVisible(), { timeout: 15_000 }).toBe(true);
    await poll.getByLabel('手机').check();
    await poll.locator('textarea').fill('希望多一些深度报道');
    await poll.getByRole('button', { name: '提交' }).click();
    await expect.poll(() => poll.getByText('投票成功').isVisible(), { timeout: 15_000 }).toBe(true);
    const phoneBar = poll.locator('.cms-vote-bar', { hasText: '手机' });
    await expect.poll(() => phoneBar.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await phoneBar.innerText()).toContain('1 票（100%）');
    await screenshot(reader, 'votes-published-voted');
    // Again the same day: the day limit.
    await poll.getByRole('button', { name: '提交' }).click();
    await expect.poll(() => poll.getByText('超出投票调查每日参与次数上限').isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(reader, 'votes-published-limit');
    await context.close();

    // On the built-in server the page is sandboxed and reads no cookie: voting takes the member to the member site to
    // connect (docs/cms.md "Members on published pages"), and back on the page the vote goes in with a page token.
    const visitor = await browser.newContext({ locale: 'zh-CN' });
    const sandboxed = await visitor.newPage();
    const published = `${base}/site/${SITE}/pc/`;
    await sandboxed.goto(published);
    const builtInPoll = sandboxed.locator('#poll');
    await expect.poll(() => builtInPoll.getByText('1. 你最常用的终端').isVisible(), { timeout: 15_000 }).toBe(true);
    await builtInPoll.getByLabel('电脑').check();
    const captcha = visitor.waitForEvent('response', (r) => r.url().includes('/prod-api/captchaImage'));
    await builtInPoll.getByRole('button', { name: '提交' }).click();
    await expect.poll(() => new URL(sandboxed.url()).pathname, { timeout: 15_000 }).toBe('/connect');
    await sandboxed.getByLabel('账号', { exact: true }).fill('pagevoter2026');
    await sandboxed.getByLabel('密码', { exact: true }).fill('Member2026');
    const { data: shown } = await (await captcha).json();
    if (shown.uuid) {
      const answer = (await (await fetch(`${base}/prod-api/test-support/captcha/${shown.uuid}`)).json()).data;
      await sandboxed.getByLabel('验证码').fill(answer);
    }
    await sandboxed.getByRole('button', { name: '登录' }).click();
    await expect.poll(() => sandboxed.getByRole('button', { name: '允许' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await sandboxed.getByRole('button', { name: '允许' }).click();
    await expect.poll(() => sandboxed.url(), { timeout: 15_000 }).toBe(published);
    await expect.poll(() => builtInPoll.getByText('1. 你最常用的终端').isVisible(), { timeout: 15_000 }).toBe(true);
    await builtInPoll.getByLabel('电脑').check();
    await builtInPoll.getByRole('button', { name: '提交' }).click();
    await expect.poll(() => builtInPoll.getByText('投票成功').isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(sandboxed, 'votes-published-page-token');
    await visitor.close();

    // 结果: the count in the chart's table and the text answer.
    await page.reload();
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await row.innerText()).toMatch(/\b2\b/);
    await row.getByRole('button', { name: '结果' }).click();
    const results = page.getByRole('dialog');
    await expect.poll(() => results.getByTestId('vote-result-total').innerText(), { timeout: 15_000 }).toBe('共 2 人次参与');
    const counts = results.getByTestId('vote-result-row');
    await expect.poll(() => counts.allInnerTexts(), { timeout: 15_000 }).toEqual(['电脑\t1 票', '平板\t0 票', '手机\t1 票']);
    expect(await results.locator('svg').count()).toBeGreaterThan(0);
    await expect.poll(() => results.getByTestId('vote-answer-row').first().innerText(), { timeout: 15_000 }).toContain('希望多一些深度报道');
    await screenshot(page, 'votes-results');
    await results.getByRole('button', { name: '饼图' }).click();
    await screenshot(page, 'votes-results-pie');
    await page.close();
  });
});
