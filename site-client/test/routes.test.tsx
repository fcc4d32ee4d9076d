import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../src/auth/session';
import { tokenStore } from '../src/auth/token';
import { AI_TOOLS } from '@zhiwen/shared';
import { primeAiCatalog } from '../src/ai/catalogStore';
import { ALL_ROUTES, CHECK_PRODUCTS, WRITING_CATALOG, WRITING_TOOLS } from '../src/catalog';
import { freshBrowser, openAt, text } from './helpers';

/** `GET /ai/tools` as the server answers it for the seeded catalog. */
const served = (providerReady: boolean) => ({
  tools: AI_TOOLS.map(({ promptTemplate: _p, ...tool }, sort) => ({ ...tool, sort, dailyQuota: 0 })),
  providerReady,
});

beforeEach(() => {
  freshBrowser();
  // Writing pages render once the live catalog is known; these tests start with it loaded.
  primeAiCatalog(served(true));
});

/** Every route of spec 2.3. */
const SPEC_2_3 = (
  '/aigc /jaigc /aicheck /aicheckylbg /qwjc /qwjaigc /bkysb /sbysb /sbzpb /sbvip /qikanxlw /qkl /report /aireport /memberIndex /loginwx ' +
  '/aixsxz /aiwnwd /aiqikan /aijyxz /ailwfw /modelessay /aigzjh /aisyjhs /aisqs /aijiaoan /aiwxzs /aizwzy /aizcfw /aisxbg /aizfy /aisxhb ' +
  '/aidcwj /aichfa /aigqshf /aipyqwa /aishiju /aizuowen /airbzbyb /aizwzyfw /aiktbg /airws /ailwxt /aickwx /ailwtg /ailwxx /ailwzy /ailwzx ' +
  '/aidbpptnr /aiyjg /aiggwa /aixhswa /aidscpms /ainzzj /aigrzj /aixdth /aigzbg /aijtsck /aiqsck /aipptdg /aizygw /aidyzw /aidhgzw /aijjrzw ' +
  '/aizhoji /airijizw /aitczw /aiywzw /aiyywzw /aiwnxz'
).split(' ');

describe('home page', () => {
  it('has the hero title, header navigation and footer', async () => {
    const { html } = await openAt('/');
    expect(html).toMatch(/<h1>智文 · AI写作与论文检测<\/h1>/);
    const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
    for (const label of ['智文', 'AI写作', '论文查重', 'AIGC检测', '登录', '注册']) expect(text(header)).toContain(label);
    expect(header).toContain('href="/login"');
    expect(header).toContain('href="/register"');
    expect(html).toMatch(/<footer[^>]*>.*智文.*<\/footer>/s);
  });

  it('shows the featured tools and checks as cards', async () => {
    const { html } = await openAt('/');
    expect(WRITING_TOOLS.map((t) => t.path)).toEqual(['/aiwnxz', '/aiqikan', '/aiktbg', '/ailwtg', '/aixsxz', '/aizcxz']);
    expect(CHECK_PRODUCTS.map((p) => p.path)).toEqual(['/bkysb', '/sbysb', '/sbzpb', '/aigc', '/qwjc', '/qwjaigc']);
    for (const product of [...WRITING_TOOLS, ...CHECK_PRODUCTS]) {
      expect(html, product.name).toMatch(new RegExp(`<a[^>]*href="${product.path}"[^>]*>((?!</a>).)*${product.name}`, 's'));
    }
  });

  it('links every route of spec 2.3', async () => {
    const { html } = await openAt('/');
    for (const path of SPEC_2_3) expect(html, path).toContain(`href="${path}"`);
  });
});

describe('tool, check and report pages', () => {
  it('exist for every route of spec 2.3: writing tools show their form, checks and reports their own pages', async () => {
    const catalogued = ALL_ROUTES.map((r) => r.path);
    for (const path of SPEC_2_3.filter((p) => p !== '/memberIndex' && p !== '/loginwx')) expect(catalogued, path).toContain(path);
    tokenStore.set('member-token'); // some need sign-in
    const writing = new Set(WRITING_CATALOG.map((tool) => tool.path));
    for (const product of ALL_ROUTES) {
      const { where, html } = await openAt(product.path);
      expect(where(), product.path).toBe(product.path);
      expect(html).toContain(`<h1>${product.name}</h1>`);
      if (writing.has(product.path)) {
        expect(text(html), product.path).toContain('填写写作要求');
        expect(text(html)).not.toContain('即将上线');
      } else {
        expect(text(html), product.path).not.toContain('填写写作要求');
        expect(text(html), product.path).not.toContain('即将上线');
      }
    }
  });

  it('render a writing tool’s fields with their limits, and ask a visitor to sign in first', async () => {
    const { html } = await openAt('/aixsxz');
    expect(html).toMatch(/<input(?=[^>]*name="title")(?=[^>]*maxlength="200")/i);
    expect(html).toMatch(/<textarea(?=[^>]*name="coreContent")(?=[^>]*maxlength="200")/i);
    expect(html).toMatch(/<select[^>]*name="genre"/);
    expect(text(html)).toContain('登录后生成');
  });

  it('say clearly when the site has no AI provider', async () => {
    primeAiCatalog(served(false));
    tokenStore.set('member-token');
    const { html } = await openAt('/aiwnxz');
    expect(text(html)).toContain('本站尚未配置 AI 服务');
    expect(html).toMatch(/<button type="submit"[^>]*disabled/);
  });

  it('serve /aizcxz/:id as official-document writing', async () => {
    const { where, html } = await openAt('/aizcxz/doc-42');
    expect(where()).toBe('/aizcxz/doc-42');
    expect(html).toContain('<h1>公文写作</h1>');
  });

  it('list every writing tool by category on /aitools, open to visitors', async () => {
    const { where, html } = await openAt('/aitools');
    expect(where()).toBe('/aitools');
    for (const tool of WRITING_CATALOG) expect(html, tool.path).toContain(`href="${tool.path}"`);
    for (const category of new Set(AI_TOOLS.map((tool) => tool.category))) expect(html).toContain(`<h2>${category}</h2>`);
  });
});

describe('navigation rules through the router (spec 2.1)', () => {
  it('sends a visitor from a page needing sign-in to the allow-listed /aizcxz', async () => {
    const { where, html } = await openAt('/bkysb');
    expect(where()).toBe('/aizcxz');
    expect(html).toContain('<h1>公文写作</h1>');
  });

  it('lets a visitor open allow-listed pages', async () => {
    for (const path of [
      '/aiwnxz',
      '/qkl',
      '/sbvip',
      '/qwjc',
      '/login',
      '/memberlogin',
      '/register',
      '/memberIndex',
      '/weqr',
      '/wechatcallback',
      '/bind',
      '/wechat',
      '/report',
    ]) {
      expect((await openAt(path)).where(), path).toBe(path);
    }
  });

  it('sends an unknown path home for a member, and to /aizcxz for a visitor (not allow-listed)', async () => {
    expect((await openAt('/no-such-page')).where()).toBe('/aizcxz');
    tokenStore.set('member-token');
    const { where, html } = await openAt('/no-such-page');
    expect(where()).toBe('/');
    expect(html).toContain('<h1>智文 · AI写作与论文检测</h1>');
  });

  it('sends a member from /login to / and from /memberlogin to /memberIndex', async () => {
    tokenStore.set('member-token');
    expect((await openAt('/login')).where()).toBe('/');
    expect((await openAt('/memberlogin')).where()).toBe('/memberIndex');
  });

  it('re-navigates /redirect/{path} to the page, query kept, never off the site', async () => {
    expect((await openAt('/redirect/aiwnxz?x=1')).where()).toBe('/aiwnxz?x=1');
    expect((await openAt('/redirect/aizcxz/doc-1')).where()).toBe('/aizcxz/doc-1');
    expect((await openAt('/redirect//evil.example')).where()).toBe('/');
    // The target is guarded in turn.
    expect((await openAt('/redirect/bkysb')).where()).toBe('/aizcxz');
  });
});

describe('pages', () => {
  it('serve the login, member login, register, member home and error pages in Chinese', async () => {
    const login = text((await openAt('/login')).html);
    for (const label of ['账号登录', '账号', '密码', '验证码', '记住密码', '微信扫码登录']) expect(login).toContain(label);

    const memberLogin = text((await openAt('/memberlogin')).html);
    expect(memberLogin).toContain('会员登录');

    const register = text((await openAt('/register')).html);
    for (const label of ['注册账号', '确认密码', '验证码', '去登录']) expect(register).toContain(label);

    const memberHome = text((await openAt('/memberIndex')).html);
    expect(memberHome).toContain('登录后查看个人资料、订单、检测报告与写作记录。');

    const notFound = await openAt('/404');
    expect(text(notFound.html)).toContain('页面不存在');
    expect(notFound.html).toMatch(/<a[^>]*href="\/"[^>]*>返回首页<\/a>/);
    const unauthorized = await openAt('/401');
    expect(text(unauthorized.html)).toContain('没有访问权限');
    expect(unauthorized.html).toMatch(/<a[^>]*href="\/"[^>]*>返回首页<\/a>/);
  });

  it('show a member the account links instead of 登录/注册', async () => {
    sessionStore.startSession('member-token');
    const { html } = await openAt('/');
    const header = text(html.slice(html.indexOf('<header'), html.indexOf('</header>')));
    expect(header).toContain('会员中心');
    expect(header).toContain('退出登录');
  });
});

describe('index.html', () => {
  it('declares zh-CN and the site title', () => {
    const html = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('<title>智文 AI写作与论文检测</title>');
  });
});
