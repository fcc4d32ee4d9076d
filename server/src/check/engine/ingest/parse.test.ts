import { describe, expect, it } from 'vitest';
import { CHECK_INPUT_ERRORS, CheckInputError, DEFAULT_INGEST_LIMITS, detectFormat, isCheckInputError, parseDocument } from './index';

async function failure(buffer: Uint8Array, limits = {}): Promise<CheckInputError> {
  const error = await parseDocument(buffer, 'upload.bin', limits).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CheckInputError);
  return error as CheckInputError;
}

describe('parseDocument input errors', () => {
  it('refuses an empty file and a file of whitespace as empty', async () => {
    expect((await failure(Buffer.alloc(0))).code).toBe('empty');
    expect((await failure(Buffer.from(' \r\n\t\u3000\n', 'utf8'))).code).toBe('empty');
  });

  it('refuses files over the byte limit before reading them', async () => {
    const error = await failure(Buffer.from('正文内容'.repeat(100), 'utf8'), { maxBytes: 1000 });
    expect(error.code).toBe('too_large');
    expect(error.details).toEqual({ limit: 'bytes', max: 1000, actual: 1200 });
    expect(error.message).toBe('check.input.tooLarge');
  });

  it('refuses text over the character limit', async () => {
    const error = await failure(Buffer.from('一二三四五六七八九十'.repeat(11), 'utf8'), { maxChars: 100 });
    expect(error.code).toBe('too_large');
    expect(error.details).toEqual({ limit: 'chars', max: 100, actual: 110 });
    const accepted = await parseDocument(Buffer.from('一二三四五六七八九十'.repeat(10), 'utf8'), 'ok.txt', { maxChars: 100 });
    expect(accepted.text).toHaveLength(100);
  });

  it('refuses known binary formats and unknown binary data as unsupported_type', async () => {
    const oleDoc = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const binary = Buffer.from([0x01, 0x02, 0x00, 0x03, 0x41, 0x42, 0x00, 0x00, 0x07]);
    for (const buffer of [oleDoc, png, binary]) expect((await failure(buffer)).code).toBe('unsupported_type');
  });

  it('refuses a broken zip as corrupt_file', async () => {
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(300, 0x5a)]);
    expect((await failure(broken)).code).toBe('corrupt_file');
  });
});

describe('format detection and errors', () => {
  it('dispatches by content, not by name', () => {
    expect(detectFormat(Buffer.from('%PDF-1.7\n...'))).toBe('pdf');
    expect(detectFormat(Buffer.from('第一章 绪论', 'utf8'))).toBe('txt');
    expect(detectFormat(Buffer.concat([Buffer.from([0, 0, 0, 0x1b]), Buffer.from('%PDF-1.4\n')]))).toBe('pdf');
    expect(detectFormat(Buffer.from('PDF 文件以 %PDF-1.7 开头。', 'utf8'))).toBe('txt');
  });

  it('has one message key per stable code, used as the message', () => {
    const keys = Object.values(CHECK_INPUT_ERRORS);
    expect(Object.keys(CHECK_INPUT_ERRORS).sort()).toEqual([
      'corrupt_file',
      'empty',
      'encrypted_pdf',
      'scanned_pdf',
      'too_large',
      'unsupported_type',
    ]);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^check\.input\.[a-zA-Z]+$/u);
    const error = new CheckInputError('empty');
    expect(error.message).toBe(CHECK_INPUT_ERRORS.empty);
    expect(isCheckInputError(error)).toBe(true);
    expect(isCheckInputError(new Error('check.input.empty'))).toBe(false);
    expect(DEFAULT_INGEST_LIMITS.maxChars).toBeGreaterThan(0);
  });
});
