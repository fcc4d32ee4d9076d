import crypto from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** A local S3 server for tests (s3rver), its endpoint, and how to stop it. Credentials: S3RVER / S3RVER. */
export interface LocalS3 {
  server: S3rver;
  endpoint: string;
  close(): Promise<void>;
}

const createCipheriv = crypto.createCipheriv;
const createDecipheriv = crypto.createDecipheriv;
/** Single DES as 3DES with one key three times: the same cipher, still in OpenSSL 3's default provider. */
const desAsTripleDes = <F extends typeof createCipheriv | typeof createDecipheriv>(original: F): F =>
  ((algorithm: string, key: Buffer, iv: Buffer, ...rest: unknown[]) =>
    algorithm === 'des'
      ? original('des-ede3-cbc', Buffer.concat([key, key, key]), iv)
      : (original as (...a: unknown[]) => unknown)(algorithm, key, iv, ...rest)) as unknown as F;

/** Starts s3rver on a free loopback port with an empty folder, patched for Node 17+ (see the comments inside). */
export async function startS3rver(): Promise<LocalS3> {
  // s3rver encrypts list continuation tokens with DES, which Node 17+ (OpenSSL 3) no longer offers by default: every
  // second page of a listing would answer 500. Real S3 and MinIO are unaffected.
  crypto.createCipheriv = desAsTripleDes(createCipheriv);
  crypto.createDecipheriv = desAsTripleDes(createDecipheriv);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zhiwen-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
  // s3rver deletes a batch's objects in parallel, and each then removes its folder when it looks empty: two racing
  // for the same folder fail with ENOENT (a 500). The objects are gone by then, so that error is ignored here.
  const deleteObject = server.store.deleteObject.bind(server.store);
  server.store.deleteObject = (bucket, key) =>
    deleteObject(bucket, key).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  const { port } = await server.run();
  return {
    server,
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      crypto.createCipheriv = createCipheriv;
      crypto.createDecipheriv = createDecipheriv;
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
