import { CHECK_TYPES } from '@zhiwen/shared';
import { t } from '../../common/i18n/i18n';
import { inputErrorArgs } from '../library/check-document.service';
import type { CheckTask } from '../task/check-task.entity';
import type { MemberOrderDto, RewriteStateDto } from './check-order.dto';
import type { CheckOrder } from './check-order.entity';
import type { MemberPaymentView } from './order-payment';

/** Report files a member can download: the check's variants of the type, and the rewritten paper of a rewrite. */
export const MEMBER_REPORT_FORMATS = ['html', 'pdf', 'full', 'docx'] as const;
export type MemberReportFormat = (typeof MEMBER_REPORT_FORMATS)[number];

/** Formats of a finished order's reports (none before it is done). */
export function reportFormatsOf(order: Pick<CheckOrder, 'status' | 'checkType'>): MemberReportFormat[] {
  if (order.status !== 'done') return [];
  const type = CHECK_TYPES[order.checkType];
  const formats = MEMBER_REPORT_FORMATS.filter((f) => (type.reports as readonly string[]).includes(f));
  return type.kind === 'rewrite' ? [...formats, 'docx'] : formats;
}

/** The share of a rewrite order's progress the first check takes; the paragraphs and the re-check share the rest. */
const REWRITE_CHECK_SHARE = 40;

/**
 * Progress 0-100 of an order: 0 until it is queued, its task's progress while checking, 100 when done. A rewrite's
 * first check fills 0-40 %, its paragraphs 40-90 % and the re-check the last part.
 */
export function orderProgress(
  order: Pick<CheckOrder, 'status' | 'checkType'>,
  task?: Pick<CheckTask, 'progress' | 'status'>,
  rewrite?: RewriteStateDto,
): number {
  if (order.status === 'done') return 100;
  if (order.status !== 'queued' && order.status !== 'checking' && order.status !== 'failed') return 0;
  const checked = task?.status === 'done' ? 100 : (task?.progress ?? 0);
  if (CHECK_TYPES[order.checkType].kind !== 'rewrite') return order.status === 'failed' ? checked : Math.min(checked, 99);
  if (task?.status !== 'done' || !rewrite) return Math.round((checked * REWRITE_CHECK_SHARE) / 100);
  const share = rewrite.paragraphs ? (rewrite.rewritten + rewrite.failed) / rewrite.paragraphs : 1;
  return Math.min(99, Math.round(REWRITE_CHECK_SHARE + share * 50 + (rewrite.after !== null ? 10 : 0)));
}

/** The headline figures of a finished check; an AI-content check searched no library, so it has no duplicate ratios. */
function resultOf(kind: string, task: CheckTask): MemberOrderDto['result'] {
  const ratio = (value: number | undefined) => (kind === 'aigc' ? null : (value ?? null));
  return {
    totalRatio: ratio(task.summary?.totalRatio),
    ratioExcludingCited: ratio(task.summary?.ratioExcludingCited),
    ratioExcludingSelf: ratio(task.summary?.ratioExcludingSelf),
    largestSourceRatio: ratio(task.summary?.largestSourceRatio),
    aigcScore: task.aigcScore,
  };
}

/** An order as its member sees it. */
export function toMemberOrderDto(
  order: CheckOrder,
  task: CheckTask | undefined,
  rewrite: RewriteStateDto | undefined,
  productName: string,
): Omit<MemberOrderDto, keyof MemberPaymentView> {
  const type = CHECK_TYPES[order.checkType];
  const done = order.status === 'done' && task?.status === 'done';
  const taskError = task?.status === 'failed' && task.errorKey ? t(task.errorKey, inputErrorArgs(task.errorArgs)) : '';
  return {
    orderNo: order.orderNo,
    title: order.title,
    author: order.author,
    productId: order.productId,
    productName,
    checkType: order.checkType,
    kind: type.kind,
    totalFee: order.totalFee,
    charCount: order.charCount,
    status: order.status,
    payProvider: order.payProvider,
    awaitingConfirmation: order.status === 'created' && order.payProvider === 'manual',
    payTime: order.payTime,
    fileName: order.fileName,
    createTime: order.createTime,
    updateTime: order.updateTime,
    progress: orderProgress(order, task, rewrite),
    stage:
      order.status === 'checking' && task?.status === 'done' && rewrite
        ? rewrite.after === null && rewrite.rewritten + rewrite.failed < rewrite.paragraphs
          ? 'rewrite'
          : 'recheck'
        : (task?.stage ?? ''),
    result: done ? resultOf(type.kind, task) : null,
    rewrite: rewrite ?? null,
    reports: done ? reportFormatsOf(order) : [],
    errorMessage: order.status !== 'failed' ? '' : order.errorKey ? t(order.errorKey, order.errorArgs) : taskError,
    reused: !!order.reusedOrderId,
    unread: !order.memberRead,
  };
}
