import { Controller, Get, Module } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberTokenOf } from '../../../test/helpers/member';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { CurrentMember } from '../../auth/current-user.decorator';
import type { MemberSession } from '../../auth/login-user';
import { AcceptPageToken, MemberOnly } from '../../auth/permission';
import { Public } from '../../common/decorators/public.decorator';

/** A route page script may call in a member's name (as comment and vote routes are), and one it may not. */
@Controller('page-token-probe')
class PageTokenProbeController {
  @Get('interact')
  @MemberOnly()
  @AcceptPageToken()
  interact(@CurrentMember() member: MemberSession) {
    return { userName: member.userName };
  }

  @Get('public')
  @Public()
  @AcceptPageToken()
  open(@CurrentMember({ optional: true }) member: MemberSession | undefined) {
    return { member: member?.userName ?? null };
  }
}

@Module({ controllers: [PageTokenProbeController] })
class PageTokenProbeModule {}

let t: TestApp;
let member: string;

beforeAll(async () => {
  t = await startTestApp({ imports: [PageTokenProbeModule] });
  member = await memberTokenOf(t.app, 'pagetokenmember', 'Probe1234');
});
afterAll(() => t?.close());

const call = (method: 'get' | 'post' | 'put', path: string, token?: string, host = '127.0.0.1:3000') => {
  const req = request(t.server)[method](`/prod-api${path}`).set('Host', host);
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
};
const askToken = (pageUrl: string, token = member, host?: string) => call('post', '/api/member/page-token', token, host).send({ pageUrl });

describe('page tokens for published pages', () => {
  it('are given to a member for a page on this host, and act in the member’s name only where a route accepts them', async () => {
    const res = await askToken('http://127.0.0.1:3000/site/demo/pc/news/1.html');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { token, expiresAt, nickName } = res.body.data as { token: string; expiresAt: number; nickName: string };
    expect(nickName).toBe('pagetokenmember');
    // At most two hours.
    expect(expiresAt - Date.now()).toBeGreaterThan(3500_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(2 * 3600_000);

    expect((await call('get', '/page-token-probe/interact', token)).body.data).toEqual({ userName: 'pagetokenmember' });
    expect((await call('get', '/page-token-probe/public', token)).body.data).toEqual({ member: 'pagetokenmember' });
    // Everywhere else it is no sign-in at all: the member's own data, and asking for another page token.
    const info = await call('get', '/member/info', token);
    expect(info.status).toBe(401);
    expect(info.body.msg).toBe('认证失败，无法访问系统资源');
    expect((await askToken('http://127.0.0.1:3000/site/demo/pc/news/1.html', token)).status).toBe(401);
    // The full token works on both kinds of route.
    expect((await call('get', '/page-token-probe/interact', member)).body.data).toEqual({ userName: 'pagetokenmember' });
    expect((await call('get', '/member/info', member)).status).toBe(200);
  });

  it('are refused to pages of other hosts and to staff, and end with the member’s session', async () => {
    for (const pageUrl of [
      'https://evil.example.com/site/demo/',
      'http://127.0.0.1:3000/admin/',
      'http://u:p@127.0.0.1:3000/site/demo/',
      'javascript:alert(1)',
      'not a url',
      '',
    ]) {
      const res = await askToken(pageUrl);
      expect(res.status, pageUrl).toBe(400);
      if (pageUrl) expect(res.body.msg).toBe('只有本站发布的页面可以使用会员身份');
    }
    // A site's own publish pipe URL on another host counts as ours.
    const staff = await tokenOf(t.app);
    const site = await call('post', '/cms/site', staff).send({ name: '页面令牌站', path: 'pagetoken' });
    expect(site.body.code, JSON.stringify(site.body)).toBe(200);
    const siteId = site.body.data.siteId as string;
    const saved = await call('put', '/cms/site', staff).send({
      siteId,
      name: '页面令牌站',
      path: 'pagetoken',
      publishPipeProps: { pc: { url: 'https://www.pagetoken.example.com' } },
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    expect((await askToken('https://www.pagetoken.example.com/news/1.html')).status).toBe(200);
    expect((await askToken('https://www.pagetoken.example.com.evil.net/')).status).toBe(400);
    // Staff have no page tokens.
    expect((await askToken('http://127.0.0.1:3000/site/demo/pc/news/1.html', staff)).status).toBe(401);

    const other = await memberTokenOf(t.app, 'pagetokenother', 'Probe1234');
    const { token } = (await askToken('http://127.0.0.1:3000/site/demo/pc/news/1.html', other)).body.data as { token: string };
    expect((await call('get', '/page-token-probe/interact', token)).status).toBe(200);
    expect((await call('post', '/member/logout', other)).body.code).toBe(200);
    expect((await call('get', '/page-token-probe/interact', token)).status).toBe(401);
  });

  it('are sent by page script of any origin: the page API answers preflights and allows every origin, without credentials', async () => {
    const preflight = await request(t.server)
      .options('/prod-api/api/member/page-token')
      .set('Origin', 'null')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization, content-type');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-headers']).toContain('Authorization');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    const answer = await askToken('http://127.0.0.1:3000/site/demo/pc/news/1.html').set('Origin', 'null');
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // The rest of the API stays same-origin.
    const staffRoute = await request(t.server).get('/prod-api/getInfo').set('Origin', 'null');
    expect(staffRoute.headers['access-control-allow-origin']).toBeUndefined();
    expect(staffRoute.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
