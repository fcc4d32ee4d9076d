/**
 * Check types: what a check product sells. The public route decides the type; the type decides which comparison
 * libraries are searched, which report variants are produced and how long a paper may be. Server (products, orders,
 * tasks) and clients (product form, order filters) read this one table.
 */

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
  aigc: { route: '/aigc', kind: 'aigc', name: 'AIGC检测', libraryKinds: [], reports: ['json', 'html', 'pdf'], charLimit: 100_000 },
  jaigc: { route: '/jaigc', kind: 'aigc', name: 'AIGC检测（精简版）', libraryKinds: [], reports: ['json', 'html', 'pdf'], charLimit: 50_000 },
  bkysb: { route: '/bkysb', kind: 'duplicate', name: '本科预审版', libraryKinds: ALL_LIBRARIES, reports: ALL_REPORTS, charLimit: 100_000 },
  sbysb: { route: '/sbysb', kind: 'duplicate', name: '硕博预审版', libraryKinds: ALL_LIBRARIES, reports: ALL_REPORTS, charLimit: 200_000 },
  sbzpb: { route: '/sbzpb', kind: 'duplicate', name: '硕博终稿版', libraryKinds: ALL_LIBRARIES, reports: ALL_REPORTS, charLimit: 200_000 },
  sbvip: { route: '/sbvip', kind: 'duplicate', name: '硕博VIP版', libraryKinds: ALL_LIBRARIES, reports: ALL_REPORTS, charLimit: 300_000 },
  qikanxlw: { route: '/qikanxlw', kind: 'duplicate', name: '期刊小论文版', libraryKinds: ['reference', 'cms'], reports: ALL_REPORTS, charLimit: 30_000 },
  qkl: { route: '/qkl', kind: 'duplicate', name: '期刊长论文版', libraryKinds: ['reference', 'cms'], reports: ALL_REPORTS, charLimit: 100_000 },
  qwjc: { route: '/qwjc', kind: 'rewrite', name: '全文降重', libraryKinds: ALL_LIBRARIES, reports: ['json', 'html'], charLimit: 50_000 },
  qwjaigc: { route: '/qwjaigc', kind: 'rewrite', name: '全文降AIGC', libraryKinds: [], reports: ['json', 'html'], charLimit: 50_000 },
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
