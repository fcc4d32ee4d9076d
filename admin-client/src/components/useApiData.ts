import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNotify } from 'react-admin';
import { sessionExpiry } from '../auth/sessionExpiry';
import { httpClient } from '../providers/httpClient';

export interface ApiDataOptions<T> {
  /** Show a failed read as a notification too (screens without their own error display). */
  notifyErrors?: boolean;
  /**
   * Read again `everyMs` after each answer arrives: always, or while `while` holds for the last data read. The next
   * read is timed from the answer, never from the request: a slow server gets fewer reads instead of answers overtaken
   * and dropped before they arrive. A failed read is tried again on the same terms.
   */
  poll?: { everyMs: number; while?: (data: T) => boolean };
}

/**
 * GETs `url` with the query `params` once, again when either changes, on `reload`, as `poll` asks, and once a refused
 * session is signed in again through the re-login dialog; `data` of the answer (undefined until it arrives) and the
 * last `error`. An answer overtaken by a newer read is dropped. No request while `url` is undefined.
 */
export function useApiData<T>(
  url: string | undefined,
  params: Record<string, unknown> = {},
  { notifyErrors = false, poll }: ApiDataOptions<T> = {},
): { data: T | undefined; error: Error | undefined; reload: () => void } {
  const notify = useNotify();
  const [data, setData] = useState<T>();
  const [error, setError] = useState<Error>();
  const [version, setVersion] = useState(0);
  const expired = useSyncExternalStore(sessionExpiry.subscribe, sessionExpiry.isExpired, sessionExpiry.isExpired);
  const key = JSON.stringify(params);
  // The poll's terms as of the last render, read when an answer arrives (a new predicate each render must not re-read).
  const pollRef = useRef(poll);
  pollRef.current = poll;
  const lastData = useRef<T | undefined>(undefined);
  useEffect(() => {
    if (!url || expired) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const again = () => {
      const terms = pollRef.current;
      if (!live || !terms) return;
      if (terms.while && (lastData.current === undefined || !terms.while(lastData.current))) return;
      timer = setTimeout(() => setVersion((v) => v + 1), terms.everyMs);
    };
    const query = JSON.parse(key) as Record<string, unknown>;
    (Object.keys(query).length ? httpClient.get<T>(url, query) : httpClient.get<T>(url))
      .then((r) => {
        if (!live) return;
        lastData.current = r.data;
        setData(r.data);
        again();
      })
      .catch((e: Error) => {
        if (!live) return;
        setError(e);
        if (notifyErrors) notify(e.message, { type: 'error' });
        again();
      });
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [url, key, version, expired, notifyErrors, notify]);
  return { data, error, reload: useCallback(() => setVersion((v) => v + 1), []) };
}
