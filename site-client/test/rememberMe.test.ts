import { beforeEach, describe, expect, it } from 'vitest';
import { browserStore } from '../src/app/browser/storage';
import { forgetLogin, loadRememberedLogin, REMEMBER_COOKIES, REMEMBER_KEY_STORAGE, rememberLogin } from '../src/auth/rememberMe';
import { freshBrowser } from './helpers';

let jar: ReturnType<typeof freshBrowser>;
beforeEach(() => {
  jar = freshBrowser();
});

describe('remember me (spec 4)', () => {
  it('gives back the user name and password, the password kept only encrypted, for 30 days', async () => {
    await rememberLogin({ username: 'reader01', password: 'S3cret-pass' });
    const sealed = jar.cookies.get(REMEMBER_COOKIES.password)!;
    expect(decodeURIComponent(sealed.value)).not.toContain('S3cret-pass');
    expect(atob(decodeURIComponent(sealed.value))).not.toContain('S3cret-pass');
    for (const name of Object.values(REMEMBER_COOKIES)) expect(jar.cookies.get(name)?.maxAge, name).toBe(30 * 24 * 3600);
    expect(jar.cookies.get(REMEMBER_COOKIES.rememberMe)?.value).toBe('true');
    expect(browserStore('local').getItem(REMEMBER_KEY_STORAGE)).toBeTruthy();
    expect(await loadRememberedLogin()).toEqual({ username: 'reader01', password: 'S3cret-pass' });
  });

  it('forgets everything when unticked', async () => {
    await rememberLogin({ username: 'reader01', password: 'S3cret-pass' });
    forgetLogin();
    expect(jar.cookies.size).toBe(0);
    expect(await loadRememberedLogin()).toBeNull();
  });

  it('keeps the user name but no password when the key is gone or the cookie altered', async () => {
    await rememberLogin({ username: 'reader01', password: 'S3cret-pass' });
    browserStore('local').removeItem(REMEMBER_KEY_STORAGE);
    expect(await loadRememberedLogin()).toEqual({ username: 'reader01', password: '' });
    await rememberLogin({ username: 'reader01', password: 'S3cret-pass' });
    jar.write(`${REMEMBER_COOKIES.password}=${encodeURIComponent(btoa('x'.repeat(40)))}; path=/`);
    expect(await loadRememberedLogin()).toEqual({ username: 'reader01', password: '' });
  });

  it('remembers nothing unless ticked', async () => {
    expect(await loadRememberedLogin()).toBeNull();
  });
});
