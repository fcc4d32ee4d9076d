// Ingestion stage of the check engine: an uploaded file in, the paper as structured plain text out.
import { detectFormat } from './detect';
import { docxToBlocks } from './docx';
import { CheckInputError } from './errors';
import { pdfToBlocks } from './pdf';
import { buildDocument } from './structure';
import { txtToBlocks } from './txt';
import { DEFAULT_INGEST_LIMITS, type ExtractedBlocks, type IngestLimits, type ParsedDocument } from './types';

export { CHECK_INPUT_ERRORS, CheckInputError, isCheckInputError, type CheckInputErrorCode, type CheckInputErrorDetails } from './errors';
export { splitSentences } from './sentences';
export { findCitations } from './citations';
export { decodeText } from './txt';
export { detectFormat } from './detect';
export * from './types';

/**
 * Reads an uploaded .docx, .pdf or .txt (recognised by content, not by `fileName`) into a `ParsedDocument`;
 * throws `CheckInputError` (never a partial result) for empty, oversized, encrypted, scanned, corrupt or unsupported files.
 */
export async function parseDocument(buffer: Uint8Array, fileName: string, limits: Partial<IngestLimits> = {}): Promise<ParsedDocument> {
  const effective: IngestLimits = { ...DEFAULT_INGEST_LIMITS, ...limits };
  if (buffer.length === 0) throw new CheckInputError('empty');
  if (buffer.length > effective.maxBytes) throw new CheckInputError('too_large', { limit: 'bytes', max: effective.maxBytes, actual: buffer.length });
  const format = detectFormat(buffer);
  let extracted: ExtractedBlocks;
  if (format === 'pdf') extracted = await pdfToBlocks(buffer, effective);
  else if (format === 'docx') extracted = await docxToBlocks(buffer);
  else extracted = txtToBlocks(buffer);
  const characters = extracted.blocks.reduce((sum, block) => sum + block.text.length, 0);
  // A cheap early refusal of far too long texts (raw blocks still hold the whitespace normalisation removes);
  // the exact limit applies to the final text below.
  if (characters > effective.maxChars * 2) throw new CheckInputError('too_large', { limit: 'chars', max: effective.maxChars, actual: characters });
  const document = buildDocument(extracted, format, fileName);
  if (!/[\p{L}\p{N}]/u.test(document.text)) throw new CheckInputError('empty');
  if (document.text.length > effective.maxChars)
    throw new CheckInputError('too_large', { limit: 'chars', max: effective.maxChars, actual: document.text.length });
  return document;
}
