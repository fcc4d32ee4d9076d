// @vitest-environment jsdom
import { REMEMBER_ME_DAYS } from '@zhiwen/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCookie } from '../src/providers/cookies';
import {
  decryptText,
  encryptText,
  forgetLogin,
  loadRememberedLogin,
  rememberLogin,
  REMEMBER_COOKIES,
  REMEMBER_KEY_STORAGE,
} from '../src/auth/rememberMe';

const DAY_MS = 24 * 3600 * 1000;

beforeEach(() => {
  forgetLogin();
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('remember me', () => {
  it('keeps username, flag and password, the password only encrypted, and gives them back', async () => {
    await rememberLogin({ username: 'admin', password: 'S3cret-密码' });
    expect(getCookie(REMEMBER_COOKIES.username)).toBe('admin');
    expect(getCookie(REMEMBER_COOKIES.rememberMe)).toBe('true');
    const sealed = getCookie(REMEMBER_COOKIES.password)!;
    expect(sealed).toBeTruthy();
    expect(document.cookie).not.toContain('S3cret');
    expect(atob(sealed)).not.toContain('S3cret');
    expect(localStorage.getItem(REMEMBER_KEY_STORAGE)).toBeTruthy();
    await expect(loadRememberedLogin()).resolves.toEqual({ username: 'admin', password: 'S3cret-密码' });
  });

  it('seals the same password differently each time (random IV)', async () => {
    await rememberLogin({ username: 'admin', password: 'same' });
    const first = getCookie(REMEMBER_COOKIES.password);
    await rememberLogin({ username: 'admin', password: 'same' });
    expect(getCookie(REMEMBER_COOKIES.password)).not.toBe(first);
    await expect(loadRememberedLogin()).resolves.toEqual({ username: 'admin', password: 'same' });
  });

  it('lasts 30 days: still there the day before, gone after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-03-01T08:00:00Z').getTime();
    vi.setSystemTime(start);
    await rememberLogin({ username: 'editor', password: 'pw-123456' });
    vi.setSystemTime(start + (REMEMBER_ME_DAYS - 1) * DAY_MS);
    await expect(loadRememberedLogin()).resolves.toEqual({ username: 'editor', password: 'pw-123456' });
    vi.setSystemTime(start + (REMEMBER_ME_DAYS + 1) * DAY_MS);
    await expect(loadRememberedLogin()).resolves.toBeNull();
    expect(getCookie(REMEMBER_COOKIES.password)).toBeUndefined();
  });

  it('unticking forgets all of it', async () => {
    await rememberLogin({ username: 'admin', password: 'pw' });
    forgetLogin();
    await expect(loadRememberedLogin()).resolves.toBeNull();
    for (const name of Object.values(REMEMBER_COOKIES)) expect(getCookie(name)).toBeUndefined();
  });

  it('without the device key (storage cleared) the username is still offered, the password is not', async () => {
    await rememberLogin({ username: 'admin', password: 'pw' });
    localStorage.removeItem(REMEMBER_KEY_STORAGE);
    await expect(loadRememberedLogin()).resolves.toEqual({ username: 'admin', password: '' });
  });

  it('a sealed text opens only with its key and unaltered', async () => {
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    const other = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    const sealed = await encryptText('hello', key);
    await expect(decryptText(sealed, key)).resolves.toBe('hello');
    await expect(decryptText(sealed, other)).rejects.toBeDefined();
    const bytes = Uint8Array.from(atob(sealed), (c) => c.charCodeAt(0));
    bytes[bytes.length - 1] ^= 1;
    await expect(decryptText(btoa(String.fromCharCode(...bytes)), key)).rejects.toBeDefined();
  });
});
