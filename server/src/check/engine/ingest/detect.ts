// Format detection from the bytes: an upload's extension says what the user believes, the content what it is.
import { CheckInputError } from './errors';
import type { SourceFormat } from './types';

const BINARY_SIGNATURES: Array<{ name: string; bytes: number[] }> = [
  { name: 'doc/xls/ppt (OLE)', bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
  { name: 'png', bytes: [0x89, 0x50, 0x4e, 0x47] },
  { name: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { name: 'gif', bytes: [0x47, 0x49, 0x46, 0x38] },
  { name: 'rar', bytes: [0x52, 0x61, 0x72, 0x21] },
  { name: '7z', bytes: [0x37, 0x7a, 0xbc, 0xaf] },
  { name: 'gzip', bytes: [0x1f, 0x8b] },
  { name: 'rtf', bytes: [0x7b, 0x5c, 0x72, 0x74, 0x66] },
];

function startsWith(buffer: Uint8Array, bytes: number[], at = 0): boolean {
  if (buffer.length < at + bytes.length) return false;
  return bytes.every((byte, i) => buffer[at + i] === byte);
}

/** The format of a file from its first bytes; throws `unsupported_type` for known non-text binaries, `corrupt_file` for a broken zip. */
export function detectFormat(buffer: Uint8Array): SourceFormat {
  // Readers accept a PDF header after binary junk within the first 1024 bytes; after plain text it is just text
  // (a .txt that mentions "%PDF-1.7").
  const head = Buffer.from(buffer.buffer, buffer.byteOffset, Math.min(buffer.length, 1024)).toString('latin1');
  const pdfAt = head.indexOf('%PDF-');
  // Binary control bytes before the %PDF marker tell a PDF with a junk prefix from text that mentions one.
  // eslint-disable-next-line no-control-regex
  if (pdfAt === 0 || (pdfAt > 0 && /[\x00-\x08\x0e-\x1f]/u.test(head.slice(0, pdfAt)))) return 'pdf';
  if (startsWith(buffer, [0x50, 0x4b, 0x03, 0x04]) || startsWith(buffer, [0x50, 0x4b, 0x05, 0x06])) return zipFormat(buffer);
  const binary = BINARY_SIGNATURES.find((signature) => startsWith(buffer, signature.bytes));
  if (binary) throw new CheckInputError('unsupported_type', { format: binary.name });
  return 'txt';
}

// File names are stored uncompressed in the local headers and the central directory, so a byte search finds the
// main part without unzipping; mammoth then reads the archive for real.
function zipFormat(buffer: Uint8Array): SourceFormat {
  const bytes = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.length);
  if (bytes.includes('word/document.xml', 0, 'latin1')) return 'docx';
  const tailStart = Math.max(0, bytes.length - 65_557);
  const hasDirectory = bytes.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06]), tailStart);
  if (!hasDirectory) throw new CheckInputError('corrupt_file', { format: 'zip' });
  throw new CheckInputError('unsupported_type', { format: 'zip' });
}
