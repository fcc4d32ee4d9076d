import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, screenshot, signIn } from './browser';
import { apiCaller, E2E_ADMIN_PASSWORD, startFreshProduct, type Row, type ServerProcess } from './helpers';

let server: ServerProcess | undefined;
let browser: Browser;
let base: string;
let token: string;

beforeAll(async () => {
  ({ server, base } = await startFreshProduct('jobs'));
  browser = await launchBrowser();
  token = await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('定时任务 in the browser', () => {
  it('creates a job for a registered handler with the cron preview, runs it once and reads its log', async () => {
    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    await signIn(base, page, 'admin', E2E_ADMIN_PASSWORD);
    await page.goto(`${base}/admin/monitor/job`);
    await expect.poll(() => page.getByRole('button', { name: '新增' }).isVisible(), { timeout: 15_000 }).toBe(true);
    // The seeded job cleans the log itself.
    await expect.poll(() => page.locator('tbody tr', { hasText: '清理调度日志' }).count(), { timeout: 15_000 }).toBe(1);

    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^任务名称/).fill('浏览器任务');
    await expect.poll(() => dialog.locator('select[name="handler"] option[value="system.noop"]').count(), { timeout: 15_000 }).toBe(1);
    await dialog.locator('select[name="handler"]').selectOption('system.noop');
    await dialog.locator('input[name="params.message"]').fill('来自浏览器');
    await dialog.locator('input[name="cronExpression"]').fill('0 0 25 * * ?');
    await expect.poll(() => dialog.getByTestId('cron-preview-error').innerText(), { timeout: 15_000 }).toContain('超出范围 0–23');
    await dialog.locator('input[name="cronExpression"]').fill('0 30 2 * * ?');
    await expect.poll(() => dialog.getByTestId('cron-preview').locator('li').count(), { timeout: 15_000 }).toBe(5);
    expect(await dialog.getByTestId('cron-preview').locator('li').first().innerText()).toMatch(/^\d{4}-\d{2}-\d{2} 02:30:00$/);
    await screenshot(page, 'admin-job-dialog');
    await dialog.getByRole('button', { name: '保存' }).click();

    const row = page.locator('tbody tr', { hasText: '浏览器任务' });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    const jobs = await apiCaller(base, token)<{ rows: Row[] }>('GET', '/monitor/job/list?jobName=浏览器任务');
    expect(jobs.rows[0]).toMatchObject({
      handler: 'system.noop',
      params: { message: '来自浏览器', delayMs: 0, fail: false },
      cronExpression: '0 30 2 * * ?',
    });

    await row.getByRole('button', { name: '执行一次' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await row.getByRole('link', { name: '调度日志' }).click();
    await expect.poll(() => page.url()).toContain(`/monitor/job-log/index/${jobs.rows[0].jobId}`);
    await expect.poll(() => page.locator('h6', { hasText: '浏览器任务' }).isVisible(), { timeout: 15_000 }).toBe(true);
    const logRow = page.locator('tbody tr', { hasText: '手动执行' });
    await expect
      .poll(
        async () => {
          if (await logRow.count()) return true;
          await page.reload();
          return false;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(true);
    expect(await logRow.innerText()).toContain('成功');
    expect(await logRow.innerText()).toContain('来自浏览器');
    await screenshot(page, 'admin-job-log');
    await page.close();
  });
});
