import { ResultCode } from '@zhiwen/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../app/http';
import { fetchOrder, type MemberOrderDto } from './api';
import { pollDelay } from './rules';

/** Polls that may fail in a row (network blips) before the page stops and offers "refresh". */
const MAX_FAILURES = 3;

export type FollowProblem = 'notFound' | 'stalled' | null;

/**
 * Follows one order: reads it when `orderNo` is set, then again after `pollDelay` while the check runs (or a manual
 * payment waits); stops when it ends, on a 404/401, after repeated failures, and when the page unmounts.
 */
export function useOrderFollow(orderNo: string | undefined) {
  const [order, setOrder] = useState<MemberOrderDto | null>(null);
  const [failures, setFailures] = useState(0);
  const [problem, setProblem] = useState<FollowProblem>(null);
  const [reload, setReload] = useState(0);
  const known = useRef<MemberOrderDto | null>(null);
  known.current = order;

  const onFailure = useCallback((error: unknown) => {
    if (error instanceof ApiError && error.kind === 'aborted') return;
    const code = error instanceof ApiError ? error.code : 0;
    if (code === ResultCode.NOT_FOUND) setProblem('notFound');
    else if (code === ResultCode.UNAUTHORIZED)
      setProblem('stalled'); // the login modal is open; signing in reloads
    else
      setFailures((n) => {
        if (n + 1 >= MAX_FAILURES) setProblem('stalled');
        return n + 1;
      });
  }, []);

  const received = useCallback((next: MemberOrderDto) => {
    setOrder(next);
    setFailures(0);
    setProblem(null);
  }, []);

  // The first read of an order (opening it also marks it read on the server).
  useEffect(() => {
    setProblem(null);
    setFailures(0);
    if (!orderNo) {
      setOrder(null);
      return;
    }
    // An order just placed or paid here is already known: no need to read it before the first poll.
    if (known.current?.orderNo === orderNo && reload === 0) return;
    const abort = new AbortController();
    fetchOrder(orderNo, abort.signal).then(received, onFailure);
    return () => abort.abort();
  }, [orderNo, reload, received, onFailure]);

  // The next poll, scheduled after each answer (or failure) while the order is under way.
  const delay = order && order.orderNo === orderNo ? pollDelay(order) : null;
  useEffect(() => {
    if (!orderNo || delay === null || problem) return;
    const abort = new AbortController();
    const timer = setTimeout(() => void fetchOrder(orderNo, abort.signal).then(received, onFailure), delay);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [order, failures, delay, orderNo, problem, received, onFailure]);

  /** An answer of the page's own call (created, paid, resumed) replaces the order and restarts the polling. */
  const adopt = received;
  const refresh = useCallback(() => setReload((n) => n + 1), []);

  return { order: order && order.orderNo === orderNo ? order : null, problem, adopt, refresh };
}
