import type { StateChoice } from '../../../components/StateChip';

/** Content types and their labels. */
export const CONTENT_TYPES = ['article', 'image', 'audio', 'video'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export const CONTENT_TYPE_CHOICES = CONTENT_TYPES.map((id) => ({ id, name: `app.cms_content.type_${id}` }));
export const isContentType = (value: string | undefined): value is ContentType => (CONTENT_TYPES as readonly string[]).includes(value ?? '');

/** Statuses outside the recycle bin (docs/cms.md "Content statuses"), with the colour of their chip. */
export const CONTENT_STATUS = [
  { id: 'draft', name: 'app.cms_content.status_draft', color: 'default' },
  { id: 'to_publish', name: 'app.cms_content.status_to_publish', color: 'warning' },
  { id: 'published', name: 'app.cms_content.status_published', color: 'success' },
  { id: 're_edit', name: 'app.cms_content.status_re_edit', color: 'info' },
  { id: 'offline', name: 'app.cms_content.status_offline', color: 'secondary' },
  { id: 'archived', name: 'app.cms_content.status_archived', color: 'default' },
  { id: 'deleted', name: 'app.cms_content.status_deleted', color: 'error' },
] as const satisfies readonly StateChoice[];
export type ContentStatus = (typeof CONTENT_STATUS)[number]['id'];

/** Tabs of the content list: every status but deleted, then the recycle bin (its own list). */
export const STATUS_TABS = ['all', 'draft', 'to_publish', 'published', 're_edit', 'offline', 'archived', 'recycle'] as const;
export type StatusTab = (typeof STATUS_TABS)[number];

/** The list filter of a tab: `status` set for a status tab, removed for "all" (the recycle tab has its own list). */
export function statusTabFilter(tab: StatusTab, filter: Record<string, unknown>): Record<string, unknown> {
  const { status: _status, ...rest } = filter;
  return tab === 'all' || tab === 'recycle' ? rest : { ...rest, status: tab };
}

/** The tab a list filter shows. */
export function tabOfFilter(filter: Record<string, unknown>): StatusTab {
  const status = filter.status;
  return typeof status === 'string' && (STATUS_TABS as readonly string[]).includes(status) ? (status as StatusTab) : 'all';
}

/** Attribute filters of the list (`attributes=recommend,hot,top`). */
export const CONTENT_ATTRS = ['top', 'recommend', 'hot'] as const;
export const CONTENT_ATTR_CHOICES = CONTENT_ATTRS.map((id) => ({ id, name: `app.cms_content.attr_${id}` }));

/** A content row as the list answers it (the fields these helpers read). */
export interface ContentRow {
  [field: string]: unknown;
  contentId?: string;
  catalogId?: string;
  contentType?: string;
  status?: string;
  topFlag?: string | number;
  recommend?: boolean;
  hot?: boolean;
  lockUser?: string;
}

export const isTop = (row: ContentRow) => !!row.topFlag && String(row.topFlag) !== '0';

/** Actions on content from the list: a status change, a flag, or a dialog. */
export type ContentAction =
  | 'publish'
  | 'toPublish'
  | 'offline'
  | 'archive'
  | 'delete'
  | 'move'
  | 'copy'
  | 'setTop'
  | 'cancelTop'
  | 'recommend'
  | 'cancelRecommend'
  | 'hot'
  | 'cancelHot'
  | 'lock'
  | 'unlock'
  | 'sort'
  | 'log';

interface ActionDef {
  /** Permission string of the route (menu seed `cms.content` buttons). */
  permission: string;
  /** Statuses it starts from (the server's transitions); undefined = any status of the list. */
  from?: readonly string[];
  /** Whether the row's flags allow it (a row already top cannot be set top...). */
  when?: (row: ContentRow) => boolean;
  /** One row at a time (its own dialog or route with an id in the path). */
  single?: boolean;
}

/** Mirrors server/src/cms/content/content-status.ts TRANSITIONS, so a button never offers what the server refuses. */
export const CONTENT_ACTIONS: Record<ContentAction, ActionDef> = {
  publish: { permission: 'cms:content:publish', from: ['draft', 'to_publish', 're_edit', 'offline'] },
  toPublish: { permission: 'cms:content:toPublish', from: ['draft', 're_edit', 'offline'] },
  offline: { permission: 'cms:content:offline', from: ['published', 're_edit', 'to_publish'] },
  archive: { permission: 'cms:content:archive', from: ['published', 'offline'] },
  delete: { permission: 'cms:content:remove', from: ['draft', 'to_publish', 'published', 're_edit', 'offline', 'archived'] },
  move: { permission: 'cms:content:move' },
  copy: { permission: 'cms:content:copy' },
  setTop: { permission: 'cms:content:top', when: (r) => !isTop(r) },
  cancelTop: { permission: 'cms:content:top', when: isTop },
  recommend: { permission: 'cms:content:attr', when: (r) => !r.recommend },
  cancelRecommend: { permission: 'cms:content:attr', when: (r) => !!r.recommend },
  hot: { permission: 'cms:content:attr', when: (r) => !r.hot },
  cancelHot: { permission: 'cms:content:attr', when: (r) => !!r.hot },
  lock: { permission: 'cms:content:lock', when: (r) => !r.lockUser, single: true },
  unlock: { permission: 'cms:content:lock', when: (r) => !!r.lockUser, single: true },
  sort: { permission: 'cms:content:sort', single: true },
  log: { permission: 'cms:content:view', single: true },
};

/** Order of the buttons: row menu and bulk toolbar. */
export const CONTENT_ACTION_NAMES = Object.keys(CONTENT_ACTIONS) as ContentAction[];

/** Whether an action may be taken on a row: its status and flags allow it and the caller holds the permission. */
export function actionAllowed(action: ContentAction, row: ContentRow, hasPermission: (permission: string) => boolean): boolean {
  const def = CONTENT_ACTIONS[action];
  if (!hasPermission(def.permission)) return false;
  if (def.from && !def.from.includes(String(row.status))) return false;
  return def.when ? def.when(row) : true;
}

/** The actions of one row's menu. */
export function rowActions(row: ContentRow, hasPermission: (permission: string) => boolean): ContentAction[] {
  return CONTENT_ACTION_NAMES.filter((a) => actionAllowed(a, row, hasPermission));
}

/**
 * The bulk actions of a selection: those not limited to one row that every selected row allows (a mixed selection
 * offers what is legal for all, so the all-or-nothing server call does not fail).
 */
export function bulkActions(rows: readonly ContentRow[], hasPermission: (permission: string) => boolean): ContentAction[] {
  if (!rows.length) return [];
  return CONTENT_ACTION_NAMES.filter((a) => !CONTENT_ACTIONS[a].single && rows.every((r) => actionAllowed(a, r, hasPermission)));
}

/** Route and body of an action taken on ids without a dialog (flags and status changes). */
export function actionCall(action: ContentAction, contentIds: string[]): { method: 'POST' | 'DELETE'; url: string; data: unknown } | undefined {
  const ids = { contentIds };
  switch (action) {
    case 'publish':
      return { method: 'POST', url: '/cms/content/publish', data: ids };
    case 'toPublish':
      return { method: 'POST', url: '/cms/content/to_publish', data: ids };
    case 'offline':
      return { method: 'POST', url: '/cms/content/offline', data: ids };
    case 'archive':
      return { method: 'POST', url: '/cms/content/archive', data: ids };
    case 'delete':
      return { method: 'DELETE', url: '/cms/content', data: ids };
    case 'cancelTop':
      return { method: 'POST', url: '/cms/content/cancel_top', data: ids };
    case 'recommend':
      return { method: 'POST', url: '/cms/content/attr', data: { ...ids, attr: 'recommend' } };
    case 'cancelRecommend':
      return { method: 'DELETE', url: '/cms/content/attr', data: { ...ids, attr: 'recommend' } };
    case 'hot':
      return { method: 'POST', url: '/cms/content/attr', data: { ...ids, attr: 'hot' } };
    case 'cancelHot':
      return { method: 'DELETE', url: '/cms/content/attr', data: { ...ids, attr: 'hot' } };
    case 'lock':
      return { method: 'POST', url: `/cms/content/lock/${encodeURIComponent(contentIds[0])}`, data: undefined };
    case 'unlock':
      return { method: 'POST', url: `/cms/content/unlock/${encodeURIComponent(contentIds[0])}`, data: undefined };
    default:
      return undefined; // needs a dialog first
  }
}

/** Actions that put pages on the site (the navbar then polls the publish tasks). */
export const PUBLISHING_ACTIONS: readonly ContentAction[] = ['publish'];

/** Body of `POST /cms/content/sort`: place `contentId` just before `targetId`. */
export function contentSortBody(contentId: string, targetId: string): { contentId: string; targetId: string } | undefined {
  if (!contentId || !targetId || String(contentId) === String(targetId)) return undefined;
  return { contentId: String(contentId), targetId: String(targetId) };
}

/** Body of `POST /cms/content/set_top`: the end time only when given. */
export function setTopBody(contentIds: string[], topEndTime: string): { contentIds: string[]; topEndTime?: string } {
  const iso = fromLocalInput(topEndTime);
  return iso ? { contentIds, topEndTime: iso } : { contentIds };
}

/** Spec 5: a third-party video embed code cannot be empty and its iframe must have an http(s) src. */
export function isValidEmbedCode(code: string | undefined): boolean {
  const text = (code ?? '').trim();
  if (!text) return false;
  return /<iframe\b[^>]*\ssrc\s*=\s*(["']?)\s*https?:\/\/[^\s"'>]+/i.test(text);
}

// ---------------------------------------------------------------------------------------------------------------
// Dates of the editor: <input type="datetime-local"> works in local time without a zone; the API takes ISO.
// ---------------------------------------------------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO (or a Date) -> `YYYY-MM-DDTHH:mm` in local time; '' when empty or invalid. */
export function toLocalInput(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** `YYYY-MM-DDTHH:mm` (local) -> ISO; '' when empty or invalid. */
export function fromLocalInput(value: string | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
}

/** Whether a local date-time input is later than now (a scheduled publish needs it). */
export const isFuture = (value: string, now = Date.now()) => {
  const iso = fromLocalInput(value);
  return !!iso && new Date(iso).getTime() > now;
};

// ---------------------------------------------------------------------------------------------------------------
// The editor
// ---------------------------------------------------------------------------------------------------------------

/** The editor page (a detail page outside the route tree); 0 = new content. */
export const EDITOR_ROUTE = 'cms/content/editor/:catalogId/:contentType/:contentId';
export const editorPath = (catalogId: string | number, contentType: string, contentId: string | number = 0) =>
  `/cms/content/editor/${encodeURIComponent(String(catalogId))}/${encodeURIComponent(contentType)}/${encodeURIComponent(String(contentId))}`;

export interface MediaItem {
  path: string;
  title?: string;
  description?: string;
  duration?: number;
}
export interface VideoItem extends MediaItem {
  type: 'local' | 'share';
  embedCode?: string;
}

/** What `GET /cms/content/init/...` answers and the editor edits. */
/** What a save did with remote images (`remoteImageDownload` on): the server answers it when any image was remote. */
export interface RemoteImagesSummary {
  localized: number;
  failed: number;
  skipped: number;
}

export interface ContentForm {
  contentId?: string;
  /** Only in a save's answer. */
  remoteImages?: RemoteImagesSummary;
  /** Only in a save's answer: sensitive words of the text when the site's check warns. */
  sensitiveWords?: string[];
  catalogId: string;
  catalogName?: string;
  contentType: ContentType;
  status?: string;
  lockUser?: string;
  title: string;
  subTitle?: string;
  shortTitle?: string;
  titleStyle?: string;
  logo?: string;
  author?: string;
  editor?: string;
  original?: boolean;
  summary?: string;
  tags?: string[];
  keywords?: string[];
  source?: string;
  sourceUrl?: string;
  publishDate?: string | null;
  offlineDate?: string | null;
  publishPipes?: string[];
  staticPath?: string;
  template?: string;
  linkFlag?: boolean;
  redirectUrl?: string;
  seoTitle?: string;
  seoKeywords?: string;
  seoDescription?: string;
  remark?: string;
  contentHtml?: string;
  images?: MediaItem[];
  audios?: MediaItem[];
  videos?: VideoItem[];
  relaContentIds?: string[];
}

/** Quill's empty document. */
const EMPTY_HTML = /^(<p>(<br\s*\/?>)?<\/p>\s*)*$/i;

/**
 * The body of `POST /cms/content` (new) or `PUT /cms/content` (with contentId): the form's fields, the body of its
 * type only, dates as ISO. Related ids go with a new content only; saved content changes them through /rela.
 */
export function contentBody(form: ContentForm): Record<string, unknown> {
  const text = (v: string | undefined) => (v ?? '').trim();
  const body: Record<string, unknown> = {
    catalogId: String(form.catalogId),
    contentType: form.contentType,
    title: text(form.title),
    subTitle: text(form.subTitle),
    shortTitle: text(form.shortTitle),
    titleStyle: form.titleStyle ?? '',
    logo: text(form.logo),
    author: text(form.author),
    editor: text(form.editor),
    original: !!form.original,
    summary: form.summary ?? '',
    tags: form.tags ?? [],
    keywords: form.keywords ?? [],
    source: text(form.source),
    sourceUrl: text(form.sourceUrl),
    publishDate: form.publishDate || '',
    offlineDate: form.offlineDate || '',
    publishPipes: form.publishPipes ?? [],
    staticPath: text(form.staticPath),
    template: text(form.template),
    linkFlag: !!form.linkFlag,
    redirectUrl: form.linkFlag ? text(form.redirectUrl) : '',
    seoTitle: form.seoTitle ?? '',
    seoKeywords: form.seoKeywords ?? '',
    seoDescription: form.seoDescription ?? '',
    remark: form.remark ?? '',
  };
  switch (form.contentType) {
    case 'article':
      body.contentHtml = EMPTY_HTML.test(form.contentHtml ?? '') ? '' : (form.contentHtml ?? '');
      break;
    case 'image':
      body.images = (form.images ?? []).map(({ path, title, description }) => ({ path, title: title ?? '', description: description ?? '' }));
      break;
    case 'audio':
      body.audios = (form.audios ?? []).map(({ path, title, description, duration }) => ({
        path,
        title: title ?? '',
        description: description ?? '',
        duration: duration ?? 0,
      }));
      break;
    case 'video':
      body.videos = (form.videos ?? []).map((v) =>
        v.type === 'share'
          ? { type: 'share', embedCode: v.embedCode ?? '', title: v.title ?? '', description: v.description ?? '', duration: v.duration ?? 0 }
          : { type: 'local', path: v.path, title: v.title ?? '', description: v.description ?? '', duration: v.duration ?? 0 },
      );
      break;
  }
  if (form.contentId) body.contentId = String(form.contentId);
  else body.relaContentIds = form.relaContentIds ?? [];
  return body;
}

/** Client checks before a save; an i18n key of the first problem, or undefined. */
export function contentFormError(form: ContentForm): string | undefined {
  if (!form.title?.trim()) return 'app.cms_editor.title_required';
  if (form.linkFlag && !form.redirectUrl?.trim()) return 'app.cms_editor.redirect_required';
  if (form.contentType === 'image' && !form.images?.length) return 'app.cms_editor.images_required';
  if (form.contentType === 'audio' && !form.audios?.some((a) => a.path.trim())) return 'app.cms_editor.audios_required';
  if (form.contentType === 'video') {
    if (!form.videos?.length) return 'app.cms_editor.videos_required';
    for (const v of form.videos) {
      if (v.type === 'share' && !isValidEmbedCode(v.embedCode)) return 'app.cms_editor.embed_invalid';
      if (v.type !== 'share' && !v.path.trim()) return 'app.cms_editor.video_path_required';
    }
  }
  return undefined;
}

/** Locked by someone else: the editor is read-only (the server refuses saves too). */
export const lockedByOther = (lockUser: string | undefined, userName: string | undefined) => !!lockUser && lockUser !== userName;

/** Spec 9: the rich-text toolbar, in order. */
export const RICH_TEXT_TOOLBAR = [
  ['bold', 'italic', 'underline', 'strike'],
  ['blockquote', 'code-block'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ indent: '-1' }, { indent: '+1' }],
  [{ size: ['small', false, 'large', 'huge'] }],
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  [{ color: [] }, { background: [] }],
  [{ align: [] }],
  ['clean'],
  ['link', 'image', 'video'],
];

/** Images the editor takes before uploading (the server checks the bytes: jpg, png, gif, webp, 5 MB). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

/** A list with item `i` moved `delta` places (reordering images, audio, video); unchanged at the ends. */
export function moveItem<T>(list: readonly T[], i: number, delta: number): T[] {
  const j = i + delta;
  if (i < 0 || i >= list.length || j < 0 || j >= list.length) return [...list];
  const next = [...list];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}
