/** Business constants and limits of the product spec, section 9 (and section 5 where it gives numbers). */
export const API_BASE = '/prod-api';
export const REQUEST_TIMEOUT_MS = 800_000;
export const CAPTCHA_TIMEOUT_MS = 20_000;
export const REPEAT_SUBMIT_WINDOW_MS = 1_000;
export const REMEMBER_ME_DAYS = 30;
export const MESSAGE_DURATION_MS = 5_000;

export const REFERRAL = {
  cookieName: 'randomCode',
  cookieHours: 2,
  codeLength: 5,
  maxRedirectLoops: 3,
} as const;

export const ACCOUNT = {
  registerUsernameMin: 3,
  registerUsernameMax: 20,
  registerPasswordMin: 6,
  /** Upper bound of member passwords (the spec gives only the minimum). */
  registerPasswordMax: 64,
  adminUsernameMin: 2,
  adminUsernameMax: 20,
} as const;

export const SECURITY = {
  /** 0 = never expires; max 100 days. */
  passwordExpiryMaxSeconds: 100 * 24 * 3600,
  /** 0 = unlimited retries per day. */
  retryLimitUnlimited: 0,
  lockMaxSeconds: 365 * 24 * 3600,
} as const;

export const PAGING = {
  defaultPageNum: 1,
  defaultPageSize: 20,
  maxPageSize: 500,
  pageSizeOptions: [10, 20, 30, 50],
  pagerCountMobile: 5,
  pagerCountDesktop: 7,
  scrollToTopMs: 800,
  siteDialogPageSize: 10,
  /** Site list page size 0 = default 10. */
  siteListDefaultPageSize: 10,
  /** Rows an Excel export may hold at most. */
  exportMaxRows: 100_000,
} as const;

export const UPLOAD = {
  defaultFileCount: 5,
  defaultFileSizeMb: 5,
  imageSizeMb: 2,
  imageExtensions: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'tiff'],
  defaultAllowedExtensions: ['doc', 'xls', 'ppt', 'txt', 'pdf', 'png', 'jpg', 'jpeg'],
} as const;

export const LAYOUT = {
  mobileBreakpointPx: 992,
  sidebarWidthPx: 200,
  settingsDrawerPx: 280,
  contextMenuPx: 105,
  loginDialogPx: 400,
  siteDialogPx: 800,
  defaultThemeColor: '#409EFF',
  themePresets: ['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'],
} as const;

export const PUBLISH_POLL = {
  pollMs: 5_000,
  flagCheckMs: 2_000,
  stopAfterZeroCounts: 3,
} as const;

/** AI writing input limits (characters). */
export const AI_WRITING_LIMITS = {
  title: { min: 1, max: 200 },
  profession: { min: 0, max: 100 },
  coreContent: { min: 1, max: 200 },
  businessPlanTitle: { min: 0, max: 200 },
} as const;

export const DATE_FORMAT = '{y}-{m}-{d} {h}:{i}:{s}';
