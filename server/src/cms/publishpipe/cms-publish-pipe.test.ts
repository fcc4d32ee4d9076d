import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { CmsPublishPipeService } from './cms-publish-pipe.service';
import { api, expectMessage } from '../../../test/helpers/api';

let t: TestApp;
let ds: DataSource;
let admin: string;
let siteId: string;
let otherSiteId: string;

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
  const site = await http.post('/cms/site').send({ name: '通道站点', path: 'pipes', sort: 1 });
  if (site.body.code !== 200) throw new Error(JSON.stringify(site.body));
  siteId = site.body.data.siteId;
  otherSiteId = (await http.post('/cms/site').send({ name: '另一个站点', path: 'pipes2', sort: 2 })).body.data.siteId;
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin, headers: { CurrentSite: () => siteId ?? '' } });

type Pipe = { publishpipeId: string; code: string; name: string; status: string; sort: number };
const pipesOf = async (site = siteId): Promise<Pipe[]> => (await http.get('/cms/publishpipe/list').set('CurrentSite', site)).body.data.rows;

describe('publish pipes', () => {
  it('lists the default pipes of the current site and offers the enabled ones', async () => {
    expect((await pipesOf()).map((p) => [p.code, p.name, p.status])).toEqual([
      ['pc', 'PC端', '0'],
      ['h5', '移动端', '0'],
    ]);
    expect((await http.get('/cms/publishpipe/selectData')).body.data).toEqual({
      rows: [
        { pipeCode: 'pc', pipeName: 'PC端' },
        { pipeCode: 'h5', pipeName: '移动端' },
      ],
      total: 2,
    });
    expect(await t.app.get(CmsPublishPipeService).enabledCodes(siteId)).toEqual(['pc', 'h5']);
  });

  it('adds, reads and edits a pipe; the code is letters, digits and underscore, unique in the site, and fixed', async () => {
    const added = await http.post('/cms/publishpipe').send({ name: '小程序', code: 'mini_app', sort: 3 });
    expect(added.body.code, JSON.stringify(added.body)).toBe(200);
    const id = added.body.data.publishpipeId as string;
    expect(added.body.data).toMatchObject({ siteId, code: 'mini_app', status: '0', sort: 3, createBy: 'admin' });
    expect((await http.get(`/cms/publishpipe/${id}`)).body.data.name).toBe('小程序');
    // It starts with the default theme, so it can publish at once.
    const [{ n: templates }] = await ds.query(`SELECT count(*)::int AS n FROM cms_template WHERE site_id = $1 AND publish_pipe_code = 'mini_app'`, [
      siteId,
    ]);
    expect(templates).toBeGreaterThan(3);

    const badCode = await http.post('/cms/publishpipe').send({ name: '坏', code: 'mini-app' });
    expect(badCode.status).toBe(400);
    expectMessage(badCode, 'zh-CN', '发布通道编码不能为空，只能包含字母、数字和下划线，且不能超过 50 个字符');
    const taken = await http.lang('en').post('/cms/publishpipe').send({ name: 'Again', code: 'PC' });
    expectMessage(taken, 'en', 'The current site already has a publish pipe with code "PC" (codes ignore case)');
    expectMessage(
      await http.post('/cms/publishpipe').send({ name: '资源', code: 'resources' }),
      'zh-CN',
      '“resources”是保留名称，不能用作发布通道编码',
    );
    expectMessage(await http.post('/cms/publishpipe').send({ name: '', code: 'x1' }), 'zh-CN', '发布通道名称不能为空，且不能超过 100 个字符');
    // The same code is fine in another site.
    const elsewhere = await http.post('/cms/publishpipe').set('CurrentSite', otherSiteId).send({ name: '小程序', code: 'mini_app' });
    expect(elsewhere.body.data.siteId).toBe(otherSiteId);

    const edited = await http.put('/cms/publishpipe').send({ publishpipeId: id, name: '微信小程序', code: 'mini_app', sort: 5, remark: '备注' });
    expect(edited.body.data).toMatchObject({ name: '微信小程序', sort: 5, remark: '备注' });
    const recoded = await http.put('/cms/publishpipe').send({ publishpipeId: id, name: '微信小程序', code: 'other' });
    expectMessage(recoded, 'zh-CN', '发布通道编码创建后不能修改');
    expect((await pipesOf()).map((p) => p.code)).toEqual(['pc', 'h5', 'mini_app']);
    expect((await http.get('/cms/publishpipe/list?name=小程序')).body.data.total).toBe(1);
  });

  it('disables and enables pipes but keeps at least one enabled', async () => {
    const [pc, h5, mini] = await pipesOf();
    expect((await http.post(`/cms/publishpipe/disable/${mini.publishpipeId}`)).body.code).toBe(200);
    expect((await http.post(`/cms/publishpipe/disable/${h5.publishpipeId}`)).body.code).toBe(200);
    const last = await http.post(`/cms/publishpipe/disable/${pc.publishpipeId}`);
    expect(last.status).toBe(400);
    expectMessage(last, 'zh-CN', '不能停用发布通道“pc”：站点至少要保留一个启用的发布通道');
    expect(await t.app.get(CmsPublishPipeService).enabledCodes(siteId)).toEqual(['pc']);
    expect((await http.get('/cms/publishpipe/selectData')).body.data.rows).toEqual([{ pipeCode: 'pc', pipeName: 'PC端' }]);
    expect((await http.put('/cms/publishpipe').send({ publishpipeId: pc.publishpipeId, name: 'PC端', status: '1' })).status).toBe(400);
    expect((await http.post(`/cms/publishpipe/enable/${h5.publishpipeId}`)).body.code).toBe(200);
    expect(await t.app.get(CmsPublishPipeService).enabledCodes(siteId)).toEqual(['pc', 'h5']);
  });

  it('deletes pipes with their templates and files, never the last enabled one', async () => {
    const storage = t.app.get<FileStorage>(FILE_STORAGE);
    const [pc, h5, mini] = await pipesOf();
    // The pipe's default theme is indexed already; the files are there too.
    await storage.put(`cms/sites/${siteId}/templates/mini_app/index.template.html`, Buffer.from('x'));
    await storage.put(`site/pipes/mini_app/index.html`, Buffer.from('x'));
    const removed = await http.delete('/cms/publishpipe').send([mini.publishpipeId]);
    expect(removed.body.code, JSON.stringify(removed.body)).toBe(200);
    expect((await pipesOf()).map((p) => p.code)).toEqual(['pc', 'h5']);
    expect(
      Number((await ds.query(`SELECT count(*) AS n FROM cms_template WHERE site_id = $1 AND publish_pipe_code = 'mini_app'`, [siteId]))[0].n),
    ).toBe(0);
    expect(await storage.list(`cms/sites/${siteId}/templates/mini_app`)).toEqual([]);
    expect(await storage.list('site/pipes/mini_app')).toEqual([]);
    // The other site's pipe of the same code is untouched.
    expect((await pipesOf(otherSiteId)).map((p) => p.code)).toContain('mini_app');

    const both = await http.delete('/cms/publishpipe').send([pc.publishpipeId, h5.publishpipeId]);
    expect(both.status).toBe(400);
    expectMessage(both, 'zh-CN', '不能删除发布通道“pc, h5”：站点至少要保留一个启用的发布通道');
    expect((await pipesOf()).length).toBe(2);
    expect((await http.delete('/cms/publishpipe').send(['x'])).status).toBe(400);
    expect((await http.get('/cms/publishpipe/99999999')).status).toBe(404);
  });

  it('needs the publish pipe screen, Site:View to read and Site:Edit to change', async () => {
    await createRole(t.app, 'pipe_viewer', ['cms.template.publishPipe']);
    const userId = await createStaffUser(t.app, { userName: 'pipeviewer', password: 'Viewer123', roles: ['pipe_viewer'] });
    const viewer = await tokenOf(t.app, 'pipeviewer', 'Viewer123');
    // No site to view yet: no current site.
    const none = await http.as(viewer).get('/cms/publishpipe/list');
    expect(none.status).toBe(400);
    expectMessage(none, 'zh-CN', '请先创建站点，或选择一个有权限的站点');

    await ds.query(`INSERT INTO sys_permission (owner_type, owner_id, permission) VALUES ('user', $1, $2)`, [userId, `Site:View:${siteId}`]);
    const [pc] = await pipesOf();
    expect((await http.as(viewer).get('/cms/publishpipe/list')).body.data.total).toBe(2);
    expect((await http.as(viewer).post('/cms/publishpipe').send({ name: '新', code: 'newpipe' })).status).toBe(403);
    expect((await http.as(viewer).put('/cms/publishpipe').send({ publishpipeId: pc.publishpipeId, name: '改' })).status).toBe(403);
    expect((await http.as(viewer).post(`/cms/publishpipe/disable/${pc.publishpipeId}`)).status).toBe(403);
    expect((await http.as(viewer).delete('/cms/publishpipe').send([pc.publishpipeId])).status).toBe(403);
    // A pipe of a site they may not view.
    const [other] = await pipesOf(otherSiteId);
    expect((await http.as(viewer).get(`/cms/publishpipe/${other.publishpipeId}`)).status).toBe(403);

    await ds.query(`INSERT INTO sys_permission (owner_type, owner_id, permission) VALUES ('user', $1, $2)`, [userId, `Site:Edit:${siteId}`]);
    const ok = await http.as(viewer).post('/cms/publishpipe').send({ name: '新通道', code: 'newpipe', sort: 9 });
    expect(ok.body.code, JSON.stringify(ok.body)).toBe(200);

    // Without the screen: refused even with the object permissions.
    await createRole(t.app, 'no_pipes', ['cms.site']);
    const outsiderId = await createStaffUser(t.app, { userName: 'nopipes', password: 'Viewer123', roles: ['no_pipes'] });
    await ds.query(`INSERT INTO sys_permission (owner_type, owner_id, permission) VALUES ('user', $1, $2), ('user', $1, $3)`, [
      outsiderId,
      `Site:View:${siteId}`,
      `Site:Edit:${siteId}`,
    ]);
    const outsider = await tokenOf(t.app, 'nopipes', 'Viewer123');
    expect((await http.as(outsider).get('/cms/publishpipe/list')).status).toBe(403);
    expect((await http.as(outsider).post('/cms/publishpipe').send({ name: '新2', code: 'newpipe2' })).status).toBe(403);
    // ...but the site screen still offers the pipes to choose from.
    expect((await http.as(outsider).get('/cms/publishpipe/selectData')).body.data.total).toBe(3);
  });
});
