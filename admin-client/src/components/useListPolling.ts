import { useEffect } from 'react';
import { useListContext, type RaRecord } from 'react-admin';

/**
 * Reads the list again `intervalMs` after each answer while any row is still in progress (indexing, checking...).
 * Timed from the answer, not by a fixed clock: a refetch cancels one in flight, so on a slow server a fixed clock
 * would drop every answer before it arrived.
 */
export function useListPolling(inProgress: (row: RaRecord) => boolean, intervalMs = 2000): void {
  const { data, refetch, isFetching } = useListContext();
  const active = !!data?.some(inProgress);
  useEffect(() => {
    if (!active || isFetching) return;
    const timer = setTimeout(() => void refetch(), intervalMs);
    return () => clearTimeout(timer);
  }, [active, isFetching, refetch, intervalMs]);
}
