import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';
import { tokenOf } from '../../test/helpers/staff';

/**
 * Names that must be unique are decided by unique indexes, not by a SELECT before the write: two saves of one name
 * sent at the same moment give exactly one success, and the other gets the usual localized "already exists" answer.
 */
let t: TestApp;
let ds: DataSource;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

const post = (path: string, body: object, lang = 'zh-CN') =>
  request(t.server).post(`/prod-api${path}`).set('Authorization', `Bearer ${admin}`).set('Accept-Language', lang).send(body);

/** Sends the bodies at once (each differs, so the repeat-submit guard does not refuse them) and sorts the answers. */
async function race(path: string, bodies: object[], lang = 'zh-CN') {
  const answers = await Promise.all(bodies.map((b) => post(path, b, lang)));
  const won = answers.filter((a) => a.status === 201 && a.body.code === 200);
  const lost = answers.filter((a) => a.status !== 201);
  return { won, lost };
}

describe('two concurrent creations of one name', () => {
  it('users: one is created, the other is told the account name exists (HTTP 400), and one row is left', async () => {
    const { won, lost } = await race('/system/user', [
      { userName: 'twin', nickName: '甲', password: 'Quartz987' },
      { userName: 'TWIN', nickName: '乙', password: 'Quartz987' },
    ]);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].status).toBe(400);
    expect(lost[0].body).toMatchObject({ code: 500 });
    expect(lost[0].body.msg).toMatch(/^新增用户“(twin|TWIN)”失败，登录账号已存在$/);
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM sys_user WHERE lower(user_name) = 'twin' AND del_flag = '0'`);
    expect(n).toBe(1);
  });

  it('users: the same clash in English, and emails and phones clash the same way', async () => {
    const { won, lost } = await race(
      '/system/user',
      [
        { userName: 'mail1', nickName: '甲', password: 'Quartz987', email: 'same@example.com' },
        { userName: 'mail2', nickName: '乙', password: 'Quartz987', email: 'SAME@example.com' },
      ],
      'en',
    );
    expect(won).toHaveLength(1);
    expect(lost[0].status).toBe(400);
    expect(lost[0].body.msg).toMatch(/^Cannot save user "mail[12]": the email is taken$/);
    const phone = await race('/system/user', [
      { userName: 'phone1', nickName: '甲', password: 'Quartz987', phonenumber: '13700137000' },
      { userName: 'phone2', nickName: '乙', password: 'Quartz987', phonenumber: '13700137000' },
    ]);
    expect(phone.won).toHaveLength(1);
    expect(phone.lost[0].body.msg).toMatch(/^用户“phone[12]”保存失败，手机号码已存在$/);
  });

  it('a deleted user does not hold the name', async () => {
    await ds.query(`UPDATE sys_user SET del_flag = '2' WHERE lower(user_name) = 'twin'`);
    const again = await post('/system/user', { userName: 'twin', nickName: '丙', password: 'Quartz987' });
    expect(again.status).toBe(201);
  });

  it('roles: by name and by key', async () => {
    const byName = await race('/system/role', [
      { roleName: '编辑组', roleKey: 'editors_a', roleSort: 1 },
      { roleName: '编辑组', roleKey: 'editors_b', roleSort: 2 },
    ]);
    expect(byName.won).toHaveLength(1);
    expect(byName.lost[0].status).toBe(400);
    expect(byName.lost[0].body.msg).toBe('保存角色“编辑组”失败，角色名称已存在');
    const byKey = await race('/system/role', [
      { roleName: '审核组甲', roleKey: 'auditors', roleSort: 1 },
      { roleName: '审核组乙', roleKey: 'auditors', roleSort: 2 },
    ]);
    expect(byKey.won).toHaveLength(1);
    expect(byKey.lost[0].body.msg).toMatch(/^保存角色“审核组[甲乙]”失败，权限字符已存在$/);
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM sys_role WHERE role_name = '编辑组' OR role_key = 'auditors'`);
    expect(n).toBe(2);
  });

  it('posts, departments (among siblings) and menus (among siblings)', async () => {
    const posts = await race('/system/post', [
      { postCode: 'writer', postName: '撰稿人', postSort: 1 },
      { postCode: 'writer2', postName: '撰稿人', postSort: 2 },
    ]);
    expect(posts.won).toHaveLength(1);
    expect(posts.lost[0].body.msg).toBe('保存岗位“撰稿人”失败，岗位名称已存在');
    const codes = await race('/system/post', [
      { postCode: 'reviewer', postName: '审稿人甲', postSort: 1 },
      { postCode: 'reviewer', postName: '审稿人乙', postSort: 2 },
    ]);
    expect(codes.lost[0].body.msg).toMatch(/^保存岗位“审稿人[甲乙]”失败，岗位编码“reviewer”已存在$/);

    const [{ dept_id: root }] = await ds.query('SELECT min(dept_id) AS dept_id FROM sys_dept');
    const depts = await race('/system/dept', [
      { parentId: String(root), deptName: '编辑部', orderNum: 1 },
      { parentId: String(root), deptName: '编辑部', orderNum: 2 },
    ]);
    expect(depts.won).toHaveLength(1);
    expect(depts.lost[0].body.msg).toBe('保存部门“编辑部”失败，同一上级下已存在同名部门');
    // The same name under another parent is fine.
    const child = await post('/system/dept', { parentId: depts.won[0].body.data.deptId, deptName: '编辑部', orderNum: 1 });
    expect(child.status).toBe(201);

    const menus = await race('/system/menu', [
      { menuName: '稿件', parentId: '0', orderNum: 1, menuType: 'M', path: 'drafts' },
      { menuName: '稿件', parentId: '0', orderNum: 2, menuType: 'M', path: 'drafts2' },
    ]);
    expect(menus.won).toHaveLength(1);
    expect(menus.lost[0].body.msg).toBe('保存菜单“稿件”失败，同级下菜单名称已存在');
  });

  it('members, member levels and experience rules', async () => {
    const members = await race('/cms/member', [
      { userName: 'reader', nickName: '甲', password: 'Quartz987' },
      { userName: 'Reader', nickName: '乙', password: 'Quartz987' },
    ]);
    expect(members.won).toHaveLength(1);
    expect(members.lost[0].status).toBe(400);
    expect(members.lost[0].body.msg).toMatch(/^会员账号“(reader|Reader)”已存在$/);

    const levels = await race('/cms/member/level', [
      { levelType: 'race', level: 1, levelName: '甲', nextNeedExp: 10 },
      { levelType: 'race', level: 1, levelName: '乙', nextNeedExp: 20 },
    ]);
    expect(levels.won).toHaveLength(1);
    expect(levels.lost[0].body.msg).toBe('等级类型“race”中已存在等级 1');

    await ds.query(`DELETE FROM member_exp_config WHERE op_type = 'signIn'`);
    const rules = await race('/cms/member/exp', [
      { opType: 'signIn', exp: 1, dayLimit: 1, totalLimit: 0 },
      { opType: 'signIn', exp: 2, dayLimit: 1, totalLimit: 0 },
    ]);
    expect(rules.won).toHaveLength(1);
    expect(rules.lost[0].status).toBe(400);
    expect(rules.lost[0].body.msg).toMatch(/^操作类型“.+”已有经验配置$/);
  });
});
