import { plainToInstance } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Length, Matches, MaxLength, validate } from 'class-validator';
import { LANGUAGES, ACCOUNT } from '@zhiwen/shared';
import { ServiceException } from '../../common/errors/service-exception';
import type { ExportColumn } from '../../common/export/list-route.decorator';
import { t } from '../../common/i18n/i18n';
import { localizeValidationErrors } from '../../common/validation/localize-validation-errors';

export const MAX_IMPORT_ROWS = 5_000;
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** One row of the import sheet. */
export class ImportedUserRow {
  @IsString()
  @IsNotEmpty()
  @Length(ACCOUNT.adminUsernameMin, ACCOUNT.adminUsernameMax)
  @Matches(/^[A-Za-z0-9_@.\-\u4e00-\u9fa5]+$/)
  userName: string;
  @IsString() @IsNotEmpty() @Length(1, 30) nickName: string;
  @IsOptional() @Matches(/^[1-9]\d{0,17}$/) deptId?: string;
  @IsOptional() @IsEmail() @MaxLength(100) email?: string;
  @IsOptional() @Matches(/^1[3-9]\d{9}$/, { message: 'validation.isMobilePhone' }) phonenumber?: string;
  @IsOptional() @IsIn(['0', '1', '2']) sex?: string;
  @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
}

/** Columns of the template and of the import, in order; headers are matched in any of the three languages. */
export const IMPORT_COLUMNS: Array<ExportColumn<ImportedUserRow>> = [
  { key: 'userName', header: 'column.userName' },
  { key: 'nickName', header: 'column.nickName' },
  { key: 'deptId', header: 'user.import.deptId' },
  { key: 'email', header: 'column.email', width: 28 },
  { key: 'phonenumber', header: 'column.phonenumber' },
  { key: 'sex', header: 'user.import.sex' },
  { key: 'status', header: 'user.import.status' },
];

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'text' in (value as object)) return String((value as { text: unknown }).text).trim();
  if (typeof value === 'object' && 'result' in (value as object)) return String((value as { result: unknown }).result).trim();
  return String(value).trim();
};

/** Reads an uploaded .xlsx into validated rows; throws one message listing every bad row (nothing is saved then). */
export async function parseUserSheet(buffer: Buffer): Promise<Array<ImportedUserRow & { line: number }>> {
  // An .xlsx is a zip archive: refuse anything else before handing it to the parser.
  if (buffer.length < 4 || buffer.readUInt32LE(0) !== 0x04034b50) throw new ServiceException('user.import.notXlsx');
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new ServiceException('user.import.notXlsx');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount < 2) throw new ServiceException('user.import.empty');
  if (sheet.rowCount - 1 > MAX_IMPORT_ROWS) throw new ServiceException('user.import.tooMany', { max: MAX_IMPORT_ROWS });

  const headerRow = sheet.getRow(1);
  const positions = new Map<string, number>();
  headerRow.eachCell((cell, col) => {
    const text = cellText(cell.value);
    const column = IMPORT_COLUMNS.find((c) => LANGUAGES.some((lang) => t(c.header, undefined, lang) === text));
    if (column) positions.set(column.key, col);
  });
  if (!positions.has('userName') || !positions.has('nickName')) throw new ServiceException('user.import.badHeader');

  const rows: Array<ImportedUserRow & { line: number }> = [];
  const problems: string[] = [];
  for (let line = 2; line <= sheet.rowCount; line++) {
    const row = sheet.getRow(line);
    const plain: Record<string, string | undefined> = {};
    for (const [key, col] of positions) plain[key] = cellText(row.getCell(col).value) || undefined;
    if (Object.values(plain).every((v) => v === undefined)) continue;
    const dto = plainToInstance(ImportedUserRow, plain);
    const errors = localizeValidationErrors(await validate(dto, { whitelist: true, validationError: { target: true } }));
    if (errors.length) problems.push(t('user.import.rowError', { line, message: errors[0].message }));
    else rows.push(Object.assign(dto, { line }));
  }
  if (problems.length) throw new ServiceException('user.import.failed', { count: problems.length, details: problems.slice(0, 20).join('；') });
  if (!rows.length) throw new ServiceException('user.import.empty');
  return rows;
}
