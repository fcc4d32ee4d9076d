// Reading a zip of reference documents safely, with yauzl (a maintained reader that refuses malformed structure and
// checks that each entry inflates to exactly its declared size). Every limit is checked from the central directory
// before anything is inflated, and reading an entry stops at its declared size: a zip bomb costs neither memory nor CPU
// beyond the limits.
import { crc32 } from 'node:zlib';
import * as yauzl from 'yauzl';
import { ServiceException } from '../errors/service-exception';
import { UPLOAD_LIMITS } from '../../check/library/check-library.constants';

export interface ArchiveFile {
  /** Path inside the zip, e.g. `论文/第一篇.docx`. */
  name: string;
  data: Buffer;
}

export interface ZipLimits {
  maxZipEntries: number;
  maxZipTotalBytes: number;
  maxEntryBytes: number;
}

interface NamedEntry {
  name: string;
  entry: yauzl.Entry;
}

const EOCD = 0x06054b50;
const LOCAL = 0x04034b50;
const MB = 1024 * 1024;

const corrupt = () => new ServiceException('check.document.zipCorrupt');

/** A zip container (a .docx is one too: see isDocx). */
export function isZip(buffer: Buffer): boolean {
  return buffer.length >= 4 && (buffer.readUInt32LE(0) === LOCAL || buffer.readUInt32LE(0) === EOCD);
}

// decodeStrings: false because yauzl reads names without the UTF-8 flag as CP437, which garbles Chinese names.
const open = (buf: Buffer) =>
  yauzl.fromBufferPromise(buf, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, strictFileNames: false });

/** File names: UTF-8 when flagged; otherwise UTF-8 if it decodes, else GB18030 (zips made on Chinese Windows). */
function decodeName(entry: yauzl.Entry): string {
  const bytes = entry.fileNameRaw;
  if (entry.generalPurposeBitFlag & 0x800) return bytes.toString('utf8');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/** yauzl's check (absolute paths, drive letters, backslashes, `..` segments), plus empty names and control characters. */
function isUnsafeName(name: string): boolean {
  // eslint-disable-next-line no-control-regex -- a control character in an entry name is refused
  return name.length === 0 || yauzl.validateFileName(name) !== null || /[\u0000-\u001f\u007f]/.test(name);
}

/** Directories and the metadata macOS and Windows add are not documents. */
function isSkipped(name: string): boolean {
  const base = name.slice(name.lastIndexOf('/') + 1);
  return name.endsWith('/') || name.startsWith('__MACOSX/') || base.startsWith('.') || base === 'Thumbs.db' || base === 'desktop.ini';
}

/** Whether a zip container is a Word document rather than an archive of documents. */
export async function isDocx(buffer: Buffer): Promise<boolean> {
  try {
    const zip = await open(buffer);
    try {
      for await (const entry of zip.eachEntry()) if (decodeName(entry) === 'word/document.xml') return true;
      return false;
    } finally {
      zip.close();
    }
  } catch {
    // Not a readable zip: the ingest stage judges it as a single file.
    return false;
  }
}

/** An entry's bytes, read no further than its declared size and checked against its CRC. */
async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, nextHeader: number): Promise<Buffer> {
  // Each entry's data must lie before the next local header: overlapping entries are the classic non-recursive bomb.
  const { fileDataStart } = await zip.readLocalFileHeaderPromise(entry, { minimal: true });
  if (fileDataStart + entry.compressedSize > nextHeader) throw corrupt();
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    // validateEntrySizes already errors past the declared size; counting here keeps memory bounded regardless.
    if (size > entry.uncompressedSize) throw corrupt(); // leaving the loop destroys the stream
    chunks.push(chunk);
  }
  const data = Buffer.concat(chunks, size);
  // yauzl does not verify checksums.
  if (crc32(data) !== entry.crc32) throw corrupt();
  return data;
}

/**
 * The files of a zip, refusing the whole archive (ServiceException, nothing extracted) when it has too many entries,
 * declares more bytes than allowed, uses a path trick, is encrypted, uses another compression than deflate, or is
 * damaged (bad structure, overlapping entries, more data than declared, checksum).
 */
export async function readZipArchive(buf: Buffer, limits: ZipLimits = UPLOAD_LIMITS): Promise<ArchiveFile[]> {
  let zip: yauzl.ZipFile | undefined;
  try {
    zip = await open(buf);
    if (zip.entryCount > limits.maxZipEntries) throw new ServiceException('check.document.zipTooManyEntries', { max: limits.maxZipEntries });
    const entries: NamedEntry[] = [];
    for await (const entry of zip.eachEntry()) entries.push({ name: decodeName(entry), entry });

    const unsafe = entries.find((e) => isUnsafeName(e.name));
    if (unsafe) throw new ServiceException('check.document.zipUnsafePath', { name: unsafe.name.slice(0, 100) });
    const files = entries.filter((e) => !isSkipped(e.name));
    let total = 0;
    for (const { name, entry } of files) {
      if (entry.isEncrypted()) throw new ServiceException('check.document.zipEncrypted', { name });
      if (!entry.canDecodeFileData()) throw new ServiceException('check.document.zipMethod', { name });
      if (entry.uncompressedSize > limits.maxEntryBytes)
        throw new ServiceException('check.document.zipEntryTooLarge', { name, max: Math.floor(limits.maxEntryBytes / MB) });
      total += entry.uncompressedSize;
    }
    if (total > limits.maxZipTotalBytes) throw new ServiceException('check.document.zipTooLarge', { max: Math.floor(limits.maxZipTotalBytes / MB) });

    const starts = entries.map((e) => e.entry.relativeOffsetOfLocalHeader).sort((a, b) => a - b);
    if (starts.some((s, i) => i > 0 && s === starts[i - 1])) throw corrupt();
    const out: ArchiveFile[] = [];
    for (const { name, entry } of files) {
      const nextHeader = starts.find((s) => s > entry.relativeOffsetOfLocalHeader) ?? Infinity; // yauzl checks the file's end
      out.push({ name, data: await readEntry(zip, entry, nextHeader) });
    }
    return out;
  } catch (error) {
    // yauzl's errors are plain Errors about the structure: to the user, the zip is damaged.
    throw error instanceof ServiceException ? error : corrupt();
  } finally {
    zip?.close();
  }
}
