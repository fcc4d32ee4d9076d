/**
 * The tools and check products of spec 2.3, with their routes. Names and descriptions are content (the back office
 * will manage them as AI writing pages and check products); the home page links every one of them.
 */
export interface Product {
  path: string;
  name: string;
  description: string;
}

/** Writing tools (spec 2.3), /aizcxz (official documents, spec 2.2) included. */
export const WRITING_CATALOG: Product[] = [
  { path: '/aiwnxz', name: '万能写作', description: '输入题目和要求，快速生成各类文章初稿' },
  { path: '/aiqikan', name: '期刊论文', description: '按期刊体例生成论文框架与正文' },
  { path: '/aiktbg', name: '开题报告', description: '研究背景、内容、方法与进度安排一次成稿' },
  { path: '/ailwtg', name: '论文大纲', description: '根据题目和专业生成多级论文提纲' },
  { path: '/aixsxz', name: '小说写作', description: '设定人物与情节，续写精彩故事' },
  { path: '/aizcxz', name: '公文写作', description: '通知、请示、报告等公文规范写作' },
  { path: '/aiwnwd', name: '万能问答', description: '学习、工作、生活问题随问随答' },
  { path: '/aijyxz', name: '教育写作', description: '教学反思、教育叙事与教研论文' },
  { path: '/ailwfw', name: '论文范文', description: '按专业与题目生成论文参考范文' },
  { path: '/modelessay', name: '写作案例', description: '优秀写作案例，照着写更轻松' },
  { path: '/aigzjh', name: '创业计划', description: '项目介绍、市场分析与实施计划' },
  { path: '/aisyjhs', name: '商业计划书', description: '面向投资人的完整商业计划书' },
  { path: '/aisqs', name: '申请书', description: '入党、助学金、调岗等各类申请书' },
  { path: '/aijiaoan', name: '教案', description: '教学目标、重难点与教学过程设计' },
  { path: '/aiwxzs', name: '文献综述', description: '梳理研究现状，生成规范综述' },
  { path: '/aizwzy', name: '英语作业范文', description: '英语作业与练习的参考范文' },
  { path: '/aizcfw', name: '职称范文', description: '职称评审论文与业务总结范文' },
  { path: '/aisxbg', name: '实习报告', description: '实习内容、收获与体会完整成文' },
  { path: '/aizfy', name: '实习报告范文', description: '按专业生成实习报告参考范文' },
  { path: '/aisxhb', name: '思想汇报', description: '入党积极分子、预备党员思想汇报' },
  { path: '/aidcwj', name: '调查问卷', description: '围绕调研目标设计问卷题目' },
  { path: '/aichfa', name: '策划方案', description: '活动、营销与品牌策划文案' },
  { path: '/aigqshf', name: '高情商回复', description: '得体又暖心的聊天回复' },
  { path: '/aipyqwa', name: '朋友圈文案', description: '各种场景的朋友圈配文' },
  { path: '/aishiju', name: '诗句', description: '按主题创作古风与现代诗句' },
  { path: '/aizuowen', name: '作文', description: '小学到高中各类作文' },
  { path: '/airbzbyb', name: '日报周报月报', description: '工作日报、周报、月报一键生成' },
  { path: '/aizwzyfw', name: '语文作业范文', description: '语文作业与练习的参考范文' },
  { path: '/airws', name: '任务书', description: '毕业设计（论文）任务书' },
  { path: '/ailwxt', name: '论文选题', description: '结合专业方向推荐论文题目' },
  { path: '/aickwx', name: '参考文献', description: '按规范格式整理参考文献' },
  { path: '/ailwxx', name: '论文续写', description: '延续上文思路扩写论文段落' },
  { path: '/ailwzy', name: '论文摘要', description: '提炼中英文摘要与关键词' },
  { path: '/ailwzx', name: '论文致谢', description: '真挚得体的论文致谢' },
  { path: '/aidbpptnr', name: '答辩PPT内容', description: '答辩演示文稿的逐页内容' },
  { path: '/aiyjg', name: '演讲稿', description: '竞聘、庆典与主题演讲稿' },
  { path: '/aiggwa', name: '广告文案', description: '产品卖点与广告语创作' },
  { path: '/aixhswa', name: '社交平台文案', description: '种草笔记与社交平台内容' },
  { path: '/aidscpms', name: '电商产品描述', description: '商品标题、卖点与详情描述' },
  { path: '/ainzzj', name: '年终总结', description: '全年工作回顾与来年计划' },
  { path: '/aigrzj', name: '个人总结', description: '学习、工作阶段性个人总结' },
  { path: '/aixdth', name: '心得体会', description: '学习培训、阅读观影心得' },
  { path: '/aigzbg', name: '工作报告', description: '述职报告与工作情况汇报' },
  { path: '/aijtsck', name: '检讨书', description: '态度诚恳的检讨书' },
  { path: '/aiqsck', name: '情书', description: '表达心意的浪漫情书' },
  { path: '/aipptdg', name: 'PPT大纲', description: '演示文稿的结构与要点' },
  { path: '/aizygw', name: '职业顾问', description: '职业规划与求职建议' },
  { path: '/aidyzw', name: '单元作文', description: '按教材单元要求写作文' },
  { path: '/aidhgzw', name: '读后感', description: '读书笔记与读后感' },
  { path: '/aijjrzw', name: '节假日作文', description: '春节、国庆等节日主题作文' },
  { path: '/aizhoji', name: '周记', description: '记录一周生活与感悟' },
  { path: '/airijizw', name: '日记作文', description: '日记体作文' },
  { path: '/aitczw', name: '体裁作文', description: '记叙文、说明文、议论文等体裁' },
  { path: '/aiywzw', name: '英语作文', description: '四六级、考研与课堂英语作文' },
  { path: '/aiyywzw', name: '应用文', description: '书信、通知、启事等应用文' },
];

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

/** Featured on the home page. */
export const WRITING_TOOLS: Product[] = WRITING_CATALOG.slice(0, 6);
export const CHECK_PRODUCTS: Product[] = CHECK_CATALOG.slice(0, 6);

/** Main navigation of the header, left of 登录/注册. */
export const NAV_LINKS = [
  { to: '/aiwnxz', label: 'nav.writing' },
  { to: '/bkysb', label: 'nav.check' },
  { to: '/aigc', label: 'nav.aigc' },
] as const;
