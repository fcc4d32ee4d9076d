import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { Client } from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, explainFailure, launchBrowser, screenshot, signIn } from './browser';
import { apiCaller, E2E_ADMIN_PASSWORD, ownDatabase, type Row, type ServerProcess, startFreshProduct } from './helpers';

/**
 * Operations screens of issue 21 in a real browser: an administrator stops a long comparison-index rebuild from
 * 系统监控 > 异步任务 and sees it end early, and generates code for a new table in 系统工具 > 代码生成 (import, edit a
 * column, preview, download the zip). The product runs on a database of its own on the PostgreSQL server (DATABASE_URL,
 * else 127.0.0.1:5432), so the test can seed a large library and create the sample table with SQL.
 */

const database = ownDatabase('operations');
const dbUrl = database.url;

/** Documents seeded for the rebuild: it works through them 200 at a time, and the test pauses it after the first batches. */
const SEEDED_DOCS = 2000;

let server: ServerProcess | undefined;
let browser: Browser;
let base: string;
let token: string;
let db: Client | undefined;
/** A second connection, which holds the rebuild's row lock to pause it. */
let pauser: Client | undefined;

const admin = <T = Row>(method: string, url: string, body?: unknown) => apiCaller(base, token)<T>(method, url, body);

async function adminPage(): Promise<Page> {
  const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  await signIn(base, page, 'admin', E2E_ADMIN_PASSWORD);
  return page;
}

/** Opens a screen through the side menu: its folder, then the entry. */
async function openMenu(page: Page, folder: string, entry: string): Promise<void> {
  const menu = page.getByTestId('sidebar').filter({ visible: true });
  await menu.getByText(folder, { exact: true }).click();
  await menu.getByText(entry, { exact: true }).click();
}

beforeAll(async () => {
  await database.create();
  ({ server, base } = await startFreshProduct('operations', { DATABASE_URL: dbUrl }));
  db = new Client({ connectionString: dbUrl });
  await db.connect();
  pauser = new Client({ connectionString: dbUrl });
  await pauser.connect();
  browser = await launchBrowser();
  token = await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await db?.end();
  await pauser?.end();
  await server?.stop();
  await database.drop();
});

describe('异步任务 in the browser', () => {
  it('shows a running index rebuild, stops it after confirmation and sees it cancelled with batches left undone', async () => {
    // A library of many stored texts, as if indexed earlier: the rebuild fingerprints all of them again.
    const lib = await admin('POST', '/check/library', { libraryName: '运维演示库', libraryCode: 'ops_e2e', sort: 1 });
    await db!.query(
      `INSERT INTO check_document (library_id, title, origin_type, char_count, status, indexed_time)
       SELECT $1, '文档 ' || g, 'upload', 3200, 'indexed', now() FROM generate_series(1, $2::int) g`,
      [lib.libraryId, SEEDED_DOCS],
    );
    await db!.query(
      `INSERT INTO check_document_text (doc_id, text)
       SELECT d.doc_id, (SELECT string_agg(md5(d.doc_id::text || '-' || s), '') FROM generate_series(1, 100) s)
       FROM check_document d WHERE d.library_id = $1`,
      [lib.libraryId],
    );

    const started = await admin<Row>('POST', '/check/library/rebuild');
    expect(started).toMatchObject({ status: 'running', total: SEEDED_DOCS });
    const [job] = (
      await db!.query<{ id: string }>(`SELECT id::text FROM pgboss.job WHERE name = 'check.library.rebuild' ORDER BY created_on DESC LIMIT 1`)
    ).rows;
    // The run moves on: batches are recorded in its figures while the job is active.
    await expect
      .poll(async () => ((await admin<Row>('GET', '/check/library/stats')).rebuild as Row).done, { timeout: 60_000, interval: 50 })
      .toBeGreaterThan(0);
    // Then the test holds the run's row lock, so its next batch waits: the job stays active, without loading the
    // machine, while the browser works.
    await pauser!.query('BEGIN');
    await pauser!.query(`SELECT 1 FROM check_index_rebuild WHERE rebuild_id = $1 FOR UPDATE`, [started.rebuildId]);

    // The administrator opens 异步任务 while the rebuild runs: the list's first answer holds it.
    const page = await adminPage();
    await openMenu(page, '系统监控', '异步任务');
    const row = page.locator(`tr[data-job="${job.id}"]`);
    // Twice in CI (never here) the list never showed the job: say what the page and the server showed.
    await explainFailure(page, 'admin-async-task-missing', server!.output, () => expect.poll(() => row.count(), { timeout: 60_000 }).toBe(1));
    await expect.poll(() => row.innerText(), { timeout: 60_000 }).toContain('执行中');
    expect(await row.innerText()).toContain('重建比对库索引');
    await screenshot(page, 'admin-async-task-running');

    await row.getByRole('button', { name: '停止' }).click();
    const confirm = page.getByRole('dialog');
    await expect.poll(() => confirm.innerText()).toContain(job.id);
    await confirm.getByRole('button', { name: '确认' }).click();
    await expect.poll(() => row.innerText(), { timeout: 60_000 }).toContain('已停止');
    await expect.poll(() => row.getByRole('button', { name: '停止' }).count()).toBe(0);
    await screenshot(page, 'admin-async-task-stopped');
    // The paused batch goes on once the lock is let go; the handler then sees its signal.
    await pauser!.query('COMMIT');

    // The handler saw the signal between batches: its run failed as cancelled with documents left for a retry.
    await expect
      .poll(async () => (await db!.query(`SELECT status, error FROM check_index_rebuild WHERE rebuild_id = $1`, [started.rebuildId])).rows[0], {
        timeout: 60_000,
      })
      .toMatchObject({ status: 'failed', error: 'cancelled' });
    const [run] = (await db!.query(`SELECT done, total FROM check_index_rebuild WHERE rebuild_id = $1`, [started.rebuildId])).rows;
    expect(run.done).toBeGreaterThan(0);
    expect(run.done).toBeLessThan(run.total);
    const stopped = await admin<Row>('GET', `/async/task/${job.id}`);
    expect(stopped.state).toBe('cancelled');
    await page.close();
  }, 420_000);
});

describe('代码生成 in the browser', () => {
  it('imports a new table, edits a column, previews the files and downloads them as a zip', async () => {
    await db!.query(`
      CREATE TABLE demo_book (
        book_id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        title varchar(200) NOT NULL,
        author varchar(100) NOT NULL DEFAULT '',
        price numeric(10, 2),
        published_on date,
        create_time timestamptz NOT NULL DEFAULT now()
      )`);
    await db!.query(`COMMENT ON TABLE demo_book IS '演示图书'`);

    const page = await adminPage();
    await openMenu(page, '系统工具', '代码生成');
    await expect.poll(() => page.getByRole('button', { name: '导入' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: '导入' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="dbTableName"]').fill('demo_book');
    await expect.poll(() => dialog.locator('input[name="table_demo_book"]').count(), { timeout: 15_000 }).toBe(1);
    await dialog.locator('input[name="table_demo_book"]').check();
    await dialog.getByRole('button', { name: '导入' }).click();

    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
    // The imported table with the names derived from it.
    const row = page.locator('.RaDatagrid-tbody tr', { hasText: 'demo_book' });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.innerText()).toContain('DemoBook');

    // The edit page: the title column becomes a "contains" query with a Chinese description.
    await row.getByRole('link', { name: '编辑' }).click();
    await expect.poll(() => page.locator('input[name="className"]').inputValue(), { timeout: 15_000 }).toBe('DemoBook');
    const { info, rows: columns } = await admin<{ info: Row; rows: Row[] }>(
      'GET',
      `/tool/gen/${(await admin<{ rows: Row[] }>('GET', '/tool/gen/list?tableName=demo_book')).rows[0].tableId}`,
    );
    const title = columns.find((c) => c.columnName === 'title')!;
    await page.locator(`input[name="columnComment_${title.columnId}"]`).fill('书名');
    await page.locator(`select[name="queryType_${title.columnId}"]`).selectOption('LIKE');
    await screenshot(page, 'admin-gen-edit');
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByText('已保存').first().isVisible(), { timeout: 15_000 }).toBe(true);
    const saved = (await admin<{ rows: Row[] }>('GET', `/tool/gen/${info.tableId}`)).rows.find((c) => c.columnName === 'title')!;
    expect(saved).toMatchObject({ columnComment: '书名', queryType: 'LIKE' });

    await page.getByRole('button', { name: '返回' }).click();
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await row.getByRole('button', { name: '预览' }).click();
    const preview = page.getByRole('dialog');
    await expect.poll(() => preview.getByRole('tab').count(), { timeout: 15_000 }).toBe(10);
    await preview.getByRole('tab', { name: 'demo-book.dto.ts' }).click();
    await expect.poll(() => preview.locator('pre').innerText()).toContain('书名');
    await screenshot(page, 'admin-gen-preview');
    await preview.getByRole('button', { name: '关闭' }).click();

    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: '生成代码' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('demo_book.zip');
    const files = unzipSync(new Uint8Array(readFileSync((await file.path())!)));
    const names = Object.keys(files).sort();
    const server = 'server/src/demo/book/demo-book';
    expect(names).toEqual(
      expect.arrayContaining([
        `${server}.entity.ts`,
        `${server}.dto.ts`,
        `${server}.service.ts`,
        `${server}.controller.ts`,
        `${server}.module.ts`,
        `${server}.messages.ts`,
        `${server}.test.ts`,
        'admin-client/src/screens/demo/book/DemoBookScreens.tsx',
        'snippets/demo-book.snippets.txt',
      ]),
    );
    expect(names).toHaveLength(10);
    expect(names.some((n) => /^server\/src\/database\/migrations\/\d+-DemoBook\.ts$/.test(n))).toBe(true);
    expect(strFromU8(files[`${server}.dto.ts`])).toContain('书名');
    await page.close();
  });
});
