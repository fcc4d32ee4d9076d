import ExcelJS from 'exceljs';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPEAT_SUBMIT_WINDOW_MS } from '@zhiwen/shared';
import { binaryParser } from '../../../test/helpers/binary';
import { memberTokenOf } from '../../../test/helpers/member';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { CheckOrderRunService } from './check-order-run.service';
import { api, expectMessage, type Row } from '../../../test/helpers/api';
import { operLogRows } from '../../../test/helpers/oper-log';

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

const orders = api(() => t, { base: '/prod-api/check/order' });
const shop = api(() => t, { base: '/prod-api/check' });

/** A readable paper of about `chars` characters; `seed` makes papers differ (a different md5). */
const paper = (chars: number, seed = '') => Buffer.from((seed + '论文研究内容分析。'.repeat(Math.ceil(chars / 9))).slice(0, chars), 'utf8');

async function productId(pathUrl: string, price: number, priceMode: 'fixed' | 'per_thousand', status: '0' | '1' = '0'): Promise<string> {
  await ds.query(`UPDATE check_product SET price = $2, price_mode = $3, status = $4 WHERE path_url = $1`, [pathUrl, price, priceMode, status]);
  const [{ product_id }] = await ds.query(`SELECT product_id FROM check_product WHERE path_url = $1`, [pathUrl]);
  return String(product_id);
}

function order(token: string, fields: Record<string, string>, file: Buffer | null = paper(2500), fileName = '论文.txt', lang = 'zh-CN') {
  let req = shop.as(token).lang(lang).post('/orders');
  for (const [key, value] of Object.entries(fields)) req = req.field(key, value);
  return file ? req.attach('file', file, fileName) : req;
}

/** Polls the member's order until `done` says so (or 60 s pass). */
async function waitFor(token: string, orderNo: string, done: (o: Row) => boolean = (o) => ['done', 'failed'].includes(o.status)): Promise<Row> {
  const end = Date.now() + 60_000;
  for (;;) {
    const res = await shop.as(token).get(`/orders/${orderNo}`);
    if (done(res.body.data) || Date.now() > end) return res.body.data;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const orderCount = async () => (await ds.query(`SELECT count(*)::int AS n FROM check_order`))[0].n as number;
const storedPapers = () => {
  const dir = path.join(t.config.storage.localDir, 'check', 'orders');
  return existsSync(dir) ? readdirSync(dir).length : 0;
};
const steps = (log: Array<{ fromStatus: string; toStatus: string }>) => log.map((l) => [l.fromStatus, l.toStatus]);
const logOf = async (orderNo: string) =>
  (await ds.query(
    `SELECT l.from_status, l.to_status, l.actor FROM check_order_log l JOIN check_order o USING (order_id) WHERE o.order_no = $1 ORDER BY l.log_id`,
    [orderNo],
  )) as Array<{ from_status: string; to_status: string; actor: string }>;

describe('products on sale', () => {
  it('lists the enabled products to visitors, with what each type checks', async () => {
    await productId('/qkl', 100, 'fixed', '1');
    const res = await request(t.server).get('/prod-api/check/products');
    expect(res.body.code).toBe(200);
    const products = res.body.data as Row[];
    expect(products.map((p) => p.pathUrl)).not.toContain('/qkl');
    expect(products.length).toBe(9);
    expect(products.find((p) => p.pathUrl === '/aigc')).toMatchObject({
      checkType: 'aigc',
      kind: 'aigc',
      libraryKinds: [],
      reports: ['json', 'html', 'pdf'],
      charLimit: 100000,
    });
    expect(products.find((p) => p.pathUrl === '/qwjc')).toMatchObject({ kind: 'rewrite' });
    await productId('/qkl', 100, 'fixed', '0');
  });
});

describe('member orders', () => {
  it('orders a free duplicate check, pays it, follows it to the report and is told it finished', async () => {
    const id = await productId('/bkysb', 0, 'fixed');
    const res = await order(alice, { productId: id, title: '免费论文', author: '张三' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const o = res.body.data;
    expect(o).toMatchObject({
      title: '免费论文',
      author: '张三',
      productId: id,
      productName: '本科预审版',
      checkType: 'bkysb',
      kind: 'duplicate',
      totalFee: 0,
      status: 'created',
      payProvider: 'free',
      fileName: '论文.txt',
      progress: 0,
      reports: [],
      result: null,
      reused: false,
    });
    expect(o.orderNo).toMatch(/^CK\d{8}[0-9A-F]{16}$/);
    expect(o.charCount).toBeGreaterThan(2000);
    expect(o).not.toHaveProperty('orderId');
    expect(o).not.toHaveProperty('fileKey');
    const [row] = await ds.query(`SELECT order_id, file_key FROM check_order WHERE order_no = $1`, [o.orderNo]);
    expect(row.file_key).toBe(`check/orders/${row.order_id}/paper`);
    const stream = await t.app.get<FileStorage>(FILE_STORAGE).get(row.file_key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(paper(2500))).toBe(true);

    const paid = await shop.as(alice).post(`/orders/${o.orderNo}/pay`);
    expect(paid.body.code, JSON.stringify(paid.body)).toBe(200);
    expect(['queued', 'checking', 'done']).toContain(paid.body.data.status);
    expect(paid.body.data.payTime).not.toBeNull();
    const done = await waitFor(alice, o.orderNo);
    // Paying again charges nothing twice. (A check now finishes within the repeat-submit window, in which the same
    // request would be refused as a double click; the member pays again after it.)
    await new Promise((resolve) => setTimeout(resolve, REPEAT_SUBMIT_WINDOW_MS + 50));
    const twice = await shop.as(alice).post(`/orders/${o.orderNo}/pay`);
    expect(twice.body.data).toMatchObject({ status: 'done', totalFee: 0 });
    expect(done).toMatchObject({ status: 'done', progress: 100, reports: ['html', 'pdf', 'full'], errorMessage: '' });
    expect(done.result.totalRatio).toBeGreaterThanOrEqual(0);
    expect(typeof done.result.aigcScore).toBe('number');
    expect((await logOf(o.orderNo)).map((l) => [l.from_status, l.to_status])).toEqual([
      ['', 'created'],
      ['created', 'paid'],
      ['paid', 'queued'],
      ['queued', 'checking'],
      ['checking', 'done'],
    ]);
    // Opening the order (the poll above) marked it read; a finished order earns the member its experience.
    expect((await shop.as(alice).get('/orders/unread')).body.data).toEqual({ count: 0 });
    const [{ n: grants }] = await ds.query(`SELECT count(*)::int AS n FROM member_exp_log WHERE op_type = 'checkOrder' AND ref_id = $1`, [o.orderNo]);
    expect(grants).toBe(1);

    const pdf = await shop.as(alice).get(`/reports/${o.orderNo}?format=pdf`).buffer(true).parse(binaryParser);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    const html = await shop.as(alice).get(`/reports/${o.orderNo}?format=html`);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.text).toContain('免费论文');
    expect((await shop.as(alice).get(`/reports/${o.orderNo}?format=docx`)).status).toBe(400);
  });

  it('tells the member of a finished check until it is opened', async () => {
    const id = await productId('/jaigc', 0, 'fixed');
    const o = (await order(alice, { productId: id, title: '未读' }, paper(1200, '未读'))).body.data;
    await shop.as(alice).post(`/orders/${o.orderNo}/pay`);
    const end = Date.now() + 60_000;
    while ((await ds.query(`SELECT status FROM check_order WHERE order_no = $1`, [o.orderNo]))[0].status !== 'done' && Date.now() < end)
      await new Promise((r) => setTimeout(r, 200));
    expect((await shop.as(alice).get('/orders/unread')).body.data).toEqual({ count: 1 });
    const list = await shop.as(alice).get('/orders?kind=aigc');
    expect(list.body.data.rows.map((r: { orderNo: string; unread: boolean }) => [r.orderNo, r.unread])).toEqual([[o.orderNo, true]]);
    const opened = await shop.as(alice).get(`/orders/${o.orderNo}`);
    // An AI-content check searched no library: no duplicate ratios, only the AI feature value; no side-by-side report.
    expect(opened.body.data).toMatchObject({ status: 'done', kind: 'aigc', unread: false, reports: ['html', 'pdf'] });
    expect(opened.body.data.result).toMatchObject({ totalRatio: null, ratioExcludingCited: null });
    expect(typeof opened.body.data.result.aigcScore).toBe('number');
    expect((await shop.as(alice).get('/orders/unread')).body.data).toEqual({ count: 0 });
    const html = await shop.as(alice).get(`/reports/${o.orderNo}?format=html`);
    expect(html.text).toContain('AIGC检测报告单');
    expect(html.text).not.toContain('总文字复制比');
    const full = await shop.as(alice).get(`/reports/${o.orderNo}?format=full`);
    expect(full.status).toBe(400);
    expectMessage(full, 'zh-CN', '该检测不提供 full 格式的报告');
  });

  it('reuses the finished report of the same paper, type and member within 24 hours, free', async () => {
    const id = await productId('/bkysb', 500, 'fixed');
    const again = await order(alice, { productId: id, title: '再查一次' });
    expect(again.body.code, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toMatchObject({ status: 'done', totalFee: 0, reused: true, reports: ['html', 'pdf', 'full'], progress: 100 });
    expect((await logOf(again.body.data.orderNo)).map((l) => l.to_status)).toEqual(['created', 'paid', 'queued', 'checking', 'done']);
    const pdf = await shop.as(alice).get(`/reports/${again.body.data.orderNo}?format=pdf`).buffer(true).parse(binaryParser);
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

    // Another type, another member, or a check older than 24 hours: a new, charged order.
    const otherType = await order(alice, { productId: await productId('/sbysb', 300, 'fixed'), title: '换类型' });
    expect(otherType.body.data).toMatchObject({ status: 'created', totalFee: 300, reused: false });
    const otherMember = await order(bob, { productId: id, title: '别人' });
    expect(otherMember.body.data).toMatchObject({ status: 'created', totalFee: 500, reused: false });
    await ds.query(
      `UPDATE check_task SET finish_time = now() - interval '25 hours' WHERE task_id IN (SELECT tid FROM check_order WHERE member_id = (SELECT member_id FROM check_order WHERE order_no = $1))`,
      [again.body.data.orderNo],
    );
    expect((await order(alice, { productId: id, title: '过期' })).body.data).toMatchObject({ status: 'created', totalFee: 500, reused: false });
  });

  it('prices a paid product by its characters and leaves a manual payment to staff', async () => {
    const id = await productId('/sbysb', 300, 'per_thousand');
    const res = await order(alice, { productId: id, title: '收费论文' }, paper(2500, '收费'));
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const o = res.body.data;
    expect(o).toMatchObject({ status: 'created', payProvider: 'manual', payTime: null, author: '', awaitingConfirmation: true });
    expect(o.totalFee).toBe(300 * Math.ceil(o.charCount / 1000));
    const paid = await shop.as(alice).post(`/orders/${o.orderNo}/pay`);
    expect(paid.body.data).toMatchObject({ status: 'created', awaitingConfirmation: true });
    expect((await logOf(o.orderNo)).map((l) => l.to_status)).toEqual(['created']);
  });

  it('refuses a bad file, a too long paper and a product off sale, storing nothing', async () => {
    const id = await productId('/qikanxlw', 100, 'fixed');
    const before = { orders: await orderCount(), papers: storedPapers() };

    const empty = await order(alice, { productId: id, title: '空文件' }, Buffer.from('   '), 'empty.txt', 'en');
    expect(empty.status).toBe(400);
    expectMessage(empty, 'en', 'The file contains no readable text');
    const broken = await order(alice, { productId: id, title: '坏文件' }, Buffer.from('PK\u0003\u0004 not really a docx'), 'broken.docx');
    expect(broken.status).toBe(400);
    expectMessage(broken, 'zh-CN', /损坏|不支持/);
    const long = await order(alice, { productId: id, title: '超长' }, paper(31_000));
    expect(long.status).toBe(400);
    expectMessage(long, 'zh-CN', /^期刊小论文版最多检测 30,?000 字，这篇论文有 31,?000 字$/);
    const noFile = await order(alice, { productId: id, title: '无文件' }, null);
    expect(noFile.body).toMatchObject({ code: 500, msg: '请上传论文文件' });

    const offSale = await productId('/qkl', 100, 'fixed', '1');
    const refused = await order(alice, { productId: offSale, title: '下架' });
    expect(refused.status).toBe(400);
    expectMessage(refused, 'zh-CN', '检测产品“期刊长论文版”已下架，不能下单');
    await productId('/qkl', 100, 'fixed', '0');
    expect((await order(alice, { productId: '999999', title: '不存在' })).status).toBe(404);
    expect((await order(alice, { productId: id, title: '' })).status).toBe(400);

    expect({ orders: await orderCount(), papers: storedPapers() }).toEqual(before);
  });

  it("lists the member's own orders newest first and hides other members' orders and reports", async () => {
    const list = await shop.as(alice).get('/orders');
    const titles = list.body.data.rows.map((o: { title: string }) => o.title);
    expect(titles[0]).toBe('收费论文');
    expect(titles).toContain('免费论文');
    expect(titles).not.toContain('别人');
    const free = list.body.data.rows.find((o: { title: string }) => o.title === '免费论文');
    expect((await shop.as(alice).get(`/orders?orderNo=${free.orderNo}`)).body.data.rows.map((o: { title: string }) => o.title)).toEqual(['免费论文']);
    expect((await shop.as(alice).get('/orders?status=created')).body.data.rows.every((o: { status: string }) => o.status === 'created')).toBe(true);

    const theirs = await shop.as(bob).get(`/orders/${free.orderNo}`);
    expect(theirs.status).toBe(404);
    expectMessage(theirs, 'zh-CN', '检测订单不存在');
    expect((await shop.as(bob).get(`/reports/${free.orderNo}?format=pdf`)).status).toBe(404);
    expect((await shop.as(bob).post(`/orders/${free.orderNo}/pay`)).status).toBe(404);
    expect((await shop.as(alice).get('/orders/not-an-order')).status).toBe(404);
    expect((await shop.as(alice).get(`/reports/${free.orderNo}?format=exe`)).status).toBe(400);
    // Staff tokens are of the other realm; visitors are asked to sign in.
    expect((await shop.as(admin).get('/orders')).status).toBe(401);
    expect((await request(t.server).get('/prod-api/check/orders')).status).toBe(401);
  });

  it('serves the sample report to visitors: a real report of the sample paper', async () => {
    const html = await request(t.server).get('/prod-api/check/sample-report?format=html');
    expect(html.status).toBe(200);
    expect(html.text).toContain('城市社区居民垃圾分类参与行为的影响因素研究');
    expect(html.text).toContain('城市生活垃圾分类的行为逻辑与治理路径');
    const pdf = await request(t.server).get('/prod-api/check/sample-report?format=pdf').buffer(true).parse(binaryParser);
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('paid orders never lost', () => {
  it('gives a paid order left without a check task (the process stopped in between) its task, and finishes it', async () => {
    const id = await productId('/qikanxlw', 500, 'fixed');
    const placed = (await order(bob, { productId: id, title: '中断的订单' }, paper(1500, '中断'))).body.data;
    // Paid, but the process died before the task was made.
    await ds.query(`UPDATE check_order SET status = 'paid', pay_time = now(), update_time = now() - interval '5 minutes' WHERE order_no = $1`, [
      placed.orderNo,
    ]);
    await t.app.get(CheckOrderRunService).recoverPaid();
    const [row] = await ds.query(`SELECT status, tid FROM check_order WHERE order_no = $1`, [placed.orderNo]);
    expect(row.tid).not.toBeNull();
    expect(['queued', 'checking', 'done']).toContain(row.status);
    expect((await waitFor(bob, placed.orderNo)).status).toBe('done');
  });
});

describe('staff orders', () => {
  async function manualOrder(title: string): Promise<{ orderNo: string; orderId: string }> {
    const id = await productId('/sbzpb', 500, 'fixed');
    const res = await order(bob, { productId: id, title }, paper(1500, title));
    expect(res.body.data.status).toBe('created');
    const [{ order_id }] = await ds.query(`SELECT order_id FROM check_order WHERE order_no = $1`, [res.body.data.orderNo]);
    return { orderNo: res.body.data.orderNo, orderId: String(order_id) };
  }
  const statusOf = async (orderId: string) => (await ds.query(`SELECT status FROM check_order WHERE order_id = $1`, [orderId]))[0].status as string;
  const logCount = async (orderId: string) =>
    (await ds.query(`SELECT count(*)::int AS n FROM check_order_log WHERE order_id = $1`, [orderId]))[0].n as number;
  const storage = () => t.app.get<FileStorage>(FILE_STORAGE);

  it('confirms a manual payment, which starts the check; a failed check is refunded or run again, illegal moves change nothing', async () => {
    const { orderNo, orderId } = await manualOrder('待确认');
    // The paper goes missing: the check fails (and staff are told).
    const [{ file_key }] = await ds.query(`SELECT file_key FROM check_order WHERE order_id = $1`, [orderId]);
    const kept = await storage().get(file_key);
    const chunks: Buffer[] = [];
    for await (const chunk of kept!) chunks.push(chunk as Buffer);
    await storage().delete(file_key);

    const paid = await orders.as(admin).put(`/${orderId}/confirmPayment`).send({ reason: '银行转账 123' });
    expect(paid.body.code, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.payTime).not.toBeNull();
    expect(paid.body.data.log[1]).toMatchObject({ fromStatus: 'created', toStatus: 'paid', actor: 'admin', reason: '银行转账 123' });
    expect(paid.body.data.log[2]).toMatchObject({ fromStatus: 'paid', toStatus: 'queued', actor: 'admin' });
    const failed = await waitFor(bob, orderNo);
    expect(failed.status).toBe('failed');
    expect(failed.errorMessage).not.toBe('');
    expect((await orders.as(admin).get('/failedCount')).body.data).toEqual({ count: 1 });

    const again = await orders.as(admin).put(`/${orderId}/confirmPayment`).send({});
    expect(again.status).toBe(400);
    expectMessage(again, 'zh-CN', '订单当前状态为“检测失败”，不能变为“已支付”');
    const cancel = await orders.as(admin).lang('en').put(`/${orderId}/cancel`).send({ reason: 'too late' });
    expect(cancel.status).toBe(400);
    expectMessage(cancel, 'en', 'The order is "Check failed" and cannot become "Cancelled"');
    const logged = await logCount(orderId);

    // Re-run with the paper back: checked again, nothing charged.
    await storage().put(file_key, Buffer.concat(chunks));
    const rerun = await orders.as(admin).put(`/${orderId}/rerun`).send({});
    expect(rerun.body.code, JSON.stringify(rerun.body)).toBe(200);
    const done = await waitFor(bob, orderNo);
    expect(done).toMatchObject({ status: 'done', totalFee: 500 });
    expect((await orders.as(admin).get('/failedCount')).body.data).toEqual({ count: 0 });
    expect(await logCount(orderId)).toBe(logged + 3);
    expect((await orders.as(admin).put(`/${orderId}/refund`).send({ reason: '完成后不能退' })).status).toBe(400);

    const second = await manualOrder('待退款');
    const [{ file_key: key2 }] = await ds.query(`SELECT file_key FROM check_order WHERE order_id = $1`, [second.orderId]);
    await storage().delete(key2);
    await orders.as(admin).put(`/${second.orderId}/confirmPayment`).send({});
    expect((await waitFor(bob, second.orderNo)).status).toBe('failed');
    expect((await orders.as(admin).put(`/${second.orderId}/refund`).send({ reason: '' })).status).toBe(400);
    const refunded = await orders.as(admin).put(`/${second.orderId}/refund`).send({ reason: '用户申请退款' });
    expect(refunded.body.data.status).toBe('refunded');
    expect(refunded.body.data.log.at(-1)).toMatchObject({ fromStatus: 'failed', toStatus: 'refunded', actor: 'admin', reason: '用户申请退款' });
    expect((await orders.as(admin).put(`/${second.orderId}/refund`).send({ reason: '再退一次' })).status).toBe(400);
    expect((await orders.as(admin).put(`/${second.orderId}/rerun`).send({})).status).toBe(400);
    expect(await statusOf(second.orderId)).toBe('refunded');

    const oper = await operLogRows(t, `SELECT title, business_type FROM sys_oper_log WHERE oper_url LIKE $1 ORDER BY oper_id`, [
      `%/check/order/${orderId}/%`,
    ]);
    // Every write call above is logged, the refused ones included.
    expect(oper).toHaveLength(5);
    expect(oper[0]).toMatchObject({ title: '检测订单', business_type: 2 });
  });

  it('cancels an unpaid order with a reason; a cancelled or free order cannot be confirmed or refunded', async () => {
    const { orderId } = await manualOrder('待取消');
    expect((await orders.as(admin).put(`/${orderId}/cancel`).send({})).status).toBe(400);
    expect(await statusOf(orderId)).toBe('created');
    const cancelled = await orders.as(admin).put(`/${orderId}/cancel`).send({ reason: '用户放弃' });
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(cancelled.body.data.log[1]).toMatchObject({ fromStatus: 'created', toStatus: 'cancelled', reason: '用户放弃' });
    expectMessage(await orders.as(admin).put(`/${orderId}/confirmPayment`).send({}), 'zh-CN', '订单当前状态为“已取消”，不能变为“已支付”');
    expect((await orders.as(admin).put(`/${orderId}/refund`).send({ reason: '退' })).status).toBe(400);
    expect(await statusOf(orderId)).toBe('cancelled');

    const free = await order(bob, { productId: await productId('/aigc', 0, 'fixed'), title: '免费未付' }, paper(1500, '免费未付'));
    const [{ order_id: freeId }] = await ds.query(`SELECT order_id FROM check_order WHERE order_no = $1`, [free.body.data.orderNo]);
    const notManual = await orders.as(admin).put(`/${freeId}/confirmPayment`).send({});
    expect(notManual.status).toBe(400);
    expectMessage(notManual, 'zh-CN', '该订单的支付方式（free）不能手动确认收款');

    expect((await orders.as(admin).put('/999999/cancel').send({ reason: 'x' })).status).toBe(404);
  });

  it('lists, filters, shows and exports orders', async () => {
    const all = await orders.as(admin).get('/list?pageSize=100');
    expect(all.body.data.total).toBe(await orderCount());
    const rows = all.body.data.rows as Array<{ orderId: string; orderNo: string; memberId: string; title: string }>;
    expect(rows.map((r) => Number(r.orderId))).toEqual([...rows.map((r) => Number(r.orderId))].sort((a, b) => b - a));
    expect((await orders.as(admin).get(`/list?orderNo=${rows[0].orderNo}`)).body.data.rows.map((r: { orderId: string }) => r.orderId)).toEqual([
      rows[0].orderId,
    ]);
    expect((await orders.as(admin).get('/list?title=收费')).body.data.total).toBe(1);
    expect((await orders.as(admin).get('/list?status=cancelled')).body.data.rows.map((r: { title: string }) => r.title)).toEqual(['待取消']);
    expect((await orders.as(admin).get('/list?checkType=sbzpb')).body.data.total).toBe(3);
    const aliceId = rows.find((r) => r.title === '免费论文')!.memberId;
    expect((await orders.as(admin).get(`/list?memberId=${aliceId}`)).body.data.total).toBe(rows.filter((r) => r.memberId === aliceId).length);
    expect((await orders.as(admin).get('/list?status=nope')).status).toBe(400);

    const cancelledId = rows.find((r) => r.title === '待取消')!.orderId;
    const one = await orders.as(admin).get(`/${cancelledId}`);
    expect(one.body.data).toMatchObject({ orderId: cancelledId, title: '待取消', progress: 0, errorMessage: '' });
    expect(steps(one.body.data.log)).toEqual([
      ['', 'created'],
      ['created', 'cancelled'],
    ]);
    expect((await orders.as(admin).get('/999999')).status).toBe(404);

    const file = await orders.as(admin).post('/list').set('cc-export', '1').buffer(true).parse(binaryParser);
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('订单号');
    expect(sheet.rowCount).toBe(rows.length + 1);
    expect(sheet.getRow(2).getCell(2).value).toBe(rows[0].title);
    expect(sheet.getRow(2).getCell(7).value).toBe('待支付');
  });

  it('keeps each button behind its own permission', async () => {
    await createRole(t.app, 'order_viewer', []);
    await ds.query(
      `INSERT INTO sys_role_menu (role_id, menu_id) SELECT r.role_id, m.menu_id FROM sys_role r, sys_menu m WHERE r.role_key = 'order_viewer' AND m.menu_key IN ('check.order', 'check.order.query')`,
    );
    await createStaffUser(t.app, { userName: 'orderviewer', password: 'Viewer123', roles: ['order_viewer'] });
    const viewer = await tokenOf(t.app, 'orderviewer', 'Viewer123');
    const { orderId } = await manualOrder('权限');
    expect((await orders.as(viewer).get('/list')).body.code).toBe(200);
    expect((await orders.as(viewer).get(`/${orderId}`)).body.code).toBe(200);
    expect((await orders.as(viewer).post('/list').set('cc-export', '1')).status).toBe(403);
    expect((await orders.as(viewer).put(`/${orderId}/confirmPayment`).send({})).status).toBe(403);
    expect((await orders.as(viewer).put(`/${orderId}/cancel`).send({ reason: 'x' })).status).toBe(403);
    expect((await orders.as(viewer).put(`/${orderId}/refund`).send({ reason: 'x' })).status).toBe(403);
    expect((await orders.as(viewer).put(`/${orderId}/rerun`).send({})).status).toBe(403);
    expect(await statusOf(orderId)).toBe('created');
    // A member token is no staff sign-in.
    expect((await orders.as(alice).get('/list')).status).toBe(401);
  });
});
