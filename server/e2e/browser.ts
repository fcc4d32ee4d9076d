import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page, type Response } from 'playwright-core';
import { expect } from 'vitest';
import { REPO_ROOT } from './helpers';

// API sign-in lives with the other API helpers; browser tests have long imported it from here.
export { apiLogin } from './helpers';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where the browser suite saves its screenshots (ignored by git). */
export const SCREENSHOTS = path.join(REPO_ROOT, 'admin-client', 'test-results', 'screenshots');

/** Saves a full-page screenshot under SCREENSHOTS. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * Runs `steps`; when they fail, prints where the page is, its text, the answers it got meanwhile and the end of the
 * server's log, and saves a screenshot, before failing: for tests that failed in CI only, now and then.
 */
export async function explainFailure<T>(page: Page, name: string, serverOutput: () => string, steps: () => Promise<T>): Promise<T> {
  const answers: string[] = [];
  const record = (response: Response) => answers.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  page.on('response', record);
  try {
    return await steps();
  } catch (error) {
    await screenshot(page, name).catch(() => undefined);
    const text = await page
      .locator('body')
      .innerText()
      .catch(() => '');
    console.error(
      `${name}: the page at ${page.url()} shows:\n${text.slice(0, 2000)}\nanswers meanwhile:\n${answers.slice(-40).join('\n')}\n` +
        `server log (end):\n${serverOutput().slice(-6000)}`,
    );
    throw error;
  } finally {
    page.off('response', record);
  }
}

/** Debian's headless Chromium. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

/** The next captcha the page loads. */
export const captchaResponse = (page: Page) => page.waitForResponse((r) => r.url().includes('/prod-api/captchaImage'));

/** Reads the captcha the page shows through the test-support hook, as a person reads the image. */
export async function solveCaptcha(base: string, page: Page, captcha: Promise<Response>): Promise<void> {
  const { data } = await (await captcha).json();
  const answer = (await (await fetch(`${base}/prod-api/test-support/captcha/${data.uuid}`)).json()).data;
  await page.getByLabel('验证码').fill(answer);
}

/** Signs in through the back-office login page, captcha included, and waits for the dashboard. */
export async function signIn(base: string, page: Page, user: string, password: string): Promise<void> {
  const captcha = captchaResponse(page);
  await page.goto(`${base}/admin/`);
  await expect.poll(() => page.getByRole('button', { name: '登录' }).isVisible(), { timeout: 30_000 }).toBe(true);
  await page.getByLabel('账号').fill(user);
  await page.getByLabel('密码').fill(password);
  await solveCaptcha(base, page, captcha);
  await page.getByRole('button', { name: '登录' }).click();
  await expect.poll(() => page.getByText('欢迎回来').first().isVisible(), { timeout: 15_000 }).toBe(true);
}
