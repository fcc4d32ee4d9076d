import { Client } from 'minio';
import { buffer as readAll } from 'node:stream/consumers';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startS3rver, type LocalS3 } from '../../test/helpers/s3rver';
import { startTestApp } from '../../test/helpers/test-app';
import { clientOptions, contentTypeOf, DELETE_BATCH, S3Storage, type S3Config } from './s3-storage';
import { FILE_STORAGE, type FileStorage } from './storage';

let s3: LocalS3;
let endpoint: string;
let storage: S3Storage;

const s3Config = (bucket: string): S3Config => ({ endpoint, region: 'us-east-1', bucket, accessKey: 'S3RVER', secretKey: 'S3RVER' });

beforeAll(async () => {
  s3 = await startS3rver();
  endpoint = s3.endpoint;
  // No configured bucket: the driver makes it, as on a fresh deployment.
  storage = await S3Storage.create(s3Config('zhiwen-unit'));
});
afterAll(async () => {
  await s3?.close();
});

const text = async (s: FileStorage, key: string) => {
  const stream = await s.get(key);
  return stream ? (await readAll(stream)).toString('utf8') : null;
};

describe('S3Storage', () => {
  it('makes a missing bucket at start and accepts an existing one', async () => {
    const client = new Client(clientOptions(s3Config('zhiwen-unit')));
    expect(await client.bucketExists('zhiwen-unit')).toBe(true);
    await expect(S3Storage.create(s3Config('zhiwen-unit'))).resolves.toBeInstanceOf(S3Storage);
  });

  it('round-trips binary data and replaces a file', async () => {
    const data = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
    await storage.put('bin/blob.bin', data);
    const stream = await storage.get('bin/blob.bin');
    expect(Buffer.compare(await readAll(stream!), data)).toBe(0);
    await storage.put('bin/blob.bin', Buffer.from('second'));
    expect(await text(storage, 'bin/blob.bin')).toBe('second');
  });

  it('answers null for a missing key, and deleting one is fine', async () => {
    expect(await storage.get('nothing/here.txt')).toBeNull();
    await expect(storage.delete('nothing/here.txt')).resolves.toBeUndefined();
  });

  it('deletes a file', async () => {
    await storage.put('del/a.txt', Buffer.from('a'));
    await storage.delete('del/a.txt');
    expect(await storage.get('del/a.txt')).toBeNull();
  });

  it('lists the keys under a folder, nested and sorted, never a sibling prefix', async () => {
    for (const key of ['list/site/b.html', 'list/site/a/z.css', 'list/site/a/b/c.js', 'list/site2/x.html', 'list/sit.txt', 'list/site.html']) {
      await storage.put(key, Buffer.from(key));
    }
    expect(await storage.list('list/site')).toEqual(['list/site/a/b/c.js', 'list/site/a/z.css', 'list/site/b.html']);
    expect(await storage.list('list/none')).toEqual([]);
    expect(await storage.list('list/site.html')).toEqual([]);
  });

  it('removes a folder of more than 1000 files, in batches of at most 1000, and leaves the rest', async () => {
    const keys = Array.from({ length: 1100 }, (_, i) => `bulk/site/p${String(i).padStart(4, '0')}.html`);
    // s3rver writes to disk; a few puts at a time keep this to a few seconds.
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((k) => storage.put(k, Buffer.from('x'))));
    await storage.put('bulk/keep/k.txt', Buffer.from('keep'));
    const spy = vi.spyOn(storage['client'], 'removeObjects');
    try {
      await storage.deletePrefix('bulk/site');
      expect(spy.mock.calls.map(([, list]) => list.length)).toEqual([DELETE_BATCH, 100]);
    } finally {
      spy.mockRestore();
    }
    expect(await storage.list('bulk/site')).toEqual([]);
    expect(await text(storage, 'bulk/keep/k.txt')).toBe('keep');
    await expect(storage.deletePrefix('bulk/none')).resolves.toBeUndefined();
  }, 30_000);

  it('fails a deletePrefix when the server reports keys it could not delete', async () => {
    const fake = {
      listObjectsV2: async function* () {
        yield { name: 'f/a.txt' };
      },
      removeObjects: async () => [{ Code: 'AccessDenied', Key: 'f/a.txt', Message: 'no' }],
    } as unknown as Client;
    await expect(new S3Storage(fake, 'b').deletePrefix('f')).rejects.toThrow(/could not delete 1 object.*AccessDenied \(f\/a\.txt\)/);
  });

  it('refuses unsafe keys before any request', async () => {
    for (const key of ['../x', 'a/../b', '/abs', 'a//b', 'a/./b', 'a\\b', '', 'a/b/']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.get(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.list(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.deletePrefix(key)).rejects.toThrow(/Unsafe storage key/);
    }
  });

  it('states one file (size, last change), and compares keys for isWithin', async () => {
    await storage.put('det/site/a.css', Buffer.from('12345'));
    await storage.put('det/site/sub/b.js', Buffer.from('1'));
    await storage.put('det/site2/c.js', Buffer.from('1'));
    const info = await storage.stat('det/site/a.css');
    expect(info).toMatchObject({ key: 'det/site/a.css', size: 5 });
    expect(Math.abs(info!.modified.getTime() - Date.now())).toBeLessThan(600_000);
    expect(await storage.stat('det/site/none.css')).toBeNull();
    expect(await storage.stat('det/site/sub')).toBeNull();
    expect(await storage.isWithin('det/site', 'det/site/sub/b.js')).toBe(true);
    expect(await storage.isWithin('det/site', 'det/site')).toBe(true);
    expect(await storage.isWithin('det/site', 'det/site2/c.js')).toBe(false);
    await expect(storage.isWithin('det/site', 'det/site/../site2')).rejects.toThrow(/Unsafe storage key/);
  });

  it('stores a content type guessed from the extension', async () => {
    const client = new Client(clientOptions(s3Config('zhiwen-unit')));
    const expected: Record<string, string> = {
      'ct/index.html': 'text/html; charset=utf-8',
      'ct/style.css': 'text/css; charset=utf-8',
      'ct/app.js': 'text/javascript; charset=utf-8',
      'ct/data.json': 'application/json; charset=utf-8',
      'ct/logo.PNG': 'image/png',
      'ct/photo.jpg': 'image/jpeg',
      'ct/anim.gif': 'image/gif',
      'ct/pic.webp': 'image/webp',
      'ct/icon.svg': 'image/svg+xml',
      'ct/doc.pdf': 'application/pdf',
      'ct/readme.txt': 'text/plain; charset=utf-8',
      'ct/feed.xml': 'application/xml; charset=utf-8',
      'ct/pack.zip': 'application/zip',
      'ct/report.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'ct/raw.bin': 'application/octet-stream',
      'ct/noext': 'application/octet-stream',
    };
    for (const [key, type] of Object.entries(expected)) {
      await storage.put(key, Buffer.from('x'));
      const stat = await client.statObject('zhiwen-unit', key);
      expect([key, stat.metaData['content-type']]).toEqual([key, type]);
    }
    expect(contentTypeOf('dir.d/.hidden')).toBe('application/octet-stream');
  });
});

describe('clientOptions', () => {
  const base = { region: 'us-east-1', bucket: 'b', accessKey: 'k', secretKey: 's' };

  it('parses the endpoint URL and keeps path-style for self-hosted servers', () => {
    expect(clientOptions({ ...base, endpoint: 'http://minio:9000' })).toMatchObject({
      endPoint: 'minio',
      port: 9000,
      useSSL: false,
      pathStyle: true,
    });
    expect(clientOptions({ ...base, endpoint: 'https://s3.example.org/' })).toMatchObject({
      endPoint: 's3.example.org',
      port: 443,
      useSSL: true,
      pathStyle: true,
    });
    expect(clientOptions({ ...base, endpoint: 'http://[::1]:9000' })).toMatchObject({ endPoint: '::1', port: 9000 });
    expect(clientOptions({ ...base, endpoint: 'minio.local:9000' })).toMatchObject({ endPoint: 'minio.local', port: 9000, useSSL: true });
  });

  it('uses virtual-hosted requests for providers that refuse path-style', () => {
    expect(clientOptions({ ...base, endpoint: 'https://oss-cn-hangzhou.aliyuncs.com' }).pathStyle).toBe(false);
    expect(clientOptions({ ...base, endpoint: 'https://cos.ap-guangzhou.myqcloud.com' }).pathStyle).toBe(false);
    expect(clientOptions({ ...base, endpoint: 'https://s3.eu-west-1.amazonaws.com' }).pathStyle).toBe(false);
  });

  it('refuses an endpoint with a path, query or other scheme', () => {
    expect(() => clientOptions({ ...base, endpoint: 'http://minio:9000/bucket' })).toThrow(/bare origin/);
    expect(() => clientOptions({ ...base, endpoint: 'http://minio:9000?x=1' })).toThrow(/bare origin/);
    expect(() => clientOptions({ ...base, endpoint: 'ftp://minio' })).toThrow(/http\(s\)/);
  });
});

describe('the app on STORAGE_DRIVER=s3', () => {
  it('starts, makes its bucket and serves a published file from it', async () => {
    const t = await startTestApp({
      env: { STORAGE_DRIVER: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: 'zhiwen-test', S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER' },
    });
    try {
      const files = t.app.get<FileStorage>(FILE_STORAGE);
      expect(files).toBeInstanceOf(S3Storage);
      await files.put('site/demo/pc/index.html', Buffer.from('<h1>Hello from S3</h1>'));
      await files.put('site/demo/pc/news/index.html', Buffer.from('<h1>News</h1>'));

      const page = await request(t.server).get('/site/demo/pc/index.html');
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toBe('<h1>Hello from S3</h1>');
      expect((await request(t.server).get('/site/demo/pc/')).text).toBe('<h1>Hello from S3</h1>');
      const folder = await request(t.server).get('/site/demo/pc/news');
      expect([folder.status, folder.headers.location]).toEqual([301, '/site/demo/pc/news/']);
      expect((await request(t.server).get('/site/demo/pc/missing.html')).status).toBe(404);

      expect(await files.list('site/demo')).toEqual(['site/demo/pc/index.html', 'site/demo/pc/news/index.html']);
      await files.deletePrefix('site/demo');
      expect((await request(t.server).get('/site/demo/pc/index.html')).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
