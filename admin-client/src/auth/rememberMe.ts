import { REMEMBER_ME_DAYS } from '@zhiwen/shared';
import { getCookie, removeCookie, setCookie } from '../providers/cookies';

/**
 * Spec 4 "remember me": the username, the password and the flag are kept in cookies for 30 days and fill the login
 * form next time. The password is encrypted (AES-GCM) with a random key kept in this browser's localStorage.
 * That only keeps it out of plain sight on the device (a cookie list, a copied cookie file, a glance at the
 * developer tools): any script running on this origin in this browser can still decrypt it, so it is no defence
 * against malware or script injection. Without WebCrypto (a page served over plain HTTP from another host) the
 * password is not remembered at all, only the username.
 */
export const REMEMBER_COOKIES = {
  username: 'Admin-Username',
  password: 'Admin-Password',
  rememberMe: 'Admin-RememberMe',
} as const;

/** localStorage key of the AES key (raw bytes, base64). */
export const REMEMBER_KEY_STORAGE = 'Admin-RememberKey';

export interface RememberedLogin {
  username: string;
  /** Empty when it cannot be decrypted (key lost, storage cleared). */
  password: string;
}

const IV_BYTES = 12;

function subtle(): SubtleCrypto | undefined {
  return globalThis.crypto?.subtle;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage blocked (privacy mode)
  }
}

/** This browser's key; made on first use when `create`. Undefined without WebCrypto or storage. */
async function deviceKey(create: boolean): Promise<CryptoKey | undefined> {
  const crypto = subtle();
  const store = storage();
  if (!crypto || !store) return undefined;
  try {
    let raw = store.getItem(REMEMBER_KEY_STORAGE);
    if (!raw && create) {
      raw = toBase64(globalThis.crypto.getRandomValues(new Uint8Array(32)));
      store.setItem(REMEMBER_KEY_STORAGE, raw);
    }
    return raw ? await crypto.importKey('raw', fromBase64(raw), 'AES-GCM', false, ['encrypt', 'decrypt']) : undefined;
  } catch {
    return undefined;
  }
}

/** `plain` sealed with `key`: base64 of a random IV followed by the AES-GCM ciphertext. */
export async function encryptText(plain: string, key: CryptoKey): Promise<string> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(await subtle()!.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plain)));
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return toBase64(out);
}

/** The text sealed by `encryptText`; rejects when `key` is not the one that sealed it or the data was altered. */
export async function decryptText(sealed: string, key: CryptoKey): Promise<string> {
  const bytes = fromBase64(sealed);
  const plain = await subtle()!.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES) }, key, bytes.slice(IV_BYTES));
  return new TextDecoder().decode(plain);
}

/** Keeps the sign-in for REMEMBER_ME_DAYS (the password only encrypted). Never throws. */
export async function rememberLogin({ username, password }: RememberedLogin): Promise<void> {
  setCookie(REMEMBER_COOKIES.username, username, REMEMBER_ME_DAYS);
  setCookie(REMEMBER_COOKIES.rememberMe, 'true', REMEMBER_ME_DAYS);
  const key = await deviceKey(true);
  let sealed: string | undefined;
  try {
    sealed = key ? await encryptText(password, key) : undefined;
  } catch {
    sealed = undefined;
  }
  if (sealed) setCookie(REMEMBER_COOKIES.password, sealed, REMEMBER_ME_DAYS);
  else removeCookie(REMEMBER_COOKIES.password);
}

/** Forgets the remembered sign-in (the box was unticked). */
export function forgetLogin(): void {
  for (const name of Object.values(REMEMBER_COOKIES)) removeCookie(name);
}

/** The remembered sign-in, or null when none is kept (never ticked, unticked, or older than 30 days). */
export async function loadRememberedLogin(): Promise<RememberedLogin | null> {
  if (getCookie(REMEMBER_COOKIES.rememberMe) !== 'true') return null;
  const username = getCookie(REMEMBER_COOKIES.username) ?? '';
  const sealed = getCookie(REMEMBER_COOKIES.password);
  let password = '';
  if (sealed) {
    const key = await deviceKey(false);
    try {
      password = key ? await decryptText(sealed, key) : '';
    } catch {
      password = '';
    }
  }
  return { username, password };
}
