import type { Language } from '@zhiwen/shared';

/**
 * Seed data of the back-office menu tree (`sys_menu`): every directory, screen and action button the product
 * ships with. The seeding code walks `MENU_TREE` depth first; array order is sort order (`order_num`).
 * Names are given in every UI language; the i18n key of a menu is `menu.<key>`.
 */

export type MenuType = 'M' | 'C' | 'F'; // directory, menu (a screen), button (an action)

export interface MenuSeed {
  /** Stable unique key, dot-separated by position, e.g. 'system', 'system.user', 'system.user.add'. Used as the i18n key `menu.<key>`. */
  key: string;
  name: Record<Language, string>;
  type: MenuType;
  /** Route path segment for M and C: a plain segment everywhere (no leading slash), e.g. 'system', 'user'. */
  path?: string;
  /** View component for C, e.g. 'system/user/index'. */
  component?: string;
  /** Permission string: required on C and F; e.g. 'system:user:list', 'system:user:add'. */
  perms?: string;
  icon?: string;
  /** Hidden from the sidebar (still routable). Default false. */
  hidden?: boolean;
  /** External link: path is a full http(s) URL. */
  isFrame?: boolean;
  /** Keep-alive cache of the page; default true for C. */
  cache?: boolean;
  /** Route query string, JSON text. */
  query?: string;
  children?: MenuSeed[];
}

type Names = Record<Language, string>;

const names = (zhCN: string, zhTW: string, en: string): Names => ({ 'zh-CN': zhCN, 'zh-TW': zhTW, en });

/**
 * Action buttons. `{n}` is replaced by the screen's noun in the same language, so a button reads like
 * '用户新增' / '使用者新增' / 'Add user' in the role's permission tree.
 */
const ACTIONS = {
  query: names('{n}查询', '{n}查詢', 'Query {n}'),
  add: names('{n}新增', '{n}新增', 'Add {n}'),
  edit: names('{n}修改', '{n}修改', 'Edit {n}'),
  remove: names('{n}删除', '{n}刪除', 'Delete {n}'),
  export: names('{n}导出', '{n}匯出', 'Export {n}'),
  import: names('{n}导入', '{n}匯入', 'Import {n}'),
  resetPwd: names('重置密码', '重設密碼', 'Reset password'),
  changeStatus: names('{n}状态修改', '{n}狀態修改', 'Change {n} status'),
  forceLogout: names('强制下线', '強制登出', 'Force logout'),
  unlock: names('账户解锁', '帳戶解鎖', 'Unlock account'),
  publish: names('{n}发布', '{n}發佈', 'Publish {n}'),
  preview: names('预览代码', '預覽程式碼', 'Preview code'),
  code: names('生成代码', '產生程式碼', 'Generate code'),
  refund: names('{n}退款', '{n}退款', 'Refund {n}'),
  rerun: names('重新检测', '重新檢測', 'Re-run check'),
  theme: names('主题导入导出', '主題匯入匯出', 'Import/export theme'),
  move: names('{n}移动', '{n}移動', 'Move {n}'),
  sort: names('{n}排序', '{n}排序', 'Sort {n}'),
  copy: names('{n}复制', '{n}複製', 'Copy {n}'),
  showHide: names('{n}显示隐藏', '{n}顯示隱藏', 'Show/hide {n}'),
  merge: names('{n}合并', '{n}合併', 'Merge {n}'),
  clear: names('{n}清空', '{n}清空', 'Clear {n}'),
  toPublish: names('{n}待发布', '{n}待發佈', 'Queue {n} for publishing'),
  offline: names('{n}下线', '{n}下線', 'Take {n} offline'),
  archive: names('{n}归档', '{n}歸檔', 'Archive {n}'),
  top: names('{n}置顶', '{n}置頂', 'Pin {n} to top'),
  attr: names('推荐与热点', '推薦與熱門', 'Recommend / hot flags'),
  lock: names('{n}锁定解锁', '{n}鎖定解鎖', 'Lock/unlock {n}'),
  restore: names('{n}还原', '{n}還原', 'Restore {n}'),
  audit: names('{n}审核', '{n}審核', 'Review {n}'),
  upload: names('{n}上传', '{n}上傳', 'Upload {n}'),
  download: names('{n}下载', '{n}下載', 'Download {n}'),
  rename: names('{n}重命名', '{n}重新命名', 'Rename {n}'),
  rawcode: names('{n}原始代码（可含脚本）', '{n}原始程式碼（可含指令碼）', 'Save raw {n} code (scripts allowed)'),
  clearCache: names('清理缓存', '清除快取', 'Clear cache'),
  build: names('创建索引', '建立索引', 'Build index'),
  rebuild: names('重建全部索引', '重建全部索引', 'Rebuild all indexes'),
  exec: names('执行一次', '執行一次', 'Run once'),
  log: names('{n}日志', '{n}日誌', '{n} log'),
  stop: names('{n}停止', '{n}停止', 'Stop {n}'),
  retry: names('{n}重试', '{n}重試', 'Retry {n}'),
  test: names('{n}测试', '{n}測試', 'Test {n}'),
  resolve: names('{n}处理', '{n}處理', 'Resolve {n}'),
  data: names('表单数据', '表單資料', 'Form data'),
  image: names('图片内容', '圖片內容', 'Image content'),
  audio: names('音频内容', '音訊內容', 'Audio content'),
  video: names('视频内容', '影片內容', 'Video content'),
} satisfies Record<string, Names>;

type Action = keyof typeof ACTIONS;

interface Noun {
  names: Names;
}

const noun = (zhCN: string, zhTW: string, en: string): Noun => ({ names: names(zhCN, zhTW, en) });

function buttonName(action: Action, n: Noun): Names {
  const t = ACTIONS[action];
  const en = t.en.replace('{n}', n.names.en);
  return {
    'zh-CN': t['zh-CN'].replace('{n}', n.names['zh-CN']),
    'zh-TW': t['zh-TW'].replace('{n}', n.names['zh-TW']),
    en: en.charAt(0).toUpperCase() + en.slice(1),
  };
}

/** A directory (M). */
function dir(key: string, name: Names, path: string, icon: string, children: MenuSeed[]): MenuSeed {
  return { key, name, type: 'M', path, icon, children };
}

interface ScreenDef {
  key: string;
  name: Names;
  /** Noun used in the names of the buttons. */
  noun: Noun;
  path: string;
  component: string;
  /** Permission of the screen itself, e.g. 'system:user:list'; buttons are '<prefix>:<action>'. */
  perms: string;
  icon?: string;
  hidden?: boolean;
  cache?: boolean;
  query?: string;
  /** Action buttons, in display order. */
  buttons?: Action[];
  /** Buttons of another resource managed from this screen's pages (a library's documents), after `buttons`. */
  extraButtons?: MenuSeed[];
}

/** A screen (C) with its action buttons (F): key '<screen key>.<action>', perms '<resource>:<action>'. */
function screen(def: ScreenDef): MenuSeed {
  const prefix = def.perms.slice(0, def.perms.lastIndexOf(':'));
  const seed: MenuSeed = { key: def.key, name: def.name, type: 'C', path: def.path, component: def.component, perms: def.perms };
  if (def.icon) seed.icon = def.icon;
  if (def.hidden) seed.hidden = true;
  if (def.cache !== undefined) seed.cache = def.cache;
  if (def.query !== undefined) seed.query = def.query;
  const buttons: MenuSeed[] = (def.buttons ?? []).map((action) => ({
    key: `${def.key}.${action}`,
    name: buttonName(action, def.noun),
    type: 'F' as const,
    perms: `${prefix}:${action}`,
  }));
  buttons.push(...(def.extraButtons ?? []));
  if (buttons.length > 0) seed.children = buttons;
  return seed;
}

const CRUD: Action[] = ['query', 'add', 'edit', 'remove'];
const CRUD_EXPORT: Action[] = [...CRUD, 'export'];
const CMS_CRUD: Action[] = ['add', 'edit', 'remove'];

// ---------------------------------------------------------------------------------------------------------------
// Paper checking (product)
// ---------------------------------------------------------------------------------------------------------------
const CHECK = dir('check', names('论文检测', '論文檢測', 'Paper Check'), 'check', 'documentation', [
  screen({
    key: 'check.product',
    name: names('检测产品', '檢測產品', 'Check Products'),
    noun: noun('检测产品', '檢測產品', 'check product'),
    path: 'product',
    component: 'check/product/index',
    perms: 'check:product:list',
    icon: 'shopping',
    buttons: CRUD_EXPORT,
  }),
  screen({
    key: 'check.order',
    name: names('检测订单', '檢測訂單', 'Check Orders'),
    noun: noun('检测订单', '檢測訂單', 'check order'),
    path: 'order',
    component: 'check/order/index',
    perms: 'check:order:list',
    icon: 'money',
    buttons: ['query', 'edit', 'refund', 'rerun', 'export'],
  }),
  screen({
    key: 'check.payConfig',
    name: names('支付配置', '支付設定', 'Payment Settings'),
    noun: noun('支付配置', '支付設定', 'payment settings'),
    path: 'payment-config',
    component: 'check/payment/config',
    perms: 'payment:config:query',
    icon: 'money',
    buttons: ['edit'],
  }),
  screen({
    key: 'check.payTrade',
    name: names('支付流水', '支付流水', 'Payments'),
    noun: noun('支付流水', '支付流水', 'payment'),
    path: 'payment-trade',
    component: 'check/payment/trade',
    perms: 'payment:trade:list',
    icon: 'list',
  }),
  screen({
    key: 'check.reconcile',
    name: names('支付对账', '支付對帳', 'Reconciliation'),
    noun: noun('对账差异', '對帳差異', 'reconciliation difference'),
    path: 'reconcile',
    component: 'check/payment/reconcile',
    perms: 'payment:reconcile:list',
    icon: 'log',
    buttons: ['exec', 'resolve'],
  }),
  screen({
    key: 'check.library',
    name: names('比对库', '比對庫', 'Comparison Libraries'),
    noun: noun('比对库', '比對庫', 'comparison library'),
    path: 'library',
    component: 'check/library/index',
    perms: 'check:library:list',
    icon: 'education',
    buttons: [...CRUD_EXPORT, 'rebuild'],
    // A library's documents are listed, uploaded and deleted on its documents page (check:document:*).
    extraButtons: [
      { key: 'check.library.documentList', name: names('文档列表', '文件清單', 'List documents'), type: 'F', perms: 'check:document:list' },
      { key: 'check.library.documentQuery', name: names('文档查询', '文件查詢', 'Query documents'), type: 'F', perms: 'check:document:query' },
      { key: 'check.library.documentAdd', name: names('文档上传', '文件上傳', 'Upload documents'), type: 'F', perms: 'check:document:add' },
      {
        key: 'check.library.documentEdit',
        name: names('文档重新索引', '文件重新索引', 'Re-index documents'),
        type: 'F',
        perms: 'check:document:edit',
      },
      { key: 'check.library.documentRemove', name: names('文档删除', '文件刪除', 'Delete documents'), type: 'F', perms: 'check:document:remove' },
      { key: 'check.library.documentExport', name: names('文档导出', '文件匯出', 'Export documents'), type: 'F', perms: 'check:document:export' },
    ],
  }),
  screen({
    key: 'check.task',
    name: names('检测任务', '檢測任務', 'Checks'),
    noun: noun('检测任务', '檢測任務', 'check'),
    path: 'task',
    component: 'check/task/index',
    perms: 'check:task:list',
    icon: 'job',
    buttons: ['query', 'add', 'remove', 'export'],
  }),
  screen({
    key: 'check.aigc',
    name: names('AIGC检测设置', 'AIGC檢測設定', 'AIGC Scoring'),
    noun: noun('AIGC检测设置', 'AIGC檢測設定', 'AIGC scoring settings'),
    path: 'aigc',
    component: 'check/aigc/index',
    perms: 'check:aigc:query',
    icon: 'monitor',
    buttons: ['edit'],
  }),
]);

// ---------------------------------------------------------------------------------------------------------------
// AI writing (product)
// ---------------------------------------------------------------------------------------------------------------
const AI = dir('ai', names('AI写作', 'AI寫作', 'AI Writing'), 'ai', 'edit', [
  screen({
    key: 'ai.tool',
    name: names('写作工具', '寫作工具', 'Writing Tools'),
    noun: noun('写作工具', '寫作工具', 'writing tool'),
    path: 'tool',
    component: 'ai/tool/index',
    perms: 'ai:tool:list',
    icon: 'form',
    // The catalog is seeded from the shared package: tools are edited, enabled and previewed ('test'), not added.
    buttons: ['query', 'edit', 'changeStatus', 'test'],
  }),
  screen({
    key: 'ai.provider',
    name: names('AI服务商', 'AI服務供應商', 'AI Providers'),
    noun: noun('AI服务商', 'AI服務供應商', 'AI provider'),
    path: 'provider',
    component: 'ai/provider/index',
    perms: 'ai:provider:list',
    icon: 'cloud',
    buttons: [...CRUD, 'test'],
  }),
  screen({
    key: 'ai.usage',
    name: names('使用记录', '使用紀錄', 'Usage Log'),
    noun: noun('使用记录', '使用紀錄', 'usage log'),
    path: 'usage',
    component: 'ai/usage/index',
    perms: 'ai:usage:list',
    icon: 'chart',
    buttons: ['export'],
  }),
]);

// ---------------------------------------------------------------------------------------------------------------
// Content management (CMS): the whole subtree is what the seeded `editor` role gets.
// ---------------------------------------------------------------------------------------------------------------
const CMS = dir('cms', names('内容管理', '內容管理', 'CMS'), 'cms', 'documentation', [
  screen({
    key: 'cms.site',
    name: names('站点管理', '網站管理', 'Sites'),
    noun: noun('站点', '網站', 'site'),
    path: 'site',
    component: 'cms/site/index',
    perms: 'cms:site:view',
    icon: 'international',
    buttons: ['add', 'edit', 'remove', 'publish', 'theme'],
    // Points the site's resources at a storage service: kept from editors by default (EDITOR_EXCLUDED_MENU_KEYS).
    extraButtons: [{ key: 'cms.site.storage', name: names('存储设置', '儲存設定', 'Storage settings'), type: 'F', perms: 'cms:site:storage' }],
  }),
  screen({
    key: 'cms.catalog',
    name: names('栏目管理', '欄目管理', 'Catalogs'),
    noun: noun('栏目', '欄目', 'catalog'),
    path: 'catalog',
    component: 'cms/catalog/index',
    perms: 'cms:catalog:view',
    icon: 'tree',
    buttons: ['add', 'edit', 'remove', 'publish', 'move', 'sort', 'showHide', 'merge', 'clear'],
  }),
  screen({
    key: 'cms.content',
    name: names('内容列表', '內容列表', 'Content'),
    noun: noun('内容', '內容', 'content'),
    path: 'content',
    component: 'cms/content/index',
    perms: 'cms:content:view',
    icon: 'documentation',
    buttons: [
      'add',
      'edit',
      'remove',
      'publish',
      'toPublish',
      'offline',
      'archive',
      'copy',
      'move',
      'sort',
      'top',
      'attr',
      'lock',
      'image',
      'audio',
      'video',
    ],
  }),
  screen({
    key: 'cms.recycle',
    name: names('回收站', '資源回收筒', 'Recycle Bin'),
    noun: noun('回收站内容', '回收筒內容', 'recycled content'),
    path: 'recycle',
    component: 'cms/content/recycle',
    perms: 'cms:recycle:view',
    icon: 'delete',
    hidden: true,
    buttons: ['restore', 'remove'],
  }),
  screen({
    key: 'cms.pageWidget',
    name: names('页面部件', '頁面元件', 'Page Widgets'),
    noun: noun('页面部件', '頁面元件', 'page widget'),
    path: 'pagewidget',
    component: 'cms/pagewidget/index',
    perms: 'cms:pagewidget:view',
    icon: 'component',
    buttons: ['add', 'edit', 'remove', 'publish'],
  }),
  screen({
    key: 'cms.block',
    name: names('手动区块', '手動區塊', 'Manual Blocks'),
    noun: noun('区块', '區塊', 'block'),
    path: 'block',
    component: 'cms/block/index',
    perms: 'cms:block:view',
    icon: 'table',
    buttons: ['add', 'edit', 'remove', 'publish'],
  }),
  dir('cms.ad', names('广告', '廣告', 'Advertising'), 'ad', 'guide', [
    screen({
      key: 'cms.ad.adspace',
      name: names('广告位', '廣告版位', 'Ad Spaces'),
      noun: noun('广告位', '廣告版位', 'ad space'),
      path: 'adspace',
      component: 'cms/adspace/index',
      perms: 'cms:adspace:view',
      icon: 'guide',
      buttons: ['add', 'edit', 'remove', 'publish'],
    }),
    screen({
      key: 'cms.ad.advertisement',
      name: names('广告管理', '廣告管理', 'Adverts'),
      noun: noun('广告', '廣告', 'advert'),
      path: 'advertisement',
      component: 'cms/advertisement/index',
      perms: 'cms:ad:view',
      icon: 'star',
      buttons: ['add', 'edit', 'remove', 'changeStatus', 'rawcode'],
    }),
  ]),
  dir('cms.resource', names('资源', '資源', 'Assets'), 'resource', 'upload', [
    screen({
      key: 'cms.resource.resource',
      name: names('资源管理', '資源管理', 'Resources'),
      noun: noun('资源', '資源', 'resource'),
      path: 'resource',
      component: 'cms/resource/index',
      perms: 'cms:resource:view',
      icon: 'upload',
      buttons: ['add', 'upload', 'edit', 'remove', 'download'],
    }),
    screen({
      key: 'cms.resource.material',
      name: names('素材库', '素材庫', 'Material Library'),
      noun: noun('素材', '素材', 'material'),
      path: 'material',
      component: 'cms/resource/material',
      perms: 'cms:material:view',
      icon: 'example',
      buttons: ['upload', 'remove'],
    }),
    screen({
      key: 'cms.resource.file',
      name: names('文件管理', '檔案管理', 'Files'),
      noun: noun('文件', '檔案', 'file'),
      path: 'file',
      component: 'cms/file/index',
      perms: 'cms:file:view',
      icon: 'zip',
      buttons: ['add', 'upload', 'edit', 'rename', 'remove'],
    }),
  ]),
  dir('cms.template', names('模板与发布', '範本與發佈', 'Templates & Publishing'), 'template', 'code', [
    screen({
      key: 'cms.template.template',
      name: names('模板管理', '範本管理', 'Templates'),
      noun: noun('模板', '範本', 'template'),
      path: 'template',
      component: 'cms/template/index',
      perms: 'cms:template:view',
      icon: 'code',
      buttons: ['add', 'edit', 'rename', 'remove', 'clearCache'],
    }),
    screen({
      key: 'cms.template.tag',
      name: names('模板标签与函数', '範本標籤與函式', 'Template Tags & Functions'),
      noun: noun('模板标签', '範本標籤', 'template tag'),
      path: 'tag',
      component: 'cms/template/tag',
      perms: 'cms:templatetag:view',
      icon: 'tag',
    }),
    screen({
      key: 'cms.template.dynamic',
      name: names('动态模板', '動態範本', 'Dynamic Templates'),
      noun: noun('动态模板', '動態範本', 'dynamic template'),
      path: 'dynamic',
      component: 'cms/dynamic/index',
      perms: 'cms:dynamicpage:view',
      icon: 'build',
      buttons: CMS_CRUD,
    }),
    screen({
      key: 'cms.template.publishPipe',
      name: names('发布通道', '發佈通道', 'Publish Pipes'),
      noun: noun('发布通道', '發佈通道', 'publish pipe'),
      path: 'publishpipe',
      component: 'cms/publishpipe/index',
      perms: 'cms:publishpipe:view',
      icon: 'nested',
      buttons: [...CMS_CRUD, 'changeStatus'],
    }),
  ]),
  dir('cms.word', names('词汇', '詞彙', 'Words'), 'word', 'dict', [
    screen({
      key: 'cms.word.tagWord',
      name: names('标签词', '標籤詞', 'Tag Words'),
      noun: noun('标签词', '標籤詞', 'tag word'),
      path: 'tagword',
      component: 'word/tagword/index',
      perms: 'cms:tagword:view',
      icon: 'tag',
      buttons: CMS_CRUD,
    }),
    screen({
      key: 'cms.word.hotWord',
      name: names('热词', '熱詞', 'Hot Words'),
      noun: noun('热词', '熱詞', 'hot word'),
      path: 'hotword',
      component: 'word/hotword/index',
      perms: 'cms:hotword:view',
      icon: 'star',
      buttons: CMS_CRUD,
    }),
    screen({
      key: 'cms.word.sensitiveWord',
      name: names('敏感词', '敏感詞', 'Sensitive Words'),
      noun: noun('敏感词', '敏感詞', 'sensitive word'),
      path: 'sensitiveword',
      component: 'word/sensitiveword/index',
      perms: 'cms:sensitiveword:view',
      icon: 'eye',
      buttons: CMS_CRUD,
    }),
    screen({
      key: 'cms.word.errorProneWord',
      name: names('易错词', '易錯詞', 'Error-prone Words'),
      noun: noun('易错词', '易錯詞', 'error-prone word'),
      path: 'errorproneword',
      component: 'word/errorproneword/index',
      perms: 'cms:errorproneword:view',
      icon: 'bug',
      buttons: CMS_CRUD,
    }),
  ]),
  dir('cms.interact', names('互动', '互動', 'Interaction'), 'interact', 'message', [
    screen({
      key: 'cms.interact.link',
      name: names('友情链接', '友情連結', 'Friend Links'),
      noun: noun('友情链接', '友情連結', 'friend link'),
      path: 'link',
      component: 'cms/link/index',
      perms: 'cms:link:view',
      icon: 'link',
      buttons: CMS_CRUD,
    }),
    screen({
      key: 'cms.interact.comment',
      name: names('评论管理', '評論管理', 'Comments'),
      noun: noun('评论', '評論', 'comment'),
      path: 'comment',
      component: 'comment/index',
      perms: 'cms:comment:view',
      icon: 'message',
      buttons: ['audit', 'remove'],
    }),
    screen({
      key: 'cms.interact.vote',
      name: names('投票调查', '投票調查', 'Votes & Surveys'),
      noun: noun('投票', '投票', 'vote'),
      path: 'vote',
      component: 'vote/index',
      perms: 'cms:vote:view',
      icon: 'rate',
      buttons: CMS_CRUD,
    }),
    screen({
      key: 'cms.interact.customForm',
      name: names('自定义表单', '自訂表單', 'Custom Forms'),
      noun: noun('表单', '表單', 'form'),
      path: 'customform',
      component: 'cms/customform/index',
      perms: 'cms:customform:view',
      icon: 'form',
      buttons: [...CMS_CRUD, 'publish', 'data'],
    }),
  ]),
  dir('cms.stat', names('统计', '統計', 'Statistics'), 'stat', 'chart', [
    screen({
      key: 'cms.stat.site',
      name: names('网站统计', '網站統計', 'Site Statistics'),
      noun: noun('网站统计', '網站統計', 'site statistics'),
      path: 'site',
      component: 'stat/site/index',
      perms: 'cms:sitestat:view',
      icon: 'chart',
    }),
    screen({
      key: 'cms.stat.ad',
      name: names('广告统计', '廣告統計', 'Ad Statistics'),
      noun: noun('广告统计', '廣告統計', 'ad statistics'),
      path: 'ad',
      component: 'stat/ad/index',
      perms: 'cms:adstat:view',
      icon: 'chart',
    }),
  ]),
  dir('cms.member', names('会员', '會員', 'Members'), 'member', 'peoples', [
    screen({
      key: 'cms.member.member',
      name: names('会员列表', '會員列表', 'Member List'),
      noun: noun('会员', '會員', 'member'),
      path: 'member',
      component: 'member/index',
      perms: 'cms:member:view',
      icon: 'people',
      buttons: [...CMS_CRUD, 'resetPwd', 'export'],
    }),
    screen({
      key: 'cms.member.level',
      name: names('会员等级', '會員等級', 'Member Levels'),
      noun: noun('会员等级', '會員等級', 'member level'),
      path: 'level',
      component: 'member/level/index',
      perms: 'cms:memberlevel:view',
      icon: 'skill',
      buttons: CMS_CRUD,
    }),
    screen({
      key: 'cms.member.exp',
      name: names('经验配置', '經驗值設定', 'Experience Rules'),
      noun: noun('经验配置', '經驗值設定', 'experience rule'),
      path: 'exp',
      component: 'member/exp/index',
      perms: 'cms:memberexp:view',
      icon: 'number',
      buttons: CMS_CRUD,
    }),
    screen({
      key: 'cms.member.expLog',
      name: names('经验日志', '經驗值紀錄', 'Experience Log'),
      noun: noun('经验日志', '經驗值紀錄', 'experience log'),
      path: 'exp-log',
      component: 'member/exp/log',
      perms: 'cms:memberexplog:view',
      icon: 'log',
      buttons: ['remove', 'export'],
    }),
  ]),
  dir('cms.search', names('搜索', '搜尋', 'Search'), 'search', 'search', [
    screen({
      key: 'cms.search.index',
      name: names('搜索索引', '搜尋索引', 'Search Index'),
      noun: noun('索引', '索引', 'index'),
      path: 'index',
      component: 'search/index/index',
      perms: 'cms:searchindex:view',
      icon: 'search',
      buttons: ['build', 'rebuild', 'remove'],
    }),
    screen({
      key: 'cms.search.dict',
      name: names('搜索词典', '搜尋詞典', 'Search Dictionary'),
      noun: noun('词典词', '詞典詞', 'dictionary word'),
      path: 'dict',
      component: 'search/dict/index',
      perms: 'cms:searchdict:view',
      icon: 'dict',
      buttons: ['add', 'remove'],
    }),
    screen({
      key: 'cms.search.log',
      name: names('搜索日志', '搜尋日誌', 'Search Log'),
      noun: noun('搜索日志', '搜尋日誌', 'search log'),
      path: 'log',
      component: 'search/log/index',
      perms: 'cms:searchlog:view',
      icon: 'log',
      buttons: ['remove'],
    }),
  ]),
  dir('cms.ext', names('扩展', '擴充', 'Extensions'), 'ext', 'component', [
    screen({
      key: 'cms.ext.exmodel',
      name: names('扩展模型', '擴充模型', 'Extension Models'),
      noun: noun('扩展模型', '擴充模型', 'extension model'),
      path: 'exmodel',
      component: 'cms/exmodel/index',
      perms: 'cms:exmodel:view',
      icon: 'component',
      buttons: CMS_CRUD,
    }),
    screen({
      key: 'cms.ext.exmodelField',
      name: names('扩展模型字段', '擴充模型欄位', 'Extension Model Fields'),
      noun: noun('模型字段', '模型欄位', 'model field'),
      path: 'exmodel-field',
      component: 'cms/exmodel/field',
      perms: 'cms:exmodelfield:view',
      hidden: true,
      buttons: CMS_CRUD,
    }),
    screen({
      key: 'cms.ext.metaModel',
      name: names('元数据模型', '元資料模型', 'Meta Models'),
      noun: noun('元数据模型', '元資料模型', 'meta model'),
      path: 'xmodel',
      component: 'meta/model/index',
      perms: 'cms:xmodel:view',
      icon: 'tree-table',
      buttons: CMS_CRUD,
    }),
    screen({
      key: 'cms.ext.metaModelField',
      name: names('元数据模型字段', '元資料模型欄位', 'Meta Model Fields'),
      noun: noun('元数据字段', '元資料欄位', 'meta field'),
      path: 'xmodel-field',
      component: 'meta/model/field',
      perms: 'cms:xmodelfield:view',
      hidden: true,
      buttons: CMS_CRUD,
    }),
    screen({
      key: 'cms.ext.pusher',
      name: names('消息推送配置', '訊息推送設定', 'Message Pusher'),
      noun: noun('推送配置', '推送設定', 'pusher config'),
      path: 'pusher',
      component: 'cms/pusher/index',
      perms: 'cms:pusher:view',
      icon: 'email',
      buttons: ['edit', 'test'],
    }),
  ]),
]);

// ---------------------------------------------------------------------------------------------------------------
// System administration
// ---------------------------------------------------------------------------------------------------------------
const SYSTEM = dir('system', names('系统管理', '系統管理', 'System'), 'system', 'system', [
  screen({
    key: 'system.user',
    name: names('用户管理', '使用者管理', 'Users'),
    noun: noun('用户', '使用者', 'user'),
    path: 'user',
    component: 'system/user/index',
    perms: 'system:user:list',
    icon: 'user',
    buttons: [...CRUD_EXPORT, 'import', 'resetPwd'],
  }),
  screen({
    key: 'system.role',
    name: names('角色管理', '角色管理', 'Roles'),
    noun: noun('角色', '角色', 'role'),
    path: 'role',
    component: 'system/role/index',
    perms: 'system:role:list',
    icon: 'peoples',
    buttons: CRUD_EXPORT,
  }),
  screen({
    key: 'system.menu',
    name: names('菜单管理', '選單管理', 'Menus'),
    noun: noun('菜单', '選單', 'menu'),
    path: 'menu',
    component: 'system/menu/index',
    perms: 'system:menu:list',
    icon: 'tree-table',
    buttons: CRUD,
  }),
  screen({
    key: 'system.dept',
    name: names('部门管理', '部門管理', 'Departments'),
    noun: noun('部门', '部門', 'department'),
    path: 'dept',
    component: 'system/dept/index',
    perms: 'system:dept:list',
    icon: 'tree',
    buttons: CRUD,
  }),
  screen({
    key: 'system.post',
    name: names('岗位管理', '職位管理', 'Posts'),
    noun: noun('岗位', '職位', 'post'),
    path: 'post',
    component: 'system/post/index',
    perms: 'system:post:list',
    icon: 'post',
    buttons: CRUD_EXPORT,
  }),
  screen({
    key: 'system.dict',
    name: names('字典管理', '字典管理', 'Dictionaries'),
    noun: noun('字典', '字典', 'dictionary'),
    path: 'dict',
    component: 'system/dict/index',
    perms: 'system:dict:list',
    icon: 'dict',
    buttons: CRUD_EXPORT,
  }),
  screen({
    key: 'system.config',
    name: names('参数设置', '參數設定', 'Parameters'),
    noun: noun('参数', '參數', 'parameter'),
    path: 'config',
    component: 'system/config/index',
    perms: 'system:config:list',
    icon: 'edit',
    buttons: CRUD_EXPORT,
    // The generic upload and download (/common/upload, /common/download), limited by parameters of this screen.
    extraButtons: [
      { key: 'system.config.fileUpload', name: names('通用文件上传', '通用檔案上傳', 'Upload files'), type: 'F', perms: 'system:file:upload' },
      {
        key: 'system.config.fileDownload',
        name: names('下载所有上传文件', '下載所有上傳檔案', 'Download any uploaded file'),
        type: 'F',
        perms: 'system:file:download',
      },
    ],
  }),
  screen({
    key: 'system.notice',
    name: names('通知公告', '通知公告', 'Notices'),
    noun: noun('公告', '公告', 'notice'),
    path: 'notice',
    component: 'system/notice/index',
    perms: 'system:notice:list',
    icon: 'message',
    buttons: CRUD,
  }),
  screen({
    key: 'system.i18n',
    name: names('国际化', '國際化', 'Translations'),
    noun: noun('词条', '詞條', 'translation'),
    path: 'i18n',
    component: 'system/i18n/index',
    perms: 'system:i18n:list',
    icon: 'language',
    buttons: CRUD,
  }),
  screen({
    key: 'system.iprule',
    name: names('IP规则', 'IP規則', 'IP Rules'),
    noun: noun('IP规则', 'IP規則', 'IP rule'),
    path: 'iprule',
    component: 'system/iprule/index',
    perms: 'system:iprule:list',
    icon: 'lock',
    buttons: CRUD,
  }),
  screen({
    key: 'system.security',
    name: names('安全配置', '安全設定', 'Security'),
    noun: noun('安全配置', '安全設定', 'security config'),
    path: 'security',
    component: 'system/security/index',
    perms: 'system:security:list',
    icon: 'password',
    buttons: CRUD,
  }),
  screen({
    key: 'system.wechat',
    name: names('微信配置', '微信設定', 'WeChat'),
    noun: noun('微信配置', '微信設定', 'WeChat config'),
    path: 'wechat',
    component: 'system/wechat/index',
    perms: 'system:wechat:list',
    icon: 'wechat',
    buttons: CRUD,
  }),
  dir('system.log', names('日志管理', '日誌管理', 'Logs'), 'log', 'log', [
    screen({
      key: 'system.log.operlog',
      name: names('操作日志', '操作日誌', 'Operation Log'),
      noun: noun('操作日志', '操作日誌', 'operation log'),
      path: 'operlog',
      component: 'monitor/operlog/index',
      perms: 'monitor:operlog:list',
      icon: 'form',
      buttons: ['query', 'remove', 'export'],
    }),
    screen({
      key: 'system.log.logininfor',
      name: names('登录日志', '登入日誌', 'Login Log'),
      noun: noun('登录日志', '登入日誌', 'login log'),
      path: 'logininfor',
      component: 'monitor/logininfor/index',
      perms: 'monitor:logininfor:list',
      icon: 'logininfor',
      buttons: ['remove', 'export', 'unlock'],
    }),
  ]),
]);

// ---------------------------------------------------------------------------------------------------------------
// Monitoring
// ---------------------------------------------------------------------------------------------------------------
const MONITOR = dir('monitor', names('系统监控', '系統監控', 'Monitoring'), 'monitor', 'monitor', [
  screen({
    key: 'monitor.online',
    name: names('在线用户', '線上使用者', 'Online Users'),
    noun: noun('在线用户', '線上使用者', 'online user'),
    path: 'online',
    component: 'monitor/online/index',
    perms: 'monitor:online:list',
    icon: 'online',
    cache: false,
    buttons: ['query', 'forceLogout'],
  }),
  screen({
    key: 'monitor.job',
    name: names('定时任务', '排程工作', 'Scheduled Jobs'),
    noun: noun('任务', '工作', 'job'),
    path: 'job',
    component: 'monitor/job/index',
    perms: 'monitor:job:list',
    icon: 'job',
    buttons: [...CRUD, 'changeStatus', 'export'],
  }),
  screen({
    key: 'monitor.jobLog',
    name: names('调度日志', '排程日誌', 'Job Log'),
    noun: noun('调度日志', '排程日誌', 'job log'),
    path: 'joblog',
    component: 'monitor/job/log',
    perms: 'monitor:joblog:list',
    icon: 'log',
    hidden: true,
    buttons: ['remove', 'export'],
  }),
  screen({
    key: 'monitor.task',
    name: names('计划任务', '計畫任務', 'Scheduled Tasks'),
    noun: noun('计划任务', '計畫任務', 'task'),
    path: 'task',
    component: 'monitor/task/index',
    perms: 'monitor:task:list',
    icon: 'time',
    buttons: [...CRUD, 'changeStatus', 'exec', 'log'],
  }),
  screen({
    key: 'monitor.server',
    name: names('服务监控', '伺服器監控', 'Server'),
    noun: noun('服务', '伺服器', 'server'),
    path: 'server',
    component: 'monitor/server/index',
    perms: 'monitor:server:list',
    icon: 'server',
    cache: false,
  }),
  screen({
    key: 'monitor.cache',
    name: names('缓存监控', '快取監控', 'Cache'),
    noun: noun('缓存', '快取', 'cache'),
    path: 'cache',
    component: 'monitor/cache/index',
    perms: 'monitor:cache:list',
    icon: 'redis',
    cache: false,
    buttons: ['clearCache'],
  }),
  screen({
    key: 'monitor.async',
    name: names('异步任务', '非同步任務', 'Async Tasks'),
    noun: noun('异步任务', '非同步任務', 'async task'),
    path: 'async',
    component: 'monitor/async/index',
    perms: 'monitor:async:list',
    icon: 'build',
    cache: false,
    buttons: ['remove', 'stop', 'retry'],
  }),
]);

// ---------------------------------------------------------------------------------------------------------------
// Tools
// ---------------------------------------------------------------------------------------------------------------
const TOOL = dir('tool', names('系统工具', '系統工具', 'Tools'), 'tool', 'tool', [
  screen({
    key: 'tool.gen',
    name: names('代码生成', '程式碼產生', 'Code Generator'),
    noun: noun('代码生成', '程式碼產生', 'generator table'),
    path: 'gen',
    component: 'tool/gen/index',
    perms: 'tool:gen:list',
    icon: 'code',
    buttons: ['query', 'edit', 'remove', 'import', 'preview', 'code'],
  }),
  screen({
    key: 'tool.swagger',
    name: names('系统接口', '系統介面', 'API Docs'),
    noun: noun('接口', '介面', 'API'),
    path: 'swagger',
    component: 'tool/swagger/index',
    perms: 'tool:swagger:list',
    icon: 'swagger',
  }),
]);

/** The whole back-office menu tree; array order is sort order. */
export const MENU_TREE: MenuSeed[] = [CHECK, AI, CMS, SYSTEM, MONITOR, TOOL];

/** Keys of the menus (with all their descendants) granted to the seeded `editor` role: the CMS only. */
export const EDITOR_MENU_KEYS: string[] = ['cms'];
/**
 * Inside EDITOR_MENU_KEYS but not for editors: where a site's files are stored is an administrator's choice, and so is
 * who may publish advert code with scripts.
 */
export const EDITOR_EXCLUDED_MENU_KEYS: string[] = ['cms.site.storage', 'cms.ad.advertisement.rawcode'];
