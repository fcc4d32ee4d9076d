import { useEffect, useSyncExternalStore } from 'react';
import { fetchCheckProducts, type CheckProductPublicDto } from './api';

/** The enabled products of `GET /check/products`, loaded once per page load and shared by the check pages. */
export type ProductsState = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; products: CheckProductPublicDto[] };

let state: ProductsState = { status: 'idle' };
const listeners = new Set<() => void>();

function set(next: ProductsState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function loadCheckProducts(): void {
  if (state.status === 'loading' || state.status === 'ready') return;
  set({ status: 'loading' });
  fetchCheckProducts().then(
    (products) => set({ status: 'ready', products: [...products].sort((a, b) => a.sort - b.sort) }),
    () => set({ status: 'failed' }), // the client showed the failure; Retry or a later visit loads again
  );
}

/** Tests (and a server-rendered page) give the products directly. */
export function primeCheckProducts(products: CheckProductPublicDto[] | undefined): void {
  set(products ? { status: 'ready', products } : { status: 'idle' });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;

export function useCheckProducts(): ProductsState {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    if (snapshot().status === 'idle' || snapshot().status === 'failed') loadCheckProducts();
  }, []);
  return current;
}
