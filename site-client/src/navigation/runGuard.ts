import { redirect, type LoaderFunctionArgs } from 'react-router';
import { tokenStore } from '../auth/token';
import { decideNavigation, type GuardDecision } from './guard';
import { countReferralLoop, referralLoops, resetReferralLoops, storeReferralCode } from './referral';
import { safePath } from './redirectTarget';

export const LOOP_DETECTED_LOG = '[navigation] referral redirect loop detected: navigation aborted';

/** Decides a navigation to `path` and applies its side effects (referral cookie, loop counter, log). */
export function runGuard(path: string, log: (message: string) => void = console.warn): GuardDecision {
  const decision = decideNavigation({ path, hasToken: Boolean(tokenStore.get()), referralLoops: referralLoops() });
  if (decision.kind === 'allow' && decision.resetReferralLoops) resetReferralLoops();
  if (decision.kind === 'referral') {
    storeReferralCode(decision.code);
    countReferralLoop();
  }
  if (decision.kind === 'abort') log(LOOP_DETECTED_LOG);
  return decision;
}

/**
 * Wraps the loader of a child route that redirects (the catch-all, the refresh helper). Loaders run in parallel and
 * the deepest redirect wins, so a child runs only when the guard lets the navigation through.
 */
export function afterGuard(loader: (args: LoaderFunctionArgs) => Response | null) {
  return (args: LoaderFunctionArgs): Response | null => {
    const path = new URL(args.request.url).pathname;
    const decision = decideNavigation({ path, hasToken: Boolean(tokenStore.get()), referralLoops: referralLoops() });
    return decision.kind === 'allow' ? loader(args) : null;
  };
}

/** Location shown now; an aborted navigation stays there. Kept by the layout, read by the loader. */
let shownLocation: string | undefined;

export function rememberShownLocation(pathWithQuery: string): void {
  shownLocation = pathWithQuery;
}

/**
 * Loader of the root route: runs the guard before every navigation (the root route revalidates on each one).
 * A loader cannot cancel a navigation, so an abort redirects back to the page shown (or home on a first load).
 */
export function guardLoader({ request }: LoaderFunctionArgs): Response | null {
  const decision = runGuard(new URL(request.url).pathname);
  switch (decision.kind) {
    case 'allow':
      return null;
    case 'redirect':
    case 'referral':
      return redirect(decision.to);
    case 'abort':
      return redirect(safePath(shownLocation) ?? '/');
  }
}
