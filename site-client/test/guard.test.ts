import { describe, expect, it } from 'vitest';
import { AI_TOOL_PATHS, VISITOR_ALLOW_LIST } from '../src/navigation/allowList';
import { decideNavigation, normalizePath, referralCode } from '../src/navigation/guard';
import { ALL_ROUTES } from '../src/catalog';

const visitor = (path: string, referralLoops = 0) => decideNavigation({ path, hasToken: false, referralLoops });
const member = (path: string, referralLoops = 0) => decideNavigation({ path, hasToken: true, referralLoops });

describe('navigation guard: visitors without a token (spec 2.1)', () => {
  it('lets them open the spec’s allow-list', () => {
    const named = [
      '/login',
      '/memberlogin',
      '/memberIndex',
      '/register',
      '/report',
      '/wechat',
      '/wechatcallback',
      '/weqr',
      '/auth-redirect',
      '/bind',
    ];
    for (const path of [...named, '/qkl', '/sbvip', '/qwjc'])
      expect(visitor(path), path).toEqual({ kind: 'allow', ...(path === '/register' ? { resetReferralLoops: true } : {}) });
  });

  it('lets them open every /ai tool path of the catalog, and the page listing the AI tools', () => {
    const aiPaths = [...ALL_ROUTES.map((r) => r.path).filter((p) => p.startsWith('/ai')), '/aitools'];
    expect(aiPaths.length).toBeGreaterThan(50);
    expect(AI_TOOL_PATHS).toEqual(aiPaths);
    for (const path of ['/aiwnxz', '/aixsxz', '/aiyywzw', '/aigc', '/aicheck', '/aicheckylbg', '/aireport', '/aizcxz', ...aiPaths]) {
      expect(visitor(path).kind, path).toBe('allow');
    }
  });

  it('lets them open the home page, the error pages and the refresh helper (spec 2.2: no sign-in)', () => {
    for (const path of ['/', '/404', '/401', '/redirect/aiwnxz', '/aizcxz/123']) expect(visitor(path).kind, path).toBe('allow');
  });

  it('sends them from any other path to /aizcxz, which is allow-listed', () => {
    for (const path of [
      '/bkysb',
      '/sbysb',
      '/sbzpb',
      '/jaigc',
      '/qwjaigc',
      '/qikanxlw',
      '/modelessay',
      '/loginwx',
      '/LoginModal',
      '/no-such-page',
      '/admin-ish',
    ]) {
      expect(visitor(path), path).toEqual({ kind: 'redirect', to: '/aizcxz' });
    }
  });

  it('sends them to / when /aizcxz is not in the allow-list', () => {
    const allow = { paths: new Set(['/', '/login']), prefixes: [] };
    expect(decideNavigation({ path: '/bkysb', hasToken: false, referralLoops: 0, allow })).toEqual({ kind: 'redirect', to: '/' });
    expect(decideNavigation({ path: '/login', hasToken: false, referralLoops: 0, allow })).toEqual({ kind: 'allow' });
  });

  it('reads a trailing slash as the same page', () => {
    expect(normalizePath('/bkysb/')).toBe('/bkysb');
    expect(visitor('/login/').kind).toBe('allow');
    expect(visitor('/bkysb/')).toEqual({ kind: 'redirect', to: '/aizcxz' });
    expect(VISITOR_ALLOW_LIST.paths.has('/bkysb')).toBe(false);
  });
});

describe('navigation guard: referral links /aizcxz/{code}', () => {
  it('stores a 5-character code and goes to /register, with or without a token', () => {
    expect(visitor('/aizcxz/AB12C')).toEqual({ kind: 'referral', code: 'AB12C', to: '/register' });
    expect(member('/aizcxz/x9y8z')).toEqual({ kind: 'referral', code: 'x9y8z', to: '/register' });
    expect(visitor('/aizcxz/AB12C/')).toEqual({ kind: 'referral', code: 'AB12C', to: '/register' });
  });

  it('treats other lengths as the document id of /aizcxz/:id', () => {
    expect(referralCode('/aizcxz/AB12')).toBeUndefined();
    expect(referralCode('/aizcxz/AB12CD')).toBeUndefined();
    expect(referralCode('/aizcxz/AB-2C')).toBeUndefined();
    expect(visitor('/aizcxz/AB12CD')).toEqual({ kind: 'allow' });
  });

  it('allows 3 referral redirects in a row and aborts the next one', () => {
    for (const loops of [0, 1, 2]) expect(visitor('/aizcxz/AB12C', loops).kind).toBe('referral');
    expect(visitor('/aizcxz/AB12C', 3)).toEqual({ kind: 'abort', reason: 'referral-loop' });
    expect(member('/aizcxz/AB12C', 7)).toEqual({ kind: 'abort', reason: 'referral-loop' });
  });

  it('resets the loop counter on /register', () => {
    expect(visitor('/register', 3)).toEqual({ kind: 'allow', resetReferralLoops: true });
    expect(member('/register', 3)).toEqual({ kind: 'allow', resetReferralLoops: true });
    expect(visitor('/login', 3)).toEqual({ kind: 'allow' });
  });
});

describe('navigation guard: members with a token', () => {
  it('sends /login to / and /memberlogin to /memberIndex', () => {
    expect(member('/login')).toEqual({ kind: 'redirect', to: '/' });
    expect(member('/memberlogin')).toEqual({ kind: 'redirect', to: '/memberIndex' });
  });

  it('lets them open the pages that need sign-in, and unknown paths (the route table sends those home)', () => {
    for (const path of ['/bkysb', '/sbysb', '/jaigc', '/loginwx', '/memberIndex', '/LoginModal', '/no-such-page'])
      expect(member(path).kind, path).toBe('allow');
  });
});
