import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useNotify } from 'react-admin';
import { sessionExpiry } from '../auth/sessionExpiry';
import { httpClient } from '../providers/httpClient';

export interface ApiDataOptions {
  /** Show a failed read as a notification too (screens without their own error display). */
  notifyErrors?: boolean;
}

/**
 * GETs `url` with the query `params` once, again when either changes, on `reload`, and once a refused session is signed
 * in again through the re-login dialog; `data` of the answer (undefined until it arrives) and the last `error`.
 * No request while `url` is undefined.
 */
export function useApiData<T>(
  url: string | undefined,
  params: Record<string, unknown> = {},
  { notifyErrors = false }: ApiDataOptions = {},
): { data: T | undefined; error: Error | undefined; reload: () => void } {
  const notify = useNotify();
  const [data, setData] = useState<T>();
  const [error, setError] = useState<Error>();
  const [version, setVersion] = useState(0);
  const expired = useSyncExternalStore(sessionExpiry.subscribe, sessionExpiry.isExpired, sessionExpiry.isExpired);
  const key = JSON.stringify(params);
  useEffect(() => {
    if (!url || expired) return;
    let live = true;
    const query = JSON.parse(key) as Record<string, unknown>;
    (Object.keys(query).length ? httpClient.get<T>(url, query) : httpClient.get<T>(url))
      .then((r) => live && setData(r.data))
      .catch((e: Error) => {
        if (!live) return;
        setError(e);
        if (notifyErrors) notify(e.message, { type: 'error' });
      });
    return () => {
      live = false;
    };
  }, [url, key, version, expired, notifyErrors, notify]);
  return { data, error, reload: useCallback(() => setVersion((v) => v + 1), []) };
}
