import { useEffect, useState } from 'react';
import { fetchUnreadCount } from './api';

/** Finished orders the member has not opened yet; read again whenever `refreshKey` changes (a tab switch). */
export function useUnreadCount(enabled: boolean, refreshKey: unknown): number {
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    fetchUnreadCount().then(
      (count) => live && setUnread(count),
      () => undefined, // shown by the client; the badge keeps its last count
    );
    return () => {
      live = false;
    };
  }, [enabled, refreshKey]);
  return enabled ? unread : 0;
}
