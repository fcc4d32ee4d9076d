import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { PostModule } from './post.module';
import { binaryParser } from '../../../test/helpers/binary';
import { api, expectMessage } from '../../../test/helpers/api';

let t: TestApp;
let ds: DataSource;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ imports: [PostModule] });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin, base: '/prod-api/system/post' });

async function addPost(postCode: string, postName: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await http.post('').send({ postCode, postName, postSort: 1, ...extra });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.postId as string;
}
const postCount = async () => (await ds.query(`SELECT count(*)::int AS n FROM sys_post`))[0].n as number;

describe('posts', () => {
  it('adds, reads, lists with filters and changes a post', async () => {
    const id = await addPost('ceo', '董事长', { postSort: 1, remark: '最高' });
    await addPost('hr_manager', '人事经理', { postSort: 2 });
    await addPost('intern', '实习生', { postSort: 3, status: '1' });
    expect((await http.get(`/${id}`)).body.data).toMatchObject({
      postId: id,
      postCode: 'ceo',
      postName: '董事长',
      postSort: 1,
      status: '0',
      remark: '最高',
    });

    const byName = await http.get('/list?postName=经理');
    expect(byName.body.data.rows.map((p: { postCode: string }) => p.postCode)).toEqual(['hr_manager']);
    const disabled = await http.get('/list?status=1');
    expect(disabled.body.data).toMatchObject({ total: 1, rows: [{ postCode: 'intern' }] });

    const changed = await http.put('').send({ postId: id, postCode: 'ceo', postName: '总裁', postSort: 5 });
    expect(changed.body.code).toBe(200);
    expect((await ds.query(`SELECT post_name, post_sort, remark FROM sys_post WHERE post_id = $1`, [id]))[0]).toEqual({
      post_name: '总裁',
      post_sort: 5,
      remark: '最高',
    });
  });

  it('refuses a code or a name already used, naming them, and saves nothing', async () => {
    const id = await addPost('dev', '开发工程师');
    await addPost('qa', '测试工程师');
    const before = await postCount();
    const code = await http.post('').send({ postCode: 'dev', postName: '另一个岗位', postSort: 1 });
    expect(code.status).toBe(400);
    expectMessage(code, 'zh-CN', '保存岗位“另一个岗位”失败，岗位编码“dev”已存在');
    const name = await http.lang('en').post('').send({ postCode: 'dev2', postName: '测试工程师', postSort: 1 });
    expectMessage(name, 'en', 'Cannot save post "测试工程师": the post name is already used');
    const renamed = await http.put('').send({ postId: id, postCode: 'qa', postName: '开发工程师', postSort: 1 });
    expectMessage(renamed, 'zh-CN', '保存岗位“开发工程师”失败，岗位编码“qa”已存在');
    expect(await postCount()).toBe(before);
    expect((await ds.query(`SELECT post_code FROM sys_post WHERE post_id = $1`, [id]))[0].post_code).toBe('dev');
    // Saving a post under its own code and name is no conflict.
    expect((await http.put('').send({ postId: id, postCode: 'dev', postName: '开发工程师', postSort: 7 })).body.code).toBe(200);
  });

  it('checks the code format and the sort order with localized messages', async () => {
    const before = await postCount();
    const code = await http.post('').send({ postCode: 'bad-code!', postName: '坏编码', postSort: 1 });
    expect(code.status).toBe(400);
    expectMessage(code, 'zh-CN', '岗位编码只能包含字母、数字和下划线');
    const sort = await http.lang('zh-TW').post('').send({ postCode: 'sort_x', postName: '排序', postSort: 1.5 });
    expectMessage(sort, 'zh-TW', '顯示順序必須是整數');
    const empty = await http.lang('en').post('').send({ postCode: 'empty_name', postName: '  ', postSort: 1 });
    expectMessage(empty, 'en', 'Post name must not be empty');
    expect(await postCount()).toBe(before);
  });

  it('refuses to delete posts when one is assigned to a user, naming it, and deletes none of them', async () => {
    const free = await addPost('free_post', '空闲岗位');
    const held = await addPost('held_post', '在岗岗位');
    const userId = await createStaffUser(t.app, { userName: 'postholder', password: 'Holder123' });
    await ds.query(`INSERT INTO sys_user_post (user_id, post_id) VALUES ($1, $2)`, [userId, held]);
    const res = await http.delete(`/${free},${held}`);
    expect(res.status).toBe(400);
    expectMessage(res, 'zh-CN', '岗位“在岗岗位”已分配给用户，不能删除');
    expect((await ds.query(`SELECT count(*)::int AS n FROM sys_post WHERE post_id IN ($1, $2)`, [free, held]))[0].n).toBe(2);

    // Once the holder is deleted (logically), the post can go.
    await ds.query(`UPDATE sys_user SET del_flag = '2' WHERE user_id = $1`, [userId]);
    expect((await http.delete(`/${free},${held}`)).body.code).toBe(200);
    expect((await ds.query(`SELECT count(*)::int AS n FROM sys_post WHERE post_id IN ($1, $2)`, [free, held]))[0].n).toBe(0);
    expect((await http.get(`/${held}`)).status).toBe(404);
    const bad = await http.delete('/1;DROP');
    expect(bad.status).toBe(400);
    expectMessage(bad, 'zh-CN', '岗位编号格式不正确，应为以逗号分隔的数字');
  });

  it('offers enabled posts to any signed-in staff member', async () => {
    await createRole(t.app, 'postless', []);
    await createStaffUser(t.app, { userName: 'postviewer', password: 'Viewer123', roles: ['postless'] });
    const token = await tokenOf(t.app, 'postviewer', 'Viewer123');
    const res = await http.as(token).get('/optionselect');
    expect(res.status).toBe(200);
    const codes = res.body.data.map((p: { postCode: string }) => p.postCode);
    expect(codes).toContain('ceo');
    expect(codes).not.toContain('intern');
    expect((await http.as(token).get('/list')).status).toBe(403);
  });

  it('exports the list as a sheet for holders of system:post:export only', async () => {
    const res = await http.post('/list').set('cc-export', '1').buffer(true).parse(binaryParser);
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['岗位编码', '岗位名称', '状态']));
    expect(sheet.rowCount).toBeGreaterThan(1);

    // The query button brings its screen (system:post:list) along, but not the export button.
    await createRole(t.app, 'postlister', ['system.post.query']);
    await createStaffUser(t.app, { userName: 'postlister1', password: 'Lister123', roles: ['postlister'] });
    const lister = await tokenOf(t.app, 'postlister1', 'Lister123');
    expect((await http.as(lister).get('/list')).status).toBe(200);
    expect((await http.as(lister).post('/list').set('cc-export', '1')).status).toBe(403);
  });
});
