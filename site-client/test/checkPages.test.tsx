import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../src/auth/session';
import type { CheckProductPublicDto } from '../src/check/api';
import { primeCheckProducts } from '../src/check/productsStore';
import { freshBrowser, openAt, text } from './helpers';

/** `GET /check/products` for a few seeded products. */
const PRODUCTS: CheckProductPublicDto[] = [
  {
    productId: '1',
    productName: 'AIGC检测',
    price: 990,
    priceMode: 'fixed',
    image: '',
    pathUrl: '/aigc',
    description: '识别 AI 生成内容',
    sort: 1,
    checkType: 'aigc',
    kind: 'aigc',
    charLimit: 100_000,
    reports: ['json', 'html', 'pdf'],
  },
  {
    productId: '2',
    productName: '期刊长论文版',
    price: 300,
    priceMode: 'per_thousand',
    image: '',
    pathUrl: '/qkl',
    description: '期刊投稿长篇论文检测',
    sort: 2,
    checkType: 'qkl',
    kind: 'duplicate',
    charLimit: 100_000,
    reports: ['json', 'html', 'full', 'pdf'],
  },
  {
    productId: '3',
    productName: '全文降重',
    price: 0,
    priceMode: 'fixed',
    image: '',
    pathUrl: '/qwjc',
    description: '智能改写全文',
    sort: 3,
    checkType: 'qwjc',
    kind: 'rewrite',
    charLimit: 50_000,
    reports: ['json', 'html'],
  },
];

beforeEach(() => {
  freshBrowser();
  sessionStore.endSession(); // the store outlives a test; each starts signed out
  primeCheckProducts(PRODUCTS);
});

const testIds = (html: string) => [...html.matchAll(/data-testid="([^"]+)"/g)].map((m) => m[1]);

describe('/aicheck', () => {
  it('lists the enabled products with kind, price and description, each linking to its page', async () => {
    const { where, html } = await openAt('/aicheck');
    expect(where()).toBe('/aicheck');
    const page = text(html);
    for (const part of ['AIGC检测', '¥9.90/篇', '识别 AI 生成内容', '期刊长论文版', '¥3.00/千字', '论文查重', '全文降重', '降重改写'])
      expect(page).toContain(part);
    for (const path of ['/aigc', '/qkl', '/qwjc']) expect(html).toMatch(new RegExp(`<a[^>]*href="${path}"`));
  });
});

describe('check product pages', () => {
  it('explain the check and show the order form with its test ids; a visitor is asked to sign in on submit', async () => {
    const { where, html } = await openAt('/qkl');
    expect(where()).toBe('/qkl');
    const page = text(html);
    expect(html).toContain('<h1>期刊长论文版</h1>');
    for (const part of [
      '¥3.00/千字',
      '参考文献库',
      '网站内容库',
      '总文字复制比',
      '全文对照报告',
      '单篇最多 100,000 字',
      '.docx、.pdf、.txt',
      '登录后提交',
    ])
      expect(page).toContain(part);
    expect(page).not.toContain('自建库');
    expect(testIds(html)).toEqual(expect.arrayContaining(['check-title', 'check-author', 'check-file', 'check-submit']));
    expect(html).toMatch(/<input(?=[^>]*data-testid="check-title")(?=[^>]*maxLength="200")/i);
    expect(html).toMatch(/<input(?=[^>]*data-testid="check-author")(?=[^>]*maxLength="100")/i);
    expect(html).toMatch(/<input(?=[^>]*type="file")(?=[^>]*accept=".docx,.pdf,.txt")/);
  });

  it('say what a rewrite delivers and what an AIGC check reports', async () => {
    const rewrite = text((await openAt('/qwjc')).html);
    expect(rewrite).toContain('改写后的论文（Word 文档 .docx），以及改写前后的重复率对比');
    const aigc = text((await openAt('/aigc')).html);
    expect(aigc).toContain('AI特征值');
    expect(aigc).toContain('不比对文献库');
  });

  it('say so when the route has no enabled product', async () => {
    primeCheckProducts(PRODUCTS.filter((p) => p.checkType !== 'qkl'));
    const { html } = await openAt('/qkl');
    expect(text(html)).toContain('该检测产品暂未开放');
    expect(html).toContain('<h1>期刊大论文</h1>'); // the catalog's name until a product names the page
    expect(testIds(html)).not.toContain('check-submit');
  });

  it('ask a visitor following an order to sign in, and show a member the order being loaded', async () => {
    const visitor = await openAt('/aigc?order=CK20250101ABC');
    expect(visitor.where()).toBe('/aigc?order=CK20250101ABC');
    expect(text(visitor.html)).toContain('登录后查看该订单的检测进度与报告');
    sessionStore.startSession('member-token');
    const member = await openAt('/aigc?order=CK20250101ABC');
    expect(text(member.html)).toContain('正在加载订单');
    expect(testIds(member.html)).not.toContain('check-submit');
  });

  it('keep the spec 2.1 guard: a visitor is sent from a page needing sign-in', async () => {
    expect((await openAt('/bkysb')).where()).toBe('/aizcxz');
    sessionStore.startSession('member-token');
    expect((await openAt('/bkysb')).where()).toBe('/bkysb');
  });
});

describe('report pages', () => {
  it('ask a visitor to sign in on /report and /aireport', async () => {
    for (const path of ['/report', '/aireport']) {
      const { where, html } = await openAt(path);
      expect(where()).toBe(path);
      expect(text(html)).toContain('登录后查看并下载您的检测报告');
    }
  });

  it('give a member the order-number search', async () => {
    sessionStore.startSession('member-token');
    const { html } = await openAt('/report');
    expect(html).toMatch(/<form[^>]*role="search"/);
    expect(testIds(html)).toContain('check-search');
  });

  it('show the sample report with its PDF download to anyone', async () => {
    const { where, html } = await openAt('/aicheckylbg');
    expect(where()).toBe('/aicheckylbg');
    expect(html).toContain('<h1>检测报告样例</h1>');
    expect(testIds(html)).toContain('check-download-pdf');
  });
});
