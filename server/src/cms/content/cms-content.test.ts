import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { CmsContentJobsService } from './cms-content-jobs.service';
import { CONTENT_STATUSES, type ContentStatus } from './cms-content.entity';
import { api, expectMessage } from '../../../test/helpers/api';

let t: TestApp;
let ds: DataSource;
let admin: string;
let jobs: CmsContentJobsService;
let siteId: string;
/** news (top level) > tech (child); sports (top level); link (a link catalog). */
let news: string;
let tech: string;
let sports: string;
let link: string;

const DAY = 24 * 60 * 60 * 1000;
/** A valid 1x1 PNG (uploads are decoded and re-encoded, so a broken image data stream is refused). */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d494441540899636060606000000005000187a14ed40000000049454e44ae426082',
  'hex',
);

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  jobs = t.app.get(CmsContentJobsService);
  admin = await tokenOf(t.app);
  [{ site_id: siteId }] = await ds.query(
    `INSERT INTO cms_site (name, path, sort) VALUES ('Content site', 'contentsite', -100) RETURNING site_id::text`,
  );
  await ds.query(`INSERT INTO cms_publish_pipe (site_id, name, code) VALUES ($1, 'PC', 'pc')`, [siteId]);
  news = await catalog('News', 'news', 'news/');
  tech = await catalog('Tech', 'tech', 'news/tech/', news, news);
  sports = await catalog('Sports', 'sports', 'sports/');
  link = await catalog('Link', 'outlink', 'outlink/', '0', '', 'link');
});
afterAll(() => t?.close());

async function catalog(name: string, alias: string, path: string, parentId = '0', ancestors = '', type = 'common', site = siteId): Promise<string> {
  const [{ id }] = await ds.query(
    `INSERT INTO cms_catalog (site_id, parent_id, ancestors, tree_level, name, alias, path, catalog_type, redirect_url)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING catalog_id::text AS id`,
    [
      site,
      parentId,
      ancestors,
      ancestors ? ancestors.split(',').length + 1 : 1,
      name,
      alias,
      path,
      type,
      type === 'link' ? 'https://example.com' : '',
    ],
  );
  return id;
}

const http = api(() => t, { token: () => admin, base: '/prod-api/cms/content', headers: { CurrentSite: () => siteId } });

let serial = 0;
/** Adds an article through the API as `token`; answers its id. */
async function addArticle(extra: Record<string, unknown> = {}, token = admin): Promise<string> {
  const res = await http
    .as(token)
    .post('')
    .send({ catalogId: news, contentType: 'article', title: `Article ${++serial}`, contentHtml: '<p>x</p>', ...extra });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.contentId as string;
}

/** A content row straight in the database, in any status. */
async function row(
  status: ContentStatus,
  extra: { catalogId?: string; publishDate?: Date | null; title?: string; sortFlag?: number; topFlag?: number } = {},
): Promise<string> {
  const catalogId = extra.catalogId ?? news;
  const ancestors = catalogId === tech ? `${news},${tech}` : catalogId;
  const [{ id }] = await ds.query(
    `INSERT INTO cms_content (site_id, catalog_id, catalog_ancestors, content_type, title, status, status_before_delete, publish_date, sort_flag, top_flag, delete_time)
     VALUES ($1, $2, $3, 'article', $4, $5, $6, $7, $8, $9, $10) RETURNING content_id::text AS id`,
    [
      siteId,
      catalogId,
      ancestors,
      extra.title ?? `Row ${++serial}`,
      status,
      status === 'deleted' ? 'offline' : '',
      extra.publishDate === undefined ? new Date(Date.now() + DAY) : extra.publishDate,
      extra.sortFlag ?? Date.now(),
      extra.topFlag ?? 0,
      status === 'deleted' ? new Date() : null,
    ],
  );
  return id;
}

const statusOf = async (id: string): Promise<string> => (await ds.query(`SELECT status FROM cms_content WHERE content_id = $1`, [id]))[0]?.status;
const tasksOf = async (id: string): Promise<string[]> =>
  (
    await ds.query(`SELECT task_type FROM cms_publish_task WHERE target_id = $1 AND task_type IN ('content', 'unpublish') ORDER BY task_id`, [id])
  ).map((r: { task_type: string }) => r.task_type);

/** A staff user holding the content and recycle screens with all their buttons, and the given object permissions. */
async function limitedUser(name: string, permissions: string[]): Promise<{ id: string; token: string }> {
  const roleKey = `${name}_role`;
  await createRole(t.app, roleKey, ['cms.content', 'cms.recycle']);
  const id = await createStaffUser(t.app, { userName: name, password: 'Editor123', roles: [roleKey] });
  await grant(id, [`Site:View:${siteId}`, ...permissions]);
  return { id, token: await tokenOf(t.app, name, 'Editor123') };
}

async function grant(userId: string, permissions: string[]): Promise<void> {
  for (const p of permissions) await ds.query(`INSERT INTO sys_permission (owner_type, owner_id, permission) VALUES ('user', $1, $2)`, [userId, p]);
}

const allOn = (catalogId: string) => ['View', 'AddContent', 'EditContent', 'DeleteContent', 'PublishContent'].map((a) => `Catalog:${a}:${catalogId}`);

describe('content editing', () => {
  it('adds an article with sanitized rich text, opens it in the editor and lists it', async () => {
    const html =
      '<h2 class="ql-align-center">Title</h2><p style="color: red; position: fixed" onclick="steal()">Hello <strong>bold</strong>' +
      '<script>alert(1)</script><img src="/site/x/resources/a.png" onerror="alert(1)" alt="a"><a href="javascript:alert(1)">bad</a>' +
      '<a href="https://example.com" target="_blank">good</a></p><style>p{}</style><iframe src="https://player.example.com/v/1"></iframe>' +
      '<iframe src="javascript:alert(1)"></iframe><table><tbody><tr><td colspan="2">cell</td></tr></tbody></table><ul><li>one</li></ul>';
    const res = await http.post('').send({
      catalogId: tech,
      contentType: 'article',
      title: '  Hello world  ',
      contentHtml: html,
      tags: ['a', ' a ', 'b'],
      keywords: ['k'],
      author: 'Ann',
      seoTitle: 'SEO',
      publishPipes: ['pc'],
      summary: 'Sum',
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.contentId as string;
    expect(res.body.data).toMatchObject({
      title: 'Hello world',
      status: 'draft',
      catalogId: tech,
      catalogAncestors: `${news},${tech}`,
      tags: ['a', 'b'],
      createBy: 'admin',
    });

    const stored: string = (await ds.query(`SELECT content_html FROM cms_article_detail WHERE content_id = $1`, [id]))[0].content_html;
    for (const bad of ['<script', 'alert(1)', 'onerror', 'onclick', 'javascript:', '<style', 'position']) expect(stored).not.toContain(bad);
    for (const kept of [
      '<h2 class="ql-align-center">',
      '<strong>bold</strong>',
      '<img src="/site/x/resources/a.png" alt="a" />',
      'style="color:red"',
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">good</a>',
      '<iframe src="https://player.example.com/v/1"></iframe>',
      '<td colspan="2">cell</td>',
      '<li>one</li>',
    ]) {
      expect(stored).toContain(kept);
    }
    expect(stored.match(/<iframe/g)).toHaveLength(1);

    const init = await http.get(`/init/${tech}/article/${id}`);
    expect(init.body.data).toMatchObject({ contentId: id, catalogName: 'Tech', contentHtml: stored, author: 'Ann', relaContentIds: [] });
    const fresh = await http.get(`/init/${news}/video/0`);
    expect(fresh.body.data).toMatchObject({ catalogId: news, contentType: 'video', status: 'draft', title: '', videos: [] });

    const byParent = await http.get(`/list?catalogId=${news}&title=hello`);
    expect(byParent.body.data.rows.map((r: { contentId: string }) => r.contentId)).toEqual([id]);
    expect(byParent.body.data.rows[0].catalogName).toBe('Tech');
    expect((await http.get(`/list?catalogId=${sports}&title=hello`)).body.data.total).toBe(0);
    expect((await http.get(`/list?title=hello&status=published`)).body.data.total).toBe(0);
    expect((await http.get(`/list?title=hello&author=an&contentType=article&createBy=admin`)).body.data.total).toBe(1);
  });

  it('saves content: published becomes re_edit, archived cannot be edited, the type stays', async () => {
    const id = await row('published');
    const save = (extra: Record<string, unknown> = {}) =>
      http.put('').send({ contentId: id, catalogId: news, contentType: 'article', title: `Saved ${++serial}`, contentHtml: '<p>new</p>', ...extra });
    expect((await save()).body.code).toBe(200);
    expect(await statusOf(id)).toBe('re_edit');
    expect((await save()).body.code).toBe(200);
    expect(await statusOf(id)).toBe('re_edit');
    const typeChange = await save({ contentType: 'image', images: [{ path: 'resources/a.png' }] });
    expect(typeChange.status).toBe(400);
    expectMessage(typeChange, 'zh-CN', '不能修改内容的类型');
    await ds.query(`UPDATE cms_content SET status = 'archived' WHERE content_id = $1`, [id]);
    const archived = await save();
    expect(archived.status).toBe(400);
    expectMessage(archived, 'zh-CN', /当前状态为“已归档”，不能编辑/);
    await ds.query(`UPDATE cms_content SET status = 'draft' WHERE content_id = $1`, [id]);
    const linkWithoutUrl = await save({ linkFlag: true });
    expect(linkWithoutUrl.status).toBe(400);
    expectMessage(linkWithoutUrl, 'zh-CN', '链接内容须填写跳转地址');
  });

  it('refuses content in a link catalog and bad fields', async () => {
    const inLink = await http.post('').send({ catalogId: link, contentType: 'article', title: 'x' });
    expect(inLink.status).toBe(400);
    expectMessage(inLink, 'zh-CN', '链接栏目“Link”不能存放内容');
    const badLogo = await http.lang('en').post('').send({ catalogId: news, contentType: 'article', title: 'x', logo: 'javascript:alert(1)' });
    expectMessage(badLogo, 'en', 'The path must be relative to the site or an address starting with http:// or https://');
    const noTitle = await http.post('').send({ catalogId: news, contentType: 'article', title: '   ' });
    expectMessage(noTitle, 'zh-CN', '标题不能为空，且不超过255个字符');
  });

  it('validates image sets, audio and video embeds, keeping only the sanitized iframe', async () => {
    const base = { catalogId: news, title: `Media ${++serial}` };
    expectMessage(await http.post('').send({ ...base, contentType: 'image', images: [] }), 'zh-CN', '图集至少需要一张图片');
    const images = await http
      .post('')
      .send({ ...base, contentType: 'image', images: [{ path: 'resources/1.png', title: 'One' }, { path: 'https://cdn.example.com/2.jpg' }] });
    expect(images.body.data.images).toEqual([
      { path: 'resources/1.png', title: 'One', description: '' },
      { path: 'https://cdn.example.com/2.jpg', title: '', description: '' },
    ]);
    const audio = await http
      .post('')
      .send({ ...base, title: `Audio ${++serial}`, contentType: 'audio', audios: [{ path: 'resources/a.mp3', duration: 61 }] });
    expect(audio.body.data.audios).toEqual([{ path: 'resources/a.mp3', title: '', description: '', duration: 61 }]);

    const spec = '第三方视频嵌入代码不能为空，且其中的 iframe 必须有以 http:// 或 https:// 开头的 src 地址';
    for (const embedCode of [
      '',
      '   ',
      '<div>no frame</div>',
      '<iframe width="300"></iframe>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<iframe src="//x.com/v"></iframe>',
    ]) {
      const bad = await http.post('').send({ ...base, title: `Video ${++serial}`, contentType: 'video', videos: [{ type: 'share', embedCode }] });
      expect(bad.status, embedCode).toBe(400);
      expect(bad.body.msg).toBe(spec);
    }
    const en = await http
      .lang('en')
      .post('')
      .send({ ...base, title: `Video ${++serial}`, contentType: 'video', videos: [{ type: 'share', embedCode: '' }] });
    expectMessage(en, 'en', 'The third-party video embed code cannot be empty and its iframe must have a src starting with http:// or https://');
    const noPath = await http.post('').send({ ...base, title: `Video ${++serial}`, contentType: 'video', videos: [{ type: 'local' }] });
    expectMessage(noPath, 'zh-CN', '本地视频须填写文件路径');

    const embed =
      'Watch: <iframe src="https://player.example.com/v?id=1&t=2" width="640" onload="x()" allowfullscreen>fallback</iframe><script>alert(1)</script>';
    const video = await http.post('').send({
      ...base,
      title: `Video ${++serial}`,
      contentType: 'video',
      videos: [{ type: 'share', embedCode: embed }, { path: 'resources/v.mp4' }],
    });
    expect(video.body.code, JSON.stringify(video.body)).toBe(200);
    expect(video.body.data.videos).toEqual([
      {
        type: 'share',
        path: '',
        embedCode: '<iframe src="https://player.example.com/v?id=1&amp;t=2" width="640" allowfullscreen></iframe>',
        title: '',
        description: '',
        duration: 0,
      },
      { type: 'local', path: 'resources/v.mp4', embedCode: '', title: '', description: '', duration: 0 },
    ]);
  });

  it('checks repeated titles per the site setting: none, site, catalog', async () => {
    const add = (catalogId: string, title: string) => http.post('').send({ catalogId, contentType: 'article', title, summary: String(++serial) });
    await ds.query(`UPDATE cms_site SET config_props = '{}' WHERE site_id = $1`, [siteId]);
    expect((await add(news, 'Same title')).body.code).toBe(200);
    expect((await add(news, 'Same title')).body.code).toBe(200);

    await ds.query(`UPDATE cms_site SET config_props = '{"titleRepeatCheck":"site"}' WHERE site_id = $1`, [siteId]);
    const site = await add(sports, 'same TITLE');
    expect(site.status).toBe(400);
    expectMessage(site, 'zh-CN', '标题“same TITLE”在本站已被其他内容使用');

    await ds.query(`UPDATE cms_site SET config_props = '{"titleRepeatCheck":"catalog"}' WHERE site_id = $1`, [siteId]);
    const other = await add(sports, 'Same title');
    expect(other.body.code).toBe(200);
    const same = await add(sports, 'Same title');
    expect(same.status).toBe(400);
    expectMessage(same, 'zh-CN', '标题“Same title”在栏目“Sports”中已被其他内容使用');
    // Saving content under its own title is no repeat; content in the recycle bin does not count.
    const id = other.body.data.contentId as string;
    expect((await http.put('').send({ contentId: id, catalogId: sports, contentType: 'article', title: 'Same title' })).body.code).toBe(200);
    await ds.query(`UPDATE cms_content SET status = 'deleted' WHERE content_id = $1`, [id]);
    expect((await add(sports, 'Same title')).body.code).toBe(200);
    await ds.query(`UPDATE cms_site SET config_props = '{}' WHERE site_id = $1`, [siteId]);
  });
});

describe('content statuses', () => {
  const actions = [
    { name: 'publish', call: (id: string) => http.post('/publish').send([id]), from: ['draft', 'to_publish', 're_edit', 'offline'], to: 'published' },
    {
      name: 'to_publish',
      call: (id: string) => http.post('/to_publish').send({ contentIds: [id] }),
      from: ['draft', 're_edit', 'offline'],
      to: 'to_publish',
    },
    { name: 'offline', call: (id: string) => http.post('/offline').send([id]), from: ['published', 're_edit', 'to_publish'], to: 'offline' },
    { name: 'archive', call: (id: string) => http.post('/archive').send([id]), from: ['published', 'offline'], to: 'archived' },
    {
      name: 'delete',
      call: (id: string) => http.delete('').send([id]),
      from: ['draft', 'to_publish', 'published', 're_edit', 'offline', 'archived'],
      to: 'deleted',
    },
  ] as const;
  const label: Record<string, string> = {
    draft: '初稿',
    to_publish: '待发布',
    published: '已发布',
    re_edit: '重新编辑',
    offline: '已下线',
    archived: '已归档',
    deleted: '已删除',
  };

  for (const action of actions) {
    for (const from of CONTENT_STATUSES) {
      const legal = (action.from as readonly string[]).includes(from);
      it(`${action.name} from ${from} is ${legal ? 'allowed' : 'refused'}`, async () => {
        const id = await row(from);
        const res = await action.call(id);
        if (legal) {
          expect(res.body.code, JSON.stringify(res.body)).toBe(200);
          expect(await statusOf(id)).toBe(action.to);
        } else {
          expect(res.status).toBe(400);
          expectMessage(
            res,
            'zh-CN',
            `内容“${(await ds.query(`SELECT title FROM cms_content WHERE content_id = $1`, [id]))[0].title}”当前状态为“${label[from]}”，不能变为“${label[action.to]}”`,
          );
          expect(await statusOf(id)).toBe(from);
        }
      });
    }
  }

  it('publishing stamps the date, queues the page, and leaves a past date alone', async () => {
    const future = await row('draft');
    const past = await row('draft', { publishDate: new Date('2020-01-02T03:04:05Z') });
    const before = Date.now();
    expect((await http.post('/publish').send({ contentIds: [future, past] })).body.code).toBe(200);
    const [f] = await ds.query(`SELECT publish_date FROM cms_content WHERE content_id = $1`, [future]);
    expect(new Date(f.publish_date).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(f.publish_date).getTime()).toBeLessThanOrEqual(Date.now());
    const [p] = await ds.query(`SELECT publish_date FROM cms_content WHERE content_id = $1`, [past]);
    expect(new Date(p.publish_date).toISOString()).toBe('2020-01-02T03:04:05.000Z');
    expect(await tasksOf(future)).toEqual(['content']);
    // Taking it offline removes its page.
    expect((await http.post('/offline').send([future])).body.code).toBe(200);
    expect(await tasksOf(future)).toEqual(['content', 'unpublish']);
  });

  it('schedules only content with a future publish date; a batch with one bad item changes nothing', async () => {
    const dated = await row('draft');
    const undated = await row('draft', { publishDate: null });
    const res = await http.post('/to_publish').send([dated, undated]);
    expect(res.status).toBe(400);
    expectMessage(res, 'zh-CN', /须先设置晚于当前时间的发布时间/);
    expect(await statusOf(dated)).toBe('draft');
    const missing = await http.post('/publish').send([dated, '999999999']);
    expect(missing.status).toBe(404);
    expect(await statusOf(dated)).toBe('draft');
    expectMessage(await http.post('/publish').send([]), 'zh-CN', '请至少选择一条内容');
  });

  it('round-trips the recycle bin: status restored, published content republished, then deleted for good', async () => {
    const id = await row('published', { title: 'Recycled one' });
    await ds.query(`INSERT INTO cms_article_detail (content_id, content_html) VALUES ($1, '<p>x</p>')`, [id]);
    expect((await http.delete('').send({ contentIds: [id] })).body.code).toBe(200);
    const [deleted] = await ds.query(`SELECT status, status_before_delete, delete_time FROM cms_content WHERE content_id = $1`, [id]);
    expect(deleted).toMatchObject({ status: 'deleted', status_before_delete: 'published' });
    expect(deleted.delete_time).not.toBeNull();
    expect(await tasksOf(id)).toEqual(['unpublish']);
    expect((await http.get('/list?title=Recycled')).body.data.total).toBe(0);
    expect((await http.post(`/lock/${id}`)).status).toBe(404);
    const bin = await http.get('/recycle?title=Recycled');
    expect(bin.body.data.rows.map((r: { contentId: string }) => r.contentId)).toEqual([id]);

    expect((await http.post('/recycle/recover').send([id])).body.code).toBe(200);
    expect(await statusOf(id)).toBe('published');
    expect(await tasksOf(id)).toEqual(['unpublish', 'content']);
    const notDeleted = await http.post('/recycle/recover').send({ contentIds: [id] });
    expect(notDeleted.status).toBe(400);

    const wasOffline = await row('deleted');
    expect((await http.post('/recycle/recover').send([wasOffline])).body.code).toBe(200);
    expect(await statusOf(wasOffline)).toBe('offline');
    expect(await tasksOf(wasOffline)).toEqual([]);

    const notInBin = await http.delete('/recycle').send([id]);
    expect(notInBin.status).toBe(400);
    expect((await http.delete('').send([id])).body.code).toBe(200);
    expect((await http.delete('/recycle').send([id])).body.code).toBe(200);
    expect(await ds.query(`SELECT 1 FROM cms_content WHERE content_id = $1`, [id])).toEqual([]);
    expect(await ds.query(`SELECT 1 FROM cms_article_detail WHERE content_id = $1`, [id])).toEqual([]);
    const log = await ds.query(`SELECT action FROM cms_content_op_log WHERE content_id = $1 ORDER BY log_id`, [id]);
    expect(log.map((l: { action: string }) => l.action)).toEqual(['delete', 'recover', 'delete', 'destroy']);
  });
});

describe('content order, top flags and attributes', () => {
  it('lists top content first, then by sort flag; sorting before a top target makes top, otherwise cancels top', async () => {
    const cat = await catalog('Sorted', 'sorted', 'sorted/');
    const [a, b, c, d] = [
      await row('draft', { catalogId: cat, sortFlag: 1000 }),
      await row('draft', { catalogId: cat, sortFlag: 2000 }),
      await row('draft', { catalogId: cat, sortFlag: 3000 }),
      await row('draft', { catalogId: cat, sortFlag: 4000 }),
    ];
    const order = async () => (await http.get(`/list?catalogId=${cat}`)).body.data.rows.map((r: { contentId: string }) => r.contentId);
    expect(await order()).toEqual([d, c, b, a]);

    expect((await http.post('/set_top').send({ contentIds: [b] })).body.code).toBe(200);
    expect(await order()).toEqual([b, d, c, a]);

    // Non-top target: a goes just before c.
    expect((await http.post('/sort').send({ contentId: a, targetId: c })).body.code).toBe(200);
    expect(await order()).toEqual([b, d, a, c]);
    // Moving down: d goes just before c.
    expect((await http.post('/sort').send({ contentId: d, targetId: c })).body.code).toBe(200);
    expect(await order()).toEqual([b, a, d, c]);

    // Top target: c becomes top, just above b.
    expect((await http.post('/sort').send({ contentId: c, targetId: b })).body.code).toBe(200);
    expect(await order()).toEqual([c, b, a, d]);
    const flags = await ds.query(`SELECT content_id::text AS id, top_flag::text AS top FROM cms_content WHERE content_id IN ($1, $2)`, [b, c]);
    const top = Object.fromEntries(flags.map((f: { id: string; top: string }) => [f.id, BigInt(f.top)]));
    expect(top[c]).toBeGreaterThan(top[b]);

    // A top content placed before a non-top target loses its top flag.
    expect((await http.post('/sort').send({ contentId: b, targetId: d })).body.code).toBe(200);
    expect(await order()).toEqual([c, a, b, d]);
    expect((await ds.query(`SELECT top_flag::text AS top FROM cms_content WHERE content_id = $1`, [b]))[0].top).toBe('0');

    const other = await row('draft');
    expectMessage(await http.post('/sort').send({ contentId: a, targetId: other }), 'zh-CN', '只能在同一栏目的内容之间排序');
    expect((await http.post('/cancel_top').send([c])).body.code).toBe(200);
    expect(await order()).toEqual([a, b, d, c]);
  });

  it('sets top until an end time, sets and cancels attributes, filters by them', async () => {
    const id = await row('draft', { title: 'Attr one' });
    const past = await http.post('/set_top').send({ contentIds: [id], topEndTime: new Date(Date.now() - 1000).toISOString() });
    expectMessage(past, 'zh-CN', '置顶结束时间须晚于当前时间');
    const end = new Date(Date.now() + DAY);
    expect((await http.post('/set_top').send({ contentIds: [id], topEndTime: end.toISOString() })).body.code).toBe(200);
    expect((await http.post('/attr').send({ contentIds: [id], attr: 'recommend' })).body.code).toBe(200);
    expect((await http.get('/list?title=Attr&attributes=recommend,top')).body.data.total).toBe(1);
    expect((await http.get('/list?title=Attr&attributes=hot')).body.data.total).toBe(0);
    expect((await http.delete('/attr').send({ contentIds: [id], attr: 'recommend' })).body.code).toBe(200);
    expect((await http.get('/list?title=Attr&attributes=recommend')).body.data.total).toBe(0);
    expect((await http.post('/attr').send({ contentIds: [id], attr: 'bogus' })).status).toBe(400);

    // Published content's list pages show the order and attributes: setting them queues its pages again.
    const live = await row('published', { title: 'Attr live' });
    const tasks = async () =>
      (await ds.query(`SELECT count(*)::int AS n FROM cms_publish_task WHERE task_type = 'content' AND target_id = $1`, [live]))[0].n as number;
    const before = await tasks();
    expect((await http.post('/attr').send({ contentIds: [live], attr: 'hot' })).body.code).toBe(200);
    expect(await tasks()).toBeGreaterThan(before);
  });

  it('moves and copies content between catalogs of the site', async () => {
    const count = async (catalogId: string) =>
      (await ds.query(`SELECT content_count FROM cms_catalog WHERE catalog_id = $1`, [catalogId]))[0].content_count as number;
    const [newsBefore, techBefore] = [await count(news), await count(tech)];
    const id = await addArticle({ title: 'Movable', contentHtml: '<p>body</p>' });
    expect(await count(news)).toBe(newsBefore + 1);
    expect((await http.post('/move').send({ contentIds: [id], catalogId: tech })).body.code).toBe(200);
    // Each catalog counts its content outside the recycle bin, whatever moved it.
    expect([await count(news), await count(tech)]).toEqual([newsBefore, techBefore + 1]);
    expect((await ds.query(`SELECT catalog_id::text AS c, catalog_ancestors AS a FROM cms_content WHERE content_id = $1`, [id]))[0]).toEqual({
      c: tech,
      a: `${news},${tech}`,
    });
    expect((await http.post('/move').send({ contentIds: [id], catalogId: link })).status).toBe(400);
    const copied = await http.post('/copy').send({ contentIds: [id], catalogIds: [sports] });
    expect(copied.body.code).toBe(200);
    const [copyId] = copied.body.data as string[];
    const copy = await http.get(`/init/${sports}/article/${copyId}`);
    expect(copy.body.data).toMatchObject({ title: 'Movable', catalogId: sports, status: 'draft', contentHtml: '<p>body</p>' });
  });
});

describe('locks and per-object permissions', () => {
  it('lets only the holder of a lock edit, publish or delete; the holder or a super admin unlocks', async () => {
    const one = await limitedUser('lockone', allOn(news));
    const two = await limitedUser('locktwo', allOn(news));
    const id = await addArticle({ title: 'Locked' });
    const save = (token: string) =>
      http
        .as(token)
        .put('')
        .send({ contentId: id, catalogId: news, contentType: 'article', title: 'Locked', summary: String(++serial) });

    expect((await http.as(one.token).post(`/lock/${id}`)).body.code).toBe(200);
    expect((await ds.query(`SELECT lock_user FROM cms_content WHERE content_id = $1`, [id]))[0].lock_user).toBe('lockone');
    const edit = await save(two.token);
    expect(edit.status).toBe(400);
    expectMessage(edit, 'zh-CN', '内容“Locked”已被用户“lockone”锁定，请联系其解锁后再操作');
    expectMessage(await http.as(two.token).post('/publish').send([id]), 'zh-CN', /lockone/);
    expectMessage(await http.as(two.token).delete('').send([id]), 'zh-CN', /lockone/);
    expect((await http.as(two.token).post(`/lock/${id}`)).status).toBe(400);
    const unlock = await http.as(two.token).post(`/unlock/${id}`);
    expect(unlock.status).toBe(400);
    expectMessage(unlock, 'zh-CN', '内容“Locked”由用户“lockone”锁定，只有锁定人或超级管理员可以解锁');
    expect(await statusOf(id)).toBe('draft');

    expect((await save(one.token)).body.code).toBe(200);
    expect((await http.as(one.token).post('/publish').send([id])).body.code).toBe(200);
    expect((await http.as(one.token).post(`/unlock/${id}`)).body.code).toBe(200);
    expect((await save(two.token)).body.code).toBe(200);
    expect(await statusOf(id)).toBe('re_edit');

    // The same call by the same user within a second is refused as a repeated submission; this one is a new lock.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await http.as(one.token).post(`/lock/${id}`)).body.code).toBe(200);
    expect((await http.post(`/unlock/${id}`)).body.code).toBe(200);
    expect((await ds.query(`SELECT lock_user FROM cms_content WHERE content_id = $1`, [id]))[0].lock_user).toBe('');

    const log = await http.get(`/log?contentId=${id}`);
    expect(log.body.data.rows.map((r: { action: string }) => r.action)).toEqual([
      'unlock',
      'lock',
      'edit',
      'unlock',
      'publish',
      'edit',
      'lock',
      'add',
    ]);
    expect(log.body.data.rows[1]).toMatchObject({ operator: 'lockone' });
  });

  it('denies add, edit, delete and publish without the catalog permission, and lists only viewable catalogs', async () => {
    const user = await limitedUser('contentlimited', [`Catalog:View:${news}`, `Catalog:AddContent:${news}`]);
    const inSports = await row('draft', { catalogId: sports, title: 'Sports only' });
    const denied = await http.as(user.token).post('').send({ catalogId: sports, contentType: 'article', title: 'No' });
    expect(denied.status).toBe(403);
    const id = await addArticle({ title: 'Limited add' }, user.token);
    const save = () =>
      http
        .as(user.token)
        .put('')
        .send({ contentId: id, catalogId: news, contentType: 'article', title: 'Limited edit', summary: String(++serial) });
    expect((await save()).status).toBe(403);
    expect((await http.as(user.token).delete('').send([id])).status).toBe(403);
    expect((await http.as(user.token).post('/publish').send([id])).status).toBe(403);
    expect(await statusOf(id)).toBe('draft');
    const listed = await http.as(user.token).get('/list?pageSize=100');
    expect(listed.body.data.rows.every((r: { catalogId: string }) => r.catalogId === news)).toBe(true);
    expect(listed.body.data.rows.some((r: { contentId: string }) => r.contentId === inSports)).toBe(false);
    expect((await http.as(user.token).get(`/init/${sports}/article/${inSports}`)).status).toBe(403);

    await grant(user.id, [`Catalog:EditContent:${news}`, `Catalog:PublishContent:${news}`, `Catalog:DeleteContent:${news}`]);
    expect((await save()).body.code).toBe(200);
    expect(
      (
        await http
          .as(user.token)
          .post('/publish')
          .send({ contentIds: [id] })
      ).body.code,
    ).toBe(200);
    expect(
      (
        await http
          .as(user.token)
          .delete('')
          .send({ contentIds: [id] })
      ).body.code,
    ).toBe(200);
    // Moving needs AddContent on the target too.
    const mine = await addArticle({ title: 'Limited move' }, user.token);
    expect(
      (
        await http
          .as(user.token)
          .post('/move')
          .send({ contentIds: [mine], catalogId: sports })
      ).status,
    ).toBe(403);

    // The menu permission is needed as well: a user with object rights but no content screen is refused.
    const bare = await createStaffUser(t.app, { userName: 'nomenu', password: 'Editor123' });
    await grant(bare, [`Site:View:${siteId}`, ...allOn(news)]);
    const token = await tokenOf(t.app, 'nomenu', 'Editor123');
    expect((await http.as(token).get('/list')).status).toBe(403);
  });
});

describe('related content', () => {
  it('relates, lists and unrelates content of the site', async () => {
    const [a, b, c] = [await row('draft'), await row('draft'), await row('draft')];
    expect((await http.post('/rela').send({ contentId: a, relaContentIds: [b, c] })).body.code).toBe(200);
    expect((await http.get(`/rela?contentId=${a}`)).body.data.rows.map((r: { contentId: string }) => r.contentId).sort()).toEqual([b, c].sort());
    expectMessage(await http.post('/rela').send({ contentId: a, relaContentIds: [a] }), 'zh-CN', '内容不能与自己关联');
    expect((await http.delete('/rela').send({ contentId: a, relaContentIds: [b] })).body.code).toBe(200);
    expect((await http.get(`/init/${news}/article/${a}`)).body.data.relaContentIds).toEqual([c]);
  });
});

describe('scheduled jobs', () => {
  it('publishes scheduled content when its date comes', async () => {
    const due = await row('to_publish', { publishDate: new Date(Date.now() + 60_000) });
    const later = await row('to_publish', { publishDate: new Date(Date.now() + 10 * DAY) });
    // Its offline date passed too (the server was down): the offline job takes it, it is not published.
    const expired = await row('to_publish', { publishDate: new Date(Date.now() + 60_000) });
    await ds.query(`UPDATE cms_content SET offline_date = $2 WHERE content_id = $1`, [expired, new Date(Date.now() + 90_000)]);
    // A lock does not hold a scheduled job back.
    await ds.query(`UPDATE cms_content SET lock_user = 'someone' WHERE content_id = $1`, [due]);
    await jobs.publishDue(new Date());
    expect(await statusOf(due)).toBe('to_publish');
    await jobs.publishDue(new Date(Date.now() + 2 * 60_000));
    expect(await statusOf(due)).toBe('published');
    expect(await statusOf(later)).toBe('to_publish');
    expect(await statusOf(expired)).toBe('to_publish');
    expect(await tasksOf(due)).toEqual(['content']);
    const [log] = await ds.query(`SELECT action, detail, operator FROM cms_content_op_log WHERE content_id = $1`, [due]);
    expect(log).toEqual({ action: 'publish', detail: 'to_publish -> published (scheduled)', operator: 'system' });
    await jobs.offlineDue(new Date(Date.now() + 2 * 60_000));
    expect(await statusOf(expired)).toBe('offline');
    expect(await tasksOf(expired)).toEqual([]);
  });

  it('takes content offline at its offline date', async () => {
    const id = await row('published');
    const kept = await row('published');
    await ds.query(`UPDATE cms_content SET offline_date = $2 WHERE content_id = $1`, [id, new Date(Date.now() + 60_000)]);
    await ds.query(`UPDATE cms_content SET offline_date = $2 WHERE content_id = $1`, [kept, new Date(Date.now() + DAY)]);
    await jobs.offlineDue(new Date(Date.now() + 2 * 60_000));
    expect(await statusOf(id)).toBe('offline');
    expect(await statusOf(kept)).toBe('published');
    expect(await tasksOf(id)).toEqual(['unpublish']);
  });

  it('clears top flags whose end passed', async () => {
    const id = await row('draft', { topFlag: Date.now() });
    const kept = await row('draft', { topFlag: Date.now() });
    await ds.query(`UPDATE cms_content SET top_date = $2 WHERE content_id = $1`, [id, new Date(Date.now() + 60_000)]);
    await ds.query(`UPDATE cms_content SET top_date = NULL WHERE content_id = $1`, [kept]);
    await jobs.clearExpiredTop(new Date(Date.now() + 2 * 60_000));
    const rows = await ds.query(`SELECT content_id::text AS id, top_flag::text AS top, top_date FROM cms_content WHERE content_id IN ($1, $2)`, [
      id,
      kept,
    ]);
    expect(rows.find((r: { id: string }) => r.id === id)).toMatchObject({ top: '0', top_date: null });
    expect(rows.find((r: { id: string }) => r.id === kept).top).not.toBe('0');
  });

  it('empties the recycle bin after the site’s keep days, never when 0', async () => {
    await ds.query(`UPDATE cms_site SET config_props = '{"recycleKeepDays": 7}' WHERE site_id = $1`, [siteId]);
    const [{ site_id: forever }] = await ds.query(
      `INSERT INTO cms_site (name, path, config_props) VALUES ('Keep', 'keepsite', '{"recycleKeepDays": 0}') RETURNING site_id::text`,
    );
    const keepCatalog = await catalog('Keep', 'keep', 'keep/', '0', '', 'common', forever);
    const old = await row('deleted');
    const recent = await row('deleted');
    const [{ id: foreverOld }] = await ds.query(
      `INSERT INTO cms_content (site_id, catalog_id, content_type, title, status, delete_time) VALUES ($1, $2, 'article', 'Keep me', 'deleted', now() - interval '100 days') RETURNING content_id::text AS id`,
      [forever, keepCatalog],
    );
    await ds.query(`UPDATE cms_content SET delete_time = now() - interval '8 days' WHERE content_id = $1`, [old]);
    await ds.query(`UPDATE cms_content SET delete_time = now() - interval '6 days' WHERE content_id = $1`, [recent]);
    await jobs.purgeRecycleBin(new Date());
    expect(await statusOf(old)).toBeUndefined();
    expect(await statusOf(recent)).toBe('deleted');
    expect(await statusOf(foreverOld)).toBe('deleted');
    await ds.query(`UPDATE cms_site SET config_props = '{}' WHERE site_id = $1`, [siteId]);
  });
});

describe('image upload', () => {
  it('stores an image recognised by its content under the site resources and refuses a fake one', async () => {
    const res = await http.post('/upload/image').attach('file', PNG, 'pixel.png');
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.path).toMatch(/^resources\/\d{6}\/[0-9a-f]{32}\.png$/);
    expect(res.body.data.url).toBe(`/site/contentsite/${res.body.data.path}`);
    const stored = await t.app.get<FileStorage>(FILE_STORAGE).get(`site/contentsite/${res.body.data.path}`);
    expect(stored).not.toBeNull();
    stored?.destroy();

    const fake = await http.post('/upload/image').attach('file', Buffer.from('just text, not an image'), 'fake.png');
    expect(fake.status).toBe(400);
    expectMessage(fake, 'zh-CN', '只能上传 jpg、png、gif、webp 格式的图片');
    // The site's image limit (spec 9's default: 2 MB).
    const big = await http.post('/upload/image').attach('file', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), 'big.png');
    expect(big.status).toBe(400);
    expectMessage(big, 'zh-CN', '图片“big.png”超过大小限制（最大 2 MB）');
  });

  it('stores audio and video recognised by their content, and refuses a renamed text file', async () => {
    // An ID3 tag then an MPEG frame header: what file-type recognises as mp3.
    const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(64)]);
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(64)]);
    const audio = await http.post('/upload/media').attach('file', mp3, 'song.bin');
    expect(audio.body.data).toMatchObject({ kind: 'audio' });
    expect(audio.body.data.path).toMatch(/^resources\/\d{6}\/[0-9a-f]{32}\.mp3$/);
    const video = await http.post('/upload/media').attach('file', mp4, 'clip.mp4');
    expect(video.body.data).toMatchObject({ kind: 'video' });
    expect(video.body.data.path).toMatch(/\.mp4$/);
    const fake = await http.lang('en').post('/upload/media').attach('file', Buffer.from('not a video at all'), 'fake.mp4');
    expect(fake.status).toBe(400);
    expectMessage(fake, 'en', 'Only mp3, ogg, wav, m4a, mp4 and webm audio or video files can be uploaded');
  });
});
