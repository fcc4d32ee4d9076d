import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { tokenOf } from '../../../test/helpers/staff';
import { api, expectMessage } from '../../../test/helpers/api';

let t: TestApp;
let ds: DataSource;
let admin: string;
const http = api(() => t, { token: () => admin });

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

describe('menus', () => {
  it('lists every menu with names in the caller’s language', async () => {
    const zh = await http.get('/system/menu/list?menuName=用户管理');
    expect(zh.body.data.map((m: { menuName: string }) => m.menuName)).toContain('用户管理');
    const en = await request(t.server).get('/prod-api/system/menu/list').set('Authorization', `Bearer ${admin}`).set('Accept-Language', 'en');
    expect(en.body.data.map((m: { menuName: string }) => m.menuName)).toContain('Users');
  });

  it('adds a directory, a screen and a button; the new screen appears in the route tree', async () => {
    const dir = await http
      .post('/system/menu')
      .send({ menuName: '报表中心', parentId: '0', orderNum: 9, menuType: 'M', path: 'report', icon: 'chart' });
    expect(dir.status).toBe(201);
    const screen = await http.post('/system/menu').send({
      menuName: '销售报表',
      parentId: dir.body.data.menuId,
      orderNum: 1,
      menuType: 'C',
      path: 'sales',
      component: 'report/sales/index',
      perms: 'report:sales:list',
    });
    expect(screen.status).toBe(201);
    const button = await http
      .post('/system/menu')
      .send({ menuName: '导出', parentId: screen.body.data.menuId, orderNum: 1, menuType: 'F', perms: 'report:sales:export' });
    expect(button.status).toBe(201);
    const routes = await http.get('/getRouters');
    const report = routes.body.data.find((r: { path: string }) => r.path === '/report');
    expect(report.children).toEqual([
      expect.objectContaining({ path: 'sales', component: 'report/sales/index', meta: expect.objectContaining({ title: '销售报表' }) }),
    ]);
    const tree = await http.get('/system/menu/treeselect');
    const node = tree.body.data.find((n: { label: string }) => n.label === '报表中心');
    expect(node.children[0]).toMatchObject({ label: '销售报表', children: [{ label: '导出' }] });
  });

  it('checks paths, links, parents and sibling names', async () => {
    expectMessage(
      await http.post('/system/menu').send({ menuName: '无路径', parentId: '0', orderNum: 1, menuType: 'C' }),
      'zh-CN',
      '目录和菜单必须填写路由地址',
    );
    expectMessage(
      await http.post('/system/menu').send({ menuName: '外链', parentId: '0', orderNum: 1, menuType: 'M', path: 'www.example.com', isFrame: true }),
      'zh-CN',
      '外链地址必须以 http:// 或 https:// 开头',
    );
    expectMessage(
      await http.post('/system/menu').send({ menuName: '报表中心', parentId: '0', orderNum: 1, menuType: 'M', path: 'other' }),
      'zh-CN',
      '保存菜单“报表中心”失败，同级下菜单名称已存在',
    );
    const [{ menu_id: dir }] = await ds.query(`SELECT menu_id FROM sys_menu WHERE menu_name = '报表中心'`);
    const [{ menu_id: screen }] = await ds.query(`SELECT menu_id FROM sys_menu WHERE menu_name = '销售报表'`);
    const cycle = await http
      .put('/system/menu')
      .send({ menuId: String(dir), menuName: '报表中心', parentId: String(screen), orderNum: 9, menuType: 'M', path: 'report' });
    expectMessage(cycle, 'zh-CN', '上级菜单不能选择自己或自己的下级');
    const [{ menu_id: button }] = await ds.query(`SELECT menu_id FROM sys_menu WHERE perms = 'report:sales:export'`);
    expectMessage(
      await http.post('/system/menu').send({ menuName: '子项', parentId: String(button), orderNum: 1, menuType: 'F' }),
      'zh-CN',
      '按钮下不能再添加菜单',
    );
    expectMessage(
      await http.post('/system/menu').send({ menuName: '坏参数', parentId: '0', orderNum: 1, menuType: 'M', path: 'q', query: '[1]' }),
      'zh-CN',
      '路由参数必须是 JSON 对象',
    );
  });

  it('refuses to delete a menu with sub-menus or granted to a role', async () => {
    const [{ menu_id: dir }] = await ds.query(`SELECT menu_id FROM sys_menu WHERE menu_name = '报表中心'`);
    expectMessage(await http.delete(`/system/menu/${dir}`), 'zh-CN', '存在子菜单，不允许删除');
    const [{ menu_id: userMenu }] = await ds.query(`SELECT menu_id FROM sys_menu WHERE perms = 'cms:site:add'`);
    expectMessage(await http.delete(`/system/menu/${userMenu}`), 'zh-CN', '菜单已分配给角色，不允许删除');
    const [{ menu_id: button }] = await ds.query(`SELECT menu_id FROM sys_menu WHERE perms = 'report:sales:export'`);
    expect((await http.delete(`/system/menu/${button}`)).body.code).toBe(200);
  });

  it('shows which menus a role holds', async () => {
    const [{ role_id: editor }] = await ds.query(`SELECT role_id FROM sys_role WHERE role_key = 'editor'`);
    const res = await http.get(`/system/menu/roleMenuTreeselect/${editor}`);
    const [{ n }] = await ds.query('SELECT count(*)::int AS n FROM sys_role_menu WHERE role_id = $1', [editor]);
    expect(res.body.data.checkedKeys).toHaveLength(n);
    expect(res.body.data.menus.length).toBeGreaterThanOrEqual(6);
  });
});
