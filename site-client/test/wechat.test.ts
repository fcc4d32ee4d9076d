import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../src/app/toast/toastStore';
import { completeWechat } from '../src/wechat/completeWechat';
import { CALLBACK_MESSAGE_TYPE, isTrustedOrigin, readCallbackMessage } from '../src/wechat/origins';
import { rememberQrState, takeQrState } from '../src/wechat/qrState';
import { freshBrowser } from './helpers';

const OWN = 'https://www.zhiwen.example';

beforeEach(() => {
  freshBrowser();
});
afterEach(() => vi.unstubAllGlobals());

describe('messages from the QR frame', () => {
  it('accepts only the site’s own origin and the local development host', () => {
    expect(isTrustedOrigin(OWN, OWN)).toBe(true);
    expect(isTrustedOrigin('http://localhost:5173', OWN)).toBe(true);
    expect(isTrustedOrigin('https://evil.example', OWN)).toBe(false);
    expect(isTrustedOrigin('http://localhost:8080', OWN)).toBe(false);
    expect(isTrustedOrigin('https://open.weixin.qq.com', OWN)).toBe(false);
  });

  it('reads the callback message of a trusted origin and ignores anything else', () => {
    const data = { type: CALLBACK_MESSAGE_TYPE, code: 'c1', state: 's1' };
    expect(readCallbackMessage({ origin: OWN, data }, OWN)).toEqual(data);
    expect(readCallbackMessage({ origin: 'https://evil.example', data }, OWN)).toBeUndefined();
    expect(readCallbackMessage({ origin: OWN, data: { ...data, type: 'other' } }, OWN)).toBeUndefined();
    expect(readCallbackMessage({ origin: OWN, data: { ...data, code: 5 } }, OWN)).toBeUndefined();
    expect(readCallbackMessage({ origin: OWN, data: 'text' }, OWN)).toBeUndefined();
  });
});

describe('the QR state', () => {
  it('is the one the QR page was given, used once, with its purpose', () => {
    rememberQrState('abc', 'bind');
    expect(takeQrState('other')).toBeUndefined();
    expect(takeQrState('abc')).toBe('bind');
    expect(takeQrState('abc')).toBeUndefined();
  });

  it('refuses a mismatched state with 登录状态校验失败 before any call', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    rememberQrState('issued-state', 'login');
    expect(await completeWechat('code-1', 'forged-state')).toEqual({ ok: false, message: '登录状态校验失败' });
    expect(fetch).not.toHaveBeenCalled();
    expect(toastStore.snapshot().map((toast) => toast.text)).toContain('登录状态校验失败');
  });

  it('signs in with a matching state and shows the server’s message', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push(url);
      if (url.includes('/wechatLogin')) return new Response(JSON.stringify({ code: 200, msg: '微信登录成功', data: 'member-token' }));
      return new Response(JSON.stringify({ code: 200, data: { user: { userName: 'wx_1' } } }));
    });
    rememberQrState('issued-state', 'login');
    expect(await completeWechat('code-1', 'issued-state')).toEqual({ ok: true, to: '/memberIndex' });
    expect(calls[0]).toBe('/prod-api/wechatLogin?code=code-1&state=issued-state');
    expect(toastStore.snapshot().map((toast) => toast.text)).toContain('微信登录成功');
  });
});
