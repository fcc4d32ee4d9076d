import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { formatDateTime, ResultCode } from '@zhiwen/shared';
import { KV_STORE, type KvStore } from '../common/cache/kv-store';
import { ServiceException } from '../common/errors/service-exception';
import { t, type MessageArgs } from '../common/i18n/i18n';
import type { ClientInfo } from '../common/http/client-info';
import { LoginLogService } from '../monitor/logininfor/login-log.service';
import { SecurityPolicyService, type SecurityPolicy } from '../system/security/security-policy.service';
import { CaptchaService } from './captcha.service';
import { hashPassword, verifyPassword } from './password-hasher';
import { forgetAccountFailures, isLoopback, signInKeys, type SignInRealm } from './sign-in-counters';

const DAY_MS = 24 * 3600_000;
const MIN_ADDRESS_WINDOW_MS = 15 * 60_000;
/** Failures per identifier after which the captcha is asked for even while it is switched off (at most the limit). */
const ACCOUNT_CAPTCHA_AFTER = 3;
/** Used for the captcha and the slowing when the policy sets no limit (0). */
const DEFAULT_LIMIT = 5;
const ACCOUNT_DELAY_BASE_MS = 500;
const ACCOUNT_DELAY_MAX_MS = 5_000;
const ADDRESS_WAIT_MAX_S = 60;

/** What the guard needs to know of an account of either realm. */
export interface SignInAccount {
  /** Name written to the login log. */
  logName: string;
  /** The argon2 hash; empty when the account has no password (created by WeChat sign-in). */
  passwordHash: string;
  disabled: boolean;
  lockedUntil: Date | null;
  /** Every identifier the account signs in with (name, email, phone): their counters end with a sign-in. */
  identifiers: Array<string | null | undefined>;
}

export interface SignInAttempt {
  username: string;
  password: string;
  uuid?: string;
  code?: string;
}

/** The thresholds the active policy implies; see the help text of the security policy screen and docs/decisions.md. */
export function signInLimits(policy: SecurityPolicy) {
  const limit = policy.passwordRetryLimit > 0 ? policy.passwordRetryLimit : DEFAULT_LIMIT;
  const lockMs = Math.max(0, policy.passwordRetryLockSeconds) * 1000;
  const locks = policy.passwordRetryLimit > 0 && policy.passwordRetryStrategy !== 'NONE' && lockMs > 0;
  return {
    accountCaptchaAfter: Math.min(ACCOUNT_CAPTCHA_AFTER, limit),
    accountSlowAfter: limit,
    addressCaptchaAfter: limit,
    addressSlowAfter: limit,
    addressLockAfter: locks ? 2 * limit : Number.POSITIVE_INFINITY,
    lockMs,
    addressWindowMs: Math.max(lockMs, MIN_ADDRESS_WINDOW_MS),
  };
}

/**
 * The sign-in rules of both realms, in one place (staff and members must not drift apart):
 * - until the password has been verified every failure answers the same `auth.wrongCredentials`, whether the account
 *   is unknown, the password wrong, the account disabled or locked; an unknown account is checked against a dummy
 *   hash of the same parameters so that it takes as long; no count of remaining tries is given;
 * - the state of the account (disabled, locked) is said only after a correct password;
 * - wrong passwords are counted per identifier and per address in the shared store: after a few the captcha is
 *   required (also while switched off), then the identifier is slowed (a growing delay) and the address must wait
 *   a growing time between attempts; past twice the policy's limit the address (never the account) is locked for
 *   the policy's lock time. An attacker without the password can thus not lock anybody out.
 */
@Injectable()
export class SignInGuardService {
  private dummyHash?: Promise<string>;

  constructor(
    private readonly captcha: CaptchaService,
    private readonly policy: SecurityPolicyService,
    private readonly loginLog: LoginLogService,
    @Inject(KV_STORE) private readonly store: KvStore,
  ) {
    // Computed ahead so that the first unknown account does not answer later than the others.
    void this.dummy();
  }

  /**
   * Checks an attempt and answers the account whose password it gave, or throws the one refusal (logged).
   * `find` looks the account up by name, email or phone; `view` tells what the guard needs of it.
   */
  async verify<A>(
    realm: SignInRealm,
    attempt: SignInAttempt,
    client: ClientInfo,
    find: (identifier: string) => Promise<A | null>,
    view: (account: A) => SignInAccount,
  ): Promise<A> {
    const limits = signInLimits(await this.policy.active());
    const ip = client.ipaddr;
    const limitAddress = !isLoopback(ip);
    const accountKey = signInKeys.account(realm, attempt.username);
    const [accountFailures, addressFailures] = await Promise.all([
      this.count(accountKey),
      limitAddress ? this.count(signInKeys.address(ip)) : Promise.resolve(0),
    ]);
    const captchaOn = await this.captcha.enabled();
    const captchaRequired = captchaOn || accountFailures >= limits.accountCaptchaAfter || addressFailures >= limits.addressCaptchaAfter;
    /** Logs the attempt and throws; `captchaRequired` tells the client to show a captcha, `retryAfter` (s) when to try again. */
    const refuse = async (
      key: string,
      args?: MessageArgs,
      more: { logName?: string; captchaRequired?: boolean; retryAfter?: number } = {},
    ): Promise<never> => {
      await this.loginLog.record(more.logName ?? attempt.username, client, false, t(key, args, 'zh-CN'), realm);
      const data = { captchaRequired: more.captchaRequired ?? captchaRequired, ...(more.retryAfter ? { retryAfter: more.retryAfter } : {}) };
      throw new ServiceException(key, args, ResultCode.ERROR, more.retryAfter ? HttpStatus.TOO_MANY_REQUESTS : undefined, data);
    };

    if (limitAddress) {
      const lockedUntil = await this.until(signInKeys.addressLock(ip));
      if (lockedUntil) return refuse('auth.addressLocked', { minutes: minutesUntil(lockedUntil) }, { retryAfter: secondsUntil(lockedUntil) });
      const waitUntil = await this.until(signInKeys.addressWait(ip));
      if (waitUntil) return refuse('auth.tryAgainLater', { seconds: secondsUntil(waitUntil) }, { retryAfter: secondsUntil(waitUntil) });
    }

    if (captchaRequired) {
      if (!captchaOn && !attempt.uuid) return refuse('auth.captchaRequired');
      const check = await this.captcha.verify(attempt.uuid, attempt.code);
      if (check === 'expired') return refuse('auth.captchaExpired');
      if (check === 'wrong') return refuse('auth.captchaWrong');
    }

    // Slows guessing at one identifier whatever the address; the owner is slowed too, never refused.
    if (accountFailures >= limits.accountSlowAfter) {
      await sleep(Math.min(ACCOUNT_DELAY_BASE_MS * 2 ** (accountFailures - limits.accountSlowAfter), ACCOUNT_DELAY_MAX_MS));
    }

    const account = await find(attempt.username);
    const seen = account ? view(account) : null;
    // Always one argon2 verification: an unknown account (or one without a password) against the dummy hash.
    const matches = await verifyPassword(seen?.passwordHash || (await this.dummy()), attempt.password);
    if (!account || !seen?.passwordHash || !matches) {
      const failures = await this.store.increment(accountKey, DAY_MS);
      let next = captchaOn || failures >= limits.accountCaptchaAfter;
      if (limitAddress) {
        const fromAddress = await this.store.increment(signInKeys.address(ip), limits.addressWindowMs);
        next ||= fromAddress >= limits.addressCaptchaAfter;
        if (fromAddress >= limits.addressLockAfter) {
          await this.mark(signInKeys.addressLock(ip), limits.lockMs);
          const retryAfter = Math.ceil(limits.lockMs / 1000);
          return refuse(
            'auth.addressLocked',
            { minutes: Math.ceil(limits.lockMs / 60_000) },
            { logName: seen?.logName, captchaRequired: next, retryAfter },
          );
        }
        if (fromAddress >= limits.addressSlowAfter) {
          await this.mark(signInKeys.addressWait(ip), Math.min(2 ** (fromAddress - limits.addressSlowAfter), ADDRESS_WAIT_MAX_S) * 1000);
        }
      }
      return refuse('auth.wrongCredentials', undefined, { logName: seen?.logName, captchaRequired: next });
    }

    // The password is right: only now may the answer speak of the account's state.
    if (seen.disabled) return refuse('auth.accountDisabled', undefined, { logName: seen.logName, captchaRequired: captchaOn });
    if (seen.lockedUntil && seen.lockedUntil.getTime() > Date.now()) {
      return refuse('auth.accountLocked', { until: formatDateTime(seen.lockedUntil) }, { logName: seen.logName, captchaRequired: captchaOn });
    }
    await forgetAccountFailures(this.store, realm, [attempt.username, ...seen.identifiers]);
    return account;
  }

  /** Forgets the counted wrong passwords of an account's identifiers (unlock, reset, re-enable). */
  forgetAccount(realm: SignInRealm, identifiers: Array<string | null | undefined>): Promise<void> {
    return forgetAccountFailures(this.store, realm, identifiers);
  }

  /** A hash of a random password with the same parameters as real ones, computed once. */
  private dummy(): Promise<string> {
    this.dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    return this.dummyHash;
  }

  private async count(key: string): Promise<number> {
    return Number((await this.store.get(key)) ?? 0) || 0;
  }

  /** The time (ms) stored under a wait or lock key, when still in the future. */
  private async until(key: string): Promise<number | null> {
    const until = Number(await this.store.get(key));
    return until > Date.now() ? until : null;
  }

  private async mark(key: string, ms: number): Promise<void> {
    if (ms > 0) await this.store.set(key, String(Date.now() + ms), ms);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const secondsUntil = (until: number) => Math.max(1, Math.ceil((until - Date.now()) / 1000));
const minutesUntil = (until: number) => Math.max(1, Math.ceil((until - Date.now()) / 60_000));
