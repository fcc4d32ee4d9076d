import { MESSAGE_DURATION_MS } from '@zhiwen/shared';

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

type Listener = () => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

/** Shows a message for 5 s (spec 8); the same text shown twice at once appears once. */
export function showToast(kind: ToastKind, text: string): void {
  if (toasts.some((toast) => toast.text === text && toast.kind === kind)) return;
  const id = nextId++;
  toasts = [...toasts, { id, kind, text }];
  emit();
  setTimeout(() => dismissToast(id), MESSAGE_DURATION_MS);
}

export const toastStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: (): readonly Toast[] => toasts,
};
