import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';

/** Largest import file. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'text' in (value as object)) return String((value as { text: unknown }).text).trim();
  if (typeof value === 'object' && 'richText' in (value as object))
    return ((value as { richText: Array<{ text: string }> }).richText ?? [])
      .map((r) => r.text)
      .join('')
      .trim();
  if (typeof value === 'object' && 'result' in (value as object)) return String((value as { result: unknown }).result).trim();
  return String(value).trim();
};

/**
 * The words of an import file: an .xlsx (the first column of the first sheet; a first cell that is the column header
 * of the export, in any language, is skipped) or UTF-8 text with one word a line.
 */
export async function readImportedWords(buffer: Buffer): Promise<string[]> {
  if (buffer.length >= 4 && buffer.readUInt32LE(0) === 0x04034b50) {
    const { default: Excel } = await import('exceljs');
    const workbook = new Excel.Workbook();
    try {
      await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    } catch {
      throw new ServiceException('word.sensitive.importBadFile');
    }
    const sheet = workbook.worksheets[0];
    const words: string[] = [];
    const headers = new Set((['zh-CN', 'zh-TW', 'en'] as const).map((lang) => t('word.sensitive.wordHeader', undefined, lang)));
    sheet?.getColumn(1).eachCell({ includeEmpty: false }, (cell, row) => {
      const text = cellText(cell.value);
      if (row === 1 && headers.has(text)) return;
      words.push(text);
    });
    return words;
  }
  const text = buffer.toString('utf8');
  // Not text: NUL bytes or bytes that are not UTF-8 (decoded as U+FFFD).
  if (text.includes('\u0000') || text.includes('\ufffd')) throw new ServiceException('word.sensitive.importBadFile');
  return text
    .replace(/^\ufeff/, '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
