import type { CheckKind, CheckOrderStatus, CheckTypeCode, PageResult, PriceMode } from '@zhiwen/shared';
import { http } from '../app/http';
import type { Download } from '../app/http/client';

/** Calls and types of the member check service (docs/check-service.md). */

/** The order states of the shared package (the server's status machine). */
export type OrderStatus = CheckOrderStatus;
export type ReportFormat = 'html' | 'pdf' | 'full' | 'docx';

/** `GET /check/products`: an enabled product as the public site sees it. */
export interface CheckProductPublicDto {
  productId: string;
  productName: string;
  /** Fen: per paper, or per started thousand characters. */
  price: number;
  priceMode: PriceMode;
  image: string;
  pathUrl: string;
  description: string;
  sort: number;
  checkType: CheckTypeCode;
  kind: CheckKind;
  charLimit: number;
  /** Library kinds searched and report variants delivered (the type's, as the server knows them). */
  libraryKinds?: readonly string[];
  reports: readonly string[];
}

export interface OrderResult {
  totalRatio: number | null;
  ratioExcludingCited: number | null;
  ratioExcludingSelf: number | null;
  largestSourceRatio: number | null;
  aigcScore: number | null;
}

export interface RewriteResult {
  paragraphs: number;
  rewritten: number;
  failed: number;
  before: number | null;
  after: number | null;
}

/** An own order (`/check/orders...`). Ratios are in [0, 1]; fees in fen. */
export interface MemberOrderDto {
  orderNo: string;
  title: string;
  author: string;
  productId: string | null;
  productName: string;
  checkType: CheckTypeCode;
  kind: CheckKind;
  totalFee: number;
  charCount: number;
  status: OrderStatus;
  payProvider: string;
  awaitingConfirmation: boolean;
  payTime: string | null;
  fileName: string;
  createTime: string;
  updateTime: string;
  progress: number;
  stage: string;
  result: OrderResult | null;
  rewrite: RewriteResult | null;
  reports: ReportFormat[];
  errorMessage: string;
  reused: boolean;
  unread: boolean;
  /** Online payment (docs/payments.md); absent from servers without it. ISO; the unpaid order is cancelled after it. */
  payDeadline?: string | null;
  /** The latest payment attempt of an online channel, null when none was started. */
  payment?: OrderPayment | null;
  refundedFee?: number;
  refunds?: OrderRefund[];
}

export type PayChannel = 'wechat' | 'alipay';
/** wechat: native (QR) | h5 (mobile browser) | jsapi (inside WeChat); alipay: precreate (QR) | page (desktop) | wap (mobile). */
export type PayMethod = 'native' | 'h5' | 'jsapi' | 'precreate' | 'page' | 'wap';

export interface OrderPayment {
  channel: PayChannel;
  method: string;
  status: 'pending' | 'paid' | 'closed';
  /** native/precreate: the QR text ('' otherwise). */
  codeUrl: string;
  /** The QR as a data: URL ('' when none). */
  qrImage: string;
  /** h5/page/wap: where the browser goes to pay ('' otherwise). */
  payUrl: string;
  /** jsapi: the parameters of WeixinJSBridge's getBrandWCPayRequest. */
  jsapi: Record<string, string> | null;
  expireTime: string;
}

export interface OrderRefund {
  /** Fen. */
  amount: number;
  status: 'processing' | 'success' | 'failed' | 'closed';
  reason: string;
  createTime: string;
  successTime: string | null;
}

/** `GET /check/payment/methods`: the enabled online channels (empty: staff confirm payments, the old way). */
export interface PaymentMethodsDto {
  channels: { channel: PayChannel; methods: string[] }[];
  timeoutMinutes: number;
}

/** A payment method picked by the member; returnUrl brings a redirect payment back to the order. */
export interface PayChoice {
  channel: PayChannel;
  method: PayMethod;
  returnUrl?: string;
}

export interface OrderQuery {
  pageNum: number;
  pageSize: number;
  orderNo?: string;
  status?: OrderStatus;
  kind?: CheckKind;
}

export interface NewOrder {
  productId: string;
  title: string;
  author: string;
  file: File;
}

const orderPath = (orderNo: string) => `/check/orders/${encodeURIComponent(orderNo)}`;
const isOrder = (value: unknown): value is MemberOrderDto => typeof value === 'object' && value !== null && 'orderNo' in value && 'status' in value;

/** Public: no token, and a 401 (none expected) opens no login modal. */
const PUBLIC = { withToken: false, requiresAuth: false } as const;

export async function fetchCheckProducts(): Promise<CheckProductPublicDto[]> {
  return (await http.get<CheckProductPublicDto[]>('/check/products', undefined, PUBLIC)).data ?? [];
}

export async function createOrder(order: NewOrder): Promise<MemberOrderDto> {
  const form = new FormData();
  form.append('productId', order.productId);
  form.append('title', order.title);
  if (order.author) form.append('author', order.author);
  form.append('file', order.file, order.file.name);
  // The server's msg names the problem (too long, unreadable file, product off sale).
  return (await http.post<MemberOrderDto>('/check/orders', form, { preferServerMessage: true })).data!;
}

export async function fetchOrder(orderNo: string, signal?: AbortSignal): Promise<MemberOrderDto> {
  return (await http.get<MemberOrderDto>(orderPath(orderNo), undefined, { signal })).data!;
}

/** Pay (or resume): the answer is the order when the server sends it, else it is read again. */
async function act(orderNo: string, action: 'pay' | 'resume', body?: PayChoice): Promise<MemberOrderDto> {
  const data = (await http.post<unknown>(`${orderPath(orderNo)}/${action}`, body, { preferServerMessage: true })).data;
  return isOrder(data) ? data : fetchOrder(orderNo);
}

/** Without a choice: the old way (a free order starts, a priced one waits for staff); with one: an online trade. */
export const payOrder = (orderNo: string, choice?: PayChoice) => act(orderNo, 'pay', choice);
export const resumeOrder = (orderNo: string) => act(orderNo, 'resume');

export async function fetchPaymentMethods(signal?: AbortSignal): Promise<PaymentMethodsDto> {
  const data = (await http.get<PaymentMethodsDto>('/check/payment/methods', undefined, { ...PUBLIC, signal })).data;
  return { channels: data?.channels ?? [], timeoutMinutes: data?.timeoutMinutes ?? 0 };
}

export async function listOrders(query: OrderQuery): Promise<PageResult<MemberOrderDto>> {
  const data = (await http.get<PageResult<MemberOrderDto>>('/check/orders', { ...query })).data;
  return { rows: data?.rows ?? [], total: data?.total ?? 0 };
}

export async function fetchUnreadCount(): Promise<number> {
  return (await http.get<{ count: number }>('/check/orders/unread')).data?.count ?? 0;
}

export function fetchReport(orderNo: string, format: ReportFormat): Promise<Download> {
  return http.download(`/check/reports/${encodeURIComponent(orderNo)}`, { params: { format } });
}

export async function fetchReportHtml(orderNo: string, signal?: AbortSignal): Promise<string> {
  const { blob } = await http.download(`/check/reports/${encodeURIComponent(orderNo)}`, { params: { format: 'html' }, signal });
  return blob.text();
}

export function fetchSampleReport(format: 'html' | 'pdf', signal?: AbortSignal): Promise<Download> {
  return http.download('/check/sample-report', { params: { format }, signal, ...PUBLIC });
}
