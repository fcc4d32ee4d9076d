import { readFileSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CHECK_PRODUCTS, WRITING_TOOLS } from '../src/catalog';
import { routes } from '../src/routes';

/** Starts a memory router at `path`, waits until its loaders (the catch-all redirect) have settled. */
async function openAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  if (!router.state.initialized || router.state.navigation.state !== 'idle') {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (state.initialized && state.navigation.state === 'idle') {
          stop();
          resolve();
        }
      });
    });
  }
  return { router, html: renderToString(<RouterProvider router={router} />) };
}

/** Text content of an HTML fragment (tags dropped, entities of the few characters React escapes undone). */
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&');

describe('home page', () => {
  it('has the hero title, header navigation and footer', async () => {
    const { html } = await openAt('/');
    expect(html).toMatch(/<h1>智文 · AI写作与论文检测<\/h1>/);
    const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
    expect(text(header)).toContain('智文');
    for (const label of ['AI写作', '论文查重', 'AIGC检测', '登录', '注册']) expect(text(header)).toContain(label);
    expect(header).toContain('href="/login"');
    expect(header).toContain('href="/register"');
    expect(html).toMatch(/<footer[^>]*>.*智文.*<\/footer>/s);
  });

  it('links every featured writing tool and check product to its route', async () => {
    const { html } = await openAt('/');
    expect(WRITING_TOOLS.map((t) => t.path)).toEqual(['/aiwnxz', '/aiqikan', '/aiktbg', '/ailwtg', '/aixsxz', '/aizcxz']);
    expect(CHECK_PRODUCTS.map((p) => p.path)).toEqual(['/bkysb', '/sbysb', '/sbzpb', '/aigc', '/qwjc', '/qwjaigc']);
    for (const product of [...WRITING_TOOLS, ...CHECK_PRODUCTS]) {
      const link = new RegExp(`<a[^>]*href="${product.path}"[^>]*>((?!</a>).)*${product.name}`, 's');
      expect(html, product.name).toMatch(link);
    }
    expect(text(html)).toContain('万能写作');
    expect(text(html)).toContain('全文降AIGC');
  });
});

describe('routes', () => {
  it('redirects an unknown path to the home page', async () => {
    const { router, html } = await openAt('/no-such-page');
    expect(router.state.location.pathname).toBe('/');
    expect(html).toContain('<h1>智文 · AI写作与论文检测</h1>');
  });

  it('redirects a tool path that has no page yet to the home page', async () => {
    const { router } = await openAt('/aiwnxz');
    expect(router.state.location.pathname).toBe('/');
  });

  it('serves the login, register and 404 placeholders in Chinese', async () => {
    const login = await openAt('/login');
    expect(login.router.state.location.pathname).toBe('/login');
    expect(text(login.html)).toContain('会员登录');
    expect(text(login.html)).toContain('账号');

    const register = await openAt('/register');
    expect(text(register.html)).toContain('注册账号');
    expect(text(register.html)).toContain('确认密码');

    const notFound = await openAt('/404');
    expect(notFound.router.state.location.pathname).toBe('/404');
    expect(text(notFound.html)).toContain('页面不存在');
    expect(notFound.html).toMatch(/<a[^>]*href="\/"[^>]*>返回首页<\/a>/);
  });
});

describe('index.html', () => {
  it('declares zh-CN and the site title', () => {
    const html = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('<title>智文 AI写作与论文检测</title>');
  });
});
