import { REFERRAL } from '@zhiwen/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../src/auth/token';
import { REFERRAL_LOOPS_KEY, referralLoops, storedReferralCode } from '../src/navigation/referral';
import { LOOP_DETECTED_LOG, rememberShownLocation, runGuard } from '../src/navigation/runGuard';
import { browserStore } from '../src/app/browser/storage';
import { freshBrowser, openAt } from './helpers';

let jar: ReturnType<typeof freshBrowser>;
beforeEach(() => {
  jar = freshBrowser();
});

describe('referral cookie and loop counter', () => {
  it('stores the code in the randomCode cookie for 2 hours on path / and counts the redirect', () => {
    const decision = runGuard('/aizcxz/AB12C', () => undefined);
    expect(decision).toEqual({ kind: 'referral', code: 'AB12C', to: '/register' });
    expect(jar.cookies.get(REFERRAL.cookieName)).toEqual({ value: 'AB12C', maxAge: 2 * 3600, path: '/' });
    expect(storedReferralCode()).toBe('AB12C');
    expect(referralLoops()).toBe(1);
  });

  it('aborts after more than 3 referral redirects with the loop-detected log', () => {
    const log = vi.fn();
    for (let i = 1; i <= 3; i++) {
      expect(runGuard('/aizcxz/AB12C', log).kind).toBe('referral');
      expect(referralLoops()).toBe(i);
    }
    expect(runGuard('/aizcxz/AB12C', log)).toEqual({ kind: 'abort', reason: 'referral-loop' });
    expect(log).toHaveBeenCalledExactlyOnceWith(LOOP_DETECTED_LOG);
    expect(LOOP_DETECTED_LOG).toContain('loop detected');
  });

  it('resets the counter when /register is visited', () => {
    runGuard('/aizcxz/AB12C', () => undefined);
    runGuard('/aizcxz/AB12C', () => undefined);
    expect(referralLoops()).toBe(2);
    runGuard('/register');
    expect(referralLoops()).toBe(0);
    expect(browserStore('session').getItem(REFERRAL_LOOPS_KEY)).toBeNull();
  });

  it('ignores a randomCode cookie of the wrong shape', () => {
    jar.write('randomCode=ab; path=/');
    expect(storedReferralCode()).toBeUndefined();
  });

  it('lands a referral link on /register through the router, cookie set', async () => {
    const { where, html } = await openAt('/aizcxz/Qw3rT');
    expect(where()).toBe('/register');
    expect(jar.cookies.get('randomCode')?.value).toBe('Qw3rT');
    expect(html).toContain('邀请码：Qw3rT');
    expect(referralLoops()).toBe(0); // the landing on /register reset it
  });

  it('stays on the page shown when the loop is detected', async () => {
    browserStore('session').setItem(REFERRAL_LOOPS_KEY, '3');
    rememberShownLocation('/aiwnxz?from=loop');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { where } = await openAt('/aizcxz/AB12C');
    expect(where()).toBe('/aiwnxz?from=loop');
    expect(warn).toHaveBeenCalledWith(LOOP_DETECTED_LOG);
    expect(jar.cookies.has('randomCode')).toBe(false);
    warn.mockRestore();
  });

  it('does the same for a member', async () => {
    tokenStore.set('member-token');
    const { where } = await openAt('/aizcxz/ZZ9ZZ');
    expect(where()).toBe('/register');
    expect(storedReferralCode()).toBe('ZZ9ZZ');
  });
});
