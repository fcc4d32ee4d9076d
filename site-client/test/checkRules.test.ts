import { describe, expect, it } from 'vitest';
import { t } from '../src/app/messages';
import type { CheckProductPublicDto, MemberOrderDto } from '../src/check/api';
import { money, percent, priceLabel, yuan } from '../src/check/format';
import { statusLabel } from '../src/check/labels';
import {
  canResume,
  checkOrderFields,
  checkPaperFile,
  checkTypeOfRoute,
  offeredDownloads,
  orderLink,
  orderNoFromQuery,
  PAPER_MAX_BYTES,
  pollDelay,
  productForPath,
  productRoute,
  reportFileName,
} from '../src/check/rules';

const say = (problem?: { key: Parameters<typeof t>[0]; params?: Record<string, string | number> }) =>
  problem ? t(problem.key, problem.params) : undefined;

describe('check format', () => {
  it('writes fen as yuan with two decimals, without float drift', () => {
    expect(yuan(0)).toBe('0.00');
    expect(yuan(5)).toBe('0.05');
    expect(yuan(1250)).toBe('12.50');
    expect(yuan(1999)).toBe('19.99');
    expect(yuan(123456789)).toBe('1234567.89');
    expect(yuan(-300)).toBe('-3.00');
    expect(yuan(Number.NaN)).toBe('0.00');
    expect(money(990)).toBe('¥9.90');
  });

  it('labels a price per paper or per thousand characters', () => {
    expect(priceLabel(1990, 'fixed')).toBe('¥19.90/篇');
    expect(priceLabel(300, 'per_thousand')).toBe('¥3.00/千字');
  });

  it('prints ratios like the reports (one decimal) and unknown ones as a dash', () => {
    expect(percent(0)).toBe('0.0%');
    expect(percent(0.1234)).toBe('12.3%');
    expect(percent(0.0005)).toBe('0.1%');
    expect(percent(1)).toBe('100.0%');
    expect(percent(null)).toBe('—');
    expect(percent(undefined)).toBe('—');
    expect(percent(Number.NaN)).toBe('—');
  });
});

describe('paper file and form checks', () => {
  it('accepts docx, pdf and txt up to 30 MB, any case of extension', () => {
    for (const name of ['论文.docx', 'paper.PDF', 'a.b.txt']) expect(checkPaperFile({ name, size: 1000 }), name).toBeUndefined();
    expect(checkPaperFile({ name: 'max.pdf', size: PAPER_MAX_BYTES })).toBeUndefined();
  });

  it('names a missing, wrong, too large or empty file clearly', () => {
    expect(say(checkPaperFile(null))).toBe('请选择要检测的论文文件');
    expect(say(checkPaperFile({ name: 'old.doc', size: 10 }))).toBe('文件格式不正确，请上传 .docx、.pdf、.txt 格式的文件');
    expect(say(checkPaperFile({ name: 'noextension', size: 10 }))).toContain('文件格式不正确');
    expect(say(checkPaperFile({ name: 'big.pdf', size: PAPER_MAX_BYTES + 1 }))).toBe('文件不能超过 30 MB（当前 30.1 MB）');
    expect(say(checkPaperFile({ name: 'huge.docx', size: 45 * 1024 * 1024 }))).toBe('文件不能超过 30 MB（当前 45.0 MB）');
    expect(say(checkPaperFile({ name: 'empty.txt', size: 0 }))).toBe('文件是空的，请重新选择');
  });

  it('requires a title of at most 200 characters and an author of at most 100 (code points)', () => {
    const file = { name: 'a.docx', size: 1 };
    expect(checkOrderFields({ title: '论文', author: '', file })).toEqual({});
    expect(say(checkOrderFields({ title: '   ', author: '', file }).title)).toBe('请输入论文题目');
    expect(checkOrderFields({ title: '题'.repeat(200), author: '作'.repeat(100), file })).toEqual({});
    expect(say(checkOrderFields({ title: '题'.repeat(201), author: '', file }).title)).toBe('论文题目不能超过 200 个字');
    expect(say(checkOrderFields({ title: 'x', author: '作'.repeat(101), file }).author)).toBe('作者不能超过 100 个字');
    // An astral character counts once, as the server's MaxLength does.
    expect(checkOrderFields({ title: '😀'.repeat(200), author: '', file }).title).toBeUndefined();
    expect(Object.keys(checkOrderFields({ title: '', author: '', file: null })).sort()).toEqual(['file', 'title']);
  });
});

type OrderBits = Pick<MemberOrderDto, 'status' | 'awaitingConfirmation' | 'reports' | 'kind' | 'rewrite'>;
const order = (bits: Partial<OrderBits>): OrderBits => ({
  status: 'created',
  awaitingConfirmation: false,
  reports: [],
  kind: 'duplicate',
  rewrite: null,
  ...bits,
});

describe('following an order', () => {
  it('polls every 1.5 s while paid, queued or checking, slower while a manual payment waits, and stops otherwise', () => {
    expect(pollDelay(order({ status: 'paid' }))).toBe(1500);
    expect(pollDelay(order({ status: 'queued' }))).toBe(1500);
    expect(pollDelay(order({ status: 'checking' }))).toBe(1500);
    expect(pollDelay(order({ status: 'created', awaitingConfirmation: true }))).toBe(5000);
    for (const status of ['created', 'done', 'failed', 'cancelled', 'refunded'] as const) expect(pollDelay(order({ status })), status).toBeNull();
  });

  it('says when a manual payment waits for staff', () => {
    expect(t(statusLabel(order({ status: 'created', awaitingConfirmation: true })))).toBe('待确认收款');
    expect(t(statusLabel(order({ status: 'created' })))).toBe('待支付');
    expect(t(statusLabel(order({ status: 'checking' })))).toBe('检测中');
  });

  it('offers the downloads the finished order has, pdf first, and none before it is done', () => {
    expect(offeredDownloads(order({ status: 'done', reports: ['html', 'full', 'pdf'] }))).toEqual(['pdf', 'html', 'full']);
    expect(offeredDownloads(order({ status: 'done', reports: ['docx', 'html'] }))).toEqual(['html', 'docx']);
    expect(offeredDownloads(order({ status: 'done', reports: ['json', 'html'] as never }))).toEqual(['html']);
    expect(offeredDownloads(order({ status: 'checking', reports: ['html'] }))).toEqual([]);
    expect(offeredDownloads(order({ status: 'failed', reports: ['pdf'] }))).toEqual([]);
  });

  it('offers to continue a rewrite that failed part-way only', () => {
    const rewrite = { paragraphs: 10, rewritten: 7, failed: 3, before: 0.4, after: null };
    expect(canResume(order({ status: 'failed', kind: 'rewrite', rewrite }))).toBe(true);
    expect(canResume(order({ status: 'failed', kind: 'rewrite', rewrite: { ...rewrite, failed: 0 } }))).toBe(false);
    expect(canResume(order({ status: 'done', kind: 'rewrite', rewrite }))).toBe(false);
    expect(canResume(order({ status: 'failed', kind: 'duplicate' }))).toBe(false);
  });

  it('takes an order number from the URL only when it looks like one', () => {
    expect(orderNoFromQuery('CK20250101ABCDEF0123456789')).toBe('CK20250101ABCDEF0123456789');
    expect(orderNoFromQuery(' CK1 ')).toBe('CK1');
    for (const bad of [null, undefined, '', '../x', 'a b', 'x'.repeat(65)]) expect(orderNoFromQuery(bad), String(bad)).toBeUndefined();
  });

  it('names downloaded reports after the server, else title, kind of file and order number', () => {
    const o = { orderNo: 'CK1', title: '我的/论文:初稿' };
    expect(reportFileName(o, 'pdf', '报告.pdf')).toBe('报告.pdf');
    expect(reportFileName(o, 'pdf', 'report')).toBe('我的 论文 初稿-检测报告-CK1.pdf');
    expect(reportFileName(o, 'full')).toBe('我的 论文 初稿-全文对照报告-CK1.html');
    expect(reportFileName(o, 'docx')).toBe('我的 论文 初稿-改写稿-CK1.docx');
    expect(reportFileName({ orderNo: 'CK2', title: '' }, 'html')).toBe('检测报告-CK2.html');
  });
});

const product = (bits: Partial<CheckProductPublicDto>): CheckProductPublicDto => ({
  productId: '1',
  productName: 'p',
  price: 100,
  priceMode: 'fixed',
  image: '',
  pathUrl: '/bkysb',
  description: '',
  sort: 0,
  checkType: 'bkysb',
  kind: 'duplicate',
  charLimit: 100000,
  reports: ['html', 'pdf'],
  ...bits,
});

describe('products and routes', () => {
  it('finds the type sold on a route', () => {
    expect(checkTypeOfRoute('/aigc')).toBe('aigc');
    expect(checkTypeOfRoute('/qwjaigc/')).toBe('qwjaigc');
    expect(checkTypeOfRoute('/aicheck')).toBeUndefined();
  });

  it('finds the product of a route by pathUrl, else by the route’s check type', () => {
    const byPath = product({ productId: '2', pathUrl: '/aigc', checkType: 'jaigc', kind: 'aigc' });
    const byType = product({ productId: '3', pathUrl: '/other', checkType: 'aigc', kind: 'aigc' });
    expect(productForPath([byType, byPath], '/aigc')?.productId).toBe('2');
    expect(productForPath([byType], '/aigc')?.productId).toBe('3');
    expect(productForPath([byType], '/bkysb')).toBeUndefined();
  });

  it('links products and orders to pages of this site only', () => {
    expect(productRoute('/qkl', 'qkl')).toBe('/qkl');
    expect(productRoute('https://evil.example', 'qkl')).toBe('/qkl');
    expect(productRoute('', 'nope')).toBe('/aicheck');
    expect(orderLink({ orderNo: 'CK9', checkType: 'qwjc' })).toBe('/qwjc?order=CK9');
  });
});
