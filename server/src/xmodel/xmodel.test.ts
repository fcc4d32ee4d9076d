import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectError, expectMessage, expectOk } from '../../test/helpers/api';
import { roleFactory, staffUserFactory } from '../../test/helpers/factories';
import { tokenOf } from '../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';
import { ServiceException } from '../common/errors/service-exception';
import { XModelService } from './xmodel.service';

let t: TestApp;
let admin: string;
let svc: XModelService;
beforeAll(async () => {
  t = await startTestApp();
  admin = await tokenOf(t.app);
  svc = t.app.get(XModelService);
});
afterAll(() => t?.close());

const models = api(() => t, { token: () => admin, base: '/prod-api/xmodel' });
const fields = api(() => t, { token: () => admin, base: '/prod-api/xmodel/field' });

let seq = 0;
async function newModel(name = `模型${++seq}`) {
  return expectOk<{ modelId: string; code: string; ownerType: string }>(await models.post('', { name, code: `m_${seq}_${Date.now() % 100000}` }));
}
async function addField(modelId: string, body: Record<string, unknown>) {
  return expectOk<{ fieldId: string; code: string; sortFlag: number }>(await fields.post('', { modelId, ...body }));
}

/** The ServiceException a validation throws (fails the test when it does not throw). */
async function refused(modelId: string, values: unknown): Promise<ServiceException> {
  try {
    await svc.validate(modelId, values);
  } catch (e) {
    if (e instanceof ServiceException) return e;
    throw e;
  }
  throw new Error('expected the values to be refused');
}

describe('/xmodel models', () => {
  it('creates, lists, reads, changes and deletes a metadata model; codes are unique regardless of case', async () => {
    const m = await newModel('文章附加');
    expect(m.ownerType).toBe('xmodel');
    const list = expectOk<{ rows: { modelId: string }[]; total: number }>(await models.get('').query({ ownerType: 'xmodel', query: '文章附加' }));
    expect(list.rows.map((r) => r.modelId)).toContain(m.modelId);
    expect(expectOk<{ name: string }>(await models.get(`/${m.modelId}`)).name).toBe('文章附加');
    expectError(await models.post('', { name: '重复', code: m.code.toUpperCase() }), 400, {
      'zh-CN': `已有编码为“${m.code.toUpperCase()}”的模型（编码不区分大小写）`,
    });
    expectOk(await models.put('', { modelId: m.modelId, name: '文章附加2', code: m.code }));
    expect(expectOk<{ name: string }>(await models.get(`/${m.modelId}`)).name).toBe('文章附加2');
    expectOk(await models.delete('').send([m.modelId]));
    expectError(await models.get(`/${m.modelId}`), 404, { 'zh-CN': '元数据模型不存在' });
  });

  it('refuses a bad code and name with their messages', async () => {
    expectMessage(
      await models.post('', { name: 'x', code: '1abc' }),
      'zh-CN',
      '模型编码不能为空，须以字母开头，只能包含字母、数字和下划线，且不能超过 50 个字符',
    );
    expectMessage(await models.lang('en').post('', { name: '', code: 'abc' }), 'en', 'Model name must not be empty or longer than 100 characters');
  });

  it('answers the control and validation kinds, localized, and the storage table', async () => {
    const controls = expectOk<{ value: string; label: string }[]>(await models.get('/controls'));
    expect(controls.map((c) => c.value)).toEqual(['input', 'textarea', 'radio', 'checkbox', 'select', 'date', 'time', 'datetime', 'image', 'file']);
    expect(controls[0].label).toBe('单行文本');
    const en = expectOk<{ value: string; label: string }[]>(await models.lang('en').get('/validations'));
    expect(en.map((c) => c.value)).toEqual(['notEmpty', 'number', 'integer', 'date', 'time', 'datetime', 'email', 'phone', 'regex']);
    expect(en[0].label).toBe('Not empty');
    expect(expectOk(await models.get('/tables'))).toEqual(['x_model_data']);
  });

  it('refuses changing a model another feature owns through /xmodel', async () => {
    const owned = await svc.createModel('admin', { ownerType: 'exmodel', ownerId: '1' }, { name: '站点扩展', code: `owned${Date.now() % 100000}` });
    expectError(await models.put('', { modelId: owned.modelId, name: 'x', code: owned.code }), 400, {
      'zh-CN': '模型“站点扩展”属于扩展模型，请在其所属功能中修改',
    });
    expectError(await models.delete('').send([owned.modelId]), 400);
    // Its fields are the owner's to guard: an owner type that registered no guard is refused.
    const unguarded = await svc.createModel('admin', { ownerType: 'nobody', ownerId: '' }, { name: '无主', code: `nobody${Date.now() % 100000}` });
    expectError(await fields.post('', { modelId: unguarded.modelId, name: 'a', code: 'a', controlType: 'input' }), 403);
    expectError(await fields.get('/all').query({ modelId: unguarded.modelId }), 403);
    expect(expectOk<{ modelId: string }>(await models.get(`/${owned.modelId}`)).modelId).toBe(owned.modelId);
  });
});

describe('/xmodel/field', () => {
  it('adds fields in order, lists them, changes and deletes them', async () => {
    const m = await newModel();
    const a = await addField(m.modelId, { name: '作者', code: 'author', controlType: 'input' });
    const b = await addField(m.modelId, { name: '分数', code: 'score', controlType: 'input', validations: [{ type: 'number' }], required: true });
    expect(b.sortFlag).toBeGreaterThan(a.sortFlag);
    const all = expectOk<{ code: string }[]>(await fields.get('/all').query({ modelId: m.modelId }));
    expect(all.map((f) => f.code)).toEqual(['author', 'score']);
    const page = expectOk<{ rows: { code: string }[]; total: number }>(await fields.get('/list').query({ modelId: m.modelId, query: 'sco' }));
    expect(page.total).toBe(1);
    expectError(await fields.post('', { modelId: m.modelId, name: '重复', code: 'AUTHOR', controlType: 'input' }), 400, {
      'zh-CN': '该模型已有编码为“AUTHOR”的字段（编码不区分大小写）',
    });
    expectOk(await fields.put('', { modelId: m.modelId, fieldId: a.fieldId, name: '作者名', code: 'author', controlType: 'textarea', sortFlag: 9 }));
    expect(expectOk<{ code: string }[]>(await fields.get('/all').query({ modelId: m.modelId })).map((f) => f.code)).toEqual(['score', 'author']);
    expectOk(await fields.delete('').send([a.fieldId]));
    expect(expectOk<unknown[]>(await fields.get('/all').query({ modelId: m.modelId }))).toHaveLength(1);
  });

  it('refuses bad control kinds, options, rules and defaults with their messages', async () => {
    const m = await newModel();
    expectMessage(await fields.post('', { modelId: m.modelId, name: 'a', code: 'a', controlType: 'slider' }), 'zh-CN', '控件类型不正确');
    expectMessage(
      await fields.post('', { modelId: m.modelId, name: 'a', code: 'a', controlType: 'radio' }),
      'zh-CN',
      '单选、多选和下拉控件须设置选项',
    );
    expectMessage(
      await fields.post('', { modelId: m.modelId, name: 'a', code: 'a', controlType: 'select', options: { type: 'dict', dictType: 'no_such_dict' } }),
      'zh-CN',
      '字典类型“no_such_dict”不存在',
    );
    expectMessage(
      await fields.post('', {
        modelId: m.modelId,
        name: 'a',
        code: 'a',
        controlType: 'radio',
        options: {
          type: 'text',
          items: [
            { value: 'x', label: 'X' },
            { value: 'x', label: 'Y' },
          ],
        },
      }),
      'zh-CN',
      '字段选项不正确：请选择字典类型，或填写不重复的选项值',
    );
    expectMessage(
      await fields.post('', { modelId: m.modelId, name: 'a', code: 'a', controlType: 'input', validations: [{ type: 'regex', regex: '([a-' }] }),
      'zh-CN',
      '正则表达式不能为空、不能超过 200 个字符，且须是合法的表达式',
    );
    expectMessage(
      await fields.post('', { modelId: m.modelId, name: 'a', code: 'a', controlType: 'input', validations: [{ type: 'money' }] }),
      'zh-CN',
      expect.stringContaining('校验类型只能是'),
    );
    expectMessage(
      await fields.post('', {
        modelId: m.modelId,
        name: '年龄',
        code: 'age',
        controlType: 'input',
        defaultValue: 'abc',
        validations: [{ type: 'integer' }],
      }),
      'zh-CN',
      '默认值不符合字段规则：年龄必须是整数',
    );
    expectError(await fields.post('', { modelId: '999999999', name: 'a', code: 'a', controlType: 'input' }), 404, { 'zh-CN': '元数据模型不存在' });
  });

  it('accepts dictionary options and checks values against the dictionary', async () => {
    const m = await newModel();
    await addField(m.modelId, { name: '性别', code: 'sex', controlType: 'radio', options: { type: 'dict', dictType: 'sys_user_sex' } });
    expect(await svc.validate(m.modelId, { sex: '1' })).toEqual({ sex: '1' });
    expect((await refused(m.modelId, { sex: '9' })).messageKey).toBe('性别只能从给定的选项中选择');
  });

  it('refuses a caller without the permission (403) and lets a role with view only read', async () => {
    const role = await roleFactory(t, { menus: ['cms.ext.metaModel'] });
    const viewer = await staffUserFactory(t, { roles: [role.roleKey] });
    const m = await newModel();
    expectOk(await models.as(viewer.token).get(`/${m.modelId}`));
    expectError(await fields.as(viewer.token).get('/all').query({ modelId: m.modelId }), 403);
  });
});

describe('XModelService.validate', () => {
  let modelId: string;
  beforeAll(async () => {
    modelId = (await newModel()).modelId;
    const f = (name: string, code: string, controlType: string, extra: Record<string, unknown> = {}) =>
      addField(modelId, { name, code, controlType, ...extra });
    await f('标题', 'title', 'input', { required: true });
    await f('价格', 'price', 'input', { validations: [{ type: 'number' }] });
    await f('数量', 'qty', 'input', { validations: [{ type: 'integer' }] });
    await f('生日', 'birthday', 'input', { validations: [{ type: 'date' }] });
    await f('开门', 'opens', 'input', { validations: [{ type: 'time' }] });
    await f('开始', 'startAt', 'input', { validations: [{ type: 'datetime' }] });
    await f('邮箱', 'mail', 'input', { validations: [{ type: 'email' }] });
    await f('手机', 'mobile', 'input', { validations: [{ type: 'phone' }] });
    await f('编号', 'serial', 'input', { validations: [{ type: 'regex', regex: '[A-Z]{2}\\d{3}' }] });
    await f('暗号', 'secret', 'input', { validations: [{ type: 'regex', regex: 'ok', message: '暗号不对' }] });
    await f('颜色', 'colors', 'checkbox', {
      options: {
        type: 'text',
        items: [
          { value: 'red', label: '红' },
          { value: 'blue', label: '蓝' },
        ],
      },
    });
    await f('日期', 'day', 'date');
    await f('备注', 'note', 'textarea', { defaultValue: '无' });
  });

  it('normalizes good values, drops unknown keys and fills defaults', async () => {
    const out = await svc.validate(modelId, {
      title: '  你好 ',
      price: '12.50',
      qty: 3,
      birthday: '2000-02-29',
      opens: '08:30',
      startAt: '2026-01-31T08:30',
      mail: 'a.b@example.com',
      mobile: '13800138000',
      serial: 'AB123',
      secret: 'ok',
      colors: 'red,blue',
      day: '2026-12-01',
      extra: 'dropped',
    });
    expect(out).toEqual({
      title: '你好',
      price: 12.5,
      qty: 3,
      birthday: '2000-02-29',
      opens: '08:30:00',
      startAt: '2026-01-31 08:30:00',
      mail: 'a.b@example.com',
      mobile: '13800138000',
      serial: 'AB123',
      secret: 'ok',
      colors: ['red', 'blue'],
      day: '2026-12-01',
      note: '无',
    });
  });

  it.each([
    ['title', '', '标题不能为空'],
    ['price', '12a', '价格必须是数字'],
    ['qty', '1.5', '数量必须是整数'],
    ['birthday', '2001-02-29', '生日必须是日期（如 2026-01-31）'],
    ['opens', '25:00', '开门必须是时间（如 08:30 或 08:30:00）'],
    ['startAt', '2026-01-31', '开始必须是日期时间（如 2026-01-31 08:30:00）'],
    ['mail', 'a@b', '邮箱必须是正确的邮箱地址'],
    ['mobile', '12345', '手机必须是正确的手机号码'],
    ['serial', 'AB1234', '编号的格式不正确'],
    ['secret', 'no', '暗号不对'],
    ['colors', ['green'], '颜色只能从给定的选项中选择'],
    ['day', '2026-13-01', '日期必须是日期（如 2026-01-31）'],
    ['title', { x: 1 }, '标题的值类型不正确'],
  ])('refuses %s = %j with “%s”', async (code, value, message) => {
    const e = await refused(modelId, { title: 't', [code]: value });
    expect(e.httpStatus).toBe(400);
    expect(e.data?.errors).toEqual([{ field: code, message }]);
  });

  it('lists every failing field, the first as the message', async () => {
    const e = await refused(modelId, { price: 'x', qty: 'y' });
    expect(e.messageKey).toBe('标题不能为空');
    expect(e.data?.errors?.map((x) => x.field)).toEqual(['title', 'price', 'qty']);
  });

  it('stores, reads, lists and deletes values', async () => {
    await svc.validateAndWrite(modelId, 'test', '1', { title: 'a', qty: '7' });
    await svc.writeData(modelId, 'test', '2', { title: 'b' });
    expect(await svc.readData(modelId, 'test', '1')).toMatchObject({ title: 'a', qty: 7 });
    const many = await svc.readMany('test', ['1', '2', '3']);
    expect([...many.keys()].sort()).toEqual(['1', '2']);
    await svc.validateAndWrite(modelId, 'test', '1', { title: 'a2' });
    expect((await svc.readData(modelId, 'test', '1')).title).toBe('a2');
    const page = await svc.listData(modelId, 'test', { pageNum: 1, pageSize: 10 } as never);
    expect(page.total).toBe(2);
    await svc.deleteData('test', ['1', '2']);
    expect(await svc.readData(modelId, 'test', '1')).toEqual({});
  });
});
