import type { AddressInfo } from 'node:net';
import { strFromU8, unzipSync } from 'fflate';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryParser } from '../../../test/helpers/binary';
import { memberTokenOf } from '../../../test/helpers/member';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { fakeOpenAiServer, paragraphOf, type SeenRequest } from '../../ai/gateway/test-fixtures';
import { PARAGRAPHS } from '../engine/match/test-fixtures';
import { api, type Row } from '../../../test/helpers/api';

let t: TestApp;
let ds: DataSource;
let admin: string;
let member: string;
const seen: SeenRequest[] = [];
/** While set, the fake LLM fails every call for the paragraph copied from PARAGRAPHS[1]. */
let llmDown = true;
const fake = fakeOpenAiServer(seen, { failRewrite: (paragraph) => llmDown && paragraph.includes(PARAGRAPHS[1].slice(0, 12)) });

const http = api(() => t);

/** Three paragraphs copied from the library's source, and one of the author's own words. */
const PAPER = `关于若干问题的研究\n\n第一章 绪论\n${PARAGRAPHS[0]}\n\n${PARAGRAPHS[1]}\n\n第二章 分析\n${PARAGRAPHS[2]}\n\n${PARAGRAPHS[4]}`;

async function waitFor(orderNo: string, until: (o: Row) => boolean): Promise<Row> {
  const end = Date.now() + 90_000;
  for (;;) {
    const res = await http.as(member).get(`/check/orders/${orderNo}`);
    if (until(res.body.data) || Date.now() > end) return res.body.data;
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const llm = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  t = await startTestApp({ env: { LLM_BASE_URL: llm, LLM_API_KEY: 'sk-fake-rewrite', LLM_MODEL: 'rewrite' } });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
  member = await memberTokenOf(t.app, 'rewrite_member');
  const library = await http.as(admin).post('/check/library').send({ libraryName: '改写测试库', libraryCode: 'rewrite_ref', sort: 9 });
  const libraryId = library.body.data.libraryId;
  const source = `${PARAGRAPHS[0]}\n\n${PARAGRAPHS[1]}\n\n${PARAGRAPHS[2]}`;
  await http.as(admin).post('/check/document/upload').field('libraryId', libraryId).attach('file', Buffer.from(source, 'utf8'), '来源.txt');
  const end = Date.now() + 30_000;
  while (Date.now() < end) {
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM check_document WHERE library_id = $1 AND status = 'indexed'`, [libraryId]);
    if (n === 1) break;
    await new Promise((r) => setTimeout(r, 200));
  }
});
afterAll(async () => {
  await t?.close();
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
});

describe('full-text rewrite (/qwjc)', () => {
  it('rewrites the flagged paragraphs through the LLM, survives a failure mid-way without charging again, and delivers a .docx', async () => {
    await ds.query(`UPDATE check_product SET price = 1000, price_mode = 'fixed' WHERE path_url = '/qwjc'`);
    const [{ product_id }] = await ds.query(`SELECT product_id FROM check_product WHERE path_url = '/qwjc'`);
    const created = await http
      .as(member)
      .post('/check/orders')
      .field('productId', String(product_id))
      .field('title', '待降重论文')
      .attach('file', Buffer.from(PAPER, 'utf8'), '论文.txt');
    expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    const { orderNo } = created.body.data;
    expect(created.body.data).toMatchObject({ kind: 'rewrite', totalFee: 1000, status: 'created' });
    const [{ order_id }] = await ds.query(`SELECT order_id FROM check_order WHERE order_no = $1`, [orderNo]);
    expect((await http.as(admin).put(`/check/order/${order_id}/confirmPayment`).send({ reason: '转账' })).body.code).toBe(200);

    // One paragraph's LLM calls all fail: the others are kept, the order fails with a message that offers to continue.
    const failed = await waitFor(orderNo, (o) => ['done', 'failed'].includes(o.status));
    expect(failed.status).toBe('failed');
    expect(failed.rewrite).toMatchObject({ paragraphs: 3, rewritten: 2, failed: 1, after: null });
    expect(failed.rewrite.before).toBeGreaterThan(0.5);
    expect(failed.errorMessage).toBe('有 1 段（共 3 段）改写失败，可点击“继续改写”接着处理，不会重复收费');
    expect(failed.reports).toEqual([]);
    const callsFor = (paragraph: string) => seen.filter((s) => paragraphOf(s) === paragraph).length;
    expect(callsFor(PARAGRAPHS[0])).toBe(1);
    expect(callsFor(PARAGRAPHS[1])).toBe(3);
    expect(callsFor(PARAGRAPHS[4])).toBe(0);

    // The LLM is back: continuing rewrites only the failed paragraph; the order is the same one, charged once.
    llmDown = false;
    const resumed = await http.as(member).post(`/check/orders/${orderNo}/resume`);
    expect(resumed.body.code, JSON.stringify(resumed.body)).toBe(200);
    const done = await waitFor(orderNo, (o) => ['done', 'failed'].includes(o.status));
    expect(done).toMatchObject({ status: 'done', totalFee: 1000, progress: 100, reports: ['html', 'docx'] });
    expect(done.rewrite).toMatchObject({ paragraphs: 3, rewritten: 3, failed: 0 });
    expect(done.rewrite.after).toBeLessThan(done.rewrite.before / 4);
    expect(callsFor(PARAGRAPHS[0])).toBe(1);
    expect(callsFor(PARAGRAPHS[1])).toBe(4);
    const [{ paid }] = await ds.query(`SELECT count(*)::int AS paid FROM check_order_log WHERE order_id = $1 AND to_status = 'paid'`, [order_id]);
    expect(paid).toBe(1);
    // Each call went through the gateway's usage log, named after the product.
    const [{ calls }] = await ds.query(`SELECT count(*)::int AS calls FROM ai_usage_log WHERE tool_slug = 'check-qwjc'`);
    expect(calls).toBe(seen.length);

    const docx = await http.as(member).get(`/check/reports/${orderNo}?format=docx`).buffer(true).parse(binaryParser);
    expect(docx.status).toBe(200);
    expect(docx.headers['content-type']).toContain('wordprocessingml');
    const xml = strFromU8(unzipSync(new Uint8Array(docx.body as Buffer))['word/document.xml']);
    const shifted = (text: string) => text.replace(/[\u4e00-\u9ffe]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 1));
    expect(xml).toContain(shifted(PARAGRAPHS[0]).slice(0, 30));
    expect(xml).toContain(PARAGRAPHS[4].slice(0, 30));
    expect(xml).not.toContain(PARAGRAPHS[0].slice(0, 30));
  });
});
