import { useEffect, useSyncExternalStore } from 'react';
import { fetchAiCatalog, type AiCatalog } from './api';

/** The live tool catalog of `GET /ai/tools`, loaded once per page load and shared by every writing page. */
type State = { status: 'idle' | 'loading' } | { status: 'ready'; catalog: AiCatalog } | { status: 'failed' };

let state: State = { status: 'idle' };
const listeners = new Set<() => void>();

function set(next: State): void {
  state = next;
  for (const listener of listeners) listener();
}

export function loadAiCatalog(): void {
  if (state.status === 'loading' || state.status === 'ready') return;
  set({ status: 'loading' });
  fetchAiCatalog().then(
    (catalog) => set({ status: 'ready', catalog }),
    () => set({ status: 'failed' }), // the client showed the failure; a later visit retries
  );
}

/** Tests (and a server-rendered page) give the catalog directly. */
export function primeAiCatalog(catalog: AiCatalog | undefined): void {
  set(catalog ? { status: 'ready', catalog } : { status: 'idle' });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;

export function useAiCatalog(): State {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    // Once per mount: a failure is retried by opening the page again.
    if (snapshot().status === 'idle' || snapshot().status === 'failed') loadAiCatalog();
  }, []);
  return current;
}
