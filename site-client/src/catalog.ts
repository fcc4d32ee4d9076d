import { AI_TOOLS } from '@zhiwen/shared';

/**
 * The tools and check products of spec 2.3, with their routes. Names and descriptions are content (the back office
 * will manage them as AI writing pages and check products); the home page links every one of them.
 */
export interface Product {
  path: string;
  name: string;
  description: string;
  /** Writing tools: their category in the shared catalog. */
  category?: string;
}

/** Display name of a writing tool: the shared catalog's name without its "AI" prefix (the site is all AI writing). */
export const shortToolName = (name: string): string => name.replace(/^AI\s*/, '') || name;

/**
 * Writing tools (spec 2.3), /aizcxz (official documents, spec 2.2) included: the shared catalog of AI tools
 * (`AI_TOOLS`, the one the server seeds), in its order. The generation pages read the live fields from the server.
 */
export const WRITING_CATALOG: Product[] = AI_TOOLS.map((tool) => ({
  path: `/${tool.slug}`,
  name: shortToolName(tool.name),
  description: tool.description,
  category: tool.category,
}));

/** The page listing every writing tool by category, with a search box. */
export const AI_CATALOG_PATH = '/aitools';

/** Paper checks and rewriting (spec 2.3). */
export const CHECK_CATALOG: Product[] = [
  { path: '/bkysb', name: '本科预审查重', description: '本科毕业论文提交前自查重复率' },
  { path: '/sbysb', name: '硕博预审', description: '硕士、博士学位论文预审查重' },
  { path: '/sbzpb', name: '硕博终稿', description: '硕博论文定稿前的终稿检测' },
  { path: '/aigc', name: 'AIGC检测', description: '识别文本中 AI 生成内容的比例' },
  { path: '/qwjc', name: '全文降重', description: '智能改写全文，降低重复率' },
  { path: '/qwjaigc', name: '全文降AIGC', description: '改写 AI 痕迹，降低 AIGC 率' },
  { path: '/jaigc', name: 'AIGC检测（专业版）', description: '逐段标注疑似 AI 生成内容' },
  { path: '/aicheck', name: '论文检测', description: '选择检测产品，提交论文检测' },
  { path: '/sbvip', name: '硕博VIP', description: '硕博论文 VIP 全面检测' },
  { path: '/qikanxlw', name: '期刊小论文', description: '期刊投稿短篇论文检测' },
  { path: '/qkl', name: '期刊大论文', description: '期刊投稿长篇论文检测' },
  { path: '/aicheckylbg', name: '检测报告样例', description: '查看完整检测报告样例' },
];

/** Report downloads (spec 2.3). */
export const REPORT_CATALOG: Product[] = [
  { path: '/report', name: '报告下载', description: '输入订单号下载检测报告' },
  { path: '/aireport', name: 'AI报告下载', description: '下载 AIGC 检测报告' },
];

/** Every tool, check and report page (each renders through the tool page until its feature lands). */
export const ALL_ROUTES: Product[] = [...WRITING_CATALOG, ...CHECK_CATALOG, ...REPORT_CATALOG];

const FEATURED_WRITING = ['/aiwnxz', '/aiqikan', '/aiktbg', '/ailwtg', '/aixsxz', '/aizcxz'];

/** Featured on the home page. */
export const WRITING_TOOLS: Product[] = FEATURED_WRITING.map((path) => WRITING_CATALOG.find((tool) => tool.path === path)!);
export const CHECK_PRODUCTS: Product[] = CHECK_CATALOG.slice(0, 6);

/** Main navigation of the header, left of 登录/注册. */
export const NAV_LINKS = [
  { to: '/aiwnxz', label: 'nav.writing' },
  { to: '/bkysb', label: 'nav.check' },
  { to: '/aigc', label: 'nav.aigc' },
] as const;
