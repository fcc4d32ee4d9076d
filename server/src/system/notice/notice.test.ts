import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { NoticeModule } from './notice.module';
import { api, expectMessage } from '../../../test/helpers/api';

let t: TestApp;
let ds: DataSource;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ imports: [NoticeModule] });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin });
const countNotices = async () => Number((await ds.query('SELECT count(*) AS n FROM sys_notice'))[0].n);

describe('notices', () => {
  it('publishes, reads, lists with filters, changes and deletes a notice', async () => {
    const created = await http.post('/system/notice', { noticeTitle: '系统维护通知', noticeType: '1', noticeContent: '<p>今晚维护</p>' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      noticeTitle: '系统维护通知',
      noticeType: '1',
      noticeContent: '<p>今晚维护</p>',
      status: '0',
      createBy: 'admin',
    });
    const id = created.body.data.noticeId as string;
    const second = await http.post('/system/notice', { noticeTitle: '新版本发布公告', noticeType: '2', status: '1' });

    expect((await http.get(`/system/notice/${id}`)).body.data.noticeTitle).toBe('系统维护通知');
    const all = await http.get('/system/notice/list');
    expect(all.body.data.rows.map((r: { noticeId: string }) => r.noticeId)).toEqual([second.body.data.noticeId, id]);
    expect((await http.get(`/system/notice/list?noticeTitle=${encodeURIComponent('维护')}`)).body.data.total).toBe(1);
    expect((await http.get('/system/notice/list?noticeType=2')).body.data.rows[0].noticeId).toBe(second.body.data.noticeId);
    expect((await http.get('/system/notice/list?createBy=adm')).body.data.total).toBe(2);
    expect((await http.get('/system/notice/list?createBy=nobody')).body.data.total).toBe(0);

    expect((await http.put('/system/notice', { noticeId: id, noticeTitle: '系统维护通知（延期）', noticeType: '1', status: '1' })).status).toBe(200);
    expect((await http.get(`/system/notice/${id}`)).body.data).toMatchObject({
      noticeTitle: '系统维护通知（延期）',
      noticeContent: '<p>今晚维护</p>',
      status: '1',
      updateBy: 'admin',
    });

    expect((await http.delete(`/system/notice/${id},${second.body.data.noticeId}`)).status).toBe(200);
    const gone = await http.lang('en').get(`/system/notice/${id}`);
    expect(gone.status).toBe(404);
    expectMessage(gone, 'en', 'No such notice');
  });

  it('takes type and status only from their dictionaries, writing nothing otherwise', async () => {
    const before = await countNotices();
    const badType = await http.post('/system/notice', { noticeTitle: '坏类型', noticeType: '9' });
    expect(badType.status).toBe(400);
    expectMessage(badType, 'zh-CN', '公告类型的取值“9”无效');
    const badStatus = await http.lang('en').post('/system/notice', { noticeTitle: '坏状态', noticeType: '1', status: '5' });
    expectMessage(badStatus, 'en', 'Status: "5" is not a valid value');
    const noTitle = await http.post('/system/notice', { noticeTitle: '', noticeType: '1' });
    expectMessage(noTitle, 'zh-CN', '公告标题不能为空');
    const longTitle = await http.post('/system/notice', { noticeTitle: '长'.repeat(101), noticeType: '1' });
    expectMessage(longTitle, 'zh-CN', '公告标题长度必须介于 1 和 100 个字符之间');
    expect(await countNotices()).toBe(before);

    const ok = await http.post('/system/notice', { noticeTitle: '正常', noticeType: '1' });
    const badEdit = await http.put('/system/notice', { noticeId: ok.body.data.noticeId, noticeTitle: '正常', noticeType: '7' });
    expect(badEdit.status).toBe(400);
    expect((await http.get(`/system/notice/${ok.body.data.noticeId}`)).body.data.noticeType).toBe('1');
  });

  it('follows changes to the notice-type dictionary', async () => {
    expect((await http.post('/system/notice', { noticeTitle: '活动', noticeType: '3' })).status).toBe(400);
    await http.post('/system/dict/data', { dictType: 'sys_notice_type', dictLabel: '活动', dictValue: '3', dictSort: 3 });
    expect((await http.post('/system/notice', { noticeTitle: '活动一', noticeType: '3' })).status).toBe(201);
    const [{ dict_code }] = await ds.query(`SELECT dict_code FROM sys_dict_data WHERE dict_type = 'sys_notice_type' AND dict_value = '3'`);
    await http.put('/system/dict/data', { dictCode: String(dict_code), dictType: 'sys_notice_type', dictLabel: '活动', dictValue: '3', status: '1' });
    expectMessage(await http.post('/system/notice', { noticeTitle: '活动二', noticeType: '3' }), 'zh-CN', '公告类型的取值“3”无效');
  });

  it('needs the notice permissions', async () => {
    await createRole(t.app, 'noticereader', ['system.notice.query']);
    await createStaffUser(t.app, { userName: 'reader1', password: 'Reader123', roles: ['noticereader'] });
    const token = await tokenOf(t.app, 'reader1', 'Reader123');
    expect((await http.as(token).get('/system/notice/list')).status).toBe(200);
    const denied = await http.as(token).post('/system/notice', { noticeTitle: '无权', noticeType: '1' });
    expect(denied.status).toBe(403);
    expect((await http.as(token).delete('/system/notice/1')).status).toBe(403);
  });
});
