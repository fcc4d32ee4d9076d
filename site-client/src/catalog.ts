/**
 * Products shown on the home page. The full AI tool catalog (60+ tools) will come from @zhiwen/shared;
 * these are the featured ones, with the routes of the product spec.
 */
export interface Product {
  path: string;
  name: string;
  description: string;
}

export const WRITING_TOOLS: Product[] = [
  { path: '/aiwnxz', name: '万能写作', description: '输入题目和要求，快速生成各类文章初稿' },
  { path: '/aiqikan', name: '期刊论文', description: '按期刊体例生成论文框架与正文' },
  { path: '/aiktbg', name: '开题报告', description: '研究背景、内容、方法与进度安排一次成稿' },
  { path: '/ailwtg', name: '论文大纲', description: '根据题目和专业生成多级论文提纲' },
  { path: '/aixsxz', name: '小说写作', description: '设定人物与情节，续写精彩故事' },
  { path: '/aizcxz', name: '公文写作', description: '通知、请示、报告等公文规范写作' },
];

export const CHECK_PRODUCTS: Product[] = [
  { path: '/bkysb', name: '本科预审查重', description: '本科毕业论文提交前自查重复率' },
  { path: '/sbysb', name: '硕博预审', description: '硕士、博士学位论文预审查重' },
  { path: '/sbzpb', name: '硕博终稿', description: '硕博论文定稿前的终稿检测' },
  { path: '/aigc', name: 'AIGC检测', description: '识别文本中 AI 生成内容的比例' },
  { path: '/qwjc', name: '全文降重', description: '智能改写全文，降低重复率' },
  { path: '/qwjaigc', name: '全文降AIGC', description: '改写 AI 痕迹，降低 AIGC 率' },
];

/** Main navigation of the header, left of 登录/注册. */
export const NAV_LINKS = [
  { to: '/aiwnxz', label: 'AI写作' },
  { to: '/bkysb', label: '论文查重' },
  { to: '/aigc', label: 'AIGC检测' },
];
