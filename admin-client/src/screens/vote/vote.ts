/** The vote screen's resource (menu path `cms/interact/vote`), its API and its list (ChestnutCMS's `GET /vote`). */
export const VOTE_RESOURCE = 'cms/interact/vote';
export const VOTE_API = 'vote';

/** A letter, then letters, digits, underscore (the server's VOTE_CODE). */
export const VOTE_CODE = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;

export const VOTE_STATUS = ['0', '1', '2'].map((id) => ({ id, name: `app.vote.status_${id}` }));
export const VOTE_VIEW_TYPES = ['2', '1', '0'].map((id) => ({ id, name: `app.vote.viewType_${id}` }));
export const VOTE_USER_TYPES = ['member', 'ip'].map((id) => ({ id, name: `app.vote.userType_${id}` }));
export const SUBJECT_TYPES = ['radio', 'checkbox', 'input'].map((id) => ({ id, name: `app.vote.subjectType_${id}` }));

export interface VoteItem {
  itemId?: string;
  content: string;
  description?: string;
  total?: number;
}
export interface VoteSubject {
  subjectId: string;
  voteId: string;
  type: 'radio' | 'checkbox' | 'input';
  title: string;
  sortFlag: number;
  items: VoteItem[];
}
export interface VoteResult {
  voteId: string;
  title: string;
  total: number;
  subjects: VoteSubject[];
}

const iso = (value: unknown) => {
  const date = value instanceof Date ? value : new Date(String(value ?? ''));
  return Number.isNaN(date.getTime()) ? String(value ?? '') : date.toISOString();
};

/** Fields the vote forms send. */
export function voteBody(values: Record<string, unknown>): Record<string, unknown> {
  return {
    ...(values.voteId ? { voteId: String(values.voteId) } : {}),
    code: String(values.code ?? '').trim(),
    title: String(values.title ?? '').trim(),
    status: String(values.status ?? '0'),
    startTime: iso(values.startTime),
    endTime: iso(values.endTime),
    userType: String(values.userType ?? 'member'),
    viewType: String(values.viewType ?? '2'),
    dayLimit: Number(values.dayLimit ?? 1),
    totalLimit: Number(values.totalLimit ?? 1),
    remark: String(values.remark ?? ''),
  };
}

/** Moves the entry at `from` to `to` (drag and the up/down buttons). */
export function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return list;
  const next = [...list];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry);
  return next;
}
