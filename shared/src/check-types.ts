/**
 * Check types: what a check product sells. The public route decides the type; the type decides which comparison
 * libraries are searched, which report variants are produced and how long a paper may be. Server (products, orders,
 * tasks) and clients (product form, order filters) read this one table.
 */

/**
 * States of a check order (`check_order.status`; the table's CHECK constraint lists the same values, a server test
 * compares them). created -> paid -> queued -> checking -> done | failed; cancelled before payment, refunded once paid
 * and not done. The server's status machine says which may follow which.
 */
export const CHECK_ORDER_STATUSES = ['created', 'paid', 'queued', 'checking', 'done', 'failed', 'cancelled', 'refunded'] as const;
export type CheckOrderStatus = (typeof CHECK_ORDER_STATUSES)[number];

/** aigc: AI-content detection; duplicate: duplicate check against libraries; rewrite: full-text rewrite service. */
export const CHECK_KINDS = ['aigc', 'duplicate', 'rewrite'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

/** Library kinds of the server's comparison libraries (`check_library.library_kind`). */
export type CheckLibraryKind = 'reference' | 'cms' | 'self';

/** Report files a check stores (`report.json`, `report.html`, `report-full.html`, `report.pdf`). */
export type CheckReportVariant = 'json' | 'html' | 'full' | 'pdf';

export interface CheckTypeDef {
  /** The public-site route that sells this type. */
  route: string;
  kind: CheckKind;
  /** Default product name (Simplified Chinese), used by the seed. */
  name: string;
  /** Default product description (Simplified Chinese), used by the seed. */
  description: string;
  /** Libraries searched; empty for AIGC-only checks. */
  libraryKinds: readonly CheckLibraryKind[];
  reports: readonly CheckReportVariant[];
  /** Largest paper accepted, in characters of extracted text. */
  charLimit: number;
}

const ALL_LIBRARIES = ['reference', 'cms', 'self'] as const;
const ALL_REPORTS = ['json', 'html', 'full', 'pdf'] as const;

/** Every check type, keyed by its code (`check_product.check_type`, `check_order.check_type`). */
export const CHECK_TYPES = {
  aigc: {
    route: '/aigc',
    kind: 'aigc',
    name: 'AIGC检测',
    description: '逐段识别 AI 生成内容，给出全文 AI 特征值与疑似段落，附网页版与 PDF 报告',
    libraryKinds: [],
    reports: ['json', 'html', 'pdf'],
    charLimit: 100_000,
  },
  jaigc: {
    route: '/jaigc',
    kind: 'aigc',
    name: 'AIGC检测（精简版）',
    description: 'AIGC 检测精简版，适合篇幅较短的论文快速自查 AI 生成痕迹',
    libraryKinds: [],
    reports: ['json', 'html', 'pdf'],
    charLimit: 50_000,
  },
  bkysb: {
    route: '/bkysb',
    kind: 'duplicate',
    name: '本科预审版',
    description: '本科毕业论文提交前自查重复率：比对参考文献库、网站内容库与自建库',
    libraryKinds: ALL_LIBRARIES,
    reports: ALL_REPORTS,
    charLimit: 100_000,
  },
  sbysb: {
    route: '/sbysb',
    kind: 'duplicate',
    name: '硕博预审版',
    description: '硕士、博士论文预审：全库比对，标出重复片段与来源，附全文对照报告',
    libraryKinds: ALL_LIBRARIES,
    reports: ALL_REPORTS,
    charLimit: 200_000,
  },
  sbzpb: {
    route: '/sbzpb',
    kind: 'duplicate',
    name: '硕博终稿版',
    description: '硕士、博士论文终稿定稿前的全库比对，报告指标与学校常用口径一致',
    libraryKinds: ALL_LIBRARIES,
    reports: ALL_REPORTS,
    charLimit: 200_000,
  },
  sbvip: {
    route: '/sbvip',
    kind: 'duplicate',
    name: '硕博VIP版',
    description: '硕博 VIP 版：字数上限更高，全库比对并提供全文对照与 PDF 报告',
    libraryKinds: ALL_LIBRARIES,
    reports: ALL_REPORTS,
    charLimit: 300_000,
  },
  qikanxlw: {
    route: '/qikanxlw',
    kind: 'duplicate',
    name: '期刊小论文版',
    description: '期刊短论文投稿前查重，比对参考文献库与网站内容库',
    libraryKinds: ['reference', 'cms'],
    reports: ALL_REPORTS,
    charLimit: 30_000,
  },
  qkl: {
    route: '/qkl',
    kind: 'duplicate',
    name: '期刊长论文版',
    description: '期刊长论文投稿前查重，比对参考文献库与网站内容库',
    libraryKinds: ['reference', 'cms'],
    reports: ALL_REPORTS,
    charLimit: 100_000,
  },
  qwjc: {
    route: '/qwjc',
    kind: 'rewrite',
    name: '全文降重',
    description: '先查重，再由 AI 逐段改写重复段落，保留原意、术语与引用，交付改写稿 Word 与改写前后复制比',
    libraryKinds: ALL_LIBRARIES,
    reports: ['json', 'html'],
    charLimit: 50_000,
  },
  qwjaigc: {
    route: '/qwjaigc',
    kind: 'rewrite',
    name: '全文降AIGC',
    description: '先做 AIGC 检测，再由 AI 逐段改写疑似 AI 生成的段落，交付改写稿 Word 与改写前后 AI 特征值',
    libraryKinds: [],
    reports: ['json', 'html'],
    charLimit: 50_000,
  },
} as const satisfies Record<string, CheckTypeDef>;

export type CheckTypeCode = keyof typeof CHECK_TYPES;
export const CHECK_TYPE_CODES = Object.keys(CHECK_TYPES) as CheckTypeCode[];

/** How a product's price applies: once per paper, or per started thousand characters. */
export const PRICE_MODES = ['fixed', 'per_thousand'] as const;
export type PriceMode = (typeof PRICE_MODES)[number];

/** The fee (fen) of a paper of `chars` characters: per_thousand rounds the characters up to the next thousand. */
export function checkFee(price: number, mode: PriceMode, chars: number): number {
  return mode === 'fixed' ? price : price * Math.max(1, Math.ceil(chars / 1000));
}
