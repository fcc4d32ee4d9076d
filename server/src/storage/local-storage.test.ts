import { mkdtempSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer as readAll } from 'node:stream/consumers';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { LocalStorage } from './local-storage';
import { isTempFileName, TEMP_FILE_MAX_AGE_MS } from './storage';

const root = mkdtempSync(path.join(os.tmpdir(), 'zhiwen-local-storage-'));
const storage = new LocalStorage(root);
afterAll(() => fs.rm(root, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const text = async (key: string) => {
  const stream = await storage.get(key);
  return stream ? (await readAll(stream)).toString('utf8') : null;
};
const namesIn = async (folder: string) => (await fs.readdir(path.join(root, folder))).sort();
const age = async (file: string, ms: number) => {
  const when = new Date(Date.now() - ms);
  await fs.utimes(path.join(root, file), when, when);
};

describe('LocalStorage writes', () => {
  it('replace a file whole through a hidden temporary file in its folder, and leave nothing else behind', async () => {
    await storage.put('w/a/page.html', Buffer.from('first'));
    const renames: Array<[string, string]> = [];
    const realRename = fs.rename.bind(fs);
    vi.spyOn(fs, 'rename').mockImplementation(async (from, to) => {
      renames.push([String(from), String(to)]);
      return realRename(from, to);
    });
    await storage.put('w/a/page.html', Buffer.from('second'));
    expect(await text('w/a/page.html')).toBe('second');
    expect(await namesIn('w/a')).toEqual(['page.html']);
    // Same folder (an atomic rename), a dotfile ending in .tmp (never listed or served).
    const [[from, to]] = renames;
    expect(path.dirname(from)).toBe(path.dirname(to));
    expect(path.basename(from)).toMatch(/^\.page\.html\.\d+\.[0-9a-f]{8}\.tmp$/);
    expect(isTempFileName(path.basename(from))).toBe(true);
  });

  it('putIfChanged leaves a file holding the same bytes alone and replaces a changed one whole', async () => {
    expect(await storage.putIfChanged('w/c/page.html', Buffer.from('same'))).toBe(true);
    const before = await fs.stat(path.join(root, 'w/c/page.html'));
    const renames = vi.spyOn(fs, 'rename');
    expect(await storage.putIfChanged('w/c/page.html', Buffer.from('same'))).toBe(false);
    expect(renames).not.toHaveBeenCalled();
    expect((await fs.stat(path.join(root, 'w/c/page.html'))).ino).toBe(before.ino);
    // Same size, other bytes; then another size.
    expect(await storage.putIfChanged('w/c/page.html', Buffer.from('diff'))).toBe(true);
    expect(await storage.putIfChanged('w/c/page.html', Buffer.from('longer'))).toBe(true);
    expect(renames).toHaveBeenCalledTimes(2);
    expect(await text('w/c/page.html')).toBe('longer');
    expect(await namesIn('w/c')).toEqual(['page.html']);
  });

  it('a failed write keeps the old file and removes its temporary file', async () => {
    await storage.put('w/b/page.html', Buffer.from('kept'));
    vi.spyOn(fs, 'rename').mockRejectedValueOnce(Object.assign(new Error('disk gone'), { code: 'EIO' }));
    await expect(storage.put('w/b/page.html', Buffer.from('new'))).rejects.toThrow('disk gone');
    expect(await text('w/b/page.html')).toBe('kept');
    expect(await namesIn('w/b')).toEqual(['page.html']);
  });

  it('never lists temporary files; removes those left over once old enough, anywhere, and nothing else', async () => {
    await storage.put('t/site/pc/index.html', Buffer.from('page'));
    await storage.put('t/site/pc/news/1.html', Buffer.from('page'));
    // As killed writes leave them (this version's names and the earlier ones), and a young one still being written.
    const leftovers = ['t/site/pc/.index.html.77.0badf00d.tmp', 't/site/pc/news/1.html.77.0badf00d.tmp', 't/other/.x.png.1.00000000.tmp'];
    for (const file of leftovers) {
      await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await fs.writeFile(path.join(root, file), 'half');
      await age(file, TEMP_FILE_MAX_AGE_MS + 60_000);
    }
    await fs.writeFile(path.join(root, 't/site/pc/.young.html.1.11111111.tmp'), 'being written');
    await age('t/site/pc/index.html', TEMP_FILE_MAX_AGE_MS * 10);
    expect(await storage.list('t/site')).toEqual(['t/site/pc/index.html', 't/site/pc/news/1.html']);

    expect(await storage.removeStaleTempFiles(TEMP_FILE_MAX_AGE_MS)).toBe(3);
    expect(await namesIn('t/site/pc')).toEqual(['.young.html.1.11111111.tmp', 'index.html', 'news']);
    expect(await namesIn('t/site/pc/news')).toEqual(['1.html']);
    expect(await namesIn('t/other')).toEqual([]);
    expect(await text('t/site/pc/index.html')).toBe('page');
    expect(await storage.removeStaleTempFiles(TEMP_FILE_MAX_AGE_MS)).toBe(0);
  });
});

describe('LocalStorage details and links', () => {
  it('states one file: size and last change; null for a missing file or a folder', async () => {
    await storage.put('d/site/a.css', Buffer.from('12345'));
    await storage.put('d/site/sub/b.js', Buffer.from('1'));
    const when = new Date('2026-01-02T03:04:05Z');
    await fs.utimes(path.join(root, 'd/site/a.css'), when, when);
    expect(await storage.stat('d/site/a.css')).toEqual({ key: 'd/site/a.css', size: 5, modified: when });
    expect(await storage.stat('d/site/none.css')).toBeNull();
    expect(await storage.stat('d/site/sub')).toBeNull();
  });

  it('tells whether a key really lies in a folder: links leading out (even dangling ones) do not', async () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), 'zhiwen-local-outside-'));
    try {
      await storage.put('l/site/pc/index.html', Buffer.from('x'));
      await storage.put('l/other/pc/page.html', Buffer.from('y'));
      await fs.symlink(outside, path.join(root, 'l/site/pc/out'));
      await fs.symlink(path.join(root, 'l/other/pc'), path.join(root, 'l/site/pc/neighbour'));
      await fs.symlink(path.join(root, 'l/site/pc/index.html'), path.join(root, 'l/site/pc/alias.html'));
      await fs.symlink(path.join(outside, 'absent.txt'), path.join(root, 'l/site/pc/dangling.txt'));
      expect(await storage.isWithin('l/site', 'l/site/pc/index.html')).toBe(true);
      expect(await storage.isWithin('l/site', 'l/site/pc/new/folder/file.txt')).toBe(true);
      expect(await storage.isWithin('l/site', 'l/site')).toBe(true);
      expect(await storage.isWithin('l/site', 'l/site/pc/alias.html')).toBe(true);
      expect(await storage.isWithin('l/site', 'l/other/pc/page.html')).toBe(false);
      expect(await storage.isWithin('l/site', 'l/site2/x')).toBe(false);
      expect(await storage.isWithin('l/site', 'l/site/pc/out')).toBe(false);
      expect(await storage.isWithin('l/site', 'l/site/pc/out/anything.txt')).toBe(false);
      expect(await storage.isWithin('l/site', 'l/site/pc/neighbour/page.html')).toBe(false);
      expect(await storage.isWithin('l/site', 'l/site/pc/dangling.txt')).toBe(false);
      // Links are never listed (nor what they lead to).
      expect(await storage.list('l/site')).toEqual(['l/site/pc/index.html']);
      await expect(storage.isWithin('l/site', 'l/site/../other')).rejects.toThrow(/Unsafe storage key/);
    } finally {
      await fs.rm(outside, { recursive: true, force: true });
    }
  });
});
