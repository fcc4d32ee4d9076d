import { CHECK_TYPES, fileNameTitle, type CheckTypeCode, type CheckTypeDef } from '@zhiwen/shared';
import type { MessageKey } from '../app/messages';
import type { CheckProductPublicDto, MemberOrderDto, OrderStatus, PayChannel, PaymentMethodsDto, PayMethod, ReportFormat } from './api';

/** Pure rules of the check pages (tested in test/checkRules.test.ts). */

/** What the server accepts (it checks again): docx, pdf or txt, 30 MB at most. */
export const PAPER_EXTENSIONS = ['docx', 'pdf', 'txt'] as const;
export const PAPER_MAX_MB = 30;
export const PAPER_MAX_BYTES = PAPER_MAX_MB * 1024 * 1024;
export const TITLE_MAX = 200;
export const AUTHOR_MAX = 100;

export interface FieldProblem {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** Rounded up to 0.1 MB, so a file just over the limit never reads as exactly 30.0 MB. */
const megabytesUp = (bytes: number) => (Math.ceil((bytes / 1024 / 1024) * 10) / 10).toFixed(1);

export function checkPaperFile(file: { name: string; size: number } | null | undefined): FieldProblem | undefined {
  if (!file) return { key: 'check.err.fileRequired' };
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase();
  if (!extension || !(PAPER_EXTENSIONS as readonly string[]).includes(extension)) {
    return { key: 'check.err.fileType', params: { types: PAPER_EXTENSIONS.map((e) => `.${e}`).join('、') } };
  }
  if (file.size > PAPER_MAX_BYTES) return { key: 'check.err.fileTooLarge', params: { mb: PAPER_MAX_MB, size: megabytesUp(file.size) } };
  if (file.size === 0) return { key: 'check.err.fileEmpty' };
  return undefined;
}

export interface OrderFields {
  title: string;
  author: string;
  file: { name: string; size: number } | null;
}

/** Field problems of the order form (characters counted as code points, like the server's MaxLength). */
export function checkOrderFields(fields: OrderFields): Partial<Record<keyof OrderFields, FieldProblem>> {
  const problems: Partial<Record<keyof OrderFields, FieldProblem>> = {};
  const title = fields.title.trim();
  if (!title) problems.title = { key: 'check.err.titleRequired' };
  else if ([...title].length > TITLE_MAX) problems.title = { key: 'check.err.titleTooLong', params: { max: TITLE_MAX } };
  if ([...fields.author.trim()].length > AUTHOR_MAX) problems.author = { key: 'check.err.authorTooLong', params: { max: AUTHOR_MAX } };
  const file = checkPaperFile(fields.file);
  if (file) problems.file = file;
  return problems;
}

/** Statuses in which the check is under way: the page follows them. */
export const RUNNING_STATUSES: readonly OrderStatus[] = ['paid', 'queued', 'checking'];
export const POLL_MS = 1500;
/** Waiting for staff to confirm a manual payment takes minutes: asked less often. */
export const CONFIRMATION_POLL_MS = 5000;

/** An online payment under way: the member pays on the phone and the page should follow within a breath. */
export const PAYMENT_POLL_MS = 2000;

/** How long until the order is read again; null stops following it (finished, failed, unpaid, cancelled...). */
export function pollDelay(order: Pick<MemberOrderDto, 'status' | 'awaitingConfirmation' | 'payment'>): number | null {
  if (RUNNING_STATUSES.includes(order.status)) return POLL_MS;
  if (order.status === 'created' && order.awaitingConfirmation) return CONFIRMATION_POLL_MS;
  if (order.status === 'created' && order.payment?.status === 'pending') return PAYMENT_POLL_MS;
  return null;
}

type PaidBits = Pick<MemberOrderDto, 'orderNo' | 'status' | 'payment'>;

/** The same order left `created` for its check while an online trade was open: the payment arrived (支付成功). */
export function paymentArrived(previous: PaidBits, next: PaidBits): boolean {
  const started = RUNNING_STATUSES.includes(next.status) || next.status === 'done';
  return previous.orderNo === next.orderNo && previous.status === 'created' && Boolean(previous.payment) && started;
}

/** Where the member pays: a desktop browser (QR codes), a mobile browser (redirects) or WeChat's own browser (JSAPI). */
export type PayDevice = 'desktop' | 'mobile' | 'wechat';

/** The device of a user agent; `narrowTouch` is a small touch screen (a phone whose UA does not say so). */
export function payDevice(userAgent: string, narrowTouch = false): PayDevice {
  if (/MicroMessenger/i.test(userAgent)) return 'wechat';
  if (/Android|iPhone|iPad|iPod|Mobile|HarmonyOS|OpenHarmony/i.test(userAgent) || narrowTouch) return 'mobile';
  return 'desktop';
}

/**
 * Methods by device, best first. A QR code is the fallback anywhere (it can be scanned from another phone). Inside
 * WeChat only JSAPI works for WeChat Pay (H5 is refused there) and WeChat blocks Alipay's pages, so Alipay shows its QR.
 */
const METHOD_PREFERENCE: Record<PayDevice, Record<PayChannel, PayMethod[]>> = {
  desktop: { wechat: ['native'], alipay: ['precreate', 'page'] },
  mobile: { wechat: ['h5', 'native'], alipay: ['wap', 'precreate'] },
  wechat: { wechat: ['jsapi', 'native'], alipay: ['precreate'] },
};

/** The method a channel is paid with on this device, among those the server lists; null when none fits. */
export function choosePayMethod(channel: PayChannel, offered: PaymentMethodsDto['channels'], device: PayDevice): PayMethod | null {
  const listed = offered.find((entry) => entry.channel === channel)?.methods ?? [];
  return METHOD_PREFERENCE[device][channel].find((method) => listed.includes(method)) ?? null;
}

/** The channels the member can pay with here, in the server's order, each with its method. */
export function payOptions(offered: PaymentMethodsDto['channels'], device: PayDevice): { channel: PayChannel; method: PayMethod }[] {
  return offered.flatMap(({ channel }) => {
    const method = choosePayMethod(channel, offered, device);
    return method ? [{ channel, method }] : [];
  });
}

/** On a desktop, Alipay's QR page also offers its own checkout page ("电脑网站支付") when the server lists it. */
export function secondaryPayMethod(channel: PayChannel, method: string, offered: PaymentMethodsDto['channels'], device: PayDevice): PayMethod | null {
  if (device !== 'desktop' || channel !== 'alipay' || method !== 'precreate') return null;
  return offered.find((entry) => entry.channel === 'alipay')?.methods.includes('page') ? 'page' : null;
}

/** Methods shown as a QR code; the others send the browser to the provider (or call WeChat's bridge). */
export const isQrMethod = (method: string): boolean => method === 'native' || method === 'precreate';

/** Milliseconds left until `deadline` (ISO), never below 0; null without a (valid) deadline. */
export function msLeft(deadline: string | null | undefined, now: number): number | null {
  if (!deadline) return null;
  const end = Date.parse(deadline);
  return Number.isNaN(end) ? null : Math.max(0, end - now);
}

/** A countdown as "mm:ss" (minutes may pass 59), rounded up so it reads 00:00 only when the time is up. */
export function countdownText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Download buttons, in this order, of the formats the order has now (reports exist once the order is done). */
export const DOWNLOAD_ORDER: readonly ReportFormat[] = ['pdf', 'html', 'full', 'docx'];

export function offeredDownloads(order: Pick<MemberOrderDto, 'status' | 'reports'>): ReportFormat[] {
  if (order.status !== 'done') return [];
  const has = new Set(order.reports ?? []);
  return DOWNLOAD_ORDER.filter((format) => has.has(format));
}

/** A rewrite that failed part-way can continue with the paragraphs still to do. */
export function canResume(order: Pick<MemberOrderDto, 'status' | 'kind' | 'rewrite'>): boolean {
  return order.status === 'failed' && order.kind === 'rewrite' && (order.rewrite?.failed ?? 0) > 0;
}

/** The report (HTML) can be shown in the page. */
export const hasHtmlReport = (order: Pick<MemberOrderDto, 'status' | 'reports'>): boolean => offeredDownloads(order).includes('html');

/** The `?order=` value when it looks like an order number (it comes from the URL, so it is checked). */
export function orderNoFromQuery(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && /^[A-Za-z0-9_-]{1,64}$/.test(trimmed) ? trimmed : undefined;
}

const FILE_EXTENSIONS: Record<ReportFormat, string> = { pdf: 'pdf', html: 'html', full: 'html', docx: 'docx' };
const FILE_SUFFIXES: Record<ReportFormat, string> = { pdf: '检测报告', html: '检测报告', full: '全文对照报告', docx: '改写稿' };

/**
 * The name a downloaded report is saved under: the server's name when it gave one, else
 * "{title}-{suffix}-{orderNo}.{ext}" without characters file systems refuse.
 */
export function reportFileName(order: Pick<MemberOrderDto, 'orderNo' | 'title'>, format: ReportFormat, serverName?: string): string {
  if (serverName && /\.[A-Za-z0-9]+$/.test(serverName)) return serverName;
  const title = fileNameTitle(order.title, 50);
  return `${title ? `${title}-` : ''}${FILE_SUFFIXES[format]}-${order.orderNo}.${FILE_EXTENSIONS[format]}`;
}

const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The check type sold on a route (`/aigc` -> aigc). */
export function checkTypeOfRoute(path: string): CheckTypeCode | undefined {
  const route = normalize(path);
  return (Object.keys(CHECK_TYPES) as CheckTypeCode[]).find((code) => CHECK_TYPES[code].route === route);
}

export const checkTypeDef = (code: string | undefined): CheckTypeDef | undefined =>
  code && code in CHECK_TYPES ? CHECK_TYPES[code as CheckTypeCode] : undefined;

/** The product a route sells: the one whose pathUrl is the route, else one of the route's check type. */
export function productForPath(products: readonly CheckProductPublicDto[], path: string): CheckProductPublicDto | undefined {
  const route = normalize(path);
  const code = checkTypeOfRoute(route);
  return products.find((p) => normalize(p.pathUrl ?? '') === route) ?? (code ? products.find((p) => p.checkType === code) : undefined);
}

/** Where a product (or an order of a type) is followed: its pathUrl when it is a path of this site, else its type's route. */
export function productRoute(pathUrl: string | undefined, checkType: string): string {
  if (pathUrl && /^\/[A-Za-z0-9_-]+$/.test(pathUrl)) return pathUrl;
  return checkTypeDef(checkType)?.route ?? '/aicheck';
}

/** Link that opens an order on its product page. */
export const orderLink = (order: Pick<MemberOrderDto, 'orderNo' | 'checkType'>): string =>
  `${productRoute(undefined, order.checkType)}?order=${encodeURIComponent(order.orderNo)}`;

/** A rewrite lowers the duplicate rate when its type searches libraries, else the AI rate. */
export const rewriteLowersDuplicates = (checkType: string): boolean => (checkTypeDef(checkType)?.libraryKinds.length ?? 0) > 0;
