import { Client, type ClientOptions } from 'minio';
import type { Readable } from 'node:stream';
import type { StorageConfig } from '../common/config/app-config';
import { assertSafeKey, type FileStorage, type StoredFileInfo } from './storage';

export type S3Config = NonNullable<StorageConfig['s3']>;

/** Content types stored with an object, by extension; anything else is application/octet-stream. */
export const S3_CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  shtml: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The content type of a key, guessed from its extension. */
export function contentTypeOf(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return (dot > 0 && S3_CONTENT_TYPES[name.slice(dot + 1).toLowerCase()]) || 'application/octet-stream';
}

/** Keys per DeleteObjects request: the S3 API accepts at most 1000. */
export const DELETE_BATCH = 1000;

/** Cloud hosts addressed virtual-hosted (`bucket.host/key`) rather than path-style (`host/bucket/key`). */
const VIRTUAL_HOSTED = /(^|\.)(aliyuncs\.com|myqcloud\.com|amazonaws\.com(\.cn)?)$/i;

/** minio client options from an endpoint URL (`http://127.0.0.1:9000`, `https://oss-cn-hangzhou.aliyuncs.com`). */
export function clientOptions(config: S3Config): ClientOptions {
  // A bare `host[:port]` means HTTPS, as with the cloud providers' documented endpoints.
  const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(config.endpoint) ? config.endpoint : `https://${config.endpoint}`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`S3_ENDPOINT must be an http(s) URL: ${config.endpoint}`);
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.username) {
    throw new Error(`S3_ENDPOINT must be a bare origin without path, query or user: ${config.endpoint}`);
  }
  const useSSL = url.protocol === 'https:';
  return {
    endPoint: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    // Path-style works on every self-hosted S3-compatible server (MinIO, Ceph, s3rver) without wildcard DNS; OSS and
    // COS refuse it and AWS is retiring it, so their hosts get virtual-hosted requests.
    pathStyle: !VIRTUAL_HOSTED.test(url.hostname),
    region: config.region,
    accessKey: config.accessKey,
    secretKey: config.secretKey,
  };
}

/** An entry of a DeleteObjects answer: minio's parser gives `{ Code, Key }`, its types say `{ Error: {...} }`. */
type DeleteFailure = { Code?: string; Key?: string; Error?: { Code?: string; Key?: string } } | null | undefined;

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'NoSuchKey' || code === 'NotFound';
}

/** Files in an S3-compatible bucket (MinIO, AWS S3, Aliyun OSS, Tencent COS), keys used as object names. */
export class S3Storage implements FileStorage {
  constructor(
    private readonly client: Client,
    private readonly bucket: string,
  ) {}

  /** A driver for the configured bucket, creating the bucket when missing so a fresh deployment starts. */
  static async create(config: S3Config): Promise<S3Storage> {
    const client = new Client(clientOptions(config));
    if (!(await client.bucketExists(config.bucket))) {
      await client.makeBucket(config.bucket, config.region).catch(async (error: unknown) => {
        // Another instance starting at the same moment may have made it first.
        if (!(await client.bucketExists(config.bucket))) throw error;
      });
    }
    return new S3Storage(client, config.bucket);
  }

  async put(key: string, data: Buffer): Promise<void> {
    assertSafeKey(key);
    // A single PUT is atomic on S3: a reader sees the old object or the new one, never half.
    await this.client.putObject(this.bucket, key, data, data.length, { 'Content-Type': contentTypeOf(key) });
  }

  async get(key: string): Promise<Readable | null> {
    assertSafeKey(key);
    try {
      return await this.client.getObject(this.bucket, key);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    try {
      await this.client.removeObject(this.bucket, key);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async list(prefix: string): Promise<string[]> {
    assertSafeKey(prefix);
    const keys: string[] = [];
    // The trailing `/` keeps `site/demo2/...` out of `site/demo`, as a folder would locally.
    for await (const item of this.client.listObjectsV2(this.bucket, `${prefix}/`, true)) {
      if (item.name) keys.push(item.name);
    }
    return keys.sort();
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    assertSafeKey(key);
    try {
      const stat = await this.client.statObject(this.bucket, key);
      return { key, size: stat.size, modified: new Date(stat.lastModified) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Object names are plain strings: a key is within a folder when it starts with the folder's name and a `/`. */
  async isWithin(prefix: string, key: string): Promise<boolean> {
    assertSafeKey(prefix);
    assertSafeKey(key);
    return key === prefix || key.startsWith(`${prefix}/`);
  }

  /** A PUT makes no temporary object: nothing is ever left over. */
  async removeStaleTempFiles(): Promise<number> {
    return 0;
  }

  async deletePrefix(prefix: string): Promise<void> {
    const keys = await this.list(prefix);
    // One batch at a time: a site's thousands of pages must not become a burst of parallel requests.
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const results = (await this.client.removeObjects(this.bucket, keys.slice(i, i + DELETE_BATCH))) as DeleteFailure[];
      // Quiet mode: the answer lists only the keys that failed.
      const failed = results
        .map((r) => ({ code: r?.Error?.Code ?? r?.Code, key: r?.Error?.Key ?? r?.Key }))
        .filter((r) => r.code && r.code !== 'NoSuchKey');
      if (failed.length) throw new Error(`S3 could not delete ${failed.length} object(s) under ${prefix}: ${failed[0].code} (${failed[0].key})`);
    }
  }
}
