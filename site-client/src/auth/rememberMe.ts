import { REMEMBER_ME_DAYS } from '@zhiwen/shared';
import { getCookie, removeCookie, setCookie } from '../app/browser/cookies';
import { browserStore } from '../app/browser/storage';

/**
 * Spec 4 "remember me": user name, encrypted password and the flag, in cookies for 30 days, fill the login form
 * next time. The password is sealed with AES-GCM under a random key kept in this browser's localStorage: that keeps
 * it out of plain sight (cookie lists, copied cookie files), not away from scripts running on this origin. Without
 * WebCrypto only the user name is remembered.
 */
export const REMEMBER_COOKIES = {
  username: 'Member-Username',
  password: 'Member-Password',
  rememberMe: 'Member-RememberMe',
} as const;

/** localStorage key of the AES key (raw bytes, base64). */
export const REMEMBER_KEY_STORAGE = 'Member-RememberKey';

export interface RememberedLogin {
  username: string;
  /** Empty when it cannot be decrypted (key lost, storage cleared, cookie altered). */
  password: string;
}

const IV_BYTES = 12;
const MAX_AGE_SECONDS = REMEMBER_ME_DAYS * 24 * 3600;

const subtle = (): SubtleCrypto | undefined => globalThis.crypto?.subtle;

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

/** This browser's key, made on first use when `create`. */
async function deviceKey(create: boolean): Promise<CryptoKey | undefined> {
  const crypto = subtle();
  if (!crypto) return undefined;
  try {
    const store = browserStore('local');
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

async function seal(plain: string, key: CryptoKey): Promise<string> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(await subtle()!.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plain)));
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return toBase64(out);
}

async function open(sealed: string, key: CryptoKey): Promise<string> {
  const bytes = fromBase64(sealed);
  const plain = await subtle()!.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES) }, key, bytes.slice(IV_BYTES));
  return new TextDecoder().decode(plain);
}

/** Keeps the sign-in for 30 days (the password only sealed). Never throws. */
export async function rememberLogin({ username, password }: RememberedLogin): Promise<void> {
  setCookie(REMEMBER_COOKIES.username, username, { maxAgeSeconds: MAX_AGE_SECONDS });
  setCookie(REMEMBER_COOKIES.rememberMe, 'true', { maxAgeSeconds: MAX_AGE_SECONDS });
  const key = await deviceKey(true);
  let sealed: string | undefined;
  try {
    sealed = key ? await seal(password, key) : undefined;
  } catch {
    sealed = undefined;
  }
  if (sealed) setCookie(REMEMBER_COOKIES.password, sealed, { maxAgeSeconds: MAX_AGE_SECONDS });
  else removeCookie(REMEMBER_COOKIES.password);
}

/** Forgets the remembered sign-in (the box was unticked). */
export function forgetLogin(): void {
  for (const name of Object.values(REMEMBER_COOKIES)) removeCookie(name);
}

/** The remembered sign-in, or null when none is kept. */
export async function loadRememberedLogin(): Promise<RememberedLogin | null> {
  if (getCookie(REMEMBER_COOKIES.rememberMe) !== 'true') return null;
  const username = getCookie(REMEMBER_COOKIES.username) ?? '';
  const sealed = getCookie(REMEMBER_COOKIES.password);
  let password = '';
  if (sealed) {
    const key = await deviceKey(false);
    try {
      password = key ? await open(sealed, key) : '';
    } catch {
      password = '';
    }
  }
  return { username, password };
}
