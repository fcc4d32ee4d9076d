import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_TYPES, CHECK_TYPE_CODES, checkFee } from '@zhiwen/shared';
import { binaryParser } from '../../../test/helpers/binary';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { checkProductSeed } from '../../database/seeds/check-product.seed';
import { CheckProductModule } from './check-product.module';
import { api, expectMessage } from '../../../test/helpers/api';

let t: TestApp;
let ds: DataSource;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ imports: [CheckProductModule] });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin, base: '/prod-api/check/product' });

const product = (extra: Record<string, unknown> = {}) => ({
  productName: '测试产品',
  price: 500,
  priceMode: 'per_thousand',
  pathUrl: '/test1',
  sort: 20,
  checkType: 'bkysb',
  ...extra,
});

describe('check products', () => {
  it('seeds one product per check route, idempotently, keeping staff changes', async () => {
    const rows: Array<{ path_url: string; check_type: string }> = await ds.query(`SELECT path_url, check_type FROM check_product ORDER BY sort`);
    expect(rows).toEqual(CHECK_TYPE_CODES.map((code) => ({ path_url: CHECK_TYPES[code].route, check_type: code })));
    await ds.query(`UPDATE check_product SET price = 1990, product_name = '本科' WHERE path_url = '/bkysb'`);
    await ds.transaction((m) => checkProductSeed.run(m, { log: () => undefined }));
    expect((await ds.query(`SELECT count(*)::int AS n FROM check_product`))[0].n).toBe(CHECK_TYPE_CODES.length);
    expect((await ds.query(`SELECT price, product_name FROM check_product WHERE path_url = '/bkysb'`))[0]).toEqual({
      price: 1990,
      product_name: '本科',
    });
  });

  it('adds, reads, filters, changes and deletes a product', async () => {
    const created = await http.post('').send(product({ description: '说明', image: '/img/a.png' }));
    expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.productId as string;
    expect((await http.get(`/${id}`)).body.data).toMatchObject({
      productName: '测试产品',
      price: 500,
      priceMode: 'per_thousand',
      pathUrl: '/test1',
      status: '0',
      checkType: 'bkysb',
      description: '说明',
      image: '/img/a.png',
    });
    const aigc = await http.get('/list?checkType=aigc');
    expect(aigc.body.data.rows.map((p: { pathUrl: string }) => p.pathUrl)).toEqual(['/aigc']);
    expect((await http.get('/list?productName=测试')).body.data.total).toBe(1);
    const changed = await http.put('').send(product({ productId: id, price: 800, status: '1' }));
    expect(changed.body.code).toBe(200);
    expect((await ds.query(`SELECT price, status, update_by FROM check_product WHERE product_id = $1`, [id]))[0]).toEqual({
      price: 800,
      status: '1',
      update_by: 'admin',
    });
    expect((await http.get('/list?status=1')).body.data.rows.map((p: { productId: string }) => p.productId)).toEqual([id]);
    expect((await http.delete(`/${id}`)).body.code).toBe(200);
    const gone = await http.get(`/${id}`);
    expect(gone.status).toBe(404);
    expectMessage(gone, 'zh-CN', '检测产品不存在');
  });

  it('refuses a path used by another product, a bad path, an unknown type and a fractional price', async () => {
    const taken = await http.post('').send(product({ pathUrl: '/aigc' }));
    expect(taken.status).toBe(400);
    expectMessage(taken, 'zh-CN', '保存检测产品“测试产品”失败，访问路径“/aigc”已被其他产品使用');
    const badPath = await http
      .lang('en')
      .post('')
      .send(product({ pathUrl: 'no-slash' }));
    expectMessage(badPath, 'en', 'The path must start with / and contain only lower-case letters, digits, underscores and dashes');
    const badType = await http.post('').send(product({ pathUrl: '/x1', checkType: 'nope' }));
    expect(badType.status).toBe(400);
    const badPrice = await http
      .lang('zh-TW')
      .post('')
      .send(product({ pathUrl: '/x2', price: 1.5 }));
    expect(badPrice.status).toBe(400);
    expectMessage(badPrice, 'zh-TW', expect.stringContaining('價格（分）'));
    expect((await ds.query(`SELECT count(*)::int AS n FROM check_product WHERE path_url IN ('no-slash', '/x1', '/x2')`))[0].n).toBe(0);
  });

  it('exports the list and keeps export behind its own permission', async () => {
    const file = await http.post('/list').set('cc-export', '1').buffer(true).parse(binaryParser);
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(2).value).toBe('产品名称');
    expect(sheet.rowCount).toBe(CHECK_TYPE_CODES.length + 1);

    // The screen only (check:product:list), none of its buttons.
    const roleId = await createRole(t.app, 'product_viewer', []);
    await ds.query(`INSERT INTO sys_role_menu (role_id, menu_id) SELECT $1, menu_id FROM sys_menu WHERE menu_key = 'check.product'`, [roleId]);
    await createStaffUser(t.app, { userName: 'productviewer', password: 'Viewer123', roles: ['product_viewer'] });
    const viewer = await tokenOf(t.app, 'productviewer', 'Viewer123');
    expect((await http.as(viewer).get('/list')).body.code).toBe(200);
    expect((await http.as(viewer).post('/list').set('cc-export', '1')).status).toBe(403);
    expect(
      (
        await http
          .as(viewer)
          .post('')
          .send(product({ pathUrl: '/v1' }))
      ).status,
    ).toBe(403);
  });

  it('prices a paper per thousand characters, rounding up', () => {
    expect(checkFee(300, 'fixed', 12_345)).toBe(300);
    expect(checkFee(300, 'per_thousand', 12_345)).toBe(13 * 300);
    expect(checkFee(300, 'per_thousand', 1000)).toBe(300);
    expect(checkFee(300, 'per_thousand', 0)).toBe(300);
  });
});
