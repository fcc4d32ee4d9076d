import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { ConventionsFixtureModule, FIXTURE_TABLE_SQL } from './fixtures/conventions.fixture';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';
import { startTestApp, type TestApp } from './helpers/test-app';
import { binaryParser } from './helpers/binary';

let db: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  const ds = new DataSource({ type: 'postgres', url: db.url });
  await ds.initialize();
  await ds.query(FIXTURE_TABLE_SQL);
  // 45 rows: more than two default pages.
  await ds.query(
    `INSERT INTO fixture_item (name, email) SELECT 'item-' || lpad(g::text, 2, '0'), 'u' || g || '@example.com' FROM generate_series(1, 45) g`,
  );
  await ds.destroy();
  t = await startTestApp({ db, imports: [ConventionsFixtureModule] });
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

describe('response envelope', () => {
  it('wraps a handler result as {code:200, msg, data}', async () => {
    const res = await request(t.server).post('/prod-api/fixture/ping').send({ a: 1 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ code: 200, msg: '操作成功', data: { echoed: { a: 1 } } });
  });

  it('gives the success message in the caller language', async () => {
    const res = await request(t.server).post('/prod-api/fixture/ping').set('Accept-Language', 'en-US,en;q=0.9').send({ b: 1 });
    expect(res.body.msg).toBe('Operation succeeded');
  });
});

describe('errors', () => {
  it('answers an unknown route with HTTP 404 and code 404 in the caller language', async () => {
    const zh = await request(t.server).get('/prod-api/no/such/route');
    expect(zh.status).toBe(404);
    expect(zh.body).toEqual({ code: 404, msg: '请求地址不存在：GET /prod-api/no/such/route' });
    const tw = await request(t.server).get('/prod-api/no/such/route').set('Accept-Language', 'zh-TW');
    expect(tw.body.msg).toBe('請求位址不存在：GET /prod-api/no/such/route');
    const en = await request(t.server).delete('/prod-api/nothing').set('Accept-Language', 'en');
    expect(en.status).toBe(404);
    expect(en.body).toEqual({ code: 404, msg: 'No such endpoint: DELETE /prod-api/nothing' });
  });

  it('answers a thrown fault with HTTP 500, a generic message with the request id, and no stack', async () => {
    const res = await request(t.server).get('/prod-api/fixture/boom').set('X-Request-Id', 'req-abc-123');
    expect(res.status).toBe(500);
    expect(res.body.code).toBe(500);
    expect(res.body.msg).toBe('系统内部错误，请联系管理员（请求编号：req-abc-123）');
    expect(res.headers['x-request-id']).toBe('req-abc-123');
    expect(JSON.stringify(res.body)).not.toMatch(/secret internal detail|db\.ts|at .*\(/);
  });

  it('maps a warning to code 601 with HTTP 400', async () => {
    const res = await request(t.server).get('/prod-api/fixture/warn');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 601, msg: '不支持按 x 排序' });
  });

  it('answers malformed JSON with HTTP 400 and a clear message', async () => {
    const res = await request(t.server).post('/prod-api/fixture/items').set('Content-Type', 'application/json').send('{"name":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 500, msg: '请求体格式错误，无法解析' });
  });

  it('denies a route not marked public to a caller without a token', async () => {
    const res = await request(t.server).get('/prod-api/fixture/private');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 401, msg: '认证失败，无法访问系统资源' });
  });

  it('gives every answer a request id and security headers', async () => {
    const res = await request(t.server).get('/prod-api/fixture/items/list');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('validation', () => {
  it('rejects a bad field with HTTP 400, code 500 and the localized field message, changing nothing', async () => {
    const before = await request(t.server).get('/prod-api/fixture/items/list');
    const res = await request(t.server).post('/prod-api/fixture/items').send({ name: 'ab' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(500);
    expect(res.body.msg).toBe('名称长度必须介于 3 和 20 个字符之间');
    expect(res.body.data.errors).toEqual([{ field: 'name', message: '名称长度必须介于 3 和 20 个字符之间' }]);
    const after = await request(t.server).get('/prod-api/fixture/items/list');
    expect(after.body.data.total).toBe(before.body.data.total);
  });

  it('refuses text the database cannot store (a NUL character) with HTTP 400 and a clear message, changing nothing', async () => {
    const before = await request(t.server).get('/prod-api/fixture/items/list');
    const res = await request(t.server).post('/prod-api/fixture/items').send({ name: 'abc\u0000def' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 500, msg: '提交的内容包含无法保存的字符（如空字符），请删除后重试' });
    const after = await request(t.server).get('/prod-api/fixture/items/list');
    expect(after.body.data.total).toBe(before.body.data.total);
  });

  it('localizes every failing rule in each language', async () => {
    const en = await request(t.server).post('/prod-api/fixture/items').set('Accept-Language', 'en').send({ email: 'nope' });
    expect(en.status).toBe(400);
    const messages = en.body.data.errors.map((e: { message: string }) => e.message);
    expect(messages).toContain('Name must not be empty');
    expect(messages).toContain('Email is not a valid email address');
    const tw = await request(t.server)
      .post('/prod-api/fixture/items')
      .set('Accept-Language', 'zh-TW')
      .send({ name: 'x'.repeat(21) });
    expect(tw.body.msg).toBe('名稱長度必須介於 3 和 20 個字元之間');
  });

  it('accepts a valid body and strips unknown fields', async () => {
    const res = await request(t.server).post('/prod-api/fixture/items').send({ name: 'valid-name', isAdmin: true });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'valid-name', email: null });
    expect(res.body.data.isAdmin).toBeUndefined();
  });
});

describe('paging', () => {
  it('returns the first 20 rows and the total by default', async () => {
    const res = await request(t.server).get('/prod-api/fixture/items/list?name=item-');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(45);
    expect(res.body.data.rows).toHaveLength(20);
    expect(res.body.data.rows[0].name).toBe('item-01');
  });

  it('pages with pageNum and pageSize and sorts by a whitelisted column', async () => {
    const res = await request(t.server).get('/prod-api/fixture/items/list?name=item-&pageNum=3&pageSize=20');
    expect(res.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['item-41', 'item-42', 'item-43', 'item-44', 'item-45']);
    const desc = await request(t.server).get('/prod-api/fixture/items/list?name=item-&pageSize=2&orderByColumn=name&isAsc=descending');
    expect(desc.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['item-45', 'item-44']);
  });

  it('refuses a page size over 500 and a column outside the whitelist', async () => {
    const big = await request(t.server).get('/prod-api/fixture/items/list?pageSize=501');
    expect(big.status).toBe(400);
    expect(big.body.msg).toBe('每页条数不能大于 500');
    const col = await request(t.server).get('/prod-api/fixture/items/list?orderByColumn=email');
    expect(col.status).toBe(400);
    expect(col.body.msg).toBe('不支持按 email 排序');
    const injection = await request(t.server).get('/prod-api/fixture/items/list').query({ orderByColumn: 'name; DROP TABLE fixture_item' });
    expect(injection.status).toBe(400);
    const still = await request(t.server).get('/prod-api/fixture/items/list');
    expect(still.body.data.total).toBeGreaterThanOrEqual(45);
  });
});

describe('repeat-submit guard', () => {
  it('rejects the same body to the same url within 1000 ms with HTTP 409 and code 500', async () => {
    const body = { name: 'twice-sent' };
    const first = await request(t.server).post('/prod-api/fixture/items').send(body);
    const second = await request(t.server).post('/prod-api/fixture/items').send(body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ code: 500, msg: '数据正在处理，请勿重复提交' });
    const list = await request(t.server).get('/prod-api/fixture/items/list?name=twice-sent');
    expect(list.body.data.total).toBe(1);
  });

  it('lets a different body, a route that opts out, and the same body after the window through', async () => {
    expect((await request(t.server).post('/prod-api/fixture/items').send({ name: 'first-body' })).status).toBe(201);
    expect((await request(t.server).post('/prod-api/fixture/items').send({ name: 'other-body' })).status).toBe(201);
    expect((await request(t.server).post('/prod-api/fixture/ping').send({ n: 1 })).status).toBe(201);
    expect((await request(t.server).post('/prod-api/fixture/ping').send({ n: 1 })).status).toBe(201);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await request(t.server).post('/prod-api/fixture/items').send({ name: 'first-body' })).status).toBe(201);
  });

  it('tells callers apart: another token may send the same body', async () => {
    const body = { name: 'shared-body' };
    const a = await request(t.server).post('/prod-api/fixture/items').set('Authorization', 'Bearer aaa').send(body);
    const b = await request(t.server).post('/prod-api/fixture/items').set('Authorization', 'Bearer bbb').send(body);
    expect([a.status, b.status]).toEqual([201, 201]);
  });
});

describe('Excel export', () => {
  async function readWorkbook(buffer: Buffer) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
    return wb.worksheets[0];
  }

  it('streams every matching row (not one page) as .xlsx with localized headers', async () => {
    const res = await request(t.server)
      .post('/prod-api/fixture/items/list')
      .set('cc-export', '1')
      .type('form')
      .send({ name: 'item-', orderByColumn: 'name', isAsc: 'desc' })
      .buffer(true)
      .parse(binaryParser);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(decodeURIComponent(res.headers['download-filename'])).toMatch(/^Items_\d{14}\.xlsx$/);
    const sheet = await readWorkbook(res.body);
    expect(sheet.getRow(1).values).toEqual([undefined, 'ID', '名称', '邮箱', 'Created']);
    expect(sheet.rowCount).toBe(46);
    expect(sheet.getRow(2).getCell(2).value).toBe('item-45');
    expect(String(sheet.getRow(2).getCell(4).value)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('uses the caller language for headers and still validates the filters', async () => {
    const res = await request(t.server)
      .post('/prod-api/fixture/items/list')
      .set('cc-export', '1')
      .set('Accept-Language', 'en')
      .send({ name: 'item-0' })
      .buffer(true)
      .parse(binaryParser);
    const sheet = await readWorkbook(res.body);
    expect(sheet.getRow(1).values).toEqual([undefined, 'ID', 'Name', 'Email', 'Created']);
    expect(sheet.rowCount).toBe(10);
    const bad = await request(t.server).post('/prod-api/fixture/items/list').set('cc-export', '1').send({ orderByColumn: 'email' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('不支持按 email 排序');
  });

  it('refuses export on a route that is not a list', async () => {
    const res = await request(t.server).post('/prod-api/fixture/items').set('cc-export', '1').send({ name: 'not-exported' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 500, msg: '该接口不支持导出' });
  });
});
