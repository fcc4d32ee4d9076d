import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';

let t: TestApp;

function fakeDist(root: string, name: string) {
  const dist = path.join(root, name);
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>${name}</title>`);
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), `console.log('${name}')`);
  return dist;
}

beforeAll(async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'zhiwen-web-'));
  t = await startTestApp({ config: { web: { siteDist: fakeDist(root, 'site'), adminDist: fakeDist(root, 'admin') } } });
});
afterAll(() => t?.close());

describe('serving the built clients', () => {
  it('serves the site at / with a history-mode fallback', async () => {
    for (const url of ['/', '/aiwnxz', '/memberIndex?x=1']) {
      const res = await request(t.server).get(url).set('Accept', 'text/html');
      expect(res.status, url).toBe(200);
      expect(res.text).toContain('<title>site</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the back office under /admin/ with its own fallback', async () => {
    const redirect = await request(t.server).get('/admin');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe('/admin/');
    for (const url of ['/admin/', '/admin/system/user']) {
      const res = await request(t.server).get(url).set('Accept', 'text/html');
      expect(res.text, url).toContain('<title>admin</title>');
    }
  });

  it('answers / and /admin/ with their index.html whatever Accept says (curl, fetch, JSON clients)', async () => {
    for (const accept of [undefined, '*/*', 'application/json', 'text/plain']) {
      const site = request(t.server).get('/');
      const admin = request(t.server).get('/admin/');
      if (accept) {
        site.set('Accept', accept);
        admin.set('Accept', accept);
      }
      const [s, a] = await Promise.all([site, admin]);
      expect(s.status, `/ with ${accept}`).toBe(200);
      expect(s.text).toContain('<title>site</title>');
      expect(a.status, `/admin/ with ${accept}`).toBe(200);
      expect(a.text).toContain('<title>admin</title>');
    }
  });

  it('falls back on deep links for any Accept but JSON only', async () => {
    for (const accept of [undefined, '*/*', 'text/plain', 'application/json, text/html']) {
      const site = request(t.server).get('/aiwnxz');
      const admin = request(t.server).get('/admin/system/user');
      if (accept) {
        site.set('Accept', accept);
        admin.set('Accept', accept);
      }
      const [s, a] = await Promise.all([site, admin]);
      expect(s.text, `/aiwnxz with ${accept}`).toContain('<title>site</title>');
      expect(a.text, `/admin/system/user with ${accept}`).toContain('<title>admin</title>');
    }
    const json = await request(t.server).get('/aiwnxz').set('Accept', 'application/json');
    expect(json.status).toBe(404);
    expect(json.text).not.toContain('<title>site</title>');
    const adminJson = await request(t.server).get('/admin/system/user').set('Accept', 'application/json');
    expect(adminJson.status).toBe(404);
    const head = await request(t.server).head('/memberIndex').set('Accept', '*/*');
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
  });

  it('keeps misses of real asset paths at 404 whatever Accept says', async () => {
    for (const url of ['/assets/none.js', '/logo.png', '/admin/assets/none.css']) {
      const res = await request(t.server).get(url).set('Accept', 'text/html,*/*');
      expect(res.status, url).toBe(404);
    }
  });

  it('serves hashed assets with a long cache and misses with 404', async () => {
    const asset = await request(t.server).get('/admin/assets/app-1234.js');
    expect(asset.text).toContain("console.log('admin')");
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await request(t.server).get('/assets/none.js').set('Accept', '*/*');
    expect(missing.status).toBe(404);
  });

  it('never answers API paths with a page', async () => {
    for (const accept of ['text/html', '*/*']) {
      const res = await request(t.server).get('/prod-api/unknown').set('Accept', accept);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(404);
    }
  });
});
