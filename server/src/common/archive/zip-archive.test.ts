import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { isDocx, isZip, readZipArchive } from './zip-archive';

const LIMITS = { maxZipEntries: 10, maxZipTotalBytes: 1000, maxEntryBytes: 600 };
const zip = (files: Record<string, string>) =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, new TextEncoder().encode(text)]))));
const refusal = async (buf: Buffer) => {
  try {
    await readZipArchive(buf, LIMITS);
  } catch (error) {
    return { key: (error as { messageKey: string }).messageKey, args: (error as { args: unknown }).args };
  }
  throw new Error('not refused');
};
const centralHeaders = (buf: Buffer) => {
  const out: number[] = [];
  for (let i = buf.indexOf('PK\x01\x02', 0, 'latin1'); i >= 0; i = buf.indexOf('PK\x01\x02', i + 4, 'latin1')) out.push(i);
  return out;
};

describe('zip archives of reference documents', () => {
  it('extracts the files, leaving out directories and system metadata', async () => {
    const files = await readZipArchive(zip({ '论文/a.txt': '甲', 'b.txt': '乙', '论文/': '', '__MACOSX/._a.txt': 'x', '.DS_Store': 'x' }), LIMITS);
    expect(files.map((f) => [f.name, f.data.toString('utf8')])).toEqual([
      ['论文/a.txt', '甲'],
      ['b.txt', '乙'],
    ]);
  });

  it('reads names written in GB18030 by Chinese Windows', async () => {
    const buf = zip({ 'ab.txt': '内容' });
    // Rewrite the name bytes as GBK "中文" (same length as "ab.txt"'s first four bytes plus the extension).
    const gbk = Buffer.from([0xd6, 0xd0, 0xce, 0xc4, 0x2e, 0x74]);
    for (const at of [buf.indexOf('ab.txt', 0, 'latin1'), buf.lastIndexOf('ab.txt', undefined, 'latin1')]) gbk.copy(buf, at);
    const [h] = centralHeaders(buf);
    buf.writeUInt16LE(buf.readUInt16LE(h + 8) & ~0x800, h + 8);
    expect((await readZipArchive(buf, LIMITS))[0].name).toBe('中文.t');
  });

  it('refuses path tricks, too many or too large files, encryption and overlapping entries', async () => {
    for (const name of ['../x.txt', 'a/../../x.txt', '/etc/x.txt', 'C:/x.txt', 'a\\..\\x.txt']) {
      expect(await refusal(zip({ [name]: 'x' })), name).toEqual({ key: 'check.document.zipUnsafePath', args: { name } });
    }
    expect(await refusal(zip(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`${i}.txt`, 'x']))))).toMatchObject({
      key: 'check.document.zipTooManyEntries',
    });
    expect(await refusal(zip({ 'big.txt': 'x'.repeat(601) }))).toMatchObject({ key: 'check.document.zipEntryTooLarge', args: { name: 'big.txt' } });
    expect(await refusal(zip({ 'a.txt': 'x'.repeat(500), 'b.txt': 'y'.repeat(501) }))).toMatchObject({ key: 'check.document.zipTooLarge' });

    const encrypted = zip({ 'a.txt': 'x' });
    const [h] = centralHeaders(encrypted);
    encrypted.writeUInt16LE(encrypted.readUInt16LE(h + 8) | 1, h + 8);
    expect(await refusal(encrypted)).toMatchObject({ key: 'check.document.zipEncrypted' });

    const bzip2 = zip({ 'a.txt': 'x' });
    const [m] = centralHeaders(bzip2);
    bzip2.writeUInt16LE(12, m + 10);
    expect(await refusal(bzip2)).toMatchObject({ key: 'check.document.zipMethod', args: { name: 'a.txt' } });

    // A size that lies: inflating stops at the declared 10 bytes.
    const lying = zip({ 'a.txt': 'x'.repeat(500) });
    const [l] = centralHeaders(lying);
    lying.writeUInt32LE(10, l + 24);
    expect(await refusal(lying)).toMatchObject({ key: 'check.document.zipCorrupt' });

    // Two directory entries pointing at one file's data: the non-recursive bomb.
    const overlap = zip({ 'a.txt': 'x'.repeat(100), 'b.txt': 'y'.repeat(100) });
    const [, second] = centralHeaders(overlap);
    overlap.writeUInt32LE(0, second + 42);
    expect(await refusal(overlap)).toMatchObject({ key: 'check.document.zipCorrupt' });

    const badCrc = zip({ 'a.txt': 'hello' });
    const [c] = centralHeaders(badCrc);
    badCrc.writeUInt32LE(badCrc.readUInt32LE(c + 16) ^ 1, c + 16);
    expect(await refusal(badCrc)).toMatchObject({ key: 'check.document.zipCorrupt' });
    expect(await refusal(Buffer.from('PK\x03\x04 not really a zip', 'latin1'))).toMatchObject({ key: 'check.document.zipCorrupt' });
  });

  it('tells a Word document from an archive', async () => {
    expect(isZip(zip({ 'a.txt': 'x' }))).toBe(true);
    expect(isZip(Buffer.from('plain text'))).toBe(false);
    expect(await isDocx(zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' }))).toBe(true);
    expect(await isDocx(zip({ 'papers/word/document.xml.txt': 'x' }))).toBe(false);
  });
});
