import { applyDecorators, Get, SetMetadata } from '@nestjs/common';
import { ApiExtension, ApiHeader } from '@nestjs/swagger';
import { EXPORT_HEADER } from '@zhiwen/shared';
import type { Permission } from '../../auth/permissions';
import type { MessageKey } from '../i18n/i18n';

export interface ExportColumn<T = Record<string, unknown>> {
  /** Property of the row. */
  key: keyof T & string;
  /** Message key (or plain text) of the column header. */
  header: MessageKey | string;
  width?: number;
  /** Turns a value into what the cell shows (dict label, yes/no...). */
  format?: (value: unknown, row: T) => unknown;
}

export interface ListRouteOptions<T = Record<string, unknown>> {
  /** Message key (or plain text) of the file name, before the timestamp. */
  fileName: MessageKey | string;
  /** Columns of the sheet; when absent, every property of the first row. */
  columns?: ExportColumn<T>[];
  /** Permission the export needs besides the list's own (e.g. `system:user:export`); checked by the auth guard. */
  exportPermission?: Permission;
}

export const LIST_ROUTE = 'zhiwen:listRoute';
/** OpenAPI extension marking a list that can also be exported; see addExportOperations. */
export const EXPORT_EXTENSION = 'x-export';

/**
 * A paged list: `GET path` answers `{rows,total}` (read filters with `@Query()` and a PageQueryDto subclass,
 * page with `paginate`). `POST path` with header `cc-export: 1` streams the same list, unpaged, as .xlsx.
 */
export function ListRoute<T = Record<string, unknown>>(path: string, options: ListRouteOptions<T>) {
  return applyDecorators(
    Get(path),
    SetMetadata(LIST_ROUTE, options),
    ApiExtension(EXPORT_EXTENSION, true),
    ApiHeader({ name: EXPORT_HEADER, required: false, description: 'Send `POST` with `cc-export: 1` to download this list as .xlsx' }),
  );
}
