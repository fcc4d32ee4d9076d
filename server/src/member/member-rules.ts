import { randomInt } from 'node:crypto';
import { ACCOUNT, REFERRAL } from '@zhiwen/shared';

/** Spec 5: a member user name starts with a letter and uses only letters, digits and underscore. */
export const MEMBER_USER_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Mainland mobile numbers, as for staff. */
export const MOBILE_PHONE = /^1[3-9]\d{9}$/;
/** An invitation (referral) code: the `randomCode` of `/aizcxz/{code}`. */
export const INVITE_CODE = new RegExp(`^[A-Za-z0-9]{${REFERRAL.codeLength}}$`);
export const MEMBER_PASSWORD = { min: ACCOUNT.registerPasswordMin, max: ACCOUNT.registerPasswordMax } as const;

// No 0/O, 1/l/I: codes are read and typed by people.
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A fresh random invitation code; uniqueness is the database's (retry on conflict). */
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL.codeLength; i++) code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return code;
}

/** The calendar day (server time zone) of a moment, `YYYY-MM-DD`: the unit of exp day limits. */
export function localDay(at: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
