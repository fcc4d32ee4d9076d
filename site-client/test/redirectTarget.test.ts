import { beforeEach, describe, expect, it } from 'vitest';
import { resolveRedirectTarget, safePath, storeRedirect, storedRedirect, takeRedirectTarget } from '../src/navigation/redirectTarget';
import { freshBrowser } from './helpers';

beforeEach(() => {
  freshBrowser();
});

describe('where a sign-in or registration leads (spec 2.1)', () => {
  it('goes to the redirect query value first', () => {
    expect(resolveRedirectTarget('?redirect=%2Fsbysb%3Fa%3D1', '/bkysb')).toBe('/sbysb?a=1');
  });

  it('else to the stored redirect, else to /memberIndex', () => {
    expect(resolveRedirectTarget('', '/bkysb?x=2')).toBe('/bkysb?x=2');
    expect(resolveRedirectTarget('?other=1', null)).toBe('/memberIndex');
  });

  it('never leaves the site', () => {
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'memberIndex', '/a\nb']) {
      expect(safePath(bad), bad).toBeUndefined();
      expect(resolveRedirectTarget(`?redirect=${encodeURIComponent(bad)}`, null)).toBe('/memberIndex');
    }
    expect(resolveRedirectTarget('?redirect=//evil.example', '/qkl')).toBe('/qkl');
  });

  it('uses the stored redirect once', () => {
    storeRedirect('/sbzpb?step=2');
    expect(storedRedirect()).toBe('/sbzpb?step=2');
    expect(takeRedirectTarget('')).toBe('/sbzpb?step=2');
    expect(storedRedirect()).toBeNull();
    expect(takeRedirectTarget('')).toBe('/memberIndex');
  });

  it('does not store an unsafe target', () => {
    storeRedirect('//evil.example');
    expect(storedRedirect()).toBeNull();
  });
});
