// A publish whose process dies mid-way: the sweep queues its tasks again and they finish; the publish indicator does
// not count a dead task; a half-written temporary file is never served and is cleaned up.
import express from 'express';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { buffer as readAll } from 'node:stream/consumers';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, expectOk } from '../../../test/helpers/api';
import { catalogFactory, contentFactory, siteFactory, type Creator } from '../../../test/helpers/factories';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { TempFileJanitor } from '../../storage/temp-file-janitor';
import { CmsPublishService, PUBLISH_LIMITS } from './cms-publish.service';
import { serveSiteFiles } from './serve-site-files';

let t: TestApp;
let ds: DataSource;
let storage: FileStorage;
let publisher: CmsPublishService;
let admin: string;
let root: string;

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  storage = t.app.get(FILE_STORAGE);
  publisher = t.app.get(CmsPublishService);
  admin = await tokenOf(t.app);
  root = t.config.storage.localDir;
  // The tests run the sweep themselves: the app's own one-minute timer must not take their tasks first.
  publisher.onModuleDestroy();
});
afterAll(() => t?.close());

const by: Creator = { target: () => t, token: () => admin };
const http = api(() => t, { token: () => admin, lang: 'en', base: '/prod-api/cms' });

interface TaskRow {
  task_id: string;
  status: string;
  progress: number;
  total: number;
  error: string;
  attempts: number;
}

async function taskRows(taskIds: string[]): Promise<TaskRow[]> {
  return ds.query(
    `SELECT task_id::text, status, progress, total, error, attempts FROM cms_publish_task WHERE task_id = ANY($1::bigint[]) ORDER BY task_id`,
    [taskIds],
  );
}

/** Waits until none of the tasks is pending or running; answers their rows. */
async function settle(taskIds: string[]): Promise<TaskRow[]> {
  const end = Date.now() + 60_000;
  for (;;) {
    const rows = await taskRows(taskIds);
    if (!rows.some((r) => r.status === 'pending' || r.status === 'running')) return rows;
    if (Date.now() > end) throw new Error(`tasks not finished: ${JSON.stringify(rows)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** As a process killed mid-publish leaves a task: running (or waiting in its job), its heartbeat no longer refreshed. */
async function leaveAsCrashed(taskId: string, status: 'running' | 'pending', attempts = 1): Promise<void> {
  await ds.query(
    `UPDATE cms_publish_task SET status = $2, attempts = $3, progress = 0, error = '', heartbeat_time = now() - interval '5 minutes' WHERE task_id = $1`,
    [taskId, status, attempts],
  );
}

const taskCount = async () => expectOk<number>(await http.get('/publish/taskCount'));

/** Text of a stored file, or null. */
async function read(key: string): Promise<string | null> {
  const stream = await storage.get(key);
  return stream ? (await readAll(stream)).toString('utf8') : null;
}

/** Files of a folder as they are on disk, temporary ones included. */
async function onDisk(folder: string): Promise<string[]> {
  return (await fs.readdir(path.join(root, ...folder.split('/')), { recursive: true })).map(String).sort();
}

/** A site with 30 published articles in one catalog (the default theme), published once; answers what tests need. */
async function publishedSite() {
  const site = await siteFactory(by);
  const news = await catalogFactory(by, site.siteId, { name: '新闻', alias: `news${site.siteId}` });
  const ids: string[] = [];
  for (let i = 0; i < 30; i++) ids.push((await contentFactory(by, site.siteId, news.catalogId)).contentId);
  await ds.query(`UPDATE cms_content SET status = 'published', publish_date = now() WHERE content_id = ANY($1::bigint[])`, [ids]);
  // One task per pipe (pc, h5).
  const first = await publisher.publishSite(site.siteId, 'admin');
  expect(first).toHaveLength(2);
  for (const row of await settle(first)) expect(row).toMatchObject({ status: 'done', error: '' });
  const pc = `site/${site.path}/pc`;
  const pages = (await storage.list(pc)).filter((key) => key.endsWith('.shtml') || key.endsWith('.html'));
  expect(pages.length).toBeGreaterThan(30);
  return { ...site, news, ids, pc, pages };
}

describe('publish tasks whose process died', () => {
  it('are queued again by the sweep and finish; the indicator never counts them as running', async () => {
    const site = await publishedSite();
    // A whole-site publish killed after a few pages: the rest were never written, one was being written (a
    // temporary file with half a page), and the home-page task waiting behind it in the same job never ran.
    // The pc pipe's task (the pipes are published in their order).
    const siteTasks = await publisher.publishSite(site.siteId, 'admin');
    await settle(siteTasks);
    const siteTask = siteTasks[0];
    const homeTask = await publisher.publishIndex(site.siteId, 'admin');
    await settle([homeTask]);
    const missing = site.pages.slice(5);
    for (const key of missing) await storage.delete(key);
    const half = path.join(root, ...site.pc.split('/'), `.${path.basename(missing[0])}.4242.deadbeef.tmp`);
    await fs.writeFile(half, '<!DOCTYPE html><html><head><title>half');
    await leaveAsCrashed(siteTask, 'running');
    await leaveAsCrashed(homeTask, 'pending');
    await ds.query(`UPDATE cms_publish_task SET progress = 5, total = $2 WHERE task_id = $1`, [siteTask, site.pages.length]);

    // Dead work is not shown as under way (today's indicator showed it for about 16 minutes).
    expect(await taskCount()).toBe(0);

    const queued = await publisher.recoverStale();
    expect(queued).toEqual([siteTask, homeTask]);
    const [siteRow, homeRow] = await settle([siteTask, homeTask]);
    expect(siteRow).toMatchObject({ status: 'done', error: '', attempts: 2 });
    expect(siteRow.progress).toBe(siteRow.total);
    expect(homeRow).toMatchObject({ status: 'done', attempts: 2 });
    for (const key of missing) expect(await read(key), key).toContain('<');
    expect(await taskCount()).toBe(0);
    // The back office's task list shows the resumed run.
    const listed = expectOk<{ rows: Array<{ taskId: string; status: string; attempts: number }> }>(
      await http.get('/publish/tasks?pageSize=50').set('CurrentSite', site.siteId),
    );
    expect(listed.rows.find((r) => r.taskId === siteTask)).toMatchObject({ status: 'done', attempts: 2 });
    // Nothing is left for the sweep; the half-written file is still on disk until the janitor's age limit.
    expect(await publisher.recoverStale()).toEqual([]);
    expect(await onDisk(site.pc)).toContain(path.basename(half));
  });

  it('leaves live runs alone, fails a task interrupted too often, and sends a waiting task whose job was never sent', async () => {
    const site = await publishedSite();
    const live = await publisher.publishIndex(site.siteId, 'admin');
    await settle([live]);
    await ds.query(`UPDATE cms_publish_task SET status = 'running', heartbeat_time = now() WHERE task_id = $1`, [live]);
    expect(await taskCount()).toBe(1);
    expect(await publisher.recoverStale()).toEqual([]);
    await ds.query(`UPDATE cms_publish_task SET status = 'done' WHERE task_id = $1`, [live]);

    // The page that kills the process would kill it forever: after maxAttempts runs the task is given up.
    const [looping, ...others] = await publisher.publishSite(site.siteId, 'admin');
    await settle([looping, ...others]);
    await leaveAsCrashed(looping, 'running', PUBLISH_LIMITS.maxAttempts);
    expect(await publisher.recoverStale()).toEqual([]);
    const [failed] = await taskRows([looping]);
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('interrupted 3 times');

    // Recorded, then the process died before its job was sent.
    const [{ task_id: orphan }] = await ds.query(
      `INSERT INTO cms_publish_task (site_id, task_type, target_id, create_time, update_time)
       VALUES ($1, 'index', $1, now() - interval '5 minutes', now() - interval '5 minutes') RETURNING task_id::text`,
      [site.siteId],
    );
    // Just recorded: its job may be on the way.
    const [{ task_id: fresh }] = await ds.query(
      `INSERT INTO cms_publish_task (site_id, task_type, target_id) VALUES ($1, 'index', $1) RETURNING task_id::text`,
      [site.siteId],
    );
    expect(await publisher.recoverStale()).toEqual([orphan]);
    expect((await settle([orphan]))[0]).toMatchObject({ status: 'done', attempts: 1 });
    await ds.query(`DELETE FROM cms_publish_task WHERE task_id = $1`, [fresh]);
  });

  it('resumes a catalog task with the options of its request', async () => {
    const site = await publishedSite();
    const task = await publisher.publishCatalog(site.siteId, site.news.catalogId, 'admin', { publishDetail: true });
    await settle([task]);
    const details = site.pages.filter((key) => site.ids.some((id) => key.endsWith(`/${id}.shtml`) || key.endsWith(`/${id}.html`)));
    expect(details).toHaveLength(30);
    for (const key of details) await storage.delete(key);
    await leaveAsCrashed(task, 'running');
    expect(await publisher.recoverStale()).toEqual([task]);
    expect((await settle([task]))[0]).toMatchObject({ status: 'done', attempts: 2 });
    for (const key of details) expect(await read(key), key).not.toBeNull();
  });
});

describe('temporary files of writes', () => {
  let site: Awaited<ReturnType<typeof publishedSite>>;
  const web = express();

  beforeAll(async () => {
    site = await publishedSite();
    serveSiteFiles(web, storage);
  });
  afterEach(() => vi.restoreAllMocks());

  const url = (key: string) => `/${key}`;

  it('are never served, nor are dotfiles', async () => {
    const folder = path.join(root, ...site.pc.split('/'));
    const home = site.pages.find((key) => /\/index\.s?html$/.test(key) && key.split('/').length === 4)!;
    const name = path.basename(home);
    // Names of temporary files (this version's, the earlier one's) and dotfiles, with content a reader must not see.
    const hidden = [`.${name}.123.abcdef01.tmp`, `${name}.123.abcdef01.tmp`, 'page.TMP', '.env', '.htaccess'];
    for (const file of hidden) await fs.writeFile(path.join(folder, file), 'SECRET half-written');
    await fs.mkdir(path.join(folder, '.git'), { recursive: true });
    await fs.writeFile(path.join(folder, '.git', 'config'), 'SECRET');
    await fs.mkdir(path.join(folder, 'x.tmp'), { recursive: true });
    await fs.writeFile(path.join(folder, 'x.tmp', 'index.html'), 'SECRET');
    for (const file of [...hidden, '.git/config', 'x.tmp/index.html', 'x.tmp/', '.git/']) {
      for (const target of [`${site.pc}/${file}`, `${site.pc}/${encodeURIComponent(file)}`]) {
        const res = await request(web).get(url(target));
        expect(res.status, target).toBe(404);
        expect(res.text, target).not.toContain('SECRET');
        expect((await request(web).head(url(target))).status, target).toBe(404);
      }
    }
    // Listing (the theme export, asset copies) skips temporary files too.
    expect((await storage.list(site.pc)).some((key) => key.endsWith('.tmp'))).toBe(false);
    expect((await request(web).get(url(home))).status).toBe(200);
  });

  it('a page being written is never visible half-written, under its real name or any other', async () => {
    const key = `${site.pc}/big.html`;
    await storage.put(key, Buffer.from('old page'));
    const page = Buffer.from(`<html>${'x'.repeat(4 * 1024 * 1024)}</html>`);
    const halfLength = Math.floor(page.length / 2);
    // The process dies mid-write: half the bytes reach the disk, and the write never finishes.
    const realWrite = fs.writeFile.bind(fs);
    let written!: () => void;
    const halfDone = new Promise<void>((resolve) => (written = resolve));
    vi.spyOn(fs, 'writeFile').mockImplementationOnce(async (file, data) => {
      await realWrite(file, (data as Buffer).subarray(0, halfLength));
      written();
      return new Promise<void>(() => undefined);
    });
    void storage.put(key, page);
    await halfDone;

    const temp = (await onDisk(site.pc)).filter((name) => name.endsWith('.tmp') && name.includes('big.html'));
    expect(temp).toHaveLength(1);
    expect((await fs.stat(path.join(root, ...site.pc.split('/'), temp[0]))).size).toBe(halfLength);
    // Readers get the old page under its name; the half-written bytes under no URL.
    expect((await request(web).get(url(key))).text).toBe('old page');
    expect((await request(web).get(url(`${site.pc}/${temp[0]}`))).status).toBe(404);
    expect(await storage.list(site.pc)).not.toContain(`${site.pc}/${temp[0]}`);

    // Not yet old enough: a write may still be under way. Once it is, the janitor removes it.
    const janitor = t.app.get(TempFileJanitor);
    expect(await janitor.sweep()).toBe(0);
    const old = new Date(Date.now() - 10 * 60_000);
    await fs.utimes(path.join(root, ...site.pc.split('/'), temp[0]), old, old);
    expect(await janitor.sweep()).toBeGreaterThanOrEqual(1);
    expect((await onDisk(site.pc)).filter((name) => name.endsWith('.tmp') && name.includes('big.html'))).toEqual([]);

    // A finished write replaces the page whole, and leaves no temporary file behind.
    await storage.put(key, page);
    expect((await request(web).get(url(key))).text).toHaveLength(page.length);
    expect((await onDisk(site.pc)).filter((name) => name.includes('big.html'))).toEqual(['big.html']);
  });
});
