import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captchaRequiredBy, fetchCaptcha, loginMember } from '../src/auth/api';
import { freshBrowser } from './helpers';

beforeEach(() => {
  freshBrowser();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a captcha asked for by failed sign-ins (issue 15)', () => {
  it('reads captchaRequired from a refused sign-in, then loads a captcha even while it is switched off', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push(url);
      if (url.includes('/member/login')) {
        return new Response(JSON.stringify({ code: 500, msg: '用户不存在或密码错误', data: { captchaRequired: true } }), { status: 400 });
      }
      const required = url.endsWith('?required=true');
      return new Response(
        JSON.stringify({
          code: 200,
          data: { captchaEnabled: required, registerEnabled: false, ...(required ? { img: 'data:x', uuid: 'u-1' } : {}) },
        }),
      );
    });
    const refused = await loginMember({ username: 'carol', password: 'wrong' }).catch((e: unknown) => e);
    expect(captchaRequiredBy(refused)).toBe(true);
    expect(captchaRequiredBy(new Error('network'))).toBe(false);

    expect(await fetchCaptcha()).toMatchObject({ captchaEnabled: false });
    expect(await fetchCaptcha(true)).toEqual({ captchaEnabled: true, registerEnabled: false, img: 'data:x', uuid: 'u-1' });
    expect(calls.at(-1)).toBe('/prod-api/captchaImage?required=true');
  });
});
