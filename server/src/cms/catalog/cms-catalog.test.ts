import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { addPublishPipes, startCmsTestApp } from '../../../test/helpers/cms';
import type { FileStorage } from '../../storage/storage';
import type { TestApp } from '../../../test/helpers/test-app';
import { api, expectMessage } from '../../../test/helpers/api';

let t: TestApp;
let ds: DataSource;
let admin: string;
let siteId: string;
let otherSiteId: string;
let storage: FileStorage;

beforeAll(async () => {
  ({ t, ds, admin, siteId, otherSiteId, storage } = await startCmsTestApp('cat'));
  await addPublishPipes(ds, siteId, ['PC', 'pc']);
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin, base: '/prod-api/cms/catalog', headers: { CurrentSite: () => siteId } });

/** Adds a catalog as `token` and returns it (fails the test when refused). */
async function add(body: Record<string, unknown>, token = admin, site = siteId) {
  const res = await http
    .as(token)
    .with({ headers: { CurrentSite: site } })
    .post('')
    .send(body);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { catalogId: string; path: string; ancestors: string; treeLevel: number; sortFlag: string; parentId: string };
}
const row = async (catalogId: string) =>
  (
    await ds.query(
      `SELECT parent_id::text, ancestors, tree_level, path, sort_flag::text, visible, content_count FROM cms_catalog WHERE catalog_id = $1`,
      [catalogId],
    )
  )[0];
async function content(catalogId: string, status = 'draft', ancestors = catalogId): Promise<string> {
  const [{ content_id }] = await ds.query(
    `INSERT INTO cms_content (site_id, catalog_id, catalog_ancestors, content_type, title, status) VALUES ($1, $2, $3, 'article', 'T', $4) RETURNING content_id`,
    [siteId, catalogId, ancestors, status],
  );
  return String(content_id);
}
const grant = (userId: string, ...permissions: string[]) =>
  Promise.all(
    permissions.map((p) =>
      ds.query(`INSERT INTO sys_permission (owner_type, owner_id, permission) VALUES ('user', $1, $2) ON CONFLICT DO NOTHING`, [userId, p]),
    ),
  );

let limitedSeq = 0;
/** A staff user with the catalog screen and its buttons, viewing the main site, holding the given object permissions. */
async function limitedUser(...permissions: string[]): Promise<{ id: string; token: string }> {
  const name = `catuser${++limitedSeq}`;
  if (limitedSeq === 1) await createRole(t.app, 'catalog_editor', ['cms.catalog']);
  const id = await createStaffUser(t.app, { userName: name, password: 'Catalog123', roles: ['catalog_editor'] });
  await grant(id, `Site:View:${siteId}`, ...permissions);
  return { id, token: await tokenOf(t.app, name, 'Catalog123') };
}

describe('cms catalogs', () => {
  it('adds catalogs with derived paths, ancestors, levels and sort, and answers the static types', async () => {
    const news = await add({ name: '新闻', alias: 'news' });
    expect(news).toMatchObject({ path: 'news/', ancestors: '', treeLevel: 1, parentId: '0', sortFlag: '1' });
    const tech = await add({
      name: '科技',
      alias: 'tech',
      parentId: news.catalogId,
      pageSize: 20,
      publishPipeProps: { pc: { listTemplate: 'list.template.html', detailTemplate: 'article/detail.template.html' } },
    });
    expect(tech).toMatchObject({ path: 'news/tech/', ancestors: news.catalogId, treeLevel: 2, sortFlag: '1' });
    const ai = await add({ name: 'AI', alias: 'ai', parentId: tech.catalogId, path: 'ai_special/' });
    expect(ai).toMatchObject({ path: 'ai_special/', ancestors: `${news.catalogId},${tech.catalogId}`, treeLevel: 3 });
    const about = await add({ name: '关于', alias: 'about', catalogType: 'link', redirectUrl: 'https://example.com/about' });
    expect(about.sortFlag).toBe('2');

    const got = await http.get(`/${tech.catalogId}`);
    expect(got.body.data).toMatchObject({ name: '科技', pageSize: 20, catalogType: 'common', visible: true, staticFlag: true });
    expect(got.body.data.publishPipeProps).toEqual({
      pc: { indexTemplate: '', listTemplate: 'list.template.html', detailTemplate: 'article/detail.template.html' },
    });

    const list = await http.get(`?parentId=${news.catalogId}`);
    expect(list.body.data.rows.map((c: { alias: string }) => c.alias)).toEqual(['tech']);
    expect((await http.get('?name=abou')).body.data.total).toBe(1);

    expect((await http.lang('en').get('/getCatalogTypes')).body.data).toEqual([
      { id: 'common', name: 'Common' },
      { id: 'link', name: 'Link' },
    ]);
    expect((await http.get('/getContentTypes')).body.data.map((o: { name: string }) => o.name)).toEqual(['文章', '图集', '音频', '视频']);

    const batch = await http.post('/batchAdd').send({ parentId: about.catalogId, names: ['Sports', '体育', 'Sports'] });
    expect(batch.body.code, JSON.stringify(batch.body)).toBe(200);
    expect(batch.body.data.map((c: { alias: string; path: string }) => [c.alias, c.path])).toEqual([
      ['sports', 'about/sports/'],
      ['catalog', 'about/catalog/'],
      ['sports_2', 'about/sports_2/'],
    ]);
  });

  it('refuses bad aliases, paths, duplicates, redirect urls, page sizes and templates, changing nothing', async () => {
    const before = (await ds.query(`SELECT count(*)::int AS n FROM cms_catalog`))[0].n;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: 'X', alias: 'NEWS' }, 'zh-CN', '保存栏目“X”失败，别名“NEWS”已被本站其他栏目使用'],
      [{ name: 'X', alias: 'x1', path: 'News/' }, 'zh-CN', '保存栏目“X”失败，路径“News/”已被本站其他栏目使用'],
      [{ name: 'X', alias: 'a-b' }, 'en', 'The catalog alias is required and may contain only letters, digits and underscores (at most 100)'],
      [
        { name: 'X', alias: 'x2', path: 'x2' },
        'en',
        'The catalog path must be folders of letters, digits and underscores ending with / (e.g. news/tech/), at most 255 characters',
      ],
      [
        { name: 'X', alias: 'x3', path: '../x3/' },
        'en',
        'The catalog path must be folders of letters, digits and underscores ending with / (e.g. news/tech/), at most 255 characters',
      ],
      [{ name: 'X', alias: 'x4', catalogType: 'link' }, 'en', 'A link catalog needs a redirect URL starting with http://, https:// or /'],
      [
        { name: 'X', alias: 'x5', catalogType: 'link', redirectUrl: 'javascript:alert(1)' },
        'zh-TW',
        '連結欄目的跳轉網址不能為空，且須以 http://、https:// 或 / 開頭',
      ],
      [{ name: 'X', alias: 'x6', pageSize: 0 }, 'en', "The page size must be -1 (the site's value) or a whole number from 1 to 200"],
      [{ name: 'X', alias: 'x7', pageSize: 201 }, 'en', "The page size must be -1 (the site's value) or a whole number from 1 to 200"],
      [
        { name: 'X', alias: 'x8', publishPipeProps: { pc: { listTemplate: 'list.html' } } },
        'en',
        'The template "list.html" is invalid: template paths look like xxx.template.html',
      ],
      [
        { name: 'X', alias: 'x9', publishPipeProps: { 'p c': {} } },
        'en',
        'The publish pipe code "p c" is invalid: use only letters, digits and underscores',
      ],
      [{ name: '', alias: 'x10' }, 'en', 'The catalog name is required and may have at most 100 characters'],
    ];
    for (const [body, lang, msg] of cases) {
      const res = await http.lang(lang).post('').send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    const foreign = await add({ name: 'F', alias: 'foreign' }, admin, otherSiteId);
    const wrongParent = await http.lang('en').post('').send({ name: 'X', alias: 'x11', parentId: foreign.catalogId });
    expectMessage(wrongParent, 'en', 'The parent catalog does not exist or belongs to another site');
    // Another site may reuse the alias and path.
    await add({ name: 'N', alias: 'news' }, admin, otherSiteId);
    expect((await ds.query(`SELECT count(*)::int AS n FROM cms_catalog WHERE site_id = $1`, [siteId]))[0].n).toBe(before);
  });

  it("changes a catalog's alias and moves its descendants' paths along", async () => {
    const a = await add({ name: 'A', alias: 'edita' });
    const b = await add({ name: 'B', alias: 'editb', parentId: a.catalogId });
    const c = await add({ name: 'C', alias: 'editc', parentId: b.catalogId });
    const custom = await add({ name: 'D', alias: 'editd', parentId: a.catalogId, path: 'elsewhere/' });
    const res = await http.put('').send({ catalogId: a.catalogId, name: 'A2', alias: 'renamed', path: '', visible: false });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'A2', alias: 'renamed', path: 'renamed/', visible: false });
    expect((await row(b.catalogId)).path).toBe('renamed/editb/');
    expect((await row(c.catalogId)).path).toBe('renamed/editb/editc/');
    expect((await row(custom.catalogId)).path).toBe('elsewhere/');
    // A path clash refuses the whole change.
    const clash = await http.put('').send({ catalogId: b.catalogId, name: 'B', alias: 'editb', path: 'elsewhere/' });
    expectMessage(clash, 'zh-CN', '保存栏目“B”失败，路径“elsewhere/”已被本站其他栏目使用');
    expect((await row(b.catalogId)).path).toBe('renamed/editb/');
  });

  it('moves a subtree: ancestors, levels, paths and content ancestors follow; never into its own subtree', async () => {
    const x = await add({ name: 'X', alias: 'mvx' });
    const y = await add({ name: 'Y', alias: 'mvy', parentId: x.catalogId });
    const z = await add({ name: 'Z', alias: 'mvz', parentId: y.catalogId });
    const dest = await add({ name: 'Dest', alias: 'mvdest' });
    await add({ name: 'Sib', alias: 'mvsib', parentId: dest.catalogId });
    const cy = await content(y.catalogId, 'draft', `${x.catalogId},${y.catalogId}`);
    const cz = await content(z.catalogId, 'published', `${x.catalogId},${y.catalogId},${z.catalogId}`);

    const into = await http.lang('en').post(`/move/${x.catalogId}/${z.catalogId}`);
    expect(into.status).toBe(400);
    expectMessage(into, 'en', 'A catalog cannot be moved into itself or one of its sub-catalogs');
    expect((await http.post(`/move/${x.catalogId}/${x.catalogId}`)).status).toBe(400);

    // Pages published under the old folder go; the catalog is published again under the new one.
    await storage.put('site/catmain/pc/mvx/mvy/index.html', Buffer.from('old page'));
    const moved = await http.post(`/move/${y.catalogId}/${dest.catalogId}`);
    expect(moved.body.code, JSON.stringify(moved.body)).toBe(200);
    expect(await storage.get('site/catmain/pc/mvx/mvy/index.html')).toBeNull();
    const [{ n: queued }] = await ds.query(`SELECT count(*)::int AS n FROM cms_publish_task WHERE task_type = 'catalog' AND target_id = $1`, [
      y.catalogId,
    ]);
    expect(queued).toBeGreaterThan(0);
    expect(await row(y.catalogId)).toMatchObject({
      parent_id: dest.catalogId,
      ancestors: dest.catalogId,
      tree_level: 2,
      path: 'mvdest/mvy/',
      sort_flag: '2',
    });
    expect(await row(z.catalogId)).toMatchObject({ ancestors: `${dest.catalogId},${y.catalogId}`, tree_level: 3, path: 'mvdest/mvy/mvz/' });
    const ancestors = async (id: string) =>
      (await ds.query(`SELECT catalog_ancestors FROM cms_content WHERE content_id = $1`, [id]))[0].catalog_ancestors;
    expect(await ancestors(cy)).toBe(`${dest.catalogId},${y.catalogId}`);
    expect(await ancestors(cz)).toBe(`${dest.catalogId},${y.catalogId},${z.catalogId}`);

    const top = await http.post(`/move/${z.catalogId}/0`);
    expect(top.body.data).toMatchObject({ parentId: '0', ancestors: '', treeLevel: 1, path: 'mvz/' });
    expect(await ancestors(cz)).toBe(z.catalogId);
  });

  it('sorts a catalog up and down among its siblings', async () => {
    const p = await add({ name: 'P', alias: 'sortp' });
    const [a, b, c] = [
      await add({ name: 'a', alias: 'sorta', parentId: p.catalogId }),
      await add({ name: 'b', alias: 'sortb', parentId: p.catalogId }),
      await add({ name: 'c', alias: 'sortc', parentId: p.catalogId }),
    ];
    const order = async () =>
      (await ds.query(`SELECT alias FROM cms_catalog WHERE parent_id = $1 ORDER BY sort_flag`, [p.catalogId])).map((r: { alias: string }) => r.alias);
    expect((await http.put('/sort').send({ catalogId: c.catalogId, sort: 1 })).body.code).toBe(200);
    expect(await order()).toEqual(['sorta', 'sortc', 'sortb']);
    await http.put('/sort').send({ catalogId: a.catalogId, sort: -2 });
    expect(await order()).toEqual(['sortc', 'sortb', 'sorta']);
    await http.put('/sort').send({ catalogId: b.catalogId, sort: 5 });
    expect(await order()).toEqual(['sortb', 'sortc', 'sorta']);
    expect((await http.put('/sort').send({ catalogId: b.catalogId, sort: 0 })).status).toBe(400);
  });

  it('shows and hides a catalog', async () => {
    const v = await add({ name: 'V', alias: 'visv' });
    expect((await http.put('/visible').send({ catalogId: v.catalogId, visible: false })).body.code).toBe(200);
    expect((await row(v.catalogId)).visible).toBe(false);
    await http.put('/visible').send({ catalogId: v.catalogId, visible: 'Y' });
    expect((await row(v.catalogId)).visible).toBe(true);
  });

  it('refuses to delete a catalog with sub-catalogs or live content, then deletes it with its recycled content', async () => {
    const parent = await add({ name: '父', alias: 'delparent' });
    const child = await add({ name: '子', alias: 'delchild', parentId: parent.catalogId });
    const withChildren = await http.delete(`/${parent.catalogId}`);
    expect(withChildren.status).toBe(400);
    expectMessage(withChildren, 'zh-CN', '栏目“父”下还有子栏目，请先删除或移走子栏目');
    const live = await content(child.catalogId, 'draft');
    const withContent = await http.lang('en').delete(`/${child.catalogId}`);
    expectMessage(withContent, 'en', 'Catalog "子" still holds 1 content items: delete or move them first');
    await ds.query(`UPDATE cms_content SET status = 'deleted', status_before_delete = 'draft' WHERE content_id = $1`, [live]);
    await ds.query(`INSERT INTO sys_permission (owner_type, owner_id, permission) VALUES ('role', 1, $1)`, [`Catalog:Edit:${child.catalogId}`]);
    await storage.put('site/catmain/pc/delparent/delchild/index.html', Buffer.from('old page'));
    await storage.put('site/catmain/pc/delparent/index.html', Buffer.from('parent page'));
    expect((await http.delete(`/${child.catalogId}`)).body.code).toBe(200);
    // Its published folder goes, its parent's pages stay.
    expect(await storage.list('site/catmain/pc/delparent')).toEqual(['site/catmain/pc/delparent/index.html']);
    expect(await row(child.catalogId)).toBeUndefined();
    expect((await ds.query(`SELECT count(*)::int AS n FROM cms_content WHERE content_id = $1`, [live]))[0].n).toBe(0);
    expect((await ds.query(`SELECT count(*)::int AS n FROM sys_permission WHERE permission = $1`, [`Catalog:Edit:${child.catalogId}`]))[0].n).toBe(0);
    expect((await http.delete(`/${parent.catalogId}`)).body.code).toBe(200);
    expect((await http.get(`/${parent.catalogId}`)).status).toBe(404);
  });

  it('clears a catalog into the recycle bin, keeping each status to restore', async () => {
    const k = await add({ name: 'K', alias: 'clear' });
    const published = await content(k.catalogId, 'published');
    const draft = await content(k.catalogId, 'draft');
    const recycled = await content(k.catalogId, 'deleted');
    await ds.query(`UPDATE cms_content SET status_before_delete = 'offline', delete_time = '2020-01-01' WHERE content_id = $1`, [recycled]);
    const res = await http.post('/clear').send({ catalogId: k.catalogId });
    expect(res.body.data).toEqual({ count: 2 });
    const rows = await ds.query(
      `SELECT content_id::text AS id, status, status_before_delete AS before, delete_time FROM cms_content WHERE catalog_id = $1 ORDER BY content_id`,
      [k.catalogId],
    );
    expect(rows.map((r: { id: string; status: string; before: string }) => [r.id, r.status, r.before])).toEqual([
      [published, 'deleted', 'published'],
      [draft, 'deleted', 'draft'],
      [recycled, 'deleted', 'offline'],
    ]);
    expect(rows[0].delete_time).not.toBeNull();
    expect(new Date(rows[2].delete_time).getUTCFullYear()).toBe(2020);
    expect((await row(k.catalogId)).content_count).toBe(0);
    // The published one's page is taken down by the publisher (an unpublish task); the draft had none.
    const tasks = await ds.query(`SELECT target_id::text FROM cms_publish_task WHERE task_type = 'unpublish'`);
    expect(tasks.map((r: { target_id: string }) => r.target_id)).toEqual([published]);
  });

  it('publishes a catalog through the publisher, with Catalog:Publish', async () => {
    const p = await add({ name: 'Pub', alias: 'pub' });
    const res = await http.post('/publish').send({ catalogId: p.catalogId, publishChild: true });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const [task] = await ds.query(`SELECT task_type, target_id::text, site_id::text, create_by FROM cms_publish_task WHERE task_id = $1`, [
      res.body.data.taskId,
    ]);
    expect(task).toEqual({ task_type: 'catalog', target_id: p.catalogId, site_id: siteId, create_by: 'admin' });
    const user = await limitedUser(`Catalog:View:${p.catalogId}`);
    expect((await http.as(user.token).post('/publish').send({ catalogId: p.catalogId })).status).toBe(403);
  });

  it('merges catalogs into a target, deleting the emptied sources without sub-catalogs', async () => {
    const target = await add({ name: 'T', alias: 'mgtarget' });
    const s1 = await add({ name: 'S1', alias: 'mgs1' });
    const s2 = await add({ name: 'S2', alias: 'mgs2' });
    const s2child = await add({ name: 'S2c', alias: 'mgs2c', parentId: s2.catalogId });
    const c1 = await content(s1.catalogId, 'published');
    const c2 = await content(s1.catalogId, 'deleted');
    const c3 = await content(s2.catalogId, 'draft');
    expectMessage(
      await http
        .lang('en')
        .post('/merge')
        .send({ catalogId: target.catalogId, mergeCatalogIds: [target.catalogId] }),
      'en',
      'A catalog cannot be merged into itself',
    );
    const res = await http.post('/merge').send({ catalogId: target.catalogId, mergeCatalogIds: [s1.catalogId, s2.catalogId] });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ moved: 3, deleted: [s1.catalogId] });
    const moved = await ds.query(`SELECT catalog_id::text, catalog_ancestors FROM cms_content WHERE content_id = ANY($1::bigint[])`, [[c1, c2, c3]]);
    expect(
      moved.every(
        (r: { catalog_id: string; catalog_ancestors: string }) => r.catalog_id === target.catalogId && r.catalog_ancestors === target.catalogId,
      ),
    ).toBe(true);
    expect(await row(s1.catalogId)).toBeUndefined();
    expect(await row(s2.catalogId)).toBeDefined();
    expect(await row(s2child.catalogId)).toBeDefined();
    expect((await row(target.catalogId)).content_count).toBe(2);
  });

  it('refuses a merge or a clear touching content locked by another user, changing nothing; the lock holder may', async () => {
    const target = await add({ name: 'LT', alias: 'lkt' });
    const source = await add({ name: 'LS', alias: 'lks' });
    const locked = await content(source.catalogId, 'published');
    const draft = await content(source.catalogId, 'draft');
    await ds.query(`UPDATE cms_content SET title = 'Locked story', lock_user = 'otheruser' WHERE content_id = $1`, [locked]);
    const state = async () =>
      (
        await ds.query(
          `SELECT content_id::text AS id, catalog_id::text AS catalog, status FROM cms_content WHERE content_id = ANY($1::bigint[]) ORDER BY content_id`,
          [[locked, draft]],
        )
      ).map((r: { id: string; catalog: string; status: string }) => [r.id, r.catalog, r.status]);
    const logOf = async () =>
      (await ds.query(`SELECT action FROM cms_content_op_log WHERE content_id = ANY($1::bigint[]) ORDER BY log_id`, [[locked, draft]])).map(
        (r: { action: string }) => r.action,
      );
    const tasksOf = async () =>
      (
        await ds.query(`SELECT task_type FROM cms_publish_task WHERE target_id = $1 AND task_type IN ('content', 'unpublish') ORDER BY task_id`, [
          locked,
        ])
      ).map((r: { task_type: string }) => r.task_type);
    const before = [
      [locked, source.catalogId, 'published'],
      [draft, source.catalogId, 'draft'],
    ];

    const merge = await http
      .lang('en')
      .post('/merge')
      .send({ catalogId: target.catalogId, mergeCatalogIds: [source.catalogId] });
    expect(merge.status).toBe(400);
    expectMessage(
      merge,
      'en',
      `The content "Locked story" (ID ${locked}) is locked by user "otheruser", so nothing was changed; ask them to unlock it first`,
    );
    expect(await state()).toEqual(before);
    expect(await row(source.catalogId)).toBeDefined();
    expect((await row(source.catalogId)).content_count).toBe(2);

    const clear = await http.post('/clear').send({ catalogId: source.catalogId });
    expect(clear.status).toBe(400);
    expectMessage(clear, 'zh-CN', `内容“Locked story”（编号 ${locked}）已被用户“otheruser”锁定，本次操作未做任何更改；请联系其解锁后再操作`);
    expect(await state()).toEqual(before);
    // Nothing was logged and no page was taken down.
    expect(await logOf()).toEqual([]);
    expect(await tasksOf()).toEqual([]);

    // The holder of the lock may: each item is moved and logged, and the published one leaves its old folder and is
    // published again in the target.
    await ds.query(`UPDATE cms_content SET lock_user = 'admin' WHERE content_id = $1`, [locked]);
    // The same call by the same user within a second is refused as a repeated submission; this one is a new merge.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const merged = await http.post('/merge').send({ catalogId: target.catalogId, mergeCatalogIds: [source.catalogId] });
    expect(merged.body.data, JSON.stringify(merged.body)).toEqual({ moved: 2, deleted: [source.catalogId] });
    expect(await state()).toEqual([
      [locked, target.catalogId, 'published'],
      [draft, target.catalogId, 'draft'],
    ]);
    expect(await logOf()).toEqual(['move', 'move']);
    const [moveLog] = await ds.query(`SELECT detail, operator FROM cms_content_op_log WHERE content_id = $1`, [locked]);
    expect(moveLog).toEqual({ detail: `${source.catalogId} -> ${target.catalogId}`, operator: 'admin' });
    expect(await tasksOf()).toEqual(['unpublish', 'content']);

    // Clearing goes through the same delete as the content screen: each item logged, the lock holder's lock kept.
    expect((await http.post('/clear').send({ catalogId: target.catalogId })).body.data).toEqual({ count: 2 });
    expect(await state()).toEqual([
      [locked, target.catalogId, 'deleted'],
      [draft, target.catalogId, 'deleted'],
    ]);
    expect(await logOf()).toEqual(['move', 'move', 'delete', 'delete']);
    expect(await tasksOf()).toEqual(['unpublish', 'content', 'unpublish']);
  });

  it('keeps extended settings and copies templates to the descendants', async () => {
    const e = await add({
      name: 'E',
      alias: 'ext',
      publishPipeProps: { pc: { listTemplate: 'a.template.html' }, h5: { listTemplate: 'b.template.html' } },
    });
    const e1 = await add({
      name: 'E1',
      alias: 'ext1',
      parentId: e.catalogId,
      publishPipeProps: { pc: { listTemplate: 'old.template.html' }, amp: { listTemplate: 'amp.template.html' } },
    });
    expect((await http.put(`/extends/${e.catalogId}`).send({ contentPageSize: 30, showAuthor: true, note: 'x' })).body.code).toBe(200);
    expect((await http.get(`/extends?catalogId=${e.catalogId}`)).body.data).toEqual({ contentPageSize: 30, showAuthor: true, note: 'x' });
    expect((await http.put(`/extends/${e.catalogId}`).send({ 'bad key': 1 })).status).toBe(400);
    expect((await http.put(`/extends/${e.catalogId}`).send({ nested: { a: 1 } })).status).toBe(400);

    const applied = await http.put('/apply_children/publish_pipe').send({ catalogId: e.catalogId, publishPipeCodes: ['pc'] });
    expect(applied.body.data).toEqual({ updated: 1 });
    const props = (await ds.query(`SELECT publish_pipe_props FROM cms_catalog WHERE catalog_id = $1`, [e1.catalogId]))[0].publish_pipe_props;
    expect(props).toEqual({
      pc: { indexTemplate: '', listTemplate: 'a.template.html', detailTemplate: '' },
      amp: { indexTemplate: '', listTemplate: 'amp.template.html', detailTemplate: '' },
    });
  });

  it('shows a limited user only the catalogs they may view, and refuses what they lack', async () => {
    const a = await add({ name: 'PA', alias: 'perma' });
    const b = await add({ name: 'PB', alias: 'permb', parentId: a.catalogId });
    const c = await add({ name: 'PC', alias: 'permc', parentId: b.catalogId });
    const d = await add({ name: 'PD', alias: 'permd' });
    const user = await limitedUser(
      `Catalog:View:${a.catalogId}`,
      `Catalog:View:${c.catalogId}`,
      `Catalog:Move:${c.catalogId}`,
      `Catalog:View:${d.catalogId}`,
    );

    const tree = await http.as(user.token).get('/treeData');
    expect(tree.body.code, JSON.stringify(tree.body)).toBe(200);
    expect(tree.body.data.siteName).toBe('Main');
    const shape = (nodes: Array<{ name: string; children: unknown[] }>): unknown => nodes.map((n) => [n.name, shape(n.children as never)]);
    // B is hidden from the user: C hangs under A, its nearest visible ancestor.
    expect(shape(tree.body.data.rows)).toEqual([
      ['PA', [['PC', []]]],
      ['PD', []],
    ]);
    expect(tree.body.data.rows[0].children[0].parentId).toBe(a.catalogId);
    expect((await http.as(user.token).get('/tree')).body.data.rows.length).toBe(2);
    expect((await http.as(user.token).get(`/tree?siteId=${otherSiteId}`)).status).toBe(403);
    expect((await http.as(user.token).get('?pageSize=100')).body.data.rows.map((r: { alias: string }) => r.alias).sort()).toEqual([
      'perma',
      'permc',
      'permd',
    ]);

    expect((await http.as(user.token).get(`/${b.catalogId}`)).status).toBe(403);
    expect((await http.as(user.token).get(`/${c.catalogId}`)).status).toBe(200);
    const edit = await http.as(user.token).put('').send({ catalogId: c.catalogId, name: 'hack', alias: 'permc' });
    expect(edit.status).toBe(403);
    expect((await http.as(user.token).delete(`/${c.catalogId}`)).status).toBe(403);
    // Move needs Catalog:Move on both ends (the user holds it on C only).
    expect((await http.as(user.token).post(`/move/${c.catalogId}/${d.catalogId}`)).status).toBe(403);
    expect((await http.as(user.token).put('/sort').send({ catalogId: c.catalogId, sort: 1 })).status).toBe(403);
    expect((await http.as(user.token).put('/visible').send({ catalogId: c.catalogId, visible: false })).status).toBe(403);
    expect((await http.as(user.token).post('/clear').send({ catalogId: c.catalogId })).status).toBe(403);
    expect((await http.as(user.token).post('').send({ name: 'N', alias: 'permnew' })).status).toBe(403);
    expect((await row(c.catalogId)).parent_id).toBe(b.catalogId);
    expect((await ds.query(`SELECT name FROM cms_catalog WHERE catalog_id = $1`, [c.catalogId]))[0].name).toBe('PC');
  });

  it('grants the creator every permission on a catalog they add, so they can edit, move and delete it', async () => {
    const user = await limitedUser(`Site:AddCatalog:${siteId}`);
    const mine = await add({ name: 'Mine', alias: 'mine' }, user.token);
    const held = await ds.query(
      `SELECT permission FROM sys_permission WHERE owner_type = 'user' AND owner_id = $1 AND permission LIKE 'Catalog:%' ORDER BY permission`,
      [user.id],
    );
    expect(held.map((r: { permission: string }) => r.permission.split(':')[1]).sort()).toEqual(
      ['AddContent', 'Delete', 'DeleteContent', 'Edit', 'EditContent', 'Move', 'Publish', 'PublishContent', 'ShowHide', 'Sort', 'View'].sort(),
    );
    const tree = await http.as(user.token).get('/treeData');
    expect(tree.body.data.rows.map((n: { name: string }) => n.name)).toEqual(['Mine']);
    expect((await http.as(user.token).put('').send({ catalogId: mine.catalogId, name: 'Mine2', alias: 'mine' })).body.code).toBe(200);
    const child = await add({ name: 'Child', alias: 'minechild', parentId: mine.catalogId }, user.token);
    expect((await http.as(user.token).post(`/move/${child.catalogId}/0`)).body.code).toBe(200);
    expect((await http.as(user.token).delete(`/${child.catalogId}`)).body.code).toBe(200);

    // The screen's button permission is needed too: a role without cms:catalog:remove cannot delete.
    await createRole(t.app, 'catalog_viewer_only', []);
    await ds.query(
      `INSERT INTO sys_role_menu (role_id, menu_id) SELECT r.role_id, m.menu_id FROM sys_role r, sys_menu m WHERE r.role_key = 'catalog_viewer_only' AND m.menu_key = 'cms.catalog'`,
    );
    const viewerId = await createStaffUser(t.app, { userName: 'catviewer', password: 'Catalog123', roles: ['catalog_viewer_only'] });
    await grant(viewerId, `Site:View:${siteId}`, `Catalog:View:${mine.catalogId}`, `Catalog:Delete:${mine.catalogId}`);
    const viewer = await tokenOf(t.app, 'catviewer', 'Catalog123');
    expect((await http.as(viewer).get(`/${mine.catalogId}`)).status).toBe(200);
    expect((await http.as(viewer).delete(`/${mine.catalogId}`)).status).toBe(403);
  });
});
