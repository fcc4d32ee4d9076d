import { storeRedirect } from '../navigation/redirectTarget';
import { requestLoginModal } from './authDialog';
import { sessionStore } from './session';

/** Path and query shown now (history mode: the browser's location is the router's). */
function currentPathWithQuery(): string {
  return typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;
}

/**
 * Spec 2.1/8: a call answered 401 drops the dead session, remembers the page as the redirect target and opens the
 * login modal; signing in there brings the visitor back.
 */
export function handleUnauthorized(pathWithQuery: string = currentPathWithQuery()): void {
  sessionStore.endSession();
  storeRedirect(pathWithQuery);
  requestLoginModal();
}
