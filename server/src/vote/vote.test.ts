import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectError, expectMessage, expectOk } from '../../test/helpers/api';
import { memberFactory, roleFactory, staffUserFactory, type Member } from '../../test/helpers/factories';
import { tokenOf } from '../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';

let t: TestApp;
let ds: DataSource;
let admin: string;
let member: Member;
let other: Member;

beforeAll(async () => {
  // Votes open to anyone count per address: the tests send theirs through X-Forwarded-For.
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
  member = await memberFactory(t);
  other = await memberFactory(t);
});
afterAll(() => t?.close());

const staff = api(() => t, { token: () => admin, base: '/prod-api/vote' });
const pub = api(() => t, { base: '/prod-api/api/vote' });

const hour = 3600_000;
let codeSeq = 0;
type VoteFields = Partial<{
  code: string;
  title: string;
  status: string;
  startTime: string;
  endTime: string;
  userType: string;
  viewType: string;
  dayLimit: number;
  totalLimit: number;
}>;
const voteBody = (over: VoteFields = {}) => ({
  code: `vote_${++codeSeq}`,
  title: `调查 ${codeSeq}`,
  startTime: new Date(Date.now() - hour).toISOString(),
  endTime: new Date(Date.now() + 24 * hour).toISOString(),
  userType: 'member',
  viewType: '2',
  dayLimit: 1,
  totalLimit: 3,
  ...over,
});

interface Item {
  itemId: string;
  content: string;
  total: number;
}
interface Subject {
  subjectId: string;
  type: string;
  title: string;
  items: Item[];
}

/** A vote with a single-choice, a multiple-choice and a text subject. */
async function makeVote(over: VoteFields = {}) {
  const vote = expectOk(await staff.post('', voteBody(over)));
  const radio = expectOk(await staff.post('/subject', { voteId: vote.voteId, type: 'radio', title: '你最常用的终端' }));
  const checkbox = expectOk(await staff.post('/subject', { voteId: vote.voteId, type: 'checkbox', title: '你关心的栏目' }));
  const input = expectOk(await staff.post('/subject', { voteId: vote.voteId, type: 'input', title: '其他建议' }));
  const r = expectOk(await staff.post('/subject/items', { subjectId: radio.subjectId, items: [{ content: '电脑' }, { content: '手机' }] }));
  const c = expectOk(
    await staff.post('/subject/items', { subjectId: checkbox.subjectId, items: [{ content: '新闻' }, { content: '体育' }, { content: '财经' }] }),
  );
  return {
    vote,
    radio: { ...radio, items: r } as Subject,
    checkbox: { ...checkbox, items: c } as Subject,
    input: input as Subject,
  };
}

type Made = Awaited<ReturnType<typeof makeVote>>;
const answers = (v: Made, pick = { radio: 0, checkbox: [0, 2], text: '多一些深度报道' }) => ({
  voteId: v.vote.voteId,
  answers: [
    { subjectId: v.radio.subjectId, itemIds: [v.radio.items[pick.radio].itemId] },
    { subjectId: v.checkbox.subjectId, itemIds: pick.checkbox.map((i) => v.checkbox.items[i].itemId) },
    { subjectId: v.input.subjectId, text: pick.text },
  ],
});

describe('votes in the back office', () => {
  it('adds, reads, lists, edits and deletes votes; codes are unique regardless of case', async () => {
    const created = expectOk(
      await staff.post('', voteBody({ code: 'Survey2026', title: '2026 读者调查', userType: 'ip', dayLimit: 2, totalLimit: 5 })),
    );
    expect(created).toMatchObject({
      code: 'Survey2026',
      status: '0',
      userType: 'ip',
      viewType: '2',
      dayLimit: 2,
      totalLimit: 5,
      total: 0,
      createBy: 'admin',
    });
    expect(expectOk(await staff.get(`/${created.voteId}`)).title).toBe('2026 读者调查');

    expectMessage(await staff.post('', voteBody({ code: 'survey2026' })), 'zh-CN', '已有编码为“survey2026”的投票调查（编码不区分大小写）');
    expectMessage(
      await staff.lang('en').post('', voteBody({ code: '9lives' })),
      'en',
      'The vote code is required, starts with a letter and may contain only letters, digits and underscores (at most 50)',
    );
    expectMessage(await staff.post('', voteBody({ title: ' ' })), 'zh-CN', '投票标题不能为空，且不能超过 200 个字符');
    const now = new Date().toISOString();
    expectMessage(await staff.post('', voteBody({ startTime: now, endTime: now })), 'zh-CN', '投票的结束时间必须晚于开始时间');
    expectMessage(await staff.post('', voteBody({ dayLimit: 5, totalLimit: 2 })), 'zh-CN', '每日可参与次数不能大于总可参与次数');
    expectError(await staff.post('', voteBody({ dayLimit: 0 })), 400, { 'zh-CN': '每日次数须为 1 到 10000、总次数须为 1 到 100000 的整数' });
    expectError(await staff.post('', voteBody({ userType: 'browser' })), 400, { 'zh-CN': '用户类型只能是会员或所有人（按 IP）' });
    expectError(await staff.post('', voteBody({ startTime: 'tomorrow' })), 400, { 'zh-CN': '请填写投票的开始时间和结束时间' });

    const edited = expectOk(
      await staff.put('', { ...voteBody({ code: 'survey_2026', title: '读者调查（修订）', status: '1', userType: 'ip' }), voteId: created.voteId }),
    );
    expect(edited).toMatchObject({ voteId: created.voteId, code: 'survey_2026', title: '读者调查（修订）', status: '1' });
    const second = expectOk(await staff.post('', voteBody({ code: 'second_vote' })));
    expectMessage(
      await staff.put('', { ...voteBody({ code: 'SECOND_VOTE' }), voteId: created.voteId }),
      'zh-CN',
      '已有编码为“SECOND_VOTE”的投票调查（编码不区分大小写）',
    );

    const byTitle = expectOk(await staff.get('').query({ title: '修订' }));
    expect(byTitle.rows.map((v: { voteId: string }) => v.voteId)).toEqual([created.voteId]);
    expect(expectOk(await staff.get('').query({ status: '1' })).rows.map((v: { code: string }) => v.code)).toEqual(['survey_2026']);
    expect(expectOk(await staff.get('').query({ userType: 'ip', code: 'survey' })).total).toBe(1);
    // Newest first.
    expect(expectOk(await staff.get('')).rows[0].voteId).toBe(second.voteId);

    expect(expectOk(await staff.get('/userTypes'))).toEqual([
      { id: 'member', name: '会员（每位会员计次）' },
      { id: 'ip', name: '所有人（按 IP 计次）' },
    ]);
    expect(expectOk(await staff.lang('en').get('/item/types'))).toEqual([{ id: 'text', name: 'Text' }]);

    expectOk(await staff.delete('').send([created.voteId, second.voteId]));
    expect((await staff.get(`/${created.voteId}`)).status).toBe(404);
    expect((await staff.delete('').send([created.voteId])).status).toBe(404);
    expect((await staff.delete('').send(['x'])).status).toBe(400);
  });

  it('keeps subjects in order and saves the ordered items of a subject, keeping the counts of kept items', async () => {
    const v = await makeVote();
    const subjects: Subject[] = expectOk(await staff.get('/subject').query({ voteId: v.vote.voteId }));
    expect(subjects.map((s) => [s.type, s.title, s.items.map((i) => i.content)])).toEqual([
      ['radio', '你最常用的终端', ['电脑', '手机']],
      ['checkbox', '你关心的栏目', ['新闻', '体育', '财经']],
      ['input', '其他建议', []],
    ]);
    expect(expectOk(await staff.get(`/subject/${v.radio.subjectId}`)).title).toBe('你最常用的终端');

    // A vote counts, then the items are reordered, renamed, one removed and one added.
    await ds.query(`UPDATE vote_item SET total = 7 WHERE item_id = $1`, [v.checkbox.items[2].itemId]);
    const [news, , finance] = v.checkbox.items;
    const saved: Item[] = expectOk(
      await staff.post('/subject/items', {
        subjectId: v.checkbox.subjectId,
        items: [{ itemId: finance.itemId, content: '财经频道' }, { content: '科技' }, { itemId: news.itemId, content: '新闻' }],
      }),
    );
    expect(saved.map((i) => [i.content, i.total])).toEqual([
      ['财经频道', 7],
      ['科技', 0],
      ['新闻', 0],
    ]);
    expect(saved[0].itemId).toBe(finance.itemId);
    expect(expectOk(await staff.get(`/subject/items/${v.checkbox.subjectId}`)).map((i: Item) => i.content)).toEqual(['财经频道', '科技', '新闻']);

    expectMessage(
      await staff.post('/subject/items', { subjectId: v.radio.subjectId, items: [{ itemId: news.itemId, content: '偷来的' }] }),
      'zh-CN',
      `选项 ${news.itemId} 不属于该主题`,
    );
    expectMessage(await staff.post('/subject/items', { subjectId: v.input.subjectId, items: [{ content: 'x' }] }), 'zh-CN', '输入类型的主题没有选项');
    expectMessage(
      await staff.post('/subject/items', { subjectId: v.radio.subjectId, items: [{ content: '' }] }),
      'zh-CN',
      '选项内容不能为空，且不能超过 500 个字符',
    );
    expectMessage(
      await staff.put('/subject', { subjectId: v.radio.subjectId, type: 'input', title: '你最常用的终端' }),
      'zh-CN',
      '主题“你最常用的终端”已有选项，不能改为输入类型，请先删除选项',
    );
    expectOk(await staff.put('/subject', { subjectId: v.radio.subjectId, type: 'checkbox', title: '常用终端', sortFlag: 10 }));
    expectMessage(await staff.post('/subject', { voteId: v.vote.voteId, type: 'rating', title: '打分' }), 'zh-CN', '主题类型只能是单选、多选或输入');

    expectOk(await staff.delete('/subject').send([v.input.subjectId]));
    const after: Subject[] = expectOk(await staff.get('/subject').query({ voteId: v.vote.voteId }));
    expect(after.map((s) => s.title)).toEqual(['你关心的栏目', '常用终端']);
    expect((await staff.get(`/subject/${v.input.subjectId}`)).status).toBe(404);
    expect((await staff.get('/subject').query({ voteId: '999999999' })).status).toBe(404);
  });
});

describe('voting through the public API', () => {
  it('shows an open vote by id or code and refuses disabled, closed, future and past votes with their message', async () => {
    const v = await makeVote({ code: 'ReaderPoll' });
    const byCode = expectOk(await pub.get('/readerpoll'));
    expect(byCode.voteId).toBe(v.vote.voteId);
    expect(byCode.subjects.map((s: Subject) => s.type)).toEqual(['radio', 'checkbox', 'input']);
    expect(expectOk(await pub.get(`/${v.vote.voteId}`)).code).toBe('ReaderPoll');
    expect((await pub.get('/nosuchvote')).status).toBe(404);
    expect((await pub.get('/bad-ref!')).status).toBe(404);

    const future = await makeVote({ startTime: new Date(Date.now() + hour).toISOString() });
    expectMessage(await pub.get(`/${future.vote.voteId}`), 'zh-CN', '投票调查还未开始或已过期');
    expectMessage(await pub.as(member.token).post('', answers(future)), 'zh-CN', '投票调查还未开始或已过期');
    const past = await makeVote({ startTime: new Date(Date.now() - 3 * hour).toISOString(), endTime: new Date(Date.now() - hour).toISOString() });
    expectMessage(await pub.lang('en').get(`/${past.vote.voteId}`), 'en', 'This vote has not started yet or has ended');
    const disabled = await makeVote({ status: '1' });
    expectMessage(await pub.get(`/${disabled.vote.voteId}`), 'zh-CN', '该投票调查已停用');
    expectMessage(await pub.as(member.token).post('', answers(disabled)), 'zh-CN', '该投票调查已停用');
    const closed = await makeVote({ status: '2' });
    expectMessage(await pub.as(member.token).post('', answers(closed)), 'zh-CN', '该投票调查已关闭');
  });

  it('checks the answers: one item for a single choice, at least one for a multiple choice, text within 500 characters', async () => {
    const v = await makeVote();
    const voter = pub.as(member.token);
    const base = answers(v);
    const swap = (i: number, a: object) => ({ ...base, answers: base.answers.map((x, j) => (j === i ? a : x)) });
    expectMessage(
      await voter.post('', swap(0, { subjectId: v.radio.subjectId, itemIds: v.radio.items.map((i) => i.itemId) })),
      'zh-CN',
      '主题“你最常用的终端”须选择一个选项',
    );
    expectMessage(await voter.post('', swap(1, { subjectId: v.checkbox.subjectId, itemIds: [] })), 'zh-CN', '主题“你关心的栏目”至少选择一个选项');
    expectMessage(await voter.post('', { ...base, answers: base.answers.slice(1) }), 'zh-CN', '主题“你最常用的终端”须选择一个选项');
    expectMessage(
      await voter.post('', swap(0, { subjectId: v.radio.subjectId, itemIds: [v.checkbox.items[0].itemId] })),
      'zh-CN',
      `选项 ${v.checkbox.items[0].itemId} 不属于该主题`,
    );
    expectMessage(
      await voter.post('', swap(2, { subjectId: v.input.subjectId, text: '长'.repeat(501) })),
      'zh-CN',
      '主题“其他建议”的回答不能超过 500 个字符',
    );
    expectMessage(await voter.post('', swap(2, { subjectId: '999999999', text: 'x' })), 'zh-CN', '主题 999999999 不属于该投票调查');
    expectMessage(await voter.post('', { ...base, answers: [...base.answers, base.answers[0]] }), 'zh-CN', '主题“你最常用的终端”只能回答一次');
    expect((await voter.post('', { voteId: v.vote.voteId, answers: 'all' })).status).toBe(400);
    // Nothing was counted.
    expect(expectOk(await staff.get(`/result/${v.vote.voteId}`)).total).toBe(0);

    // 500 characters are fine; the member-only vote needs a member: a visitor gets 401 with its message.
    const anonymous = await pub.post('', answers(v));
    expect(anonymous.status).toBe(401);
    expectMessage(anonymous, 'zh-CN', '请先登录会员后再参与投票');
    const staffToken = await pub.as(admin).post('', answers(v));
    expect(staffToken.status).toBe(401);
    const ok = await voter.post('', answers(v, { radio: 1, checkbox: [0, 2], text: '长'.repeat(500) }));
    expect(expectOk(ok)).toBe('投票成功');

    const result = expectOk(await staff.get(`/result/${v.vote.voteId}`));
    expect(result.total).toBe(1);
    expect(result.subjects.map((s: Subject) => s.items.map((i) => i.total))).toEqual([[0, 1], [1, 0, 1], []]);
    const texts = expectOk(await staff.get('/answers').query({ subjectId: v.input.subjectId }));
    expect(texts.total).toBe(1);
    expect(texts.rows[0].content).toBe('长'.repeat(500));
  });

  it('counts parallel submissions of one member exactly up to the day limit, then up to the total limit on later days', async () => {
    const v = await makeVote({ dayLimit: 1, totalLimit: 2 });
    const voter = pub.as(member.token);
    const results = await Promise.all(Array.from({ length: 20 }, () => voter.post('', answers(v))));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.body.code !== 200);
    expect(refused).toHaveLength(19);
    for (const r of refused) expectMessage(r, 'zh-CN', '超出投票调查每日参与次数上限');
    // Another member has their own limit.
    expectOk(await pub.as(other.token).post('', answers(v)));

    let result = expectOk(await staff.get(`/result/${v.vote.voteId}`));
    expect(result.total).toBe(2);
    expect(result.subjects[0].items.map((i: Item) => i.total)).toEqual([2, 0]);
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM vote_log WHERE vote_id = $1`, [v.vote.voteId]);
    expect(n).toBe(2);

    // The next day the member may vote once more, then the total limit (2) holds.
    await ds.query(`UPDATE vote_voter SET day = day - 1 WHERE vote_id = $1`, [v.vote.voteId]);
    const nextDay = await Promise.all(Array.from({ length: 20 }, () => voter.post('', answers(v))));
    expect(nextDay.filter((r) => r.body.code === 200)).toHaveLength(1);
    await ds.query(`UPDATE vote_voter SET day = day - 1 WHERE vote_id = $1`, [v.vote.voteId]);
    const third = await voter.lang('en').post('', answers(v));
    expectMessage(third, 'en', 'You have reached the number of votes allowed');
    result = expectOk(await staff.get(`/result/${v.vote.voteId}`));
    expect(result.total).toBe(3);
  });

  it('counts a vote open to anyone per IP address, also in parallel', async () => {
    const v = await makeVote({ userType: 'ip', dayLimit: 3, totalLimit: 10 });
    const from = (ip: string) => pub.with({ headers: { 'X-Forwarded-For': ip } });
    const results = await Promise.all(Array.from({ length: 20 }, () => from('203.0.113.7').post('', answers(v))));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(3);
    for (const r of results.filter((x) => x.body.code !== 200)) expectMessage(r, 'zh-CN', '超出投票调查每日参与次数上限');
    // A member token makes no difference on an IP vote; another address votes on its own count.
    expectMessage(await from('203.0.113.7').as(member.token).post('', answers(v)), 'zh-CN', '超出投票调查每日参与次数上限');
    expectOk(await from('203.0.113.8').post('', answers(v)));
    expect(expectOk(await staff.get(`/result/${v.vote.voteId}`)).total).toBe(4);
  });

  it('shows results always, only after voting, or never, as the view type says', async () => {
    const always = await makeVote({ viewType: '2' });
    const result = expectOk(await pub.get(`/result/${always.vote.voteId}`));
    expect(result.subjects.map((s: Subject) => s.items.length)).toEqual([2, 3, 0]);

    const never = await makeVote({ viewType: '0' });
    expectOk(await pub.as(member.token).post('', answers(never)));
    expectMessage(await pub.as(member.token).get(`/result/${never.vote.voteId}`), 'zh-CN', '该投票调查不公开结果');

    const after = await makeVote({ viewType: '1' });
    expectMessage(await pub.as(member.token).get(`/result/${after.vote.voteId}`), 'zh-CN', '投票后才能查看结果');
    expectMessage(await pub.get(`/result/${after.vote.voteId}`), 'zh-CN', '投票后才能查看结果');
    expectOk(await pub.as(member.token).post('', answers(after)));
    const seen = expectOk(await pub.as(member.token).get(`/result/${after.vote.code}`));
    expect(seen.total).toBe(1);
    expect(seen.subjects[0].items.map((i: Item) => i.total)).toEqual([1, 0]);
    expectMessage(await pub.as(other.token).get(`/result/${after.vote.voteId}`), 'zh-CN', '投票后才能查看结果');

    const ipAfter = await makeVote({ userType: 'ip', viewType: '1' });
    const from = (ip: string) => pub.with({ headers: { 'X-Forwarded-For': ip } });
    expectOk(await from('198.51.100.1').post('', answers(ipAfter)));
    expect(expectOk(await from('198.51.100.1').get(`/result/${ipAfter.vote.voteId}`)).total).toBe(1);
    expectMessage(await from('198.51.100.2').get(`/result/${ipAfter.vote.voteId}`), 'zh-CN', '投票后才能查看结果');
  });

  it('takes a member page token from page script of a published page, for the vote and its results', async () => {
    const v = await makeVote({ viewType: '1' });
    const asked = await api(() => t, { token: () => member.token, headers: { Host: '127.0.0.1:3000' } }).post('/api/member/page-token', {
      pageUrl: 'http://127.0.0.1:3000/site/demo/pc/',
    });
    const pageToken = expectOk(asked).token as string;
    expectMessage(await pub.as(pageToken).get(`/result/${v.vote.voteId}`), 'zh-CN', '投票后才能查看结果');
    expect(expectOk(await pub.as(pageToken).post('', answers(v)))).toBe('投票成功');
    expect(expectOk(await pub.as(pageToken).get(`/result/${v.vote.voteId}`)).total).toBe(1);
    // It is the member's own count: with the full token the member is at the day limit too.
    expectMessage(await pub.as(member.token).post('', answers(v)), 'zh-CN', '超出投票调查每日参与次数上限');
  });

  it('answers page script of published pages, which runs in another origin', async () => {
    const v = await makeVote();
    const preflight = await pub
      .request('OPTIONS', '')
      .set('Origin', 'null')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization, content-type');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Authorization/);
    const got = await pub.get(`/${v.vote.voteId}`).set('Origin', 'null');
    expect(got.headers['access-control-allow-origin']).toBe('*');
    expect(got.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // The back office routes stay as they were.
    expect((await staff.get('').set('Origin', 'null')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('needs the vote screen for the back office routes', async () => {
    const role = await roleFactory(t, { menus: ['cms.site'] });
    const outsider = await staffUserFactory(t, { roles: [role.roleKey] });
    expect((await staff.as(outsider.token).get('')).status).toBe(403);
    const viewerRole = await roleFactory(t, { menus: ['cms.interact.vote'] });
    const viewer = await staffUserFactory(t, { roles: [viewerRole.roleKey] });
    expect(expectOk(await staff.as(viewer.token).get('')).total).toBeGreaterThan(0);
  });
});
