import { t } from '../../common/i18n/i18n';
import type { ContentStatus } from './cms-content.entity';

/** Status-changing actions on content (docs/cms.md, "Content statuses"). */
export type StatusAction = 'publish' | 'toPublish' | 'offline' | 'archive' | 'delete' | 'recover';

/** Where each action may start; the target of `recover` is the status held before deletion. */
export const TRANSITIONS: Record<Exclude<StatusAction, 'recover'>, { from: readonly ContentStatus[]; to: ContentStatus }> & {
  recover: { from: readonly ContentStatus[] };
} = {
  publish: { from: ['draft', 'to_publish', 're_edit', 'offline'], to: 'published' },
  toPublish: { from: ['draft', 're_edit', 'offline'], to: 'to_publish' },
  offline: { from: ['published', 're_edit', 'to_publish'], to: 'offline' },
  archive: { from: ['published', 'offline'], to: 'archived' },
  delete: { from: ['draft', 'to_publish', 'published', 're_edit', 'offline', 'archived'], to: 'deleted' },
  recover: { from: ['deleted'] },
};

/** Statuses that may be edited; editing published content makes it `re_edit` (its page stays until published again). */
export const EDITABLE: readonly ContentStatus[] = ['draft', 'to_publish', 'published', 're_edit', 'offline'];

/** Statuses whose page is (still) on the site: leaving them removes the published files. */
export const HAS_PAGE: readonly ContentStatus[] = ['published', 're_edit'];

/** The status after a save. */
export function statusAfterSave(status: ContentStatus): ContentStatus {
  return status === 'published' ? 're_edit' : status;
}

/** The status content goes back to when recovered from the recycle bin (draft when the old one is unknown). */
export function statusAfterRecover(statusBeforeDelete: string): ContentStatus {
  const known: readonly string[] = ['draft', 'to_publish', 'published', 're_edit', 'offline', 'archived'];
  return (known.includes(statusBeforeDelete) ? statusBeforeDelete : 'draft') as ContentStatus;
}

/** Action names of status changes in the operation log. */
export const LOG_ACTION: Record<StatusAction, string> = {
  publish: 'publish',
  toPublish: 'to_publish',
  offline: 'offline',
  archive: 'archive',
  delete: 'delete',
  recover: 'recover',
};

/** A status in the request language. */
export function statusLabel(status: string): string {
  return t(`cms.content.status.${status}`);
}
