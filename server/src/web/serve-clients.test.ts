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

  it('serves hashed assets with a long cache and misses with 404', async () => {
    const asset = await request(t.server).get('/admin/assets/app-1234.js');
    expect(asset.text).toContain("console.log('admin')");
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await request(t.server).get('/assets/none.js').set('Accept', '*/*');
    expect(missing.status).toBe(404);
  });

  it('never answers API paths with a page', async () => {
    const res = await request(t.server).get('/prod-api/unknown').set('Accept', 'text/html');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(404);
  });
});
