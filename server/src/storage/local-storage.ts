import { createReadStream, promises as fs } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertSafeKey, type FileStorage } from './storage';

/** Files in a folder of the server (`STORAGE_LOCAL_DIR`, default `DATA_DIR/uploads`). */
export class LocalStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a reader never sees half a file.
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await fs.writeFile(temp, data);
    await fs.rename(temp, file);
  }

  async get(key: string): Promise<Readable | null> {
    const file = this.file(key);
    try {
      await fs.access(file);
    } catch {
      return null;
    }
    return createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const root = this.file(prefix);
    const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
      throw error;
    });
    return entries
      .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
      .map((e) => `${prefix}/${path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/')}`)
      .sort();
  }

  async deletePrefix(prefix: string): Promise<void> {
    await fs.rm(this.file(prefix), { recursive: true, force: true });
  }
}
