import { createReadStream, promises as fs } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertSafeKey, isTempFileName, type FileStorage, type StoredFileInfo } from './storage';

/** Files in a folder of the server (`STORAGE_LOCAL_DIR`, default `DATA_DIR/uploads`). */
export class LocalStorage implements FileStorage {
  /** Temporary names: unique within the process from a random start (cheaper than random bytes for every write). */
  private tempCounter = randomBytes(4).readUInt32BE(0);

  constructor(private readonly root: string) {}

  private file(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    // Write a temporary file in the same folder (same file system: the rename is atomic), then rename it over the
    // real name: a reader sees the old file or the new one, never half of one, even when this process is killed
    // mid-write. The temporary name is a dotfile ending in `.tmp`, so nothing lists or serves it.
    this.tempCounter = (this.tempCounter + 1) >>> 0;
    const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${this.tempCounter.toString(16).padStart(8, '0')}.tmp`);
    try {
      // The folder usually exists (a publish rewrites thousands of files in a few folders): it is made only when the
      // first try says it is missing.
      await fs.writeFile(temp, data).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(temp, data);
      });
      await fs.rename(temp, file);
    } catch (error) {
      await fs.rm(temp, { force: true }).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Creating the temporary file (a new inode) is most of the cost of a write here; reading a file and comparing is a
   * fraction of it. A file of another size is written without reading it.
   */
  async putIfChanged(key: string, data: Buffer): Promise<boolean> {
    const file = this.file(key);
    const same = await fs.stat(file).then(
      async (stat) => stat.isFile() && stat.size === data.length && (await fs.readFile(file)).equals(data),
      () => false,
    );
    if (same) return false;
    await this.put(key, data);
    return true;
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
      .filter((e) => e.isFile() && !isTempFileName(e.name))
      .map((e) => `${prefix}/${path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/')}`)
      .sort();
  }

  async deletePrefix(prefix: string): Promise<void> {
    await fs.rm(this.file(prefix), { recursive: true, force: true });
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    const stat = await fs.stat(this.file(key)).catch(() => null);
    return stat?.isFile() ? { key, size: stat.size, modified: stat.mtime } : null;
  }

  /**
   * Compares real paths: each is the real path of its nearest existing folder (every link on the way followed) plus
   * the part that does not exist yet. A dangling link on the way counts as leading out (writing through it would
   * create its target wherever that is).
   */
  async isWithin(prefix: string, key: string): Promise<boolean> {
    const base = this.file(prefix);
    const target = this.file(key);
    if (target !== base && !target.startsWith(base + path.sep)) return false;
    const [realBase, realTarget] = await Promise.all([realPathOf(base), realPathOf(target)]);
    if (realBase === null || realTarget === null) return false;
    return realTarget === realBase || realTarget.startsWith(realBase + path.sep);
  }

  /** Walks the whole folder: temporary files may be left anywhere a write was under way when the process died. */
  async removeStaleTempFiles(olderThanMs: number): Promise<number> {
    const entries = await fs.readdir(this.root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const before = Date.now() - olderThanMs;
    let removed = 0;
    for (const entry of entries) {
      if (!entry.isFile() || !isTempFileName(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      // A write under way keeps touching its file; only one left alone long enough is removed.
      const stat = await fs.stat(file).catch(() => null);
      if (!stat || stat.mtimeMs > before) continue;
      await fs.rm(file, { force: true });
      removed++;
    }
    return removed;
  }
}

/** The real path of `file`: its nearest existing ancestor resolved, the rest appended; null when a dangling link is on the way. */
async function realPathOf(file: string): Promise<string | null> {
  const rest: string[] = [];
  let current = file;
  for (;;) {
    try {
      return path.join(await fs.realpath(current), ...rest.reverse());
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      // Absent, or a link whose target is absent: only the first may be created later without leaving the folder.
      if (
        await fs.lstat(current).then(
          () => true,
          () => false,
        )
      )
        return null;
      const parent = path.dirname(current);
      if (parent === current) return null;
      rest.push(path.basename(current));
      current = parent;
    }
  }
}
