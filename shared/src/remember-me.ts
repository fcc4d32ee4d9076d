import { REMEMBER_ME_DAYS } from './limits.js';

/**
 * Spec 4 "remember me", shared by the back office and the public site: user name, encrypted password and the flag in
 * cookies for REMEMBER_ME_DAYS fill the login form next time. The password is sealed with AES-GCM under a random key
 * kept in this browser's localStorage. That keeps it out of plain sight on the device (cookie lists, a copied cookie
 * file), not away from scripts running on the same origin. Without WebCrypto only the user name is remembered.
 */
export interface RememberedLogin {
  username: string;
  /** Empty when it cannot be decrypted (key lost, storage cleared, cookie altered). */
  password: string;
}

/** The cookie functions of the client using it. */
export interface RememberMeCookies {
  get(name: string): string | undefined;
  set(name: string, value: string, days: number): void;
  remove(name: string): void;
}

export interface RememberMeOptions {
  /** Names the cookies and the key: `<prefix>-Username`, `<prefix>-Password`, `<prefix>-RememberMe`, `<prefix>-RememberKey`. */
  prefix: string;
  cookies: RememberMeCookies;
  /** Where the device key lives (localStorage); undefined when storage is blocked. */
  keyStore: () => Pick<Storage, 'getItem' | 'setItem'> | undefined;
}

const IV_BYTES = 12;
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

/** Remember-me for one login form: `remember` (never throws), `forget` and `load`. */
export function createRememberMe({ prefix, cookies, keyStore }: RememberMeOptions) {
  const names = { username: `${prefix}-Username`, password: `${prefix}-Password`, rememberMe: `${prefix}-RememberMe` } as const;
  const keyName = `${prefix}-RememberKey`;

  /** This browser's key; made on first use when `create`. Undefined without WebCrypto or storage. */
  async function deviceKey(create: boolean): Promise<CryptoKey | undefined> {
    const crypto = subtle();
    if (!crypto) return undefined;
    try {
      const store = keyStore();
      if (!store) return undefined;
      let raw = store.getItem(keyName);
      if (!raw && create) {
        raw = toBase64(globalThis.crypto.getRandomValues(new Uint8Array(32)));
        store.setItem(keyName, raw);
      }
      return raw ? await crypto.importKey('raw', fromBase64(raw), 'AES-GCM', false, ['encrypt', 'decrypt']) : undefined;
    } catch {
      return undefined; // storage blocked (privacy mode) or a broken key
    }
  }

  return {
    cookieNames: names,
    keyStorageName: keyName,
    /** Keeps the sign-in for REMEMBER_ME_DAYS, the password only encrypted. Never throws. */
    async remember({ username, password }: RememberedLogin): Promise<void> {
      cookies.set(names.username, username, REMEMBER_ME_DAYS);
      cookies.set(names.rememberMe, 'true', REMEMBER_ME_DAYS);
      const key = await deviceKey(true);
      let sealed: string | undefined;
      try {
        sealed = key ? await encryptText(password, key) : undefined;
      } catch {
        sealed = undefined;
      }
      if (sealed) cookies.set(names.password, sealed, REMEMBER_ME_DAYS);
      else cookies.remove(names.password);
    },
    /** Forgets the remembered sign-in (the box was unticked). */
    forget(): void {
      for (const name of Object.values(names)) cookies.remove(name);
    },
    /** The remembered sign-in, or null when none is kept (never ticked, unticked, or expired). */
    async load(): Promise<RememberedLogin | null> {
      if (cookies.get(names.rememberMe) !== 'true') return null;
      const username = cookies.get(names.username) ?? '';
      const sealed = cookies.get(names.password);
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
    },
  };
}
