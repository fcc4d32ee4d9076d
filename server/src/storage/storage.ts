import type { Readable } from 'node:stream';

/** Where uploaded files live: the local data folder (LocalStorage), or an S3-compatible bucket (S3Storage). */
export interface FileStorage {
  /** Stores `data` under `key` (a relative path with `/`), replacing any file there. */
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes as a stream, or null when absent. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
  /** Keys of every file under the folder `prefix` (recursive, sorted); [] when there is none. */
  list(prefix: string): Promise<string[]>;
  /** Removes the folder `prefix` with everything in it (a published site, a site's templates). */
  deletePrefix(prefix: string): Promise<void>;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');

/** Keys are relative paths of safe segments; nothing can point outside the storage root. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/.test(key) || key.split('/').some((p) => p === '..' || p === '.')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}
