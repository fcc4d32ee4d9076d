import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, expectError, expectOk } from '../../../test/helpers/api';
import { addPublishPipes, startCmsTestApp } from '../../../test/helpers/cms';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import type { TestApp } from '../../../test/helpers/test-app';
import { CmsPageWidgetService } from '../pagewidget/cms-page-widget.service';

let t: TestApp;
let ds: DataSource;
let admin: string;
let siteId: string;
let otherSiteId: string;
/** In the main site: news > tech, and sports; in the other site: elsewhere. */
let news: string;
let tech: string;
let sports: string;
let elsewhere: string;
/** A role for editors (catalog, content and site screens) and a user holding it. */
let editorRole: string;
let editorId: string;
let editor: string;

const http = api(() => t, { token: () => admin });

async function catalog(site: string, name: string, alias: string, parentId = '0', ancestors = ''): Promise<string> {
  const [{ id }] = await ds.query(
    `INSERT INTO cms_catalog (site_id, parent_id, ancestors, tree_level, name, alias, path)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING catalog_id::text AS id`,
    [site, parentId, ancestors, ancestors ? ancestors.split(',').length + 1 : 1, name, alias, `${alias}/`],
  );
  return id;
}
async function content(catalogId: string, title: string, ancestors = catalogId): Promise<string> {
  const [{ id }] = await ds.query(
    `INSERT INTO cms_content (site_id, catalog_id, catalog_ancestors, content_type, title, status)
     VALUES ((SELECT site_id FROM cms_catalog WHERE catalog_id = $1), $1, $2, 'article', $3, 'draft') RETURNING content_id::text AS id`,
    [catalogId, ancestors, title],
  );
  return id;
}
const direct = async (ownerType: string, ownerId: string, prefix = ''): Promise<string[]> =>
  (
    await ds.query(`SELECT permission FROM sys_permission WHERE owner_type = $1 AND owner_id = $2 AND permission LIKE $3 ORDER BY permission`, [
      ownerType,
      ownerId,
      `${prefix}%`,
    ])
  ).map((r: { permission: string }) => r.permission);
const saveCatalogs = (ownerType: string, owner: string, perms: Array<{ id: string; actions: string[] }>, token = admin) =>
  http.as(token).put('/cms/perms/catalog', { ownerType, owner, siteId, perms });
type Row = { id: string; name: string; granted: string[]; inherited: string[]; editable: string[]; children?: Row[] };
const flat = (rows: Row[]): Row[] => rows.flatMap((r) => [r, ...flat(r.children ?? [])]);

beforeAll(async () => {
  ({ t, ds, admin, siteId, otherSiteId } = await startCmsTestApp('perms'));
  news = await catalog(siteId, 'News', 'news');
  tech = await catalog(siteId, 'Tech', 'tech', news, news);
  sports = await catalog(siteId, 'Sports', 'sports');
  elsewhere = await catalog(otherSiteId, 'Elsewhere', 'elsewhere');
  editorRole = await createRole(t.app, 'perm_editor', ['cms.site', 'cms.catalog', 'cms.content']);
  editorId = await createStaffUser(t.app, { userName: 'permeditor', password: 'Editor123', roles: ['perm_editor'] });
  editor = await tokenOf(t.app, 'permeditor', 'Editor123');
});
afterAll(() => t?.close());

describe('permission grants (/cms/perms)', () => {
  it('shows the site matrix of a role: every site, the action columns, nothing granted yet', async () => {
    const data = expectOk(await http.get(`/cms/perms/site?ownerType=role&owner=${editorRole}`));
    expect(data.ownerName).toBe('perm_editor (perm_editor)');
    expect(data.items.map((i: { id: string }) => i.id)).toEqual(['View', 'Edit', 'Delete', 'Publish', 'AddCatalog', 'AddPageWidget']);
    expect(data.items[0].name).toBe('查看');
    const rows = data.rows as Row[];
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([siteId, otherSiteId]));
    const main = rows.find((r) => r.id === siteId)!;
    expect(main).toMatchObject({ name: 'Main', granted: [], inherited: [] });
    expect(main.editable).toHaveLength(6);
    const en = expectOk(await http.lang('en').get(`/cms/perms/catalog?ownerType=role&owner=${editorRole}&siteId=${siteId}`));
    expect(en.items.map((i: { name: string }) => i.name)).toContain('Publish content');
  });

  it('grants one catalog to a role in one save (with Site:View), logs what was granted, and the matrix shows it', async () => {
    const res = await saveCatalogs('role', editorRole, [{ id: news, actions: ['View', 'Edit', 'AddContent', 'EditContent'] }]);
    expect(expectOk(res)).toEqual({
      granted: [`Catalog:AddContent:${news}`, `Catalog:Edit:${news}`, `Catalog:EditContent:${news}`, `Catalog:View:${news}`, `Site:View:${siteId}`],
      revoked: [],
    });
    expect(await direct('role', editorRole)).toEqual([
      `Catalog:AddContent:${news}`,
      `Catalog:Edit:${news}`,
      `Catalog:EditContent:${news}`,
      `Catalog:View:${news}`,
      `Site:View:${siteId}`,
    ]);
    await vi.waitFor(async () => {
      const [log] = await ds.query(
        `SELECT business_type, oper_param, json_result, oper_name FROM sys_oper_log WHERE title = '栏目权限' ORDER BY oper_id DESC LIMIT 1`,
      );
      expect(log).toBeTruthy();
      expect(Number(log.business_type)).toBe(4);
      expect(log.oper_name).toBe('admin');
      expect(JSON.parse(log.oper_param)).toMatchObject({ ownerType: 'role', owner: editorRole, siteId });
      expect(log.json_result).toContain(`Catalog:AddContent:${news}`);
      expect(log.json_result).toContain(`Site:View:${siteId}`);
    });

    const matrix = expectOk(await http.get(`/cms/perms/catalog?ownerType=role&owner=${editorRole}&siteId=${siteId}`));
    const rows = matrix.rows as Row[];
    expect(rows.map((r) => r.name)).toEqual(['News', 'Sports']);
    expect(rows[0].children!.map((r) => r.name)).toEqual(['Tech']);
    expect(rows[0].granted).toEqual(['View', 'Edit', 'AddContent', 'EditContent']);
    expect(rows[0].children![0].granted).toEqual([]);
    const sites = expectOk(await http.get(`/cms/perms/site/options?ownerType=role&owner=${editorRole}`));
    expect(sites).toEqual([{ id: siteId, name: 'Main' }]);
  });

  it('replaces the whole matrix: what is left out is revoked, and the log names it', async () => {
    const res = await saveCatalogs('role', editorRole, [{ id: news, actions: ['View', 'EditContent', 'AddContent'] }]);
    expect(expectOk(res)).toEqual({ granted: [], revoked: [`Catalog:Edit:${news}`] });
    expect(await direct('role', editorRole, 'Catalog:')).toEqual([
      `Catalog:AddContent:${news}`,
      `Catalog:EditContent:${news}`,
      `Catalog:View:${news}`,
    ]);
    await vi.waitFor(async () => {
      const [log] = await ds.query(`SELECT json_result FROM sys_oper_log WHERE title = '栏目权限' ORDER BY oper_id DESC LIMIT 1`);
      expect(JSON.parse(log.json_result).data).toEqual({ granted: [], revoked: [`Catalog:Edit:${news}`] });
    });
    // Grants on another site's catalogs are not touched by this site's matrix.
    await ds.query(`INSERT INTO sys_permission (owner_type, owner_id, permission) VALUES ('role', $1, $2)`, [
      editorRole,
      `Catalog:View:${elsewhere}`,
    ]);
    expectOk(await saveCatalogs('role', editorRole, [{ id: news, actions: ['AddContent', 'EditContent', 'View'] }]));
    expect(await direct('role', editorRole, `Catalog:View:${elsewhere}`)).toEqual([`Catalog:View:${elsewhere}`]);
    await ds.query(`DELETE FROM sys_permission WHERE permission = $1`, [`Catalog:View:${elsewhere}`]);
  });

  it("shows a user's rights through its roles as inherited, and grants and revokes the user's own", async () => {
    const matrix = expectOk(await http.get(`/cms/perms/catalog?ownerType=user&owner=${editorId}&siteId=${siteId}`));
    const row = flat(matrix.rows).find((r) => r.id === news)!;
    expect(row).toMatchObject({ granted: [], inherited: ['View', 'AddContent', 'EditContent'] });
    expect(matrix.ownerName).toBe('permeditor');

    const site = expectOk(await http.put('/cms/perms/site', { ownerType: 'user', owner: editorId, perms: [{ id: otherSiteId, actions: ['View'] }] }));
    expect(site).toEqual({ granted: [`Site:View:${otherSiteId}`], revoked: [] });
    const list = expectOk(await http.as(editor).get('/cms/site/list'));
    expect(list.rows.map((s: { siteId: string }) => String(s.siteId)).sort()).toEqual([siteId, otherSiteId].sort());
    expect(expectOk(await http.put('/cms/perms/site', { ownerType: 'user', owner: editorId, perms: [] }))).toEqual({
      granted: [],
      revoked: [`Site:View:${otherSiteId}`],
    });
    const after = expectOk(await http.as(editor).get('/cms/site/list'));
    expect(after.rows.map((s: { siteId: string }) => String(s.siteId))).toEqual([siteId]);
  });

  it('an editor granted one catalog sees and edits only that catalog', async () => {
    const mine = await content(news, 'Granted news');
    await content(sports, 'Hidden sports');
    await content(tech, 'Hidden tech', `${news},${tech}`);
    const as = http.as(editor).with({ headers: { CurrentSite: siteId } });

    const tree = expectOk(await as.get('/cms/catalog/treeData'));
    expect(flat(tree.rows).map((n: Row) => n.id)).toEqual([news]);
    const list = expectOk(await as.get('/cms/content/list'));
    expect(list.rows.map((r: { title: string }) => r.title)).toEqual(['Granted news']);
    expectOk(await as.get(`/cms/content/list?catalogId=${news}`));

    const added = expectOk(
      await as.post('/cms/content', { catalogId: news, contentType: 'article', title: 'Editor article', contentHtml: '<p>x</p>' }),
    );
    expect(added.contentId).toBeTruthy();
    const got = expectOk(await as.get(`/cms/content/init/${news}/article/${mine}`));
    expectOk(await as.put('/cms/content', { ...got, title: 'Granted news, edited' }));
    expect((await ds.query(`SELECT title FROM cms_content WHERE content_id = $1`, [mine]))[0].title).toBe('Granted news, edited');

    const before = (await ds.query(`SELECT count(*)::int AS n FROM cms_content`))[0].n;
    expectError(await as.post('/cms/content', { catalogId: sports, contentType: 'article', title: 'Nope', contentHtml: '<p>x</p>' }), 403, {
      'zh-CN': '没有权限，请联系管理员授权',
    });
    expectError(await as.lang('en').post('/cms/content', { catalogId: tech, contentType: 'article', title: 'Nope', contentHtml: '<p>x</p>' }), 403, {
      en: 'No permission for this operation, contact the administrator',
    });
    expect((await ds.query(`SELECT count(*)::int AS n FROM cms_content`))[0].n).toBe(before);
    expectError(await as.get(`/cms/catalog/${sports}`), 403);
    expectError(await as.delete('/cms/content').send([mine]), 403); // DeleteContent not granted
    expect((await ds.query(`SELECT status FROM cms_content WHERE content_id = $1`, [mine]))[0].status).toBe('draft');
  });

  it('revoking the catalog hides it again', async () => {
    expect(expectOk(await saveCatalogs('role', editorRole, []))).toEqual({
      granted: [],
      revoked: [`Catalog:AddContent:${news}`, `Catalog:EditContent:${news}`, `Catalog:View:${news}`],
    });
    const as = http.as(editor).with({ headers: { CurrentSite: siteId } });
    expect(expectOk(await as.get('/cms/catalog/treeData')).rows).toEqual([]);
    expect(expectOk(await as.get('/cms/content/list')).rows).toEqual([]);
    // Site:View stays: it is a site right, revoked on the site tab.
    expect(await direct('role', editorRole, 'Site:')).toEqual([`Site:View:${siteId}`]);
  });

  it('refuses bad input with a clear message, changing nothing', async () => {
    const before = await direct('role', editorRole);
    expectError(await http.get(`/cms/perms/site?ownerType=group&owner=${editorRole}`), 400, {
      'zh-CN': '授权对象类型只能是角色（role）或用户（user）',
    });
    expectError(await http.lang('en').get(`/cms/perms/site?ownerType=role&owner=999999`), 404, { en: 'The role does not exist' });
    expectError(await http.get(`/cms/perms/site?ownerType=user&owner=999999`), 404, { 'zh-CN': '用户不存在' });
    const [{ role_id: superRole }] = await ds.query(`SELECT role_id::text FROM sys_role WHERE role_key = 'admin'`);
    expectError(await http.get(`/cms/perms/site?ownerType=role&owner=${superRole}`), 400, { 'zh-CN': '超级管理员角色拥有全部权限，无需授权' });
    expectError(await saveCatalogs('role', editorRole, [{ id: news, actions: ['Fly'] }]), 400, { 'zh-CN': '权限项“Fly”无效' });
    expectError(await saveCatalogs('role', editorRole, [{ id: elsewhere, actions: ['View'] }]), 404, {
      'zh-CN': `对象（ID：${elsewhere}）不存在，或您无权查看`,
    });
    expectError(await http.put('/cms/perms/catalog', { ownerType: 'role', owner: editorRole, perms: [] }), 400, { 'zh-CN': '请选择站点' });
    expectError(await http.put('/cms/perms/site', { ownerType: 'role', owner: editorRole, perms: 'all' }), 400, {
      'zh-CN': '权限数据须为不超过5000行的列表',
    });
    expectError(await http.put('/cms/perms/site', { ownerType: 'role', owner: editorRole, perms: [{ id: siteId, actions: 'View' }] }), 400);
    expectError(await http.get(`/cms/perms/catalog?ownerType=role&owner=${editorRole}&siteId=99999999`), 404);
    expect(await direct('role', editorRole)).toEqual(before);
  });

  it('needs the role or user edit permission, and grants only rights the granter holds', async () => {
    expectError(await http.as(editor).get(`/cms/perms/site?ownerType=role&owner=${editorRole}`), 403);
    // A role manager (role screens, not user screens) holding View and EditContent on news only.
    await createRole(t.app, 'perm_manager', ['system.role', 'cms.site', 'cms.catalog']);
    const managerId = await createStaffUser(t.app, { userName: 'permmanager', password: 'Manager123', roles: ['perm_manager'] });
    await ds.query(`INSERT INTO sys_permission (owner_type, owner_id, permission) VALUES ('user', $1, $2), ('user', $1, $3), ('user', $1, $4)`, [
      managerId,
      `Site:View:${siteId}`,
      `Catalog:View:${news}`,
      `Catalog:EditContent:${news}`,
    ]);
    const manager = await tokenOf(t.app, 'permmanager', 'Manager123');
    expectError(await http.as(manager).get(`/cms/perms/site?ownerType=user&owner=${editorId}`), 403);

    const matrix = expectOk(await http.as(manager).get(`/cms/perms/catalog?ownerType=role&owner=${editorRole}&siteId=${siteId}`));
    expect(flat(matrix.rows).map((r: Row) => [r.name, r.editable])).toEqual([['News', ['View', 'EditContent']]]);
    const sites = expectOk(await http.as(manager).get(`/cms/perms/site?ownerType=role&owner=${editorRole}`));
    expect(sites.rows.map((r: Row) => r.id)).toEqual([siteId]);

    expectError(await saveCatalogs('role', editorRole, [{ id: news, actions: ['View', 'Delete'] }], manager), 403, {
      'zh-CN': `您自己没有“栏目 删除 (${news})”权限，不能授予或收回它`,
    });
    expectError(await saveCatalogs('role', editorRole, [{ id: sports, actions: ['View'] }], manager), 404);
    expect(expectOk(await saveCatalogs('role', editorRole, [{ id: news, actions: ['View', 'EditContent'] }], manager))).toEqual({
      granted: [`Catalog:EditContent:${news}`, `Catalog:View:${news}`],
      revoked: [],
    });
    // Another site's grants the manager cannot see are not revoked by the manager's site matrix.
    await ds.query(`INSERT INTO sys_permission (owner_type, owner_id, permission) VALUES ('role', $1, $2)`, [editorRole, `Site:Edit:${otherSiteId}`]);
    expectOk(await http.as(manager).put('/cms/perms/site', { ownerType: 'role', owner: editorRole, perms: [{ id: siteId, actions: ['View'] }] }));
    expect(await direct('role', editorRole, 'Site:')).toEqual([`Site:Edit:${otherSiteId}`, `Site:View:${siteId}`]);
  });

  it('grants page-widget rights on the widgets of a site', async () => {
    await addPublishPipes(ds, siteId, ['PC', 'pc']);
    const widget = expectOk(
      await http.with({ headers: { CurrentSite: siteId } }).post('/cms/pagewidget', {
        type: 'manual',
        name: 'Banner',
        code: 'permbanner',
        publishPipeCode: 'pc',
        path: 'include/permbanner.html',
        content: { rows: [{ items: [{ title: 'A', url: 'https://example.com/a', logo: '', summary: '' }] }] },
      }),
    );
    const id = String(widget.pageWidgetId);
    const widgets = t.app.get(CmsPageWidgetService);
    const editorUser = { id: editorId, roles: ['perm_editor'] } as never;
    expect(await widgets.can(editorUser, 'Edit', { pageWidgetId: id, siteId })).toBe(false);
    const matrix = expectOk(await http.get(`/cms/perms/pageWidget?ownerType=role&owner=${editorRole}&siteId=${siteId}`));
    expect(matrix.items.map((i: { id: string }) => i.id)).toEqual(['View', 'Edit', 'Delete', 'Publish']);
    expect(matrix.rows).toEqual([{ id, name: 'Banner', granted: [], inherited: [], editable: ['View', 'Edit', 'Delete', 'Publish'] }]);
    const saved = expectOk(
      await http.put('/cms/perms/pageWidget', { ownerType: 'role', owner: editorRole, siteId, perms: [{ id, actions: ['View', 'Edit'] }] }),
    );
    expect(saved).toEqual({ granted: [`PageWidget:Edit:${id}`, `PageWidget:View:${id}`], revoked: [] });
    expect(await direct('role', editorRole, 'PageWidget:')).toEqual([`PageWidget:Edit:${id}`, `PageWidget:View:${id}`]);
    // The editor (Site:View, no Site:Edit) may now edit that widget, and still not delete it.
    expect(await widgets.can(editorUser, 'Edit', { pageWidgetId: id, siteId })).toBe(true);
    expect(await widgets.can(editorUser, 'Delete', { pageWidgetId: id, siteId })).toBe(false);
    expectError(
      await http.put('/cms/perms/pageWidget', { ownerType: 'role', owner: editorRole, siteId, perms: [{ id: '99999999', actions: ['View'] }] }),
      404,
    );
    expectError(
      await http.put('/cms/perms/pageWidget', { ownerType: 'role', owner: editorRole, siteId, perms: [{ id, actions: ['Offline'] }] }),
      400,
      {
        'zh-CN': '权限项“Offline”无效',
      },
    );
  });
});
