import { useEffect } from 'react';
import { useListContext, type RaRecord } from 'react-admin';

/** Reads the list again every `intervalMs` while any row is still in progress (indexing, checking...). */
export function useListPolling(inProgress: (row: RaRecord) => boolean, intervalMs = 2000): void {
  const { data, refetch } = useListContext();
  const active = !!data?.some(inProgress);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void refetch(), intervalMs);
    return () => clearInterval(timer);
  }, [active, refetch, intervalMs]);
}
