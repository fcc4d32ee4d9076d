import { useCallback, useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { httpClient } from '../providers/httpClient';

/** One GET answered as `data`, read again when `reload()` is called; errors are notified. */
export function useApiData<T>(url: string, params: Record<string, unknown>, enabled = true) {
  const notify = useNotify();
  const [data, setData] = useState<T | undefined>();
  const [version, setVersion] = useState(0);
  const key = JSON.stringify(params);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    httpClient
      .get<T>(url, JSON.parse(key) as Record<string, unknown>)
      .then((r) => live && setData(r.data))
      .catch((err: Error) => live && notify(err.message, { type: 'error' }));
    return () => {
      live = false;
    };
  }, [url, key, enabled, version, notify]);
  return { data, reload: useCallback(() => setVersion((v) => v + 1), []) };
}
