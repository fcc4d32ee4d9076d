import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectError, expectMessage, expectOk, type Row } from '../../test/helpers/api';
import { catalogFactory, contentFactory, memberFactory, siteFactory, type Member } from '../../test/helpers/factories';
import { tokenOf } from '../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';
import { COMMENTS_PER_MINUTE } from './comment.service';

let t: TestApp;
let ds: DataSource;
let admin: string;
let siteId: string;
let catalogId: string;
let alice: Member;
let bob: Member;
const by = { target: () => t, token: () => admin };

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
  siteId = (await siteFactory(by)).siteId;
  catalogId = (await catalogFactory(by, siteId)).catalogId;
  alice = await memberFactory(t);
  bob = await memberFactory(t);
});
afterAll(() => t?.close());

const staff = api(() => t, { token: () => admin, headers: { CurrentSite: () => siteId } });
const anon = api(() => t);
const as = (m: Member) => anon.as(m.token);

/** A published article of the test site. */
async function published(): Promise<string> {
  const { contentId } = await contentFactory(by, siteId, catalogId);
  expectOk(await staff.post('/cms/content/publish', [contentId]));
  return contentId;
}
const submit = (m: Member, body: Row) => as(m).post('/api/comment/submit', body);
const commentCount = async (contentId: string) =>
  (await ds.query('SELECT comment_count FROM cms_content WHERE content_id = $1', [contentId]))[0].comment_count as number;

describe('comments of members on published content', () => {
  it('waits for audit unless the site auto-passes; only passed comments are public, newest first, with reply counts', async () => {
    const contentId = await published();
    const first = await submit(alice, { dataId: contentId, content: '  写得好  ' });
    expect(first.body.msg).toBe('评论已提交，审核通过后显示');
    const c1 = expectOk(first);
    expect(c1).toMatchObject({ content: '写得好', auditStatus: '0', memberName: alice.userName, parentId: '0' });
    expect(expectOk(await anon.get(`/api/comment/content/${contentId}`))).toEqual({ rows: [], total: 0 });
    expect(await commentCount(contentId)).toBe(0);

    // Staff list, filter and pass.
    const listed = expectOk(await staff.get(`/comment?dataId=${contentId}&auditStatus=0`));
    expect(listed.rows.map((r: Row) => r.commentId)).toEqual([c1.commentId]);
    expect(listed.rows[0]).toMatchObject({ memberId: alice.id, commentText: '写得好', dataTitle: expect.any(String) });
    expectOk(await staff.put('/comment/audit', { commentIds: [c1.commentId], auditStatus: '1' }));
    expect(await commentCount(contentId)).toBe(1);

    // Auto-pass: shown at once.
    expectOk(await staff.post(`/cms/site/extends/${siteId}`, { commentAutoPass: true }));
    const second = await submit(bob, { dataId: contentId, content: '第二条' });
    expect(second.body.msg).toBe('评论成功');
    const c2 = expectOk(second);
    expect(c2.auditStatus).toBe('1');
    // A reply to a reply belongs to the top-level comment and names whom it answers.
    const r1 = expectOk(await submit(bob, { dataId: contentId, content: '同意', parentId: c1.commentId }));
    const r2 = expectOk(await submit(alice, { dataId: contentId, content: '谢谢', parentId: r1.commentId }));
    expect(r2).toMatchObject({ parentId: c1.commentId, replyMemberName: bob.userName });
    const page = expectOk(await anon.get(`/api/comment/content/${contentId}`));
    expect(page.total).toBe(2);
    expect(page.rows.map((r: Row) => [r.content, r.replyCount])).toEqual([
      ['第二条', 0],
      ['写得好', 2],
    ]);
    expect(expectOk(await anon.get(`/api/comment/reply/${c1.commentId}`)).rows.map((r: Row) => r.content)).toEqual(['同意', '谢谢']);
    expect(await commentCount(contentId)).toBe(4);
    expect(expectOk(await staff.get(`/comment/reply/${c1.commentId}`)).total).toBe(2);
    expect(expectOk(await anon.get(`/api/comment/user/${alice.id}`)).rows.map((r: Row) => r.content)).toEqual(['谢谢', '写得好']);

    // Not passed: gone from the page, its count with it.
    expectOk(await staff.put('/comment/audit', { commentIds: [r1.commentId], auditStatus: '2' }));
    expect(expectOk(await anon.get(`/api/comment/reply/${c1.commentId}`)).rows.map((r: Row) => r.content)).toEqual(['谢谢']);
    expect(await commentCount(contentId)).toBe(3);
    expectError(await anon.get(`/api/comment/reply/${r1.commentId}`), 404, { 'zh-CN': '评论不存在' });
    expectOk(await staff.post(`/cms/site/extends/${siteId}`, { commentAutoPass: false }));
  });

  it('refuses a signed-out visitor, unpublished content, content that does not allow comments, empty or long text', async () => {
    const contentId = await published();
    expectError(await anon.post('/api/comment/submit', { dataId: contentId, content: '匿名' }), 401);
    const staffToken = await anon.post('/api/comment/submit', { dataId: contentId, content: '员工' }).set('Authorization', `Bearer ${admin}`);
    expect(staffToken.status).toBe(401);
    const carol = await memberFactory(t);
    const draft = (await contentFactory(by, siteId, catalogId)).contentId;
    expectMessage(await submit(carol, { dataId: draft, content: '草稿' }), 'zh-CN', '内容未发布，不能评论');
    expectError(await submit(carol, { dataId: '999999999', content: '没有' }), 404, { 'zh-CN': '内容不存在' });
    expectMessage(await submit(carol, { dataId: contentId, content: '   ' }), 'zh-CN', '评论内容不能为空');
    expectMessage(
      await as(carol)
        .lang('en')
        .post('/api/comment/submit', { dataId: contentId, content: '长'.repeat(1001) }),
      'en',
      'A comment may not exceed 1000 characters',
    );
    expectOk(await staff.post(`/cms/site/extends/${siteId}`, { commentEnabled: false }));
    expectMessage(await submit(carol, { dataId: contentId, content: '关闭了' }), 'zh-CN', '该内容不允许评论');
    expectOk(await staff.post(`/cms/site/extends/${siteId}`, { commentEnabled: true }));
    expectOk(await submit(carol, { dataId: contentId, content: '开放了' }));
    expectError(await anon.get(`/api/comment/page/${contentId}`), 400, { 'zh-CN': '评论对象类型只能是 content（内容）' });
  });

  it('refuses sensitive words (folded, the whitelist winning) and more than the per-minute limit', async () => {
    const contentId = await published();
    const dave = await memberFactory(t);
    expectMessage(await submit(dave, { dataId: contentId, content: '出售冰 毒和迷藥' }), 'zh-CN', '评论包含敏感词：冰毒、迷药，请修改后再提交');
    for (let i = 0; i < COMMENTS_PER_MINUTE; i++) expectOk(await submit(dave, { dataId: contentId, content: `第${i}条` }));
    const limited = await submit(dave, { dataId: contentId, content: '又一条' });
    expectError(limited, 429, { 'zh-CN': `评论太频繁了，每分钟最多 ${COMMENTS_PER_MINUTE} 条，请稍后再试` });
  });

  it('likes once per member: a second call takes the like back; staff see who liked', async () => {
    const contentId = await published();
    const erin = await memberFactory(t);
    const c = expectOk(await submit(erin, { dataId: contentId, content: '点赞我' }));
    // Waiting for audit: not public, so not likeable.
    expectError(await as(alice).put(`/api/comment/like/${c.commentId}`), 404);
    expectOk(await staff.put('/comment/audit', { commentIds: [c.commentId], auditStatus: '1' }));
    expect(expectOk(await as(alice).put(`/api/comment/like/${c.commentId}`))).toEqual({ liked: true, likeCount: 1 });
    expect(expectOk(await as(bob).put(`/api/comment/like/${c.commentId}`))).toEqual({ liked: true, likeCount: 2 });
    expect(expectOk(await as(alice).put(`/api/comment/like/${c.commentId}`))).toEqual({ liked: false, likeCount: 1 });
    const likes = expectOk(await staff.get(`/comment/like/${c.commentId}`));
    expect(likes.rows.map((l: Row) => l.memberId)).toEqual([bob.id]);
    expect(expectOk(await anon.get(`/api/comment/content/${contentId}`)).rows[0].likeCount).toBe(1);
  });

  it('a member deletes only their own comment; staff delete in batches, replies going with their comment', async () => {
    const contentId = await published();
    // Not the very body of the first test's call: the same staff call twice within a second is refused as a repeat.
    expectOk(await staff.post(`/cms/site/extends/${siteId}`, { commentEnabled: true, commentAutoPass: true }));
    const frank = await memberFactory(t);
    const grace = await memberFactory(t);
    const mine = expectOk(await submit(frank, { dataId: contentId, content: '我的' }));
    const reply = expectOk(await submit(grace, { dataId: contentId, content: '回复', parentId: mine.commentId }));
    const other = expectOk(await submit(grace, { dataId: contentId, content: '别人的' }));
    expect(await commentCount(contentId)).toBe(3);
    expectError(await as(frank).delete(`/api/comment/${other.commentId}`), 403, { 'zh-CN': '只能删除自己的评论' });
    expectOk(await as(frank).delete(`/api/comment/${mine.commentId}`));
    expect(await commentCount(contentId)).toBe(1);
    expectError(await anon.get(`/api/comment/reply/${reply.commentId}`), 404);
    // Staff: all or none, only comments of the current site.
    expectError(await staff.delete('/comment').send([other.commentId, '999999999']), 404);
    expectOk(await staff.delete('/comment').send([other.commentId]));
    expect(await commentCount(contentId)).toBe(0);
    const otherSite = (await siteFactory(by)).siteId;
    const third = expectOk(await submit(grace, { dataId: contentId, content: '第三' }));
    expectError(
      await staff.with({ headers: { CurrentSite: otherSite } }).put('/comment/audit', { commentIds: [third.commentId], auditStatus: '2' }),
      404,
    );
    expectMessage(
      await staff.put('/comment/audit', { commentIds: [third.commentId], auditStatus: '0' }),
      'zh-CN',
      '审核结果只能是 1（通过）或 2（不通过）',
    );
    // Not the first test's closing body either: on a fast machine the tests between take less than the repeat window.
    expectOk(await staff.post(`/cms/site/extends/${siteId}`, { commentEnabled: true, commentAutoPass: false }));
  });

  it('takes a member page token from page script for comments and likes, and nowhere else', async () => {
    const contentId = await published();
    const ivy = await memberFactory(t);
    const asked = await anon
      .post('/api/member/page-token', { pageUrl: 'http://127.0.0.1:3000/site/demo/pc/news/1.html' })
      .set('Host', '127.0.0.1:3000')
      .set('Authorization', `Bearer ${ivy.token}`);
    const pageToken = expectOk(asked).token as string;
    const page = anon.as(pageToken);
    const c = expectOk(await page.post('/api/comment/submit', { dataId: contentId, content: '从页面发表' }));
    expect(c.memberName).toBe(ivy.userName);
    expectOk(await staff.put('/comment/audit', { commentIds: [c.commentId], auditStatus: '1' }));
    expect(expectOk(await page.put(`/api/comment/like/${c.commentId}`))).toEqual({ liked: true, likeCount: 1 });
    // Deleting is for the member's full session only.
    expectError(await page.delete(`/api/comment/${c.commentId}`), 401);
  });

  it('answers page script of published pages, which runs in another origin', async () => {
    const contentId = await published();
    const preflight = await anon
      .request('OPTIONS', '/api/comment/submit')
      .set('Origin', 'null')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization, content-type');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toMatch(/PUT/);
    const got = await anon.get(`/api/comment/content/${contentId}`).set('Origin', 'null');
    expect(got.headers['access-control-allow-origin']).toBe('*');
    expect(got.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // The back office routes stay as they were.
    expect((await staff.get('/comment').set('Origin', 'null')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('filters the staff list by member name, text and time, and exports it', async () => {
    const contentId = await published();
    const henry = await memberFactory(t);
    expectOk(await submit(henry, { dataId: contentId, content: '独一无二的评论文字' }));
    expect(expectOk(await staff.get(`/comment?commentText=${encodeURIComponent('独一无二')}`)).total).toBe(1);
    expect(expectOk(await staff.get(`/comment?memberName=${henry.userName}`)).total).toBe(1);
    expect(expectOk(await staff.get(`/comment?memberName=${henry.userName}&endTime=2000-01-01`)).total).toBe(0);
    const exported = await staff.post(`/comment?memberName=${henry.userName}`).set('cc-export', '1');
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
  });
});
