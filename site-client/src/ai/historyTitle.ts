import type { MessageKey } from '../app/messages';

/** Fields that name a generation, in order of preference. */
const TITLE_FIELDS = ['title', 'essayTitle', 'businessPlanTitle', 'coreContent'];

/** The title a history row shows: the request's title-like field, else its first value, shortened. */
export function historyTitle(input: Record<string, string>, max = 40): string {
  const value =
    TITLE_FIELDS.map((name) => input[name]).find((v) => v?.trim()) ?? Object.values(input).find((v) => typeof v === 'string' && v.trim()) ?? '';
  const chars = [...value.trim().replace(/\s+/g, ' ')];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}

export const STATUS_LABELS: Partial<Record<string, MessageKey>> = {
  running: 'ai.status.running',
  failed: 'ai.status.failed',
  cancelled: 'ai.status.cancelled',
};
