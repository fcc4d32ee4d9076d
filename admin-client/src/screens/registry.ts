import { lazy, type ComponentType } from 'react';
import { DOCUMENT_RESOURCE } from './check/library/library';
import { ORDER_DETAIL_ROUTE } from './check/order/order';
import { SITE_TABS_ROUTE } from './cms/site/site';
import { FILE_API, FILE_EDITOR_ROUTE, FILE_RESOURCE } from './cms/file/file';
import { TEMPLATE_EDITOR_ROUTE, TEMPLATE_RESOURCE } from './cms/template/template';
import { ROLE_CANDIDATES_RESOURCE, ROLE_USERS_RESOURCE } from './system/role/role';
import { GEN_EDIT_ROUTE } from './tool/gen/gen';
import { VOTE_API, VOTE_RESOURCE } from './vote/vote';
import { CUSTOM_FORM_API, CUSTOM_FORM_RESOURCE } from './cms/customform/customform';
import { SITE_STAT_API, SITE_STAT_RESOURCE } from './stat/site/siteStat';
import { AD_API, AD_RESOURCE, AD_SPACE_API, AD_SPACE_RESOURCE } from './cms/ad/ad';
import { AD_STAT_API, AD_STAT_RESOURCE } from './stat/ad/adStat';
import {
  SEARCH_DICT_API,
  SEARCH_DICT_RESOURCE,
  SEARCH_INDEX_LIST,
  SEARCH_INDEX_RESOURCE,
  SEARCH_LOG_API,
  SEARCH_LOG_RESOURCE,
} from './search/search';

/** A back-office screen: which server route component it answers, its API resource and its views. */
export interface ScreenDefinition {
  /** The `component` of the menu table, e.g. `system/post/index`. */
  component: string;
  /** Screen path = react-admin resource name, e.g. `system/post`. */
  resource: string;
  /** API path when it differs from the screen path. */
  api?: string;
  /** Permission prefix when it is neither the API path nor the screen path (`system/dict` for `system/dict/type`). */
  permissionPath?: string;
  /** Field that identifies a row. */
  primaryKey: string;
  list: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
}

/** Screens built so far; the others show a "being built" page. Each one is a separate chunk. */
export const SCREENS: ScreenDefinition[] = [
  {
    component: 'system/user/index',
    resource: 'system/user',
    primaryKey: 'userId',
    list: lazy(() => import('./system/user/UserScreens').then((m) => ({ default: m.UserList }))),
    create: lazy(() => import('./system/user/UserScreens').then((m) => ({ default: m.UserCreate }))),
    edit: lazy(() => import('./system/user/UserScreens').then((m) => ({ default: m.UserEdit }))),
  },
  {
    component: 'system/role/index',
    resource: 'system/role',
    primaryKey: 'roleId',
    list: lazy(() => import('./system/role/RoleScreens').then((m) => ({ default: m.RoleList }))),
    create: lazy(() => import('./system/role/RoleScreens').then((m) => ({ default: m.RoleCreate }))),
    edit: lazy(() => import('./system/role/RoleScreens').then((m) => ({ default: m.RoleEdit }))),
  },
  {
    component: 'system/menu/index',
    resource: 'system/menu',
    primaryKey: 'menuId',
    list: lazy(() => import('./system/menu/MenuScreens').then((m) => ({ default: m.MenuList }))),
    create: lazy(() => import('./system/menu/MenuScreens').then((m) => ({ default: m.MenuCreate }))),
    edit: lazy(() => import('./system/menu/MenuScreens').then((m) => ({ default: m.MenuEdit }))),
  },
  {
    component: 'system/dept/index',
    resource: 'system/dept',
    primaryKey: 'deptId',
    list: lazy(() => import('./system/dept/DeptScreens').then((m) => ({ default: m.DeptList }))),
    create: lazy(() => import('./system/dept/DeptScreens').then((m) => ({ default: m.DeptCreate }))),
    edit: lazy(() => import('./system/dept/DeptScreens').then((m) => ({ default: m.DeptEdit }))),
  },
  {
    component: 'system/post/index',
    resource: 'system/post',
    primaryKey: 'postId',
    list: lazy(() => import('./system/post/PostScreens').then((m) => ({ default: m.PostList }))),
    create: lazy(() => import('./system/post/PostScreens').then((m) => ({ default: m.PostCreate }))),
    edit: lazy(() => import('./system/post/PostScreens').then((m) => ({ default: m.PostEdit }))),
  },
  {
    component: 'system/notice/index',
    resource: 'system/notice',
    primaryKey: 'noticeId',
    list: lazy(() => import('./system/notice/NoticeScreens').then((m) => ({ default: m.NoticeList }))),
    create: lazy(() => import('./system/notice/NoticeScreens').then((m) => ({ default: m.NoticeCreate }))),
    edit: lazy(() => import('./system/notice/NoticeScreens').then((m) => ({ default: m.NoticeEdit }))),
  },
  {
    component: 'system/dict/index',
    resource: 'system/dict',
    api: 'system/dict/type',
    permissionPath: 'system/dict',
    primaryKey: 'dictId',
    list: lazy(() => import('./system/dict/DictScreens').then((m) => ({ default: m.DictTypeList }))),
    create: lazy(() => import('./system/dict/DictScreens').then((m) => ({ default: m.DictTypeCreate }))),
    edit: lazy(() => import('./system/dict/DictScreens').then((m) => ({ default: m.DictTypeEdit }))),
  },
  {
    component: 'system/config/index',
    resource: 'system/config',
    primaryKey: 'configId',
    list: lazy(() => import('./system/config/ConfigScreens').then((m) => ({ default: m.ConfigList }))),
    create: lazy(() => import('./system/config/ConfigScreens').then((m) => ({ default: m.ConfigCreate }))),
    edit: lazy(() => import('./system/config/ConfigScreens').then((m) => ({ default: m.ConfigEdit }))),
  },
  {
    component: 'system/i18n/index',
    resource: 'system/i18n',
    api: 'system/i18n/dict',
    permissionPath: 'system/i18n',
    primaryKey: 'dictId',
    list: lazy(() => import('./system/i18n/I18nScreens').then((m) => ({ default: m.I18nList }))),
    create: lazy(() => import('./system/i18n/I18nScreens').then((m) => ({ default: m.I18nCreate }))),
    edit: lazy(() => import('./system/i18n/I18nScreens').then((m) => ({ default: m.I18nEdit }))),
  },
  {
    component: 'system/iprule/index',
    resource: 'system/iprule',
    primaryKey: 'ruleId',
    list: lazy(() => import('./system/iprule/IpRuleScreens').then((m) => ({ default: m.IpRuleList }))),
    create: lazy(() => import('./system/iprule/IpRuleScreens').then((m) => ({ default: m.IpRuleCreate }))),
    edit: lazy(() => import('./system/iprule/IpRuleScreens').then((m) => ({ default: m.IpRuleEdit }))),
  },
  {
    component: 'system/security/index',
    resource: 'system/security',
    api: 'system/security/config',
    permissionPath: 'system/security',
    primaryKey: 'configId',
    list: lazy(() => import('./system/security/SecurityScreens').then((m) => ({ default: m.SecurityList }))),
    create: lazy(() => import('./system/security/SecurityScreens').then((m) => ({ default: m.SecurityCreate }))),
    edit: lazy(() => import('./system/security/SecurityScreens').then((m) => ({ default: m.SecurityEdit }))),
  },
  {
    component: 'check/product/index',
    resource: 'check/product',
    primaryKey: 'productId',
    list: lazy(() => import('./check/product/ProductScreens').then((m) => ({ default: m.ProductList }))),
    create: lazy(() => import('./check/product/ProductScreens').then((m) => ({ default: m.ProductCreate }))),
    edit: lazy(() => import('./check/product/ProductScreens').then((m) => ({ default: m.ProductEdit }))),
  },
  {
    component: 'check/order/index',
    resource: 'check/order',
    primaryKey: 'orderId',
    list: lazy(() => import('./check/order/OrderScreens').then((m) => ({ default: m.OrderList }))),
  },
  {
    component: 'check/library/index',
    resource: 'check/library',
    primaryKey: 'libraryId',
    list: lazy(() => import('./check/library/LibraryScreens').then((m) => ({ default: m.LibraryList }))),
    create: lazy(() => import('./check/library/LibraryScreens').then((m) => ({ default: m.LibraryCreate }))),
    edit: lazy(() => import('./check/library/LibraryScreens').then((m) => ({ default: m.LibraryEdit }))),
  },
  {
    component: 'check/task/index',
    resource: 'check/task',
    primaryKey: 'taskId',
    list: lazy(() => import('./check/task/TaskScreens').then((m) => ({ default: m.TaskList }))),
  },
  {
    component: 'check/aigc/index',
    resource: 'check/aigc',
    primaryKey: 'configId',
    list: lazy(() => import('./check/aigc/AigcSettings').then((m) => ({ default: m.AigcSettings }))),
  },
  // Online payment (docs/payments.md): custom pages reading the /payment API themselves (paths as the menu seeds them).
  {
    component: 'check/payment/config',
    resource: 'check/payment-config',
    api: 'payment/config',
    primaryKey: 'channel',
    list: lazy(() => import('./check/payment/PaymentConfigScreen').then((m) => ({ default: m.PaymentConfigScreen }))),
  },
  {
    component: 'check/payment/trade',
    resource: 'check/payment-trade',
    api: 'payment/trade',
    primaryKey: 'tradeId',
    list: lazy(() => import('./check/payment/PaymentTradeScreen').then((m) => ({ default: m.PaymentTradeScreen }))),
  },
  {
    component: 'check/payment/reconcile',
    resource: 'check/reconcile',
    api: 'payment/reconcile',
    primaryKey: 'reconcileId',
    list: lazy(() => import('./check/payment/PaymentReconcileScreen').then((m) => ({ default: m.PaymentReconcileScreen }))),
  },
  {
    component: 'ai/tool/index',
    resource: 'ai/tool',
    primaryKey: 'toolId',
    list: lazy(() => import('./ai/ToolScreens').then((m) => ({ default: m.ToolList }))),
    edit: lazy(() => import('./ai/ToolScreens').then((m) => ({ default: m.ToolEdit }))),
  },
  {
    component: 'ai/provider/index',
    resource: 'ai/provider',
    primaryKey: 'providerId',
    list: lazy(() => import('./ai/ProviderScreens').then((m) => ({ default: m.ProviderList }))),
    create: lazy(() => import('./ai/ProviderScreens').then((m) => ({ default: m.ProviderCreate }))),
    edit: lazy(() => import('./ai/ProviderScreens').then((m) => ({ default: m.ProviderEdit }))),
  },
  {
    component: 'ai/usage/index',
    resource: 'ai/usage',
    primaryKey: 'usageId',
    list: lazy(() => import('./ai/UsageScreens').then((m) => ({ default: m.UsageList }))),
  },
  {
    component: 'system/wechat/index',
    resource: 'system/wechat',
    primaryKey: 'configId',
    list: lazy(() => import('./system/wechat/WechatScreens').then((m) => ({ default: m.WechatList }))),
    create: lazy(() => import('./system/wechat/WechatScreens').then((m) => ({ default: m.WechatCreate }))),
    edit: lazy(() => import('./system/wechat/WechatScreens').then((m) => ({ default: m.WechatEdit }))),
  },
  {
    component: 'member/index',
    resource: 'cms/member/member',
    api: 'cms/member',
    permissionPath: 'cms/member',
    primaryKey: 'memberId',
    list: lazy(() => import('./member/MemberScreens').then((m) => ({ default: m.MemberList }))),
    create: lazy(() => import('./member/MemberScreens').then((m) => ({ default: m.MemberCreate }))),
    edit: lazy(() => import('./member/MemberScreens').then((m) => ({ default: m.MemberEdit }))),
  },
  {
    component: 'member/level/index',
    resource: 'cms/member/level',
    api: 'cms/member/level',
    permissionPath: 'cms/memberlevel',
    primaryKey: 'configId',
    list: lazy(() => import('./member/LevelScreens').then((m) => ({ default: m.LevelList }))),
    create: lazy(() => import('./member/LevelScreens').then((m) => ({ default: m.LevelCreate }))),
    edit: lazy(() => import('./member/LevelScreens').then((m) => ({ default: m.LevelEdit }))),
  },
  {
    component: 'member/exp/index',
    resource: 'cms/member/exp',
    api: 'cms/member/exp',
    permissionPath: 'cms/memberexp',
    primaryKey: 'configId',
    list: lazy(() => import('./member/ExpScreens').then((m) => ({ default: m.ExpConfigList }))),
    create: lazy(() => import('./member/ExpScreens').then((m) => ({ default: m.ExpConfigCreate }))),
    edit: lazy(() => import('./member/ExpScreens').then((m) => ({ default: m.ExpConfigEdit }))),
  },
  {
    component: 'member/exp/log',
    resource: 'cms/member/exp-log',
    api: 'cms/member/expLog',
    permissionPath: 'cms/memberexplog',
    primaryKey: 'logId',
    list: lazy(() => import('./member/ExpScreens').then((m) => ({ default: m.ExpLogList }))),
  },
  {
    component: 'monitor/operlog/index',
    resource: 'system/log/operlog',
    api: 'monitor/operlog',
    primaryKey: 'operId',
    list: lazy(() => import('./monitor/operlog/OperLogScreens').then((m) => ({ default: m.OperLogList }))),
  },
  {
    component: 'monitor/logininfor/index',
    resource: 'system/log/logininfor',
    api: 'monitor/logininfor',
    primaryKey: 'infoId',
    list: lazy(() => import('./monitor/logininfor/LoginLogScreens').then((m) => ({ default: m.LoginLogList }))),
  },
  {
    component: 'monitor/online/index',
    resource: 'monitor/online',
    primaryKey: 'tokenId',
    list: lazy(() => import('./monitor/online/OnlineScreens').then((m) => ({ default: m.OnlineList }))),
  },
  // 定时任务 (add/edit in a dialog) and 调度日志 (the hidden menu screen; one job's log is a detail page below).
  {
    component: 'monitor/job/index',
    resource: 'monitor/job',
    primaryKey: 'jobId',
    list: lazy(() => import('./monitor/job/JobScreens').then((m) => ({ default: m.JobList }))),
  },
  {
    component: 'monitor/job/log',
    resource: 'monitor/joblog',
    api: 'monitor/jobLog',
    permissionPath: 'monitor/joblog',
    primaryKey: 'jobLogId',
    list: lazy(() => import('./monitor/job/JobScreens').then((m) => ({ default: m.JobLogList }))),
  },
  // Custom pages: the server and cache monitors and the API docs viewer (系统接口).
  {
    component: 'monitor/server/index',
    resource: 'monitor/server',
    primaryKey: 'instanceId',
    list: lazy(() => import('./monitor/server/ServerMonitorScreen').then((m) => ({ default: m.ServerMonitorScreen }))),
  },
  {
    component: 'monitor/cache/index',
    resource: 'monitor/cache',
    primaryKey: 'cacheKey',
    list: lazy(() => import('./monitor/cache/CacheMonitorScreen').then((m) => ({ default: m.CacheMonitorScreen }))),
  },
  // 计划任务 (trigger dialog, log drawer) and 异步任务: custom pages over /monitor/task and /async/task.
  {
    component: 'monitor/task/index',
    resource: 'monitor/task',
    primaryKey: 'taskId',
    list: lazy(() => import('./monitor/task/TaskScreen').then((m) => ({ default: m.TaskScreen }))),
  },
  {
    component: 'monitor/async/index',
    resource: 'monitor/async',
    primaryKey: 'id',
    list: lazy(() => import('./monitor/async/AsyncTaskScreen').then((m) => ({ default: m.AsyncTaskScreen }))),
  },
  // 代码生成 (docs/operations.md): imported tables; the edit page is a detail page below.
  {
    component: 'tool/gen/index',
    resource: 'tool/gen',
    primaryKey: 'tableId',
    list: lazy(() => import('./tool/gen/GenScreens').then((m) => ({ default: m.GenList }))),
  },
  {
    component: 'tool/swagger/index',
    resource: 'tool/swagger',
    primaryKey: 'key',
    list: lazy(() => import('./tool/swagger/ApiDocsScreen').then((m) => ({ default: m.ApiDocsScreen }))),
  },
  // 消息推送配置 (docs/operations.md): a custom page reading /cms/pusher itself.
  {
    component: 'cms/pusher/index',
    resource: 'cms/ext/pusher',
    api: 'cms/pusher',
    primaryKey: 'channelId',
    list: lazy(() => import('./cms/pusher/PusherScreen').then((m) => ({ default: m.PusherScreen }))),
  },
  // CMS catalogs and content: custom pages (tree + form, tree + list); the editor is a detail page below.
  {
    component: 'cms/catalog/index',
    resource: 'cms/catalog',
    primaryKey: 'catalogId',
    list: lazy(() => import('./cms/catalog/CatalogScreens').then((m) => ({ default: m.CatalogPage }))),
  },
  {
    component: 'cms/content/index',
    resource: 'cms/content',
    primaryKey: 'contentId',
    list: lazy(() => import('./cms/content/ContentScreens').then((m) => ({ default: m.ContentList }))),
  },
  {
    component: 'cms/content/recycle',
    resource: 'cms/recycle',
    primaryKey: 'contentId',
    list: lazy(() => import('./cms/content/ContentScreens').then((m) => ({ default: m.RecycleList }))),
  },
  // CMS: sites, publish pipes (of the current site), templates and the template help.
  {
    component: 'cms/site/index',
    resource: 'cms/site',
    primaryKey: 'siteId',
    list: lazy(() => import('./cms/site/SiteScreens').then((m) => ({ default: m.SiteList }))),
    create: lazy(() => import('./cms/site/SiteScreens').then((m) => ({ default: m.SiteCreate }))),
  },
  {
    component: 'cms/publishpipe/index',
    resource: 'cms/template/publishpipe',
    api: 'cms/publishpipe',
    primaryKey: 'publishpipeId',
    list: lazy(() => import('./cms/publishpipe/PublishPipeScreens').then((m) => ({ default: m.PublishPipeList }))),
    create: lazy(() => import('./cms/publishpipe/PublishPipeScreens').then((m) => ({ default: m.PublishPipeCreate }))),
    edit: lazy(() => import('./cms/publishpipe/PublishPipeScreens').then((m) => ({ default: m.PublishPipeEdit }))),
  },
  // 词汇 > 敏感词: a page of its own (dialogs for add, edit, import, check), calling /word/sensitiveword itself.
  {
    component: 'word/sensitiveword/index',
    resource: 'cms/word/sensitiveword',
    api: 'word/sensitiveword',
    permissionPath: 'cms/sensitiveword',
    primaryKey: 'wordId',
    list: lazy(() => import('./word/sensitiveword/SensitiveWordScreen').then((m) => ({ default: m.SensitiveWordScreen }))),
  },
  // 互动 > 评论管理: a page of its own (filters, batch audit and delete, a detail dialog), calling /comment itself.
  {
    component: 'comment/index',
    resource: 'cms/interact/comment',
    api: 'comment',
    permissionPath: 'cms/comment',
    primaryKey: 'commentId',
    list: lazy(() => import('./comment/CommentScreen').then((m) => ({ default: m.CommentScreen }))),
  },
  // 词汇 > 标签词, 热词, 易错词: pages of their own (a group tree beside the words; dialogs), calling /word/... themselves.
  {
    component: 'word/tagword/index',
    resource: 'cms/word/tagword',
    api: 'word/tagword',
    permissionPath: 'cms/tagword',
    primaryKey: 'wordId',
    list: lazy(() => import('./word/tagword/TagWordScreen').then((m) => ({ default: m.TagWordScreen }))),
  },
  {
    component: 'word/hotword/index',
    resource: 'cms/word/hotword',
    api: 'word/hotword',
    permissionPath: 'cms/hotword',
    primaryKey: 'wordId',
    list: lazy(() => import('./word/hotword/HotWordScreen').then((m) => ({ default: m.HotWordScreen }))),
  },
  {
    component: 'word/errorproneword/index',
    resource: 'cms/word/errorproneword',
    api: 'word/errorproneword',
    permissionPath: 'cms/errorproneword',
    primaryKey: 'wordId',
    list: lazy(() => import('./word/errorproneword/ErrorProneWordScreen').then((m) => ({ default: m.ErrorProneWordScreen }))),
  },
  // 互动 > 投票调查: votes with their subjects, items and results (ChestnutCMS's /vote; list `GET /vote`).
  {
    component: 'vote/index',
    resource: VOTE_RESOURCE,
    api: VOTE_API,
    permissionPath: 'cms/vote',
    primaryKey: 'voteId',
    list: lazy(() => import('./vote/VoteScreens').then((m) => ({ default: m.VoteList }))),
    create: lazy(() => import('./vote/VoteScreens').then((m) => ({ default: m.VoteCreate }))),
    edit: lazy(() => import('./vote/VoteScreens').then((m) => ({ default: m.VoteEdit }))),
  },
  // 互动 > 友情链接: link groups beside their links (ChestnutCMS's /cms/link_group and /cms/link), a page of its own.
  {
    component: 'cms/link/index',
    resource: 'cms/interact/link',
    api: 'cms/link',
    permissionPath: 'cms/link',
    primaryKey: 'linkId',
    list: lazy(() => import('./cms/link/LinkScreen').then((m) => ({ default: m.LinkScreen }))),
  },
  // 模板与发布 > 动态模板: pages rendered per request (ChestnutCMS's /cms/dynamic_page), a page of its own.
  {
    component: 'cms/dynamic/index',
    resource: 'cms/template/dynamic',
    api: 'cms/dynamic_page',
    permissionPath: 'cms/dynamicpage',
    primaryKey: 'pageId',
    list: lazy(() => import('./cms/dynamic/DynamicPageScreen').then((m) => ({ default: m.DynamicPageScreen }))),
  },
  // 互动 > 自定义表单: forms with their field designer, publish/offline and submitted data (list `GET /cms/customform`).
  {
    component: 'cms/customform/index',
    resource: CUSTOM_FORM_RESOURCE,
    api: CUSTOM_FORM_API,
    permissionPath: 'cms/customform',
    primaryKey: 'formId',
    list: lazy(() => import('./cms/customform/CustomFormScreens').then((m) => ({ default: m.CustomFormList }))),
    create: lazy(() => import('./cms/customform/CustomFormScreens').then((m) => ({ default: m.CustomFormCreate }))),
    edit: lazy(() => import('./cms/customform/CustomFormScreens').then((m) => ({ default: m.CustomFormEdit }))),
  },
  // 统计 > 网站统计: figures and charts of the current site, and its visit log (`GET /cms/stat`).
  {
    component: 'stat/site/index',
    resource: SITE_STAT_RESOURCE,
    api: SITE_STAT_API,
    permissionPath: 'cms/sitestat',
    primaryKey: 'visitId',
    list: lazy(() => import('./stat/site/SiteStatScreen').then((m) => ({ default: m.SiteStatScreen }))),
  },
  // 统计 > 广告统计: views, clicks and click rate per day and per advert (`GET /cms/ad/stat`, `/cms/ad/stat/chart`).
  {
    component: 'stat/ad/index',
    resource: AD_STAT_RESOURCE,
    api: AD_STAT_API,
    permissionPath: 'cms/adstat',
    primaryKey: 'advertisementId',
    list: lazy(() => import('./stat/ad/AdStatScreen').then((m) => ({ default: m.AdStatScreen }))),
  },
  // 广告 > 广告位 and 广告管理: ad spaces (page widgets of type ads) and their adverts (lists `GET /cms/adspace`, `/cms/advertisement`).
  {
    component: 'cms/adspace/index',
    resource: AD_SPACE_RESOURCE,
    api: AD_SPACE_API,
    permissionPath: 'cms/adspace',
    primaryKey: 'pageWidgetId',
    list: lazy(() => import('./cms/ad/AdSpaceScreens').then((m) => ({ default: m.AdSpaceList }))),
    create: lazy(() => import('./cms/ad/AdSpaceScreens').then((m) => ({ default: m.AdSpaceCreate }))),
    edit: lazy(() => import('./cms/ad/AdSpaceScreens').then((m) => ({ default: m.AdSpaceEdit }))),
  },
  {
    component: 'cms/advertisement/index',
    resource: AD_RESOURCE,
    api: AD_API,
    permissionPath: 'cms/ad',
    primaryKey: 'advertisementId',
    list: lazy(() => import('./cms/ad/AdvertisementScreens').then((m) => ({ default: m.AdvertisementList }))),
    create: lazy(() => import('./cms/ad/AdvertisementScreens').then((m) => ({ default: m.AdvertisementCreate }))),
    edit: lazy(() => import('./cms/ad/AdvertisementScreens').then((m) => ({ default: m.AdvertisementEdit }))),
  },
  // 搜索: the site search index, its dictionary and the search logs (lists at ChestnutCMS's paths, see DETAIL_RESOURCES).
  {
    component: 'search/index/index',
    resource: SEARCH_INDEX_RESOURCE,
    api: 'cms/search',
    permissionPath: 'cms/searchindex',
    primaryKey: 'contentId',
    list: lazy(() => import('./search/index/SearchIndexScreen').then((m) => ({ default: m.SearchIndexList }))),
  },
  {
    component: 'search/dict/index',
    resource: SEARCH_DICT_RESOURCE,
    api: SEARCH_DICT_API,
    permissionPath: 'cms/searchdict',
    primaryKey: 'wordId',
    list: lazy(() => import('./search/dict/SearchDictScreen').then((m) => ({ default: m.SearchDictList }))),
  },
  {
    component: 'search/log/index',
    resource: SEARCH_LOG_RESOURCE,
    api: SEARCH_LOG_API,
    permissionPath: 'cms/searchlog',
    primaryKey: 'logId',
    list: lazy(() => import('./search/log/SearchLogScreen').then((m) => ({ default: m.SearchLogList }))),
  },
  {
    component: 'cms/template/index',
    resource: TEMPLATE_RESOURCE,
    api: 'cms/template',
    primaryKey: 'templateId',
    list: lazy(() => import('./cms/template/TemplateScreens').then((m) => ({ default: m.TemplateList }))),
    create: lazy(() => import('./cms/template/TemplateScreens').then((m) => ({ default: m.TemplateCreate }))),
  },
  // CMS resources: the library (资源库) and the material library (素材库, the picker's library as a screen).
  {
    component: 'cms/resource/index',
    resource: 'cms/resource/resource',
    api: 'cms/resource',
    primaryKey: 'resourceId',
    list: lazy(() => import('./cms/resource/ResourceScreens').then((m) => ({ default: m.ResourceLibrary }))),
  },
  {
    component: 'cms/resource/material',
    resource: 'cms/resource/material',
    permissionPath: 'cms/material',
    primaryKey: 'resourceId',
    list: lazy(() => import('./cms/resource/ResourceScreens').then((m) => ({ default: m.MaterialLibrary }))),
  },
  // 页面部件: the current site's page widgets of every type (list `GET /cms/pagewidget`, ChestnutCMS's path).
  {
    component: 'cms/pagewidget/index',
    resource: 'cms/pagewidget',
    primaryKey: 'pageWidgetId',
    list: lazy(() => import('./cms/pagewidget/PageWidgetScreens').then((m) => ({ default: m.PageWidgetList }))),
    create: lazy(() => import('./cms/pagewidget/PageWidgetScreens').then((m) => ({ default: m.PageWidgetCreate }))),
    edit: lazy(() => import('./cms/pagewidget/PageWidgetScreens').then((m) => ({ default: m.PageWidgetEdit }))),
  },
  // 手动区块: manual blocks (page widgets of type `manual`) with the drag-and-drop row editor (list `GET /cms/block`).
  {
    component: 'cms/block/index',
    resource: 'cms/block',
    primaryKey: 'pageWidgetId',
    list: lazy(() => import('./cms/block/BlockScreens').then((m) => ({ default: m.BlockList }))),
    create: lazy(() => import('./cms/block/BlockScreens').then((m) => ({ default: m.BlockCreate }))),
    edit: lazy(() => import('./cms/block/BlockScreens').then((m) => ({ default: m.BlockEdit }))),
  },
  // CMS site files (文件管理): the published folders, theme assets and templates of the current site.
  {
    component: 'cms/file/index',
    resource: FILE_RESOURCE,
    api: FILE_API,
    primaryKey: 'filePath',
    list: lazy(() => import('./cms/file/FileManagerScreen').then((m) => ({ default: m.FileManagerScreen }))),
  },
  {
    component: 'cms/template/tag',
    resource: 'cms/template/tag',
    permissionPath: 'cms/templatetag',
    primaryKey: 'name',
    list: lazy(() => import('./cms/template/TemplateTagsScreen').then((m) => ({ default: m.TemplateTagsScreen }))),
  },
  // 扩展 > 扩展模型 / 元数据模型 and their hidden field screens: pages of their own (cms/exmodel, /xmodel).
  {
    component: 'cms/exmodel/index',
    resource: 'cms/ext/exmodel',
    api: 'cms/exmodel',
    primaryKey: 'modelId',
    list: lazy(() => import('./cms/exmodel/ExModelScreens').then((m) => ({ default: m.ExModelScreen }))),
  },
  {
    component: 'cms/exmodel/field',
    resource: 'cms/ext/exmodel-field',
    api: 'cms/exmodel/field',
    permissionPath: 'cms/exmodelfield',
    primaryKey: 'fieldId',
    list: lazy(() => import('./cms/exmodel/FieldScreens').then((m) => ({ default: m.ExModelFieldScreen }))),
  },
  {
    component: 'meta/model/index',
    resource: 'cms/ext/xmodel',
    api: 'xmodel',
    permissionPath: 'cms/xmodel',
    primaryKey: 'modelId',
    list: lazy(() => import('./cms/exmodel/ExModelScreens').then((m) => ({ default: m.MetaModelScreen }))),
  },
  {
    component: 'meta/model/field',
    resource: 'cms/ext/xmodel-field',
    api: 'xmodel/field',
    permissionPath: 'cms/xmodelfield',
    primaryKey: 'fieldId',
    list: lazy(() => import('./cms/exmodel/FieldScreens').then((m) => ({ default: m.MetaModelFieldScreen }))),
  },
];

/** Resources reached from a screen rather than the menu (no Resource of their own): primary key and permissions. */
export const DETAIL_RESOURCES: { resource: string; primaryKey: string; permissionPath: string; listPath?: string }[] = [
  { resource: 'system/dict/data', primaryKey: 'dictCode', permissionPath: 'system/dict' },
  // A role's users and the users it could get (filter `roleId`); the server names these lists differently.
  { resource: ROLE_USERS_RESOURCE, primaryKey: 'userId', permissionPath: 'system/role', listPath: 'system/role/authUser/allocatedList' },
  { resource: ROLE_CANDIDATES_RESOURCE, primaryKey: 'userId', permissionPath: 'system/role', listPath: 'system/role/authUser/unallocatedList' },
  // The documents of a comparison library (filter `libraryId`).
  { resource: DOCUMENT_RESOURCE, primaryKey: 'docId', permissionPath: 'check/document' },
  // The recycle bin of CMS content (its list is GET /cms/content/recycle; permissions cms:recycle:*).
  { resource: 'cms/content/recycle-bin', primaryKey: 'contentId', permissionPath: 'cms/recycle', listPath: 'cms/content/recycle' },
  // The template screen itself: its list is `GET /cms/template`, not `<api>/list` (listPath only exists here).
  { resource: TEMPLATE_RESOURCE, primaryKey: 'templateId', permissionPath: 'cms/template', listPath: 'cms/template' },
  // Page widgets and manual blocks: their lists are `GET /cms/pagewidget` and `GET /cms/block` (ChestnutCMS's paths).
  { resource: 'cms/pagewidget', primaryKey: 'pageWidgetId', permissionPath: 'cms/pagewidget', listPath: 'cms/pagewidget' },
  { resource: 'cms/block', primaryKey: 'pageWidgetId', permissionPath: 'cms/block', listPath: 'cms/block' },
  // Votes: the list is `GET /vote` (ChestnutCMS's path), not `<api>/list`.
  { resource: VOTE_RESOURCE, primaryKey: 'voteId', permissionPath: 'cms/vote', listPath: VOTE_API },
  // Custom forms: the list is `GET /cms/customform` (ChestnutCMS's path).
  { resource: CUSTOM_FORM_RESOURCE, primaryKey: 'formId', permissionPath: 'cms/customform', listPath: CUSTOM_FORM_API },
  // The site statistics' visit log is `GET /cms/stat` (ChestnutCMS's path).
  { resource: SITE_STAT_RESOURCE, primaryKey: 'visitId', permissionPath: 'cms/sitestat', listPath: SITE_STAT_API },
  // Ads: lists at ChestnutCMS's paths (`GET /cms/adspace`, `GET /cms/advertisement`, `GET /cms/ad/stat`).
  { resource: AD_SPACE_RESOURCE, primaryKey: 'pageWidgetId', permissionPath: 'cms/adspace', listPath: AD_SPACE_API },
  { resource: AD_RESOURCE, primaryKey: 'advertisementId', permissionPath: 'cms/ad', listPath: AD_API },
  { resource: AD_STAT_RESOURCE, primaryKey: 'advertisementId', permissionPath: 'cms/adstat', listPath: AD_STAT_API },
  // The site search screens: GET /cms/search/contents, /search/dict and /search/log (ChestnutCMS's paths).
  { resource: SEARCH_INDEX_RESOURCE, primaryKey: 'contentId', permissionPath: 'cms/searchindex', listPath: SEARCH_INDEX_LIST },
  { resource: SEARCH_DICT_RESOURCE, primaryKey: 'wordId', permissionPath: 'cms/searchdict', listPath: SEARCH_DICT_API },
  { resource: SEARCH_LOG_RESOURCE, primaryKey: 'logId', permissionPath: 'cms/searchlog', listPath: SEARCH_LOG_API },
];

/** Pages outside the route tree: path below /admin, the permission that shows them and the page. */
export const DETAIL_PAGES: { path: string; permission: string; titleKey: string; page: ComponentType }[] = [
  {
    path: 'system/dict-data/index/:dictId',
    permission: 'system:dict:list',
    titleKey: 'app.dict_data.title',
    page: lazy(() => import('./system/dict/DictScreens').then((m) => ({ default: m.DictDataPage }))),
  },
  {
    // One job's runs, as RuoYi's /monitor/job-log/index/:jobId (spec: needs monitor:job:list).
    path: 'monitor/job-log/index/:jobId',
    permission: 'monitor:job:list',
    titleKey: 'app.job.log_title',
    page: lazy(() => import('./monitor/job/JobScreens').then((m) => ({ default: m.JobLogPage }))),
  },
  {
    path: 'system/role-auth/user/:roleId',
    permission: 'system:role:edit',
    titleKey: 'app.role_user.title',
    page: lazy(() => import('./system/role/RoleAuthUserPage').then((m) => ({ default: m.RoleAuthUserPage }))),
  },
  {
    // The 权限 page of a role or user: site, catalog (with content) and page-widget rights (/cms/perms).
    path: 'system/role-perms/:ownerId',
    permission: 'system:role:edit',
    titleKey: 'app.cms_perms.title',
    page: lazy(() => import('./system/permission/PermissionPage').then((m) => ({ default: m.RolePermissionPage }))),
  },
  {
    path: 'system/user-perms/:ownerId',
    permission: 'system:user:edit',
    titleKey: 'app.cms_perms.title',
    page: lazy(() => import('./system/permission/PermissionPage').then((m) => ({ default: m.UserPermissionPage }))),
  },
  {
    path: 'check/library-document/index/:libraryId',
    permission: 'check:document:list',
    titleKey: 'app.check_document.page_title',
    page: lazy(() => import('./check/library/LibraryDocumentsPage').then((m) => ({ default: m.LibraryDocumentsPage }))),
  },
  {
    // One check order (its status log, reports and staff actions); the page heads itself with the order number.
    path: ORDER_DETAIL_ROUTE,
    permission: 'check:order:query',
    titleKey: 'app.check_order.detail_title',
    page: lazy(() => import('./check/order/OrderDetailPage').then((m) => ({ default: m.OrderDetailPage }))),
  },
  {
    // The content editor (0 = new content of that catalog and type).
    path: 'cms/content/editor/:catalogId/:contentType/:contentId',
    permission: 'cms:content:view',
    titleKey: 'app.cms_editor.page_title',
    page: lazy(() => import('./cms/content/ContentEditorPage').then((m) => ({ default: m.ContentEditorPage }))),
  },
  {
    // The site editor's four tabs (`?siteId=`), as ChestnutCMS's /cms/site/tabs.
    path: SITE_TABS_ROUTE,
    permission: 'cms:site:view',
    titleKey: 'app.cms_site.tabs_title',
    page: lazy(() => import('./cms/site/SiteTabsPage').then((m) => ({ default: m.SiteTabsPage }))),
  },
  {
    // The manual block editor (`?id=`; none: a new block), as ChestnutCMS's /cms/block/manual/editor (spec 2.4).
    path: 'cms/block/manual/editor',
    permission: 'cms:block:view',
    titleKey: 'app.block.editor_title',
    page: lazy(() => import('./cms/block/BlockScreens').then((m) => ({ default: m.ManualBlockEditorPage }))),
  },
  {
    // The site files' text editor (`?filePath=`); CodeMirror is a further chunk inside it.
    path: FILE_EDITOR_ROUTE,
    permission: 'cms:file:view',
    titleKey: 'app.cms_file.editor_title',
    page: lazy(() => import('./cms/file/FileEditorPage').then((m) => ({ default: m.FileEditorPage }))),
  },
  {
    // A generator table's names and column settings, as RuoYi's /tool/gen-edit/index/:tableId.
    path: GEN_EDIT_ROUTE,
    permission: 'tool:gen:edit',
    titleKey: 'app.gen.edit_title',
    page: lazy(() => import('./tool/gen/GenEditPage').then((m) => ({ default: m.GenEditPage }))),
  },
  {
    // The template code editor (`?templateId=`); CodeMirror is a further chunk inside it.
    path: TEMPLATE_EDITOR_ROUTE,
    permission: 'cms:template:view',
    titleKey: 'app.cms_template.editor_title',
    page: lazy(() => import('./cms/template/TemplateEditorPage').then((m) => ({ default: m.TemplateEditorPage }))),
  },
];

export const screenByComponent = (component: string) => SCREENS.find((s) => s.component === component);

/** Screen path -> API path, for the screens whose paths differ (data provider and permission checks use it). */
export const SCREEN_API_PATHS: Record<string, string> = Object.fromEntries(SCREENS.filter((s) => s.api).map((s) => [s.resource, s.api!]));

/** Screen path -> path its permission strings are named after, where it differs from the screen path. */
export const SCREEN_PERMISSION_PATHS: Record<string, string> = Object.fromEntries([
  ...SCREENS.filter((s) => s.api || s.permissionPath).map((s) => [s.resource, s.permissionPath ?? s.api!]),
  ...DETAIL_RESOURCES.map((d) => [d.resource, d.permissionPath]),
]);
