import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../src/app/http';
import { toastStore } from '../src/app/toast/toastStore';
import { authDialogStore, closeAuthDialog, isLoginModalShowing, loginModalOpened, registerDialogHost } from '../src/auth/authDialog';
import { sessionStore } from '../src/auth/session';
import { TOKEN_COOKIE, tokenStore } from '../src/auth/token';
import { handleUnauthorized } from '../src/auth/unauthorized';
import { storedRedirect } from '../src/navigation/redirectTarget';
import { freshBrowser } from './helpers';

let jar: ReturnType<typeof freshBrowser>;
let unregister: (() => void) | undefined;

beforeEach(() => {
  jar = freshBrowser();
  closeAuthDialog();
  loginModalOpened();
});

afterEach(() => {
  unregister?.();
  unregister = undefined;
  vi.unstubAllGlobals();
});

describe('a 401 answer (spec 2.1, 4, 8)', () => {
  it('ends the session, stores path and query as the redirect target and opens the login modal', () => {
    unregister = registerDialogHost();
    sessionStore.startSession('dead-token');
    handleUnauthorized('/sbysb?from=mail');
    expect(jar.cookies.has(TOKEN_COOKIE)).toBe(false);
    expect(sessionStore.snapshot().signedIn).toBe(false);
    expect(storedRedirect()).toBe('/sbysb?from=mail');
    expect(authDialogStore.snapshot()).toBe('login');
  });

  it('keeps the modal-showing flag until the modal has opened, so parallel 401s open it once', () => {
    unregister = registerDialogHost();
    const changes = vi.fn();
    const stop = authDialogStore.subscribe(changes);
    handleUnauthorized('/a');
    expect(isLoginModalShowing()).toBe(true);
    handleUnauthorized('/a');
    expect(changes).toHaveBeenCalledOnce();
    loginModalOpened(); // the dialog's effect, once on screen
    expect(isLoginModalShowing()).toBe(false);
    stop();
  });

  it('says so and clears the flag when no dialog can open', () => {
    handleUnauthorized('/a');
    expect(isLoginModalShowing()).toBe(false);
    expect(authDialogStore.snapshot()).toBeNull();
    expect(toastStore.snapshot().map((toast) => toast.text)).toContain('登录窗口打开失败，请刷新页面后重试');
  });

  it('comes through the site’s client with the page’s location', async () => {
    unregister = registerDialogHost();
    tokenStore.set('dead-token');
    vi.stubGlobal('window', { location: { pathname: '/memberIndex', search: '?tab=orders' } });
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 401, msg: '登录状态已过期' }), { status: 401 }));
    await expect(http.get('/member/info')).rejects.toThrow('无效的会话，或者会话已过期，请重新登录。');
    expect(storedRedirect()).toBe('/memberIndex?tab=orders');
    expect(authDialogStore.snapshot()).toBe('login');
    expect(tokenStore.get()).toBeUndefined();
    expect(toastStore.snapshot().map((toast) => toast.text)).toContain('认证失败，无法访问系统资源');
  });
});
