import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectError, expectMessage, expectOk } from '../../../test/helpers/api';
import { binaryParser } from '../../../test/helpers/binary';
import { memberFactory, siteFactory, type Member } from '../../../test/helpers/factories';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { KV_STORE, type KvStore } from '../../common/cache/kv-store';
import { CUSTOM_FORM_SUBMITS_PER_MINUTE } from './custom-form-submit.service';

let t: TestApp;
let ds: DataSource;
let admin: string;
let siteId: string;
let otherSiteId: string;
let member: Member;

beforeAll(async () => {
  // Limits per address: the tests send theirs through X-Forwarded-For.
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
  const by = { target: () => t, token: () => admin };
  siteId = (await siteFactory(by)).siteId;
  otherSiteId = (await siteFactory(by)).siteId;
  member = await memberFactory(t);
});
afterAll(() => t?.close());

const staff = api(() => t, { token: () => admin, base: '/prod-api/cms/customform', headers: { CurrentSite: () => siteId } });
const pub = api(() => t, { base: '/prod-api/api/customform' });

let ipSeq = 0;
/** A caller from an address of its own (each test's submissions do not share the per-address limits). */
const visitor = (ip = `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`) => pub.with({ headers: { 'X-Forwarded-For': ip } });

let codeSeq = 0;
type FormFields = Partial<{
  name: string;
  code: string;
  needCaptcha: boolean;
  ruleLimit: string;
  limitPeriod: string;
  limitCount: number;
  successMessage: string;
}>;
async function makeForm(over: FormFields = {}) {
  return expectOk(await staff.post('', { name: `表单 ${++codeSeq}`, code: `form_${codeSeq}`, needCaptcha: false, ...over }));
}

/** A form with one field of each kind the tests need, published. */
async function publishedForm(over: FormFields = {}) {
  const form = await makeForm(over);
  const add = (body: object) => staff.post('/field', { modelId: form.modelId, ...body });
  expectOk(await add({ name: '姓名', code: 'name', controlType: 'input', required: true }));
  expectOk(await add({ name: '邮箱', code: 'email', controlType: 'input', validations: [{ type: 'email' }] }));
  expectOk(await add({ name: '电话', code: 'phone', controlType: 'input', validations: [{ type: 'phone' }] }));
  expectOk(await add({ name: '年龄', code: 'age', controlType: 'input', validations: [{ type: 'integer' }] }));
  expectOk(await add({ name: '预算', code: 'budget', controlType: 'input', validations: [{ type: 'number' }] }));
  expectOk(await add({ name: '到访日期', code: 'day', controlType: 'date' }));
  expectOk(await add({ name: '到访时间', code: 'at', controlType: 'time' }));
  expectOk(await add({ name: '预约时刻', code: 'slot', controlType: 'datetime' }));
  expectOk(await add({ name: '邮编', code: 'zip', controlType: 'input', validations: [{ type: 'regex', regex: '^\\d{6}$' }] }));
  expectOk(
    await add({
      name: '城市',
      code: 'city',
      controlType: 'select',
      options: {
        type: 'text',
        items: [
          { value: 'bj', label: '北京' },
          { value: 'sh', label: '上海' },
        ],
      },
    }),
  );
  expectOk(
    await add({
      name: '兴趣',
      code: 'topics',
      controlType: 'checkbox',
      options: {
        type: 'text',
        items: [
          { value: 'news', label: '新闻' },
          { value: 'sport', label: '体育' },
        ],
      },
    }),
  );
  expectOk(await add({ name: '留言', code: 'note', controlType: 'textarea' }));
  expectMessage(await staff.put('/publish', [form.formId]), 'zh-CN', '表单已发布');
  return form as { formId: string; modelId: string; code: string; name: string };
}

const good = {
  name: '张三',
  email: 'zs@example.com',
  phone: '13800138000',
  age: '30',
  budget: '12.5',
  city: 'sh',
  topics: ['news', 'sport'],
  note: '你好',
};
const rowsOf = async (formId: string) =>
  Number((await ds.query(`SELECT count(*)::int AS n FROM cms_custom_form_data WHERE form_id = $1`, [formId]))[0].n);

async function solve(): Promise<{ uuid: string; captcha: string }> {
  const data = expectOk(await pub.get('/captchaImage'));
  expect(data.img).toMatch(/^data:image\/svg\+xml;base64,/);
  return { uuid: data.uuid, captcha: (await t.app.get<KvStore>(KV_STORE).get(`captcha:${data.uuid}`)) ?? '' };
}

describe('custom forms (staff)', () => {
  it('adds a draft form with its field model, refuses a taken or malformed code, lists, gets and edits', async () => {
    const form = await makeForm({ code: 'Contact_Us' });
    expect(form).toMatchObject({ status: '0', siteId, needCaptcha: false, ruleLimit: 'unlimited', limitPeriod: 'day', limitCount: 1 });
    expect(form.modelId).toMatch(/^\d+$/);
    expectError(await staff.post('', { name: '重复', code: 'contact_us' }), 400, {
      'zh-CN': '本站已有编码为“contact_us”的自定义表单（编码不区分大小写）',
    });
    expectError(await staff.post('', { name: '坏编码', code: '1abc' }), 400, {
      'zh-CN': '表单编码不能为空，须以字母开头，只能包含字母、数字和下划线，且不能超过 50 个字符',
    });
    expectError(await staff.lang('en').post('', { name: '', code: 'abc' }), 400, { en: 'The form name is required, at most 100 characters' });
    expectError(await staff.post('', { name: 'x', code: 'lim_bad', limitCount: 0 }), 400, { 'zh-CN': '限制次数须为 1 到 100000 之间的整数' });
    expectError(await staff.post('', { name: 'x', code: 'rule_bad', ruleLimit: 'cookie' }), 400, {
      'zh-CN': '提交限制只能是不限制、按 IP、按会员或按浏览器',
    });
    // The same code in another site is fine: codes are per site.
    expectOk(await staff.with({ headers: { CurrentSite: otherSiteId } }).post('', { name: '别站', code: 'contact_us' }));

    const list = expectOk(await staff.get('?name=表单&status=0'));
    expect(list.rows.map((r: { formId: string }) => r.formId)).toContain(form.formId);
    expect(expectOk(await staff.get(`/${form.formId}`)).code).toBe('Contact_Us');
    const edited = expectOk(
      await staff.put('', {
        formId: form.formId,
        name: '联系我们',
        code: 'Contact_Us',
        needCaptcha: true,
        ruleLimit: 'ip',
        limitPeriod: 'total',
        limitCount: 3,
      }),
    );
    expect(edited).toMatchObject({ name: '联系我们', needCaptcha: true, ruleLimit: 'ip', limitPeriod: 'total', limitCount: 3, status: '0' });
    // A form of another site is not found from this one.
    expectError(await staff.with({ headers: { CurrentSite: otherSiteId } }).get(`/${form.formId}`), 404, { 'zh-CN': '自定义表单不存在' });
  });

  it('exports the form list as .xlsx and answers in the caller’s language', async () => {
    await makeForm({ name: '导出用表单' });
    const res = await staff.post('?name=导出用').set('cc-export', '1').buffer(true).parse(binaryParser);
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['名称', '编码', '状态', '提交限制', '创建时间']);
    expect((sheet.getRow(2).values as unknown[]).slice(1, 4)).toEqual(['导出用表单', `form_${codeSeq}`, '草稿']);
    expectError(await staff.lang('zh-TW').get('/999999999'), 404, { 'zh-TW': '自訂表單不存在' });
    expectError(await visitor().lang('zh-TW').post('/submit', { formId: '999999999', values: {} }), 404, { 'zh-TW': '自訂表單不存在' });
  });

  it('answers the limit rules and the field kinds', async () => {
    const rules = expectOk(await staff.get('/limit_rules'));
    expect(rules.rules.map((r: { id: string }) => r.id)).toEqual(['unlimited', 'ip', 'member', 'browser']);
    expect(rules.periods.map((r: { id: string }) => r.id)).toEqual(['day', 'total']);
    const kinds = expectOk(await staff.get('/field/kinds'));
    expect(kinds.controls.map((c: { value: string }) => c.value)).toEqual([
      'input',
      'textarea',
      'radio',
      'checkbox',
      'select',
      'date',
      'time',
      'datetime',
      'image',
      'file',
    ]);
    expect(kinds.validations.map((c: { value: string }) => c.value)).toEqual([
      'notEmpty',
      'number',
      'integer',
      'date',
      'time',
      'datetime',
      'email',
      'phone',
      'regex',
    ]);
  });

  it('designs fields: add, edit, reorder, delete; another form’s model is refused', async () => {
    const form = await makeForm();
    const a = expectOk(await staff.post('/field', { modelId: form.modelId, name: '甲', code: 'a', controlType: 'input' }));
    const b = expectOk(
      await staff.post('/field', {
        modelId: form.modelId,
        name: '乙',
        code: 'b',
        controlType: 'radio',
        options: { type: 'text', items: [{ value: '1', label: '是' }] },
      }),
    );
    const c = expectOk(await staff.post('/field', { modelId: form.modelId, name: '丙', code: 'c', controlType: 'date', required: true }));
    const order = async () => expectOk(await staff.get(`/field?formId=${form.formId}`)).map((f: { code: string }) => f.code);
    expect(await order()).toEqual(['a', 'b', 'c']);
    const fields = expectOk(await staff.get(`/field?formId=${form.formId}`));
    expect(fields[1].optionItems).toEqual([{ value: '1', label: '是' }]);
    expect((await order()).length).toBe(3);
    expectOk(await staff.put('/field/sort', { formId: form.formId, fieldIds: [c.fieldId, a.fieldId, b.fieldId] }));
    expect(await order()).toEqual(['c', 'a', 'b']);
    expectError(await staff.put('/field/sort', { formId: form.formId, fieldIds: [c.fieldId, a.fieldId] }), 400, {
      'zh-CN': '字段顺序须列出表单的每个字段，且每个只出现一次',
    });
    expectOk(await staff.put('/field', { modelId: form.modelId, fieldId: a.fieldId, name: '甲二', code: 'a', controlType: 'textarea' }));
    expect(expectOk(await staff.get(`/field?formId=${form.formId}`))[1]).toMatchObject({ name: '甲二', controlType: 'textarea' });
    expectOk(await staff.delete('/field').send({ formId: form.formId, fieldIds: [b.fieldId] }));
    expect(await order()).toEqual(['c', 'a']);
    // A model that is not a form of this site.
    const other = await makeForm();
    expectError(
      await staff
        .with({ headers: { CurrentSite: otherSiteId } })
        .post('/field', { modelId: other.modelId, name: 'x', code: 'x', controlType: 'input' }),
      404,
      {
        'zh-CN': '自定义表单不存在',
      },
    );
    expectError(await staff.post('/field', { modelId: form.modelId, name: 'x', code: 'x', controlType: 'slider' }), 400);
  });

  it('publishes only a form with fields; offline and delete', async () => {
    const empty = await makeForm({ name: '空表单' });
    expectError(await staff.put('/publish', [empty.formId]), 400, { 'zh-CN': '表单“空表单”还没有字段，请先设计字段再发布' });
    expect(expectOk(await staff.get(`/${empty.formId}`)).status).toBe('0');
    const form = await publishedForm();
    const got = expectOk(await staff.get(`/${form.formId}`));
    expect(got.status).toBe('1');
    expect(got.publishTime).toBeTruthy();
    expectMessage(await staff.put('/offline', [form.formId]), 'zh-CN', '表单已下线');
    expect(expectOk(await staff.get(`/${form.formId}`)).status).toBe('2');
    expectError(await staff.put('/publish', ['999999999']), 404, { 'zh-CN': '自定义表单不存在' });
    // Delete takes the data, counters and field model with it.
    const gone = await publishedForm({ ruleLimit: 'ip' });
    expectOk(await visitor().post('/submit', { formId: gone.formId, values: good }));
    expect(await rowsOf(gone.formId)).toBe(1);
    expectOk(await staff.delete('').send([gone.formId]));
    expectError(await staff.get(`/${gone.formId}`), 404);
    expect(await rowsOf(gone.formId)).toBe(0);
    expect((await ds.query(`SELECT 1 FROM cms_custom_form_limit WHERE form_id = $1`, [gone.formId])).length).toBe(0);
    expect((await ds.query(`SELECT 1 FROM x_model WHERE model_id = $1`, [gone.modelId])).length).toBe(0);
  });
});

describe('the public form and submissions', () => {
  it('answers a published form with its fields and options; a draft or offline form is refused', async () => {
    const form = await publishedForm({ needCaptcha: true });
    const data = expectOk(await pub.get(`/form?siteId=${siteId}&code=${form.code.toUpperCase()}`));
    expect(data).toMatchObject({ formId: form.formId, needCaptcha: true, ruleLimit: 'unlimited' });
    expect(data.fields.map((f: { code: string }) => f.code)).toEqual([
      'name',
      'email',
      'phone',
      'age',
      'budget',
      'day',
      'at',
      'slot',
      'zip',
      'city',
      'topics',
      'note',
    ]);
    expect(data.fields[0]).toMatchObject({ name: '姓名', controlType: 'input', required: true });
    expect(data.fields[9].options).toEqual([
      { value: 'bj', label: '北京' },
      { value: 'sh', label: '上海' },
    ]);
    expectError(await pub.get(`/form?siteId=${otherSiteId}&code=${form.code}`), 404, { 'zh-CN': '自定义表单不存在' });
    const draft = await makeForm();
    expectError(await pub.get(`/form?siteId=${siteId}&code=${draft.code}`), 400, { 'zh-CN': '表单未发布或已下线，不能提交' });
    expectError(await visitor().post('/submit', { formId: draft.formId, values: good }), 400, { 'zh-CN': '表单未发布或已下线，不能提交' });
    expectOk(await staff.put('/offline', [form.formId]));
    expectError(await pub.get(`/form?siteId=${siteId}&code=${form.code}`), 400, { 'zh-CN': '表单未发布或已下线，不能提交' });
    expectError(await visitor().post('/submit', { formId: form.formId, values: good, ...(await solve()) }), 400, {
      'zh-CN': '表单未发布或已下线，不能提交',
    });
    expect(await rowsOf(form.formId)).toBe(0);
  });

  it('resolves dictionary options in the caller’s language and checks values against them', async () => {
    const form = await makeForm();
    expectOk(
      await staff.post('/field', {
        modelId: form.modelId,
        name: '性别',
        code: 'sex',
        controlType: 'radio',
        options: { type: 'dict', dictType: 'sys_user_sex' },
      }),
    );
    expectError(
      await staff.post('/field', {
        modelId: form.modelId,
        name: '坏',
        code: 'bad',
        controlType: 'select',
        options: { type: 'dict', dictType: 'no_such_dict' },
      }),
      400,
    );
    expectOk(await staff.put('/publish', [form.formId]));
    const en = expectOk(await pub.lang('en').get(`/form?siteId=${siteId}&code=${form.code}`));
    expect(en.fields[0].options).toEqual([
      { value: '0', label: 'Male' },
      { value: '1', label: 'Female' },
      { value: '2', label: 'Unknown' },
    ]);
    expectError(await visitor().post('/submit', { formId: form.formId, values: { sex: '9' } }), 400, { 'zh-CN': '性别只能从给定的选项中选择' });
    expectOk(await visitor().post('/submit', { formId: form.formId, values: { sex: '1' } }));
  });

  it('answers the page API CORS so a sandboxed page can load the captcha and submit', async () => {
    const res = await pub.get('/captchaImage').set('Origin', 'null');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const pre = await pub.request('OPTIONS', '/submit').set('Origin', 'null').set('Access-Control-Request-Method', 'POST');
    expect(pre.status).toBe(204);
  });

  it('asks for the captcha: missing, wrong and reused answers are refused and write nothing', async () => {
    const form = await publishedForm({ needCaptcha: true });
    const v = visitor();
    expectError(await v.post('/submit', { formId: form.formId, values: good }), 400, { 'zh-CN': '请填写验证码' });
    const wrong = await solve();
    expectError(await v.post('/submit', { formId: form.formId, values: good, uuid: wrong.uuid, captcha: `${wrong.captcha}9` }), 400, {
      'zh-CN': '验证码错误',
    });
    // The captcha was used up by the wrong answer.
    expectError(await v.lang('en').post('/submit', { formId: form.formId, values: good, ...wrong }), 400, {
      en: 'The captcha has expired: get a new one',
    });
    expect(await rowsOf(form.formId)).toBe(0);
    expectMessage(await v.post('/submit', { formId: form.formId, values: good, ...(await solve()) }), 'zh-CN', '提交成功');
    expect(await rowsOf(form.formId)).toBe(1);
  });

  it('checks every value by its field’s kind and rules, with the field named; a failure writes nothing', async () => {
    const form = await publishedForm({ successMessage: '感谢您的留言' });
    // Each from an address of its own: refusals count against the per-address rate limit too.
    const refuse = async (values: object, message: string) => {
      const res = await visitor().post('/submit', { formId: form.formId, values: { ...good, ...values } });
      expectError(res, 400, { 'zh-CN': message });
    };
    await refuse({ name: '  ' }, '姓名不能为空');
    await refuse({ email: 'not-an-email' }, '邮箱必须是正确的邮箱地址');
    await refuse({ phone: '12345' }, '电话必须是正确的手机号码');
    await refuse({ age: '3.5' }, '年龄必须是整数');
    await refuse({ budget: 'abc' }, '预算必须是数字');
    await refuse({ day: '2026-02-30' }, '到访日期必须是日期（如 2026-01-31）');
    await refuse({ at: '25:00' }, '到访时间必须是时间（如 08:30 或 08:30:00）');
    await refuse({ slot: '2026-01-31' }, '预约时刻必须是日期时间（如 2026-01-31 08:30:00）');
    await refuse({ zip: '12345' }, '邮编的格式不正确');
    await refuse({ city: 'gz' }, '城市只能从给定的选项中选择');
    await refuse({ topics: ['news', 'music'] }, '兴趣只能从给定的选项中选择');
    const v = visitor();
    expectError(await v.post('/submit', { formId: form.formId, values: 'x' }), 400, { 'zh-CN': '表单数据须为按字段编码给出的值' });
    // Field messages come in the caller's language, with every failing field listed.
    const en = await v.lang('en').post('/submit', { formId: form.formId, values: { ...good, name: '', email: 'x' } });
    expectError(en, 400, { en: /name|姓名/i });
    expect((en.body?.data as { errors: Array<{ field: string }> }).errors.map((e) => e.field)).toEqual(['name', 'email']);
    expect(await rowsOf(form.formId)).toBe(0);

    expectMessage(
      await v.post('/submit', {
        formId: form.formId,
        values: { ...good, day: '2026-01-31', at: '08:30', slot: '2026-01-31T08:30', zip: '100000', extra: 'dropped' },
      }),
      'zh-CN',
      '感谢您的留言',
    );
    const [row] = await ds.query(`SELECT field_values, ip FROM cms_custom_form_data WHERE form_id = $1`, [form.formId]);
    expect(row.field_values).toMatchObject({
      name: '张三',
      age: 30,
      budget: 12.5,
      at: '08:30:00',
      slot: '2026-01-31 08:30:00',
      topics: ['news', 'sport'],
    });
    expect(row.field_values.extra).toBeUndefined();
  });

  it('refuses text holding a sensitive word, naming the field and the word', async () => {
    expectOk(await api(() => t, { token: () => admin }).post('/word/sensitiveword', { word: '违禁表单词', wordType: 'sensitive' }));
    const form = await publishedForm();
    expectError(await visitor().post('/submit', { formId: form.formId, values: { ...good, note: '这里有违禁表单词呀' } }), 400, {
      'zh-CN': '“留言”包含敏感词：违禁表单词，请修改后再提交',
    });
    expect(await rowsOf(form.formId)).toBe(0);
  });

  it('limits per IP per day, and per browser in total', async () => {
    const form = await publishedForm({ ruleLimit: 'ip', limitPeriod: 'day', limitCount: 2 });
    const v = visitor();
    expectOk(await v.post('/submit', { formId: form.formId, values: good }));
    expectOk(await v.post('/submit', { formId: form.formId, values: good }));
    expectError(await v.post('/submit', { formId: form.formId, values: good }), 400, { 'zh-CN': '今天已提交 2 次，达到上限，不能再提交' });
    expectOk(await visitor().post('/submit', { formId: form.formId, values: good }));
    expect(await rowsOf(form.formId)).toBe(3);
    // The counter of a day gone by starts again.
    await ds.query(`UPDATE cms_custom_form_limit SET day = current_date - 1 WHERE form_id = $1`, [form.formId]);
    expectOk(await v.post('/submit', { formId: form.formId, values: good }));

    const byBrowser = await publishedForm({ ruleLimit: 'browser', limitPeriod: 'total', limitCount: 1 });
    const one = visitor();
    expectOk(await one.post('/submit', { formId: byBrowser.formId, values: good, browserId: 'browser_one_1234' }));
    expectError(await one.post('/submit', { formId: byBrowser.formId, values: good, browserId: 'browser_one_1234' }), 400, {
      'zh-CN': '已提交 1 次，达到上限，不能再提交',
    });
    // Another browser behind the same address may submit; without an id the address counts.
    expectOk(await one.post('/submit', { formId: byBrowser.formId, values: good, browserId: 'browser_two_1234' }));
    expectOk(await one.post('/submit', { formId: byBrowser.formId, values: good }));
    expectError(await one.post('/submit', { formId: byBrowser.formId, values: good }), 400, { 'zh-CN': '已提交 1 次，达到上限，不能再提交' });
    expect(await rowsOf(byBrowser.formId)).toBe(3);
    expectError(await one.post('/submit', { formId: byBrowser.formId, values: good, browserId: 'x' }), 400, {
      'zh-CN': '浏览器标识须为 8 到 64 个字母、数字、下划线或连字符',
    });
    expectError(await one.post('/submit', { formId: byBrowser.formId, values: good, captcha: '1'.repeat(40) }), 400, { 'zh-CN': '验证码错误' });
  });

  it('limits per member: a member is required, counted by member whatever the address', async () => {
    const form = await publishedForm({ ruleLimit: 'member', limitPeriod: 'total', limitCount: 1 });
    expectError(await visitor().post('/submit', { formId: form.formId, values: good }), 401, { 'zh-CN': '请先登录会员再提交' });
    expectOk(await visitor().as(member.token).post('/submit', { formId: form.formId, values: good }));
    expectError(await visitor().as(member.token).post('/submit', { formId: form.formId, values: good }), 400, {
      'zh-CN': '已提交 1 次，达到上限，不能再提交',
    });
    const [row] = await ds.query(`SELECT member_id::text AS m FROM cms_custom_form_data WHERE form_id = $1`, [form.formId]);
    expect(row.m).toBe(member.id);
  });

  it('counts parallel submissions of one submitter exactly up to the limit', async () => {
    const form = await publishedForm({ ruleLimit: 'browser', limitPeriod: 'total', limitCount: 3 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => visitor().post('/submit', { formId: form.formId, values: good, browserId: 'parallel_browser_1' })),
    );
    expect(answers.filter((r) => r.body?.code === 200).length).toBe(3);
    expect(await rowsOf(form.formId)).toBe(3);
  });

  it(`rate-limits one address to ${CUSTOM_FORM_SUBMITS_PER_MINUTE} submissions a minute`, async () => {
    const form = await publishedForm();
    const v = visitor();
    for (let i = 0; i < CUSTOM_FORM_SUBMITS_PER_MINUTE; i++) expectOk(await v.post('/submit', { formId: form.formId, values: good }));
    expectError(await v.post('/submit', { formId: form.formId, values: good }), 429, {
      'zh-CN': `提交过于频繁，每分钟最多 ${CUSTOM_FORM_SUBMITS_PER_MINUTE} 次，请稍后再试`,
    });
    expect(await rowsOf(form.formId)).toBe(CUSTOM_FORM_SUBMITS_PER_MINUTE);
  });
});

describe('submitted data (staff)', () => {
  it('lists by time, shows, adds and edits (checked by the fields), deletes and exports as .xlsx', async () => {
    const form = await publishedForm();
    const data = staff.with({ base: '/prod-api/cms/customform/data' });
    expectOk(await visitor('10.200.0.1').post('/submit', { formId: form.formId, values: { ...good, name: '旧的' } }));
    await ds.query(`UPDATE cms_custom_form_data SET create_time = '2025-01-10T10:00:00Z' WHERE form_id = $1`, [form.formId]);
    expectOk(await visitor('10.200.0.2').post('/submit', { formId: form.formId, values: { ...good, name: '新的' } }));

    const all = expectOk(await data.get(`?formId=${form.formId}`));
    expect(all.total).toBe(2);
    expect(all.rows.map((r: { values: { name: string } }) => r.values.name)).toEqual(['新的', '旧的']);
    const recent = expectOk(await data.get(`?formId=${form.formId}&beginTime=2025-06-01`));
    expect(recent.rows.map((r: { values: { name: string } }) => r.values.name)).toEqual(['新的']);
    const early = expectOk(await data.get(`?formId=${form.formId}&beginTime=2025-01-01&endTime=2025-01-10`));
    expect(early.rows.map((r: { ip: string }) => r.ip)).toEqual(['10.200.0.1']);
    expectError(await data.get(`?formId=${form.formId}&beginTime=2025-02-01&endTime=2025-01-01`), 400, { 'zh-CN': '开始时间不能晚于结束时间' });

    const one = recent.rows[0];
    expect(expectOk(await data.get(`/detail?formId=${form.formId}&dataId=${one.dataId}`)).values.email).toBe('zs@example.com');
    expectError(await data.get(`/detail?formId=${form.formId}&dataId=999999999`), 404, { 'zh-CN': '表单数据不存在' });

    expectError(await data.post('', { formId: form.formId, values: { ...good, age: 'x' } }), 400, { 'zh-CN': '年龄必须是整数' });
    const added = expectOk(await data.post('', { formId: form.formId, values: { ...good, name: '后台录入' } }));
    expect(added.createBy).toBe('admin');
    const edited = expectOk(await data.put('', { formId: form.formId, dataId: added.dataId, values: { ...good, name: '后台改过' } }));
    expect(edited.values.name).toBe('后台改过');
    expectError(await data.put('', { formId: form.formId, dataId: added.dataId, values: { ...good, email: 'bad' } }), 400, {
      'zh-CN': '邮箱必须是正确的邮箱地址',
    });

    // The export: one column per field, headed by its name, option values as their labels.
    const res = await data.get(`/export?formId=${form.formId}`).buffer(true).parse(binaryParser);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      '编号',
      '姓名',
      '邮箱',
      '电话',
      '年龄',
      '预算',
      '到访日期',
      '到访时间',
      '预约时刻',
      '邮编',
      '城市',
      '兴趣',
      '留言',
      '提交时间',
      'IP 地址',
      '会员 ID',
    ]);
    expect(sheet.rowCount).toBe(4);
    const names = [2, 3, 4].map((n) => sheet.getRow(n).getCell(2).value);
    expect(names).toEqual(['后台改过', '新的', '旧的']);
    expect(sheet.getRow(3).getCell(11).value).toBe('上海');
    expect(sheet.getRow(3).getCell(12).value).toBe('新闻、体育');
    // Filtered like the list.
    const filtered = await data.get(`/export?formId=${form.formId}&beginTime=2025-01-01&endTime=2025-01-10`).buffer(true).parse(binaryParser);
    const book2 = new ExcelJS.Workbook();
    await book2.xlsx.load(filtered.body as unknown as ArrayBuffer);
    expect(book2.worksheets[0].rowCount).toBe(2);

    expectOk(await data.delete('').send([added.dataId, one.dataId]));
    expect(await rowsOf(form.formId)).toBe(1);
    expectError(await data.delete('').send([added.dataId]), 404, { 'zh-CN': '表单数据不存在' });
    // Rows of a form of another site are not found from it.
    expectError(await data.with({ headers: { CurrentSite: otherSiteId } }).get(`?formId=${form.formId}`), 404, { 'zh-CN': '自定义表单不存在' });
  });
});
