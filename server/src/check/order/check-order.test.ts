import ExcelJS from 'exceljs';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryParser } from '../../../test/helpers/binary';
import { memberTokenOf } from '../../../test/helpers/member';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { OperLogService } from '../../monitor/operlog/oper-log.service';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';

let t: TestApp;
let ds: DataSource;
let admin: string;
let alice: string;
let bob: string;

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
  alice = await memberTokenOf(t.app, 'alice_order');
  bob = await memberTokenOf(t.app, 'bob_order');
});
afterAll(() => t?.close());

const call = (method: 'get' | 'post' | 'put', url: string, token: string, lang = 'zh-CN') =>
  request(t.server)[method](`/prod-api/check/order${url}`).set('Authorization', `Bearer ${token}`).set('Accept-Language', lang);

/** A readable paper of about `chars` characters. */
const paper = (chars: number) => Buffer.from('论文研究内容分析。'.repeat(Math.ceil(chars / 9)).slice(0, chars), 'utf8');

async function productId(pathUrl: string, price: number, priceMode: 'fixed' | 'per_thousand', status: '0' | '1' = '0'): Promise<string> {
  await ds.query(`UPDATE check_product SET price = $2, price_mode = $3, status = $4 WHERE path_url = $1`, [pathUrl, price, priceMode, status]);
  const [{ product_id }] = await ds.query(`SELECT product_id FROM check_product WHERE path_url = $1`, [pathUrl]);
  return String(product_id);
}

function order(token: string, fields: Record<string, string>, file: Buffer | null = paper(2500), fileName = '论文.txt', lang = 'zh-CN') {
  let req = call('post', '', token, lang);
  for (const [key, value] of Object.entries(fields)) req = req.field(key, value);
  return file ? req.attach('file', file, fileName) : req;
}

const orderCount = async () => (await ds.query(`SELECT count(*)::int AS n FROM check_order`))[0].n as number;
const storedPapers = () => {
  const dir = path.join(t.config.storage.localDir, 'check', 'orders');
  return existsSync(dir) ? readdirSync(dir).length : 0;
};
const steps = (log: Array<{ fromStatus: string; toStatus: string }>) => log.map((l) => [l.fromStatus, l.toStatus]);

describe('member orders', () => {
  it('pays a free order at once and keeps the paper under the order', async () => {
    const id = await productId('/bkysb', 0, 'fixed');
    const res = await order(alice, { productId: id, title: '免费论文', author: '张三' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const o = res.body.data;
    expect(o).toMatchObject({ title: '免费论文', author: '张三', productId: id, checkType: 'bkysb', totalFee: 0, status: 'paid', payProvider: 'free', fileName: '论文.txt' });
    expect(o.orderNo).toMatch(/^CK\d{8}[0-9A-F]{16}$/);
    expect(o.payTime).not.toBeNull();
    expect(o.charCount).toBeGreaterThan(2000);
    expect(steps(o.log)).toEqual([
      ['', 'created'],
      ['created', 'paid'],
    ]);
    expect(o.log[0].actor).toBe('alice_order');
    expect(o).not.toHaveProperty('fileKey');
    const row = (await ds.query(`SELECT file_key, file_md5 FROM check_order WHERE order_id = $1`, [o.orderId]))[0];
    expect(row.file_key).toBe(`check/orders/${o.orderId}/paper`);
    const stream = await t.app.get<FileStorage>(FILE_STORAGE).get(row.file_key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(paper(2500))).toBe(true);
  });

  it('prices a paid product by its characters and leaves the order waiting for a manual payment', async () => {
    const id = await productId('/sbysb', 300, 'per_thousand');
    const res = await order(alice, { productId: id, title: '收费论文' });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const o = res.body.data;
    expect(o).toMatchObject({ status: 'created', payProvider: 'manual', payTime: null, author: '' });
    expect(o.totalFee).toBe(300 * Math.ceil(o.charCount / 1000));
    expect(steps(o.log)).toEqual([['', 'created']]);
  });

  it('refuses a bad file, a too long paper and a product off sale, storing nothing', async () => {
    const id = await productId('/qikanxlw', 100, 'fixed');
    const before = { orders: await orderCount(), papers: storedPapers() };

    const empty = await order(alice, { productId: id, title: '空文件' }, Buffer.alloc(0), 'empty.txt', 'en');
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('The file contains no readable text');
    const broken = await order(alice, { productId: id, title: '坏文件' }, Buffer.from('PK\u0003\u0004 not really a docx'), 'broken.docx');
    expect(broken.status).toBe(400);
    expect(broken.body.msg).toMatch(/损坏|不支持/);
    const long = await order(alice, { productId: id, title: '超长' }, paper(31_000));
    expect(long.status).toBe(400);
    expect(long.body.msg).toMatch(/^期刊小论文版最多检测 30,?000 字，这篇论文有 31,?000 字$/);
    const noFile = await order(alice, { productId: id, title: '无文件' }, null);
    expect(noFile.body).toMatchObject({ code: 500, msg: '请上传论文文件' });

    const offSale = await productId('/qkl', 100, 'fixed', '1');
    const refused = await order(alice, { productId: offSale, title: '下架' });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('检测产品“期刊长论文版”已下架，不能下单');
    expect((await order(alice, { productId: '999999', title: '不存在' })).status).toBe(404);
    expect((await order(alice, { productId: id, title: '' })).status).toBe(400);

    expect({ orders: await orderCount(), papers: storedPapers() }).toEqual(before);
  });

  it("lists the member's own orders newest first and hides other members' orders", async () => {
    const list = await call('get', '/my/list', alice);
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.rows.map((o: { title: string }) => o.title)).toEqual(['收费论文', '免费论文']);
    expect((await call('get', '/my/list?status=paid', alice)).body.data.rows.map((o: { title: string }) => o.title)).toEqual(['免费论文']);
    const orderNo = list.body.data.rows[1].orderNo as string;

    const mine = await call('get', `/my/${orderNo}`, alice);
    expect(mine.body.data).toMatchObject({ orderNo, title: '免费论文' });
    expect(steps(mine.body.data.log)).toEqual([
      ['', 'created'],
      ['created', 'paid'],
    ]);
    expect((await call('get', '/my/list', bob)).body.data).toEqual({ total: 0, rows: [] });
    const theirs = await call('get', `/my/${orderNo}`, bob);
    expect(theirs.status).toBe(404);
    expect(theirs.body.msg).toBe('检测订单不存在');
    // Staff tokens are of the other realm.
    expect((await call('get', '/my/list', admin)).status).toBe(401);
  });
});

describe('staff orders', () => {
  async function manualOrder(title: string): Promise<{ orderId: string; orderNo: string }> {
    const id = await productId('/sbzpb', 500, 'fixed');
    const res = await order(bob, { productId: id, title });
    expect(res.body.data.status).toBe('created');
    return res.body.data;
  }
  const statusOf = async (orderId: string) => (await ds.query(`SELECT status FROM check_order WHERE order_id = $1`, [orderId]))[0].status as string;
  const logCount = async (orderId: string) => (await ds.query(`SELECT count(*)::int AS n FROM check_order_log WHERE order_id = $1`, [orderId]))[0].n as number;

  it('confirms a manual payment, then refunds it, refusing illegal moves without changing anything', async () => {
    const { orderId } = await manualOrder('待确认');
    const paid = await call('put', `/${orderId}/confirmPayment`, admin).send({ reason: '银行转账 123' });
    expect(paid.body.code, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid', payProvider: 'manual' });
    expect(paid.body.data.payTime).not.toBeNull();
    expect(paid.body.data.log[1]).toMatchObject({ fromStatus: 'created', toStatus: 'paid', actor: 'admin', reason: '银行转账 123' });

    const again = await call('put', `/${orderId}/confirmPayment`, admin).send({});
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('订单当前状态为“已支付”，不能变为“已支付”');
    const cancel = await call('put', `/${orderId}/cancel`, admin, 'en').send({ reason: 'too late' });
    expect(cancel.status).toBe(400);
    expect(cancel.body.msg).toBe('The order is "Paid" and cannot become "Cancelled"');
    expect(await logCount(orderId)).toBe(2);

    expect((await call('put', `/${orderId}/refund`, admin).send({ reason: '' })).status).toBe(400);
    const refunded = await call('put', `/${orderId}/refund`, admin).send({ reason: '用户申请退款' });
    expect(refunded.body.data.status).toBe('refunded');
    expect(refunded.body.data.log[2]).toMatchObject({ fromStatus: 'paid', toStatus: 'refunded', actor: 'admin', reason: '用户申请退款' });
    expect((await call('put', `/${orderId}/refund`, admin).send({ reason: '再退一次' })).status).toBe(400);
    expect(await statusOf(orderId)).toBe('refunded');
    expect(await logCount(orderId)).toBe(3);

    await t.app.get(OperLogService).flush();
    const oper = await ds.query(`SELECT title, business_type FROM sys_oper_log WHERE oper_url LIKE $1 ORDER BY oper_id`, [`%/check/order/${orderId}/%`]);
    // Every write call above is logged, the refused ones (illegal moves, a missing reason) included.
    expect(oper).toHaveLength(6);
    expect(oper[0]).toMatchObject({ title: '检测订单', business_type: 2 });
  });

  it('cancels an unpaid order with a reason; a cancelled or free order cannot be confirmed or refunded', async () => {
    const { orderId } = await manualOrder('待取消');
    expect((await call('put', `/${orderId}/cancel`, admin).send({})).status).toBe(400);
    expect(await statusOf(orderId)).toBe('created');
    const cancelled = await call('put', `/${orderId}/cancel`, admin).send({ reason: '用户放弃' });
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(cancelled.body.data.log[1]).toMatchObject({ fromStatus: 'created', toStatus: 'cancelled', reason: '用户放弃' });
    expect((await call('put', `/${orderId}/confirmPayment`, admin).send({})).body.msg).toBe('订单当前状态为“已取消”，不能变为“已支付”');
    expect((await call('put', `/${orderId}/refund`, admin).send({ reason: '退' })).status).toBe(400);
    expect(await statusOf(orderId)).toBe('cancelled');

    const [{ order_id: freeId }] = await ds.query(`SELECT order_id FROM check_order WHERE pay_provider = 'free' LIMIT 1`);
    await ds.query(`UPDATE check_order SET status = 'created' WHERE order_id = $1`, [freeId]);
    const notManual = await call('put', `/${freeId}/confirmPayment`, admin).send({});
    expect(notManual.status).toBe(400);
    expect(notManual.body.msg).toBe('该订单的支付方式（free）不能手动确认收款');
    await ds.query(`UPDATE check_order SET status = 'paid' WHERE order_id = $1`, [freeId]);

    expect((await call('put', '/999999/cancel', admin).send({ reason: 'x' })).status).toBe(404);
  });

  it('lists, filters, shows and exports orders', async () => {
    const all = await call('get', '/list', admin);
    expect(all.body.data.total).toBe(4);
    const rows = all.body.data.rows as Array<{ orderId: string; orderNo: string; memberId: string; title: string }>;
    expect(rows.map((r) => Number(r.orderId))).toEqual([...rows.map((r) => Number(r.orderId))].sort((a, b) => b - a));
    expect((await call('get', `/list?orderNo=${rows[0].orderNo}`, admin)).body.data.rows.map((r: { orderId: string }) => r.orderId)).toEqual([rows[0].orderId]);
    expect((await call('get', '/list?title=收费', admin)).body.data.total).toBe(1);
    expect((await call('get', '/list?status=cancelled', admin)).body.data.rows.map((r: { title: string }) => r.title)).toEqual(['待取消']);
    expect((await call('get', '/list?checkType=sbzpb', admin)).body.data.total).toBe(2);
    const aliceId = rows.find((r) => r.title === '免费论文')!.memberId;
    expect((await call('get', `/list?memberId=${aliceId}`, admin)).body.data.total).toBe(2);
    expect((await call('get', '/list?status=nope', admin)).status).toBe(400);

    const one = await call('get', `/${rows[0].orderId}`, admin);
    expect(one.body.data).toMatchObject({ orderId: rows[0].orderId, title: '待取消' });
    expect(steps(one.body.data.log)).toEqual([
      ['', 'created'],
      ['created', 'cancelled'],
    ]);
    expect((await call('get', '/999999', admin)).status).toBe(404);

    const file = await call('post', '/list', admin).set('cc-export', '1').buffer(true).parse(binaryParser);
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('订单号');
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(2).getCell(7).value).toBe('已取消');
  });

  it('keeps each button behind its own permission', async () => {
    await createRole(t.app, 'order_viewer', []);
    await ds.query(`INSERT INTO sys_role_menu (role_id, menu_id) SELECT r.role_id, m.menu_id FROM sys_role r, sys_menu m WHERE r.role_key = 'order_viewer' AND m.menu_key IN ('check.order', 'check.order.query')`);
    await createStaffUser(t.app, { userName: 'orderviewer', password: 'Viewer123', roles: ['order_viewer'] });
    const viewer = await tokenOf(t.app, 'orderviewer', 'Viewer123');
    const { orderId } = await manualOrder('权限');
    expect((await call('get', '/list', viewer)).body.code).toBe(200);
    expect((await call('get', `/${orderId}`, viewer)).body.code).toBe(200);
    expect((await call('post', '/list', viewer).set('cc-export', '1')).status).toBe(403);
    expect((await call('put', `/${orderId}/confirmPayment`, viewer).send({})).status).toBe(403);
    expect((await call('put', `/${orderId}/cancel`, viewer).send({ reason: 'x' })).status).toBe(403);
    expect((await call('put', `/${orderId}/refund`, viewer).send({ reason: 'x' })).status).toBe(403);
    expect(await statusOf(orderId)).toBe('created');
    // A member token is no staff sign-in.
    expect((await call('get', '/list', alice)).status).toBe(401);
  });
});
