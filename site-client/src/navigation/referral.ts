import { REFERRAL } from '@zhiwen/shared';
import { getCookie, setCookie } from '../app/browser/cookies';
import { browserStore } from '../app/browser/storage';

/** sessionStorage key of the referral loop counter (kept across reloads of the tab, which a loop may involve). */
export const REFERRAL_LOOPS_KEY = 'referralRedirects';

export function referralLoops(): number {
  const value = Number(browserStore('session').getItem(REFERRAL_LOOPS_KEY));
  return Number.isInteger(value) && value > 0 ? value : 0;
}

export function countReferralLoop(): number {
  const next = referralLoops() + 1;
  browserStore('session').setItem(REFERRAL_LOOPS_KEY, String(next));
  return next;
}

export function resetReferralLoops(): void {
  browserStore('session').removeItem(REFERRAL_LOOPS_KEY);
}

/** Keeps the referrer's invitation code for the registration (cookie randomCode, 2 hours, path /). */
export function storeReferralCode(code: string): void {
  setCookie(REFERRAL.cookieName, code, { maxAgeSeconds: REFERRAL.cookieHours * 3600, path: '/' });
}

/** The stored code, if it still has the right shape (the cookie is the visitor's to change). */
export function storedReferralCode(): string | undefined {
  const code = getCookie(REFERRAL.cookieName);
  return code && new RegExp(`^[A-Za-z0-9]{${REFERRAL.codeLength}}$`).test(code) ? code : undefined;
}
