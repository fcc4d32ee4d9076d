import type ExcelJS from 'exceljs';
import { PassThrough, type Readable } from 'node:stream';
import { formatDateTime } from '@zhiwen/shared';
import { t } from '../i18n/i18n';
import type { ExportColumn } from './list-route.decorator';

function cellValue(value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatDateTime(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'object') return JSON.stringify(value);
  return value as ExcelJS.CellValue;
}

/** Streams rows as an .xlsx workbook; errors end the stream with the error. */
export async function streamXlsx<T extends Record<string, unknown>>(
  rows: T[],
  columns: ExportColumn<T>[] | undefined,
  sheetName: string,
): Promise<Readable> {
  // exceljs takes ~0.7 s to load; only exports need it, so it is not loaded at server start.
  const { default: Excel } = await import('exceljs');
  const out = new PassThrough();
  const cols: ExportColumn<T>[] = columns ?? Object.keys(rows[0] ?? {}).map((key) => ({ key: key as keyof T & string, header: key }));
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = cols.map((c) => ({ header: t(c.header), key: c.key, width: c.width ?? 20 }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    try {
      for (const row of rows) {
        const values: Record<string, ExcelJS.CellValue> = {};
        for (const c of cols) values[c.key] = cellValue(c.format ? c.format(row[c.key], row) : row[c.key]);
        sheet.addRow(values).commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
