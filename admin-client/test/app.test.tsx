// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18nProvider } from '../src/i18n/i18nProvider';
import { AppRouterProvider, createAppRouter } from '../src/router';
import { bodyText, container, input, mountContainer, renderRoot, type, unmountContainer, waitFor } from './support/adminHarness';
import { parseUrl, sendJson, startTestServer, type TestServer } from './testServer';

/**
 * How the test server behaves: `missing` = auth endpoints not built yet (404), `ready` = they work, `captchaOff` =
 * the captcha is switched off but a failed sign-in asks for one (`captchaRequired`).
 */
let mode: 'missing' | 'ready' | 'captchaOff';
let captchaCount = 0;
let server: TestServer;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const { path } = parseUrl(req);
    if (mode === 'missing') return sendJson(res, 404, { code: 404, msg: '接口不存在' });
    if (path === '/prod-api/captchaImage' && mode === 'captchaOff' && parseUrl(req).query.required !== 'true') {
      return sendJson(res, 200, { code: 200, msg: '', data: { captchaEnabled: false, registerEnabled: false } });
    }
    if (path === '/prod-api/login' && mode === 'captchaOff' && JSON.parse(req.body).code !== '1234') {
      return sendJson(res, 400, { code: 500, msg: '用户不存在或密码错误', data: { captchaRequired: true } });
    }
    if (path === '/prod-api/captchaImage') {
      captchaCount += 1;
      const img = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><text y="30">${captchaCount}</text></svg>`;
      return sendJson(res, 200, { code: 200, msg: '', data: { captchaEnabled: true, img, uuid: `u-${captchaCount}` } });
    }
    if (path === '/prod-api/login') {
      const body = JSON.parse(req.body);
      return body.code === '1234'
        ? sendJson(res, 200, { code: 200, msg: '登录成功', data: 'jwt-1' })
        : sendJson(res, 400, { code: 500, msg: '验证码错误' });
    }
    if (path === '/prod-api/getInfo' && req.headers.authorization === 'Bearer jwt-1') {
      return sendJson(res, 200, {
        code: 200,
        msg: '',
        data: { user: { userId: 1, userName: 'admin', nickName: '超级管理员' }, roles: ['admin'], permissions: ['*:*:*'] },
      });
    }
    if (path === '/prod-api/getRouters' && req.headers.authorization === 'Bearer jwt-1') {
      return sendJson(res, 200, {
        code: 200,
        msg: '',
        data: [
          {
            name: 'System',
            path: '/system',
            hidden: false,
            component: 'Layout',
            alwaysShow: true,
            redirect: 'noRedirect',
            meta: { title: '系统管理', icon: 'system', noCache: false, link: null },
            children: [
              {
                name: 'Post',
                path: 'post',
                hidden: false,
                component: 'system/post/index',
                meta: { title: '岗位管理', icon: 'post', noCache: false, link: null },
              },
              {
                name: 'Notice',
                path: 'notice',
                hidden: false,
                component: 'system/notice/index',
                meta: { title: '通知公告', icon: 'message', noCache: false, link: null },
              },
            ],
          },
        ],
      });
    }
    return sendJson(res, 404, { code: 404, msg: '接口不存在' });
  });
  // A browser resolves `/prod-api/...` against the page; Node's fetch needs the test server's origin.
  const origin = new URL(server.baseUrl).origin;
  globalThis.fetch = (input, init) => realFetch(typeof input === 'string' && input.startsWith('/') ? origin + input : input, init);
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await server.close();
});

beforeEach(async () => {
  server.requests.length = 0;
  captchaCount = 0;
  // The app's i18n provider is a module singleton: put it back to the default language.
  await i18nProvider.changeLocale('zh-CN');
  localStorage.clear();
  document.cookie = 'Admin-Token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  window.history.replaceState(null, '', '/admin/');
  mountContainer();
});

afterEach(() => {
  unmountContainer();
});

function renderApp() {
  renderRoot(<AppRouterProvider router={createAppRouter()} />);
}

function submitButton() {
  return container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
}

function seen(path: string) {
  return server.requests.filter((r) => parseUrl(r).path === path);
}

describe('admin app in a browser-like DOM', () => {
  it('sends an anonymous visitor to the login page; with the auth endpoints missing the captcha stays hidden and the 404 msg is shown', async () => {
    mode = 'missing';
    renderApp();
    const title = await waitFor(() => container.querySelector('h1'));
    expect(title.textContent).toBe('智文管理后台');
    expect(window.location.pathname).toBe('/admin/login');
    expect(bodyText()).toContain('账号');
    expect(bodyText()).toContain('密码');
    expect(bodyText()).toContain('简体中文');
    expect(submitButton().textContent).toBe('登录');

    await waitFor(() => seen('/prod-api/captchaImage').length > 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(input('code')).toBeNull();
    expect(container.querySelector('img')).toBeNull();

    type(input('username')!, 'admin');
    type(input('password')!, 'secret');
    submitButton().click();
    await waitFor(() => bodyText().includes('接口不存在'));
    expect(JSON.parse(seen('/prod-api/login')[0].body)).toEqual({ username: 'admin', password: 'secret', code: '', uuid: '' });
  });

  it('switches the language from the login page, keeps it and sends it as Accept-Language', async () => {
    mode = 'missing';
    renderApp();
    await waitFor(() => container.querySelector('h1')?.textContent === '智文管理后台');
    const select = container.querySelector<HTMLElement>('[role="combobox"]')!;
    select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    const english = await waitFor(() => document.querySelector<HTMLElement>('li[data-value="en"]'));
    expect(english.textContent).toBe('English');
    english.click();
    await waitFor(() => container.querySelector('h1')?.textContent === 'Zhiwen Admin');
    expect(submitButton().textContent).toBe('Sign in');
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');

    type(input('username')!, 'admin');
    type(input('password')!, 'secret');
    submitButton().click();
    await waitFor(() => seen('/prod-api/login').length === 1);
    expect(seen('/prod-api/login')[0].headers['accept-language']).toBe('en');
  });

  it('asks for the fields before calling the server', async () => {
    mode = 'ready';
    renderApp();
    await waitFor(() => input('code'));
    submitButton().click();
    await waitFor(() => bodyText().includes('请输入您的账号'));
    expect(bodyText()).toContain('请输入您的密码');
    expect(bodyText()).toContain('请输入验证码');
    expect(seen('/prod-api/login')).toHaveLength(0);
  });

  it('signs in with the captcha: a refused code shows the msg and a new captcha, the right one opens the dashboard', async () => {
    mode = 'ready';
    renderApp();
    const image = await waitFor(() => container.querySelector('img'));
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);

    type(input('username')!, 'admin');
    type(input('password')!, 'secret');
    type(input('code')!, '0000');
    submitButton().click();
    await waitFor(() => bodyText().includes('验证码错误'));
    expect(JSON.parse(seen('/prod-api/login')[0].body)).toEqual({
      username: 'admin',
      password: 'secret',
      code: '0000',
      uuid: 'u-1',
    });
    // The failed attempt fetched a fresh captcha and cleared the typed code.
    await waitFor(() => seen('/prod-api/captchaImage').length === 2 && input('code')?.value === '');

    type(input('code')!, '1234');
    submitButton().click();
    await waitFor(() => bodyText().includes('欢迎回来，超级管理员'));
    // The side menu is the server's route tree.
    await waitFor(() => bodyText().includes('系统管理'));
    expect(JSON.parse(seen('/prod-api/login')[1].body)).toMatchObject({ code: '1234', uuid: 'u-2' });
    expect(document.cookie).toContain('Admin-Token=jwt-1');
    const info = seen('/prod-api/getInfo')[0];
    expect(info.headers.authorization).toBe('Bearer jwt-1');
    expect(info.headers['accept-language']).toBe('zh-CN');
    expect(window.location.pathname).toMatch(/^\/admin\/?$/);
  });

  it('shows the captcha once a failed sign-in answers captchaRequired, even while the captcha is switched off', async () => {
    mode = 'captchaOff';
    renderApp();
    await waitFor(() => seen('/prod-api/captchaImage').length > 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(input('code')).toBeNull();

    type(input('username')!, 'admin');
    type(input('password')!, 'secret');
    submitButton().click();
    await waitFor(() => bodyText().includes('用户不存在或密码错误'));
    const image = await waitFor(() => container.querySelector('img'));
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(parseUrl(seen('/prod-api/captchaImage')[1]).query).toEqual({ required: 'true' });

    type(input('code')!, '1234');
    submitButton().click();
    await waitFor(() => bodyText().includes('欢迎回来，超级管理员'));
    expect(JSON.parse(seen('/prod-api/login')[1].body)).toMatchObject({ code: '1234', uuid: 'u-1' });
  });
});
