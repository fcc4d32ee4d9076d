import type { KvStore } from '../common/cache/kv-store';

/** Staff (back office) or members (public site): each realm counts the failures of its own accounts. */
export type SignInRealm = 'staff' | 'member';

const PREFIX = 'signin:';

/** Keys of the sign-in counters in the shared store (Redis when configured), each with its own TTL. */
export const signInKeys = {
  /** Wrong passwords typed for one identifier (name, email or phone, known or not) today. */
  account: (realm: SignInRealm, identifier: string) => `${PREFIX}fail:${realm}:${normalizeIdentifier(identifier)}`,
  /** Wrong passwords sent from one address (both realms) within the policy's lock window. */
  address: (ip: string) => `${PREFIX}addr:${normalizeAddress(ip)}`,
  /** The address must wait until the stored time (ms) before its next attempt. */
  addressWait: (ip: string) => `${PREFIX}addr-wait:${normalizeAddress(ip)}`,
  /** The address is refused until the stored time (ms). */
  addressLock: (ip: string) => `${PREFIX}addr-lock:${normalizeAddress(ip)}`,
};

/** An IPv4 address as itself also when it came IPv4-mapped (`::ffff:1.2.3.4`). */
export function normalizeAddress(ip: string): string {
  return ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').toLowerCase();
}

/**
 * Loopback stands for everyone behind a local reverse proxy that is not trusted (TRUST_PROXY unset), and for local
 * tools: limiting it would lock every user out at once, so address limits skip it (the account limits still apply).
 */
export function isLoopback(ip: string): boolean {
  const address = normalizeAddress(ip);
  return address === '' || address === '::1' || address.startsWith('127.');
}

/**
 * Counters are kept per identifier as typed, not per account id: an unknown name then behaves exactly like a known
 * one (same captcha requirement, same slowing), so the counters say nothing about which accounts exist.
 */
export function normalizeIdentifier(identifier: string): string {
  return identifier.trim().toLowerCase();
}

/** Forgets the wrong passwords counted for an account's identifiers (unlock, password reset, re-enable). */
export async function forgetAccountFailures(store: KvStore, realm: SignInRealm, identifiers: Array<string | null | undefined>): Promise<void> {
  const keys = new Set(identifiers.filter((id): id is string => !!id && !!id.trim()).map((id) => signInKeys.account(realm, id)));
  for (const key of keys) await store.del(key);
}

/** Lifts the slowing and the lock of addresses (a staff member unlocks an account: the addresses it failed from). */
export async function forgetAddressFailures(store: KvStore, ips: string[]): Promise<void> {
  for (const ip of new Set(ips)) {
    await store.del(signInKeys.address(ip));
    await store.del(signInKeys.addressWait(ip));
    await store.del(signInKeys.addressLock(ip));
  }
}
