import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectError, expectMessage, expectOk, type Row } from '../../../test/helpers/api';
import { siteFactory } from '../../../test/helpers/factories';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { TagWordService } from './tag-word.service';

let t: TestApp;
let ds: DataSource;
let admin: string;
let siteId: string;
let otherSiteId: string;
const by = { target: () => t, token: () => admin };

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
  siteId = (await siteFactory(by)).siteId;
  otherSiteId = (await siteFactory(by)).siteId;
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin, headers: { CurrentSite: () => siteId } });
const other = http.with({ headers: { CurrentSite: () => otherSiteId } });

const addGroup = async (body: Row, caller = http): Promise<Row> => expectOk(await caller.post('/word/tagword/group', body));
const wordsOf = async (groupId: string): Promise<string[]> =>
  (expectOk(await http.get(`/word/tagword?groupId=${groupId}&pageSize=100`)).rows as Row[]).map((w) => w.word);

describe('tag word groups', () => {
  it('adds, edits, lists and shows groups as a tree; codes are unique in a site, not across sites', async () => {
    const root = await addGroup({ name: '科技', code: 'tech', sortFlag: 1 });
    expect(root).toMatchObject({ siteId, parentId: '0', name: '科技', code: 'tech', sortFlag: 1, createBy: 'admin' });
    const child = await addGroup({ name: 'AI', code: 'ai', parentId: root.groupId });
    expect(child.parentId).toBe(root.groupId);
    expectMessage(await http.post('/word/tagword/group', { name: '重复', code: 'tech' }), 'zh-CN', '当前站点已有编码为“tech”的分组');
    expectMessage(
      await http.post('/word/tagword/group', { name: '坏', code: 'a-b' }),
      'zh-CN',
      '分组编码不能为空，只能包含字母、数字和下划线，且不能超过 50 个字符',
    );
    expectMessage(
      await http.lang('en').post('/word/tagword/group', { name: '', code: 'x' }),
      'en',
      'The group name is required and may not exceed 100 characters',
    );
    expectError(await http.post('/word/tagword/group', { name: '孤儿', code: 'orphan', parentId: '999999' }), 404, { 'zh-CN': '上级分组不存在' });
    // The same code in another site is another group.
    expect((await addGroup({ name: '科技', code: 'tech' }, other)).siteId).toBe(otherSiteId);

    const edited = expectOk(
      await http.put('/word/tagword/group', { groupId: root.groupId, name: '科学技术', code: 'tech', sortFlag: 2, remark: '备注' }),
    );
    expect(edited).toMatchObject({ name: '科学技术', sortFlag: 2, remark: '备注' });
    // A group cannot move below itself.
    expectMessage(
      await http.put('/word/tagword/group', { groupId: root.groupId, name: 'x', code: 'tech', parentId: child.groupId }),
      'zh-CN',
      '上级分组不能是分组自己或它的下级分组',
    );

    const tree = expectOk(await http.get('/word/tagword/group/treedata')) as Row[];
    expect(tree.map((n) => [n.label, n.props.code, n.children.map((c: Row) => c.label)])).toEqual([['科学技术', 'tech', ['AI']]]);
    const list = expectOk(await http.get('/word/tagword/group?query=tech'));
    expect(list.rows.map((g: Row) => g.code)).toEqual(['tech']);
    expect(list.rows[0].wordTotal).toBe(0);
    // Another site's group is not found here.
    const foreign = expectOk(await other.get('/word/tagword/group')).rows[0] as Row;
    expectError(await http.put('/word/tagword/group', { groupId: foreign.groupId, name: 'x', code: 'y' }), 404, { 'zh-CN': '分组不存在' });
  });

  it('deletes a group with its subgroups and all their words', async () => {
    const top = await addGroup({ name: '待删', code: 'gone' });
    const sub = await addGroup({ name: '待删子', code: 'gone_sub', parentId: top.groupId });
    expectOk(await http.post('/word/tagword', { groupId: top.groupId, word: '甲' }));
    expectOk(await http.post('/word/tagword', { groupId: sub.groupId, word: '乙' }));
    expectOk(await http.delete('/word/tagword/group').send([top.groupId]));
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM cms_tag_word WHERE group_id = ANY($1::bigint[])`, [[top.groupId, sub.groupId]]);
    expect(n).toBe(0);
    const [{ g }] = await ds.query(`SELECT count(*)::int AS g FROM cms_tag_word_group WHERE group_id = ANY($1::bigint[])`, [
      [top.groupId, sub.groupId],
    ]);
    expect(g).toBe(0);
    expectError(await http.delete('/word/tagword/group').send([top.groupId]), 404);
  });
});

describe('tag words', () => {
  let groupId: string;
  let otherGroupId: string;

  beforeAll(async () => {
    groupId = (await addGroup({ name: '词组', code: 'words' })).groupId;
    otherGroupId = (await addGroup({ name: '另一组', code: 'words2' })).groupId;
  });

  it('adds, edits and deletes words; a word is unique in its group only', async () => {
    const added = expectOk(await http.post('/word/tagword', { groupId, word: ' 云计算 ', sortFlag: 3, logo: 'resources/a.png' }));
    expect(added).toMatchObject({ groupId, siteId, word: '云计算', sortFlag: 3, logo: 'resources/a.png', useCount: '0' });
    expectMessage(await http.post('/word/tagword', { groupId, word: '云计算' }), 'zh-CN', '分组中已有标签词“云计算”');
    expectOk(await http.post('/word/tagword', { groupId: otherGroupId, word: '云计算' }));
    expectMessage(await http.post('/word/tagword', { groupId, word: '   ' }), 'zh-CN', '标签词不能为空，且不能超过 100 个字符');
    expectMessage(await http.post('/word/tagword', { groupId, word: 'x'.repeat(101) }), 'zh-CN', '标签词不能为空，且不能超过 100 个字符');
    expectError(await http.post('/word/tagword', { groupId: '987654321', word: '无组' }), 404, { 'zh-CN': '分组不存在' });

    const edited = expectOk(await http.put('/word/tagword', { wordId: added.wordId, word: '云服务', remark: '改名' }));
    expect(edited).toMatchObject({ word: '云服务', remark: '改名', sortFlag: 3 });
    const second = expectOk(await http.post('/word/tagword', { groupId, word: '大数据' }));
    expectMessage(await http.put('/word/tagword', { wordId: second.wordId, word: '云服务' }), 'zh-CN', '分组中已有标签词“云服务”');
    expect(await wordsOf(groupId)).toEqual(['大数据', '云服务']);
    expect(expectOk(await http.get(`/word/tagword?groupId=${groupId}&query=数据`)).rows.map((w: Row) => w.word)).toEqual(['大数据']);
    const groups = expectOk(await http.get('/word/tagword/group?query=words')).rows as Row[];
    expect(groups.find((g) => g.groupId === groupId)?.wordTotal).toBe(2);

    expectOk(await http.delete('/word/tagword').send([second.wordId]));
    expect(await wordsOf(groupId)).toEqual(['云服务']);
    // Another site's words are not found from this one.
    expectError(await other.delete('/word/tagword').send([added.wordId]), 404, { 'zh-CN': '标签词不存在' });
  });

  it('adds words in a batch, one per line: blanks and repeats dropped, one taken word refuses them all', async () => {
    const added = expectOk(await http.post('/word/tagword/batchAdd', { groupId, words: ['区块链', '', ' 物联网 ', '区块链'] })) as Row[];
    expect(added.map((w) => w.word)).toEqual(['区块链', '物联网']);
    expectMessage(await http.post('/word/tagword/batchAdd', { groupId, words: ['新词', '物联网'] }), 'zh-CN', '分组中已有标签词“物联网”');
    expect(await wordsOf(groupId)).not.toContain('新词');
    expectMessage(await http.post('/word/tagword/batchAdd', { groupId, words: ['  '] }), 'zh-CN', '请至少填写一个标签词（每行一个）');
    expectMessage(
      await http.post('/word/tagword/batchAdd', { groupId, words: Array.from({ length: 1001 }, (_, i) => `w${i}`) }),
      'zh-CN',
      '一次最多添加 1000 个标签词',
    );
  });

  it('suggests up to 10 words of the current site containing the text, most used first', async () => {
    expectOk(await http.post('/word/tagword/batchAdd', { groupId, words: Array.from({ length: 14 }, (_, i) => `建议${i}`) }));
    expectOk(await http.post('/word/tagword', { groupId: otherGroupId, word: '建议1' }));
    await t.app.get(TagWordService).countUse(siteId, ['建议7', '建议7 ', '不是标签']);
    await ds.query(`UPDATE cms_tag_word SET use_count = 5 WHERE site_id = $1 AND word = '建议3'`, [siteId]);
    const words = expectOk(await http.get(`/word/tagword/suggest?q=${encodeURIComponent('建议')}`)) as string[];
    expect(words).toHaveLength(10);
    expect(words.slice(0, 2)).toEqual(['建议3', '建议7']);
    expect(new Set(words).size).toBe(10);
    expect(expectOk(await http.get(`/word/tagword/suggest?q=${encodeURIComponent('区块')}`))).toEqual(['区块链']);
    // Words of another site are never suggested; LIKE wildcards are plain text.
    expect(expectOk(await other.get(`/word/tagword/suggest?q=${encodeURIComponent('建议')}`))).toEqual([]);
    expect(expectOk(await http.get('/word/tagword/suggest?q=%25'))).toEqual([]);
  });

  it('exports the words of a group as a spreadsheet', async () => {
    const res = await http.post('/word/tagword').set('cc-export', '1').send({ groupId }).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });

  it('refuses staff without the tag word permission', async () => {
    await createRole(t.app, 'hotonly', ['cms.word.hotWord']);
    await createStaffUser(t.app, { userName: 'hotonly', password: 'Passw0rd!x', roles: ['hotonly'] });
    const token = await tokenOf(t.app, 'hotonly', 'Passw0rd!x');
    expectError(await http.as(token).get('/word/tagword'), 403);
    expectError(await http.as(token).post('/word/tagword/group', { name: 'x', code: 'x' }), 403);
    expectError(await http.as(token).get('/word/tagword/suggest?q=a'), 403);
  });
});
