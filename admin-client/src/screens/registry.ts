import { lazy, type ComponentType } from 'react';

/** A back-office screen: which server route component it answers, its API resource and its views. */
export interface ScreenDefinition {
  /** The `component` of the menu table, e.g. `system/post/index`. */
  component: string;
  /** Screen path = react-admin resource name, e.g. `system/post`. */
  resource: string;
  /** API path when it differs from the screen path. */
  api?: string;
  /** Field that identifies a row. */
  primaryKey: string;
  list: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
}

/** Screens built so far; the others show a "being built" page. Each one is a separate chunk. */
export const SCREENS: ScreenDefinition[] = [
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
    component: 'system/config/index',
    resource: 'system/config',
    primaryKey: 'configId',
    list: lazy(() => import('./system/config/ConfigScreens').then((m) => ({ default: m.ConfigList }))),
    create: lazy(() => import('./system/config/ConfigScreens').then((m) => ({ default: m.ConfigCreate }))),
    edit: lazy(() => import('./system/config/ConfigScreens').then((m) => ({ default: m.ConfigEdit }))),
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
];

export const screenByComponent = (component: string) => SCREENS.find((s) => s.component === component);

/** Screen path -> API path, for the screens whose paths differ (data provider and permission checks use it). */
export const SCREEN_API_PATHS: Record<string, string> = Object.fromEntries(SCREENS.filter((s) => s.api).map((s) => [s.resource, s.api!]));
