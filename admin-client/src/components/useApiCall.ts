import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import type { ApiResult } from '@zhiwen/shared';

/** How `useApiCall` ends a successful call. */
export interface ApiCallOptions {
  /** Message when a call gives none (default: the server's, else `ra.notification.updated`). */
  successMessage?: string;
  /** Refresh react-admin's data on success (default true); off for screens that reload their own data. */
  refresh?: boolean;
}

/**
 * One API call from a button or dialog: a busy flag while it runs, the outcome notified (the given message or the
 * server's), the list refreshed on success. `run` answers whether the call succeeded.
 */
export function useApiCall(options: ApiCallOptions = {}) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<ApiResult<unknown>>, successMessage = options.successMessage): Promise<boolean> => {
    setBusy(true);
    try {
      const result = await call();
      notify(successMessage ?? (result.msg || 'ra.notification.updated'), { type: 'success', messageArgs: { smart_count: 1 } });
      if (options.refresh !== false) refresh();
      return true;
    } catch (err) {
      notify((err as Error).message || 'ra.notification.http_error', { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}
