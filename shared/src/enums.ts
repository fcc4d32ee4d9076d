/** Enumerations the spec names (sections 3, 4 and 9), shared by server and clients. */

/** Status of users, roles, menus, jobs, tasks and most records: '0' normal, '1' disabled. */
export const CommonStatus = { NORMAL: '0', DISABLED: '1' } as const;
export type CommonStatusValue = (typeof CommonStatus)[keyof typeof CommonStatus];

export const YesNo = { YES: 'Y', NO: 'N' } as const;
export type YesNoValue = (typeof YesNo)[keyof typeof YesNo];

/** Content states (spec 4); the recycle bin keeps the state held before deletion. */
export const ContentStatus = {
  DRAFT: 'draft',
  TO_PUBLISH: 'to_publish',
  PUBLISHED: 'published',
  RE_EDIT: 're_edit',
  OFFLINE: 'offline',
  ARCHIVED: 'archived',
  DELETED: 'deleted',
} as const;
export type ContentStatusValue = (typeof ContentStatus)[keyof typeof ContentStatus];

export const ClientType = { DESKTOP: 'desktop', PHONE: 'phone', PAD: 'pad' } as const;
export const StorageType = { LOCAL: 'local', S3: 's3', MINIO: 'minio' } as const;
export const LinkTarget = { SELF: '_self', BLANK: '_blank' } as const;
export const SensitiveWordType = { SENSITIVE: 'sensitive', WHITELIST: 'whitelist' } as const;
/** Title repeat check of content: none, within the site, within the catalog. */
export const TitleRepeatCheck = { NONE: 'none', SITE: 'site', CATALOG: 'catalog' } as const;

/** Content sort options (spec 9). */
export const ContentSort = {
  DEFAULT: 'default',
  CREATE_TIME_ASC: 'create_time_asc',
  CREATE_TIME_DESC: 'create_time_desc',
  PUBLISH_DATE_ASC: 'publish_date_asc',
  PUBLISH_DATE_DESC: 'publish_date_desc',
  VIEWS_DESC: 'views_desc',
  FAVORITES_DESC: 'favorites_desc',
  LIKES_DESC: 'likes_desc',
  COMMENTS_DESC: 'comments_desc',
} as const;

/** Where a member account came from: self-registration, added by staff, or created by a WeChat QR login. */
export const MemberSource = { REGISTER: 'register', ADMIN: 'admin', WECHAT: 'wechat' } as const;
export type MemberSourceValue = (typeof MemberSource)[keyof typeof MemberSource];

/** Operations that grant members experience (exp config `opType`): signing in, registering, a completed check order. */
export const MemberExpOp = { SIGN_IN: 'signIn', REGISTER: 'register', CHECK_ORDER: 'checkOrder' } as const;
export type MemberExpOpValue = (typeof MemberExpOp)[keyof typeof MemberExpOp];

/** Layout defaults of the back office (spec 3). */
export const LAYOUT_DEFAULTS = {
  sideTheme: 'theme-dark',
  showSettings: false,
  topNav: false,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  dynamicTitle: false,
  errorLog: 'production',
} as const;
