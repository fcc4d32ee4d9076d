/** Envelope codes of every API answer (DESIGN section 5). */
export const ResultCode = {
  SUCCESS: 200,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ERROR: 500,
  WARN: 601,
} as const;
export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];

/** Every answer of `/prod-api` has this shape. */
export interface ApiResult<T = unknown> {
  code: number;
  msg: string;
  data?: T;
}

/** `data` of a list call. */
export interface PageResult<T> {
  rows: T[];
  total: number;
  /** False when `total` is the database's estimate (a large table): show it as "about N". Absent means exact. */
  totalExact?: boolean;
  /** Opaque continuation of a full page: sent back as `cursor`, it answers the next page without an offset. */
  nextCursor?: string;
}

/** Query of a list call. */
export interface PageQuery {
  pageNum?: number;
  pageSize?: number;
  orderByColumn?: string;
  /** `asc`/`desc`, also `ascending`/`descending` as sent by table components. */
  isAsc?: 'asc' | 'desc' | 'ascending' | 'descending';
  /** `nextCursor` of the previous page: the next page by keyset (for clients paging forward); `pageNum` is ignored. */
  cursor?: string;
}

/** Field-level validation problem, listed in `data.errors` of a code-500 validation answer. */
export interface FieldError {
  field: string;
  message: string;
}

/** Header that turns a `POST` to a list path into an .xlsx download. */
export const EXPORT_HEADER = 'cc-export';
/** Header naming the file of a download. */
export const DOWNLOAD_FILENAME_HEADER = 'download-filename';
export const CURRENT_SITE_HEADER = 'CurrentSite';
