import type { CheckKind, CheckLibraryKind } from '@zhiwen/shared';
import type { MessageKey } from '../app/messages';
import type { MemberOrderDto, OrderStatus, ReportFormat } from './api';

/** Message keys of the check service's values. */

export const STATUS_LABELS: Record<OrderStatus, MessageKey> = {
  created: 'check.status.created',
  paid: 'check.status.paid',
  queued: 'check.status.queued',
  checking: 'check.status.checking',
  done: 'check.status.done',
  failed: 'check.status.failed',
  cancelled: 'check.status.cancelled',
  refunded: 'check.status.refunded',
};

/** The status as the member reads it: an unpaid order whose manual payment waits for staff says so. */
export function statusLabel(order: Pick<MemberOrderDto, 'status' | 'awaitingConfirmation'>): MessageKey {
  if (order.status === 'created' && order.awaitingConfirmation) return 'check.status.awaiting';
  return STATUS_LABELS[order.status] ?? 'check.status.created';
}

export const KIND_LABELS: Record<CheckKind, MessageKey> = {
  duplicate: 'check.kind.duplicate',
  aigc: 'check.kind.aigc',
  rewrite: 'check.kind.rewrite',
};

export const LIBRARY_LABELS: Record<CheckLibraryKind, MessageKey> = {
  reference: 'check.library.reference',
  cms: 'check.library.cms',
  self: 'check.library.self',
};

export const DOWNLOAD_LABELS: Record<ReportFormat, MessageKey> = {
  pdf: 'check.download.pdf',
  html: 'check.download.html',
  full: 'check.download.full',
  docx: 'check.download.docx',
};

/** What each report variant of a check type is, for the product page (json is the machine's, not listed). */
export const REPORT_LABELS: Partial<Record<string, MessageKey>> = {
  html: 'check.report.html',
  full: 'check.report.full',
  pdf: 'check.report.pdf',
};

const STAGES: Partial<Record<string, MessageKey>> = {
  parse: 'check.stage.parse',
  match: 'check.stage.match',
  aigc: 'check.stage.aigc',
  report: 'check.stage.render',
  render: 'check.stage.render',
  rewrite: 'check.stage.rewrite',
  recheck: 'check.stage.recheck',
};

export const stageLabel = (stage: string): MessageKey | undefined => STAGES[stage];
