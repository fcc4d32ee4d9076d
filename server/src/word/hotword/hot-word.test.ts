import { buffer as readAll } from 'node:stream/consumers';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectError, expectMessage, expectOk, type Row } from '../../../test/helpers/api';
import { catalogFactory, contentFactory, siteFactory } from '../../../test/helpers/factories';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';

let t: TestApp;
let ds: DataSource;
let admin: string;
let site: { siteId: string; path: string };
let otherSiteId: string;
const by = { target: () => t, token: () => admin };

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
  site = await siteFactory(by);
  otherSiteId = (await siteFactory(by)).siteId;
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin, headers: { CurrentSite: () => site.siteId } });
const other = http.with({ headers: { CurrentSite: () => otherSiteId } });

describe('hot word groups and hot words', () => {
  let groupId: string;

  it('adds, edits, lists and deletes groups; codes are unique in a site', async () => {
    const group = expectOk(await http.post('/word/hotword/group', { name: '热门', code: 'hot', sortFlag: 1 }));
    groupId = group.groupId;
    expect(group).toMatchObject({ siteId: site.siteId, name: '热门', code: 'hot', sortFlag: 1 });
    expectMessage(await http.post('/word/hotword/group', { name: '又一个', code: 'hot' }), 'zh-CN', '当前站点已有编码为“hot”的分组');
    expectOk(await other.post('/word/hotword/group', { name: '热门', code: 'hot' }));
    const second = expectOk(await http.post('/word/hotword/group', { name: '第二', code: 'second', sortFlag: 0 }));
    expect(expectOk(await http.put('/word/hotword/group', { groupId: second.groupId, name: '第二组', code: 'second2' }))).toMatchObject({
      name: '第二组',
      code: 'second2',
    });
    expect(expectOk(await http.get('/word/hotword/group/options'))).toEqual([
      { groupId: second.groupId, code: 'second2', name: '第二组' },
      { groupId, code: 'hot', name: '热门' },
    ]);
    const tree = expectOk(await http.get('/word/hotword/group/treedata')) as Row[];
    expect(tree.map((n) => n.label)).toEqual(['第二组', '热门']);
    expect(expectOk(await http.get('/word/hotword/group?query=hot')).rows.map((g: Row) => g.code)).toEqual(['hot']);

    // Deleting a group deletes its words.
    expectOk(await http.post('/word/hotword', { groupId: second.groupId, word: '临时', url: '/tmp' }));
    expectOk(await http.delete('/word/hotword/group').send([second.groupId]));
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM cms_hot_word WHERE group_id = $1`, [second.groupId]);
    expect(n).toBe(0);
    expectError(await http.delete('/word/hotword/group').send([second.groupId]), 404, { 'zh-CN': '分组不存在' });
  });

  it('adds, edits and deletes hot words with their link and target', async () => {
    const word = expectOk(await http.post('/word/hotword', { groupId, word: '智文', url: 'https://zhiwen.example.com/' }));
    expect(word).toMatchObject({ groupId, word: '智文', url: 'https://zhiwen.example.com/', urlTarget: '_blank', hitCount: '0' });
    expectMessage(await http.post('/word/hotword', { groupId, word: '智文', url: '/x' }), 'zh-CN', '分组中已有热词“智文”');
    expectMessage(
      await http.post('/word/hotword', { groupId, word: '坏链接', url: 'javascript:alert(1)' }),
      'zh-CN',
      '链接必须以 http://、https:// 或 / 开头，且不能超过 500 个字符',
    );
    expectMessage(
      await http.post('/word/hotword', { groupId, word: '坏目标', url: '/x', urlTarget: '_top' }),
      'zh-CN',
      '打开方式只能是 _self（当前窗口）或 _blank（新窗口）',
    );
    expectMessage(
      await http.lang('en').post('/word/hotword', { groupId, word: '', url: '/x' }),
      'en',
      'The hot word is required and may not exceed 100 characters',
    );
    const edited = expectOk(await http.put('/word/hotword', { wordId: word.wordId, word: '智文', url: '/about', urlTarget: '_self' }));
    expect(edited).toMatchObject({ url: '/about', urlTarget: '_self' });
    const list = expectOk(await http.get(`/word/hotword?groupId=${groupId}`));
    expect(list.rows.map((w: Row) => [w.word, w.url, w.urlTarget])).toEqual([['智文', '/about', '_self']]);
    expectError(await other.put('/word/hotword', { wordId: word.wordId, word: 'x', url: '/x' }), 404, { 'zh-CN': '热词不存在' });
    const temp = expectOk(await http.post('/word/hotword', { groupId, word: '删掉', url: '/d' }));
    expectOk(await http.delete('/word/hotword').send([temp.wordId]));
    expect(expectOk(await http.get(`/word/hotword?groupId=${groupId}&query=删`)).total).toBe(0);
  });

  it('links the first occurrence of a hot word in a published article, not in its heading', async () => {
    const storage = t.app.get<FileStorage>(FILE_STORAGE);
    expectOk(await http.post('/word/hotword', { groupId, word: '发布系统', url: 'https://example.com/publish', urlTarget: '_blank' }));
    const { catalogId } = await catalogFactory(by, site.siteId);
    const { contentId } = await contentFactory(by, site.siteId, catalogId, {
      contentHtml: '<h2>智文介绍</h2><p>智文是一个发布系统。</p><p>再说一次智文。</p><p><a href="/x">发布系统</a></p>',
    });
    expectOk(await http.post('/cms/content/publish', [contentId]));
    const end = Date.now() + 30_000;
    let page: string | null = null;
    while (!page && Date.now() < end) {
      const key = (await storage.list(`site/${site.path}`)).find((k) => k.includes(`/${contentId}.`));
      if (key) {
        const stream = await storage.get(key);
        page = stream ? (await readAll(stream)).toString('utf8') : null;
      }
      if (!page) await new Promise((r) => setTimeout(r, 200));
    }
    expect(page, 'the article was published').toBeTruthy();
    expect(page).toContain('<h2>智文介绍</h2>');
    expect(page).toContain(
      '<p><a href="/about" target="_self" class="hot-word">智文</a>是一个<a href="https://example.com/publish" target="_blank" class="hot-word">发布系统</a>。</p>',
    );
    expect(page).toContain('<p>再说一次智文。</p>');
    expect(page).toContain('<p><a href="/x">发布系统</a></p>');
    // The saved body is unchanged: links are added when pages are rendered.
    const [{ html }] = await ds.query(`SELECT content_html AS html FROM cms_article_detail WHERE content_id = $1`, [contentId]);
    expect(html).not.toContain('hot-word');
  });
});
