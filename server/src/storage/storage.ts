import type { Readable } from 'node:stream';

/** Where uploaded files live: the local data folder (LocalStorage), or an S3-compatible bucket (S3Storage). */
export interface FileStorage {
  /** Stores `data` under `key` (a relative path with `/`), replacing any file there. */
  put(key: string, data: Buffer): Promise<void>;
  /**
   * As `put`, but a file that holds these bytes already is left alone (drivers where comparing is cheaper than
   * writing: a publish rewrites thousands of pages, most of them unchanged). Answers whether it wrote.
   */
  putIfChanged?(key: string, data: Buffer): Promise<boolean>;
  /** The file's bytes as a stream, or null when absent. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
  /** Keys of every file under the folder `prefix` (recursive, sorted); [] when there is none. */
  list(prefix: string): Promise<string[]>;
  /** Removes the folder `prefix` with everything in it (a published site, a site's templates). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * Deletes the temporary files of writes that never finished (their process died) older than `olderThanMs`;
   * answers how many. Drivers whose writes make no temporary file answer 0.
   */
  removeStaleTempFiles(olderThanMs: number): Promise<number>;
  /** Size and last change of one file, or null when absent. */
  stat(key: string): Promise<StoredFileInfo | null>;
  /**
   * Whether `key` (or, when it does not exist yet, its nearest existing folder) really lies inside the folder
   * `prefix`: false when a symbolic link on the way leads out of it. Drivers without links answer true.
   */
  isWithin(prefix: string, key: string): Promise<boolean>;
}

/** A stored file as `stat` describes it. */
export interface StoredFileInfo {
  key: string;
  size: number;
  modified: Date;
}

/**
 * Whether a file name is a temporary one: `put` writes `.<name>.<pid>.<random>.tmp` next to the file and renames it
 * (earlier versions wrote `<name>.<pid>.<random>.tmp`). Never listed, never served, removed when left over.
 */
export function isTempFileName(name: string): boolean {
  return /\.tmp$/i.test(name);
}

/** Temporary files older than this belong to a write that died with its process (a write takes well under a second). */
export const TEMP_FILE_MAX_AGE_MS = 5 * 60_000;

export const FILE_STORAGE = Symbol('FILE_STORAGE');

/** Keys are relative paths of safe segments; nothing can point outside the storage root. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/.test(key) || key.split('/').some((p) => p === '..' || p === '.')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}
