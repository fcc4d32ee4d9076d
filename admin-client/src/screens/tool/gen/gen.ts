/** Code generation (代码生成): the shapes the server answers and the edit page's save body. */

export const GEN_EDIT_ROUTE = 'tool/gen-edit/index/:tableId';
export const genEditPath = (tableId: string | number) => `/${GEN_EDIT_ROUTE.replace(':tableId', encodeURIComponent(String(tableId)))}`;

export const TS_TYPES = ['string', 'number', 'boolean', 'Date'] as const;
export const QUERY_TYPES = ['EQ', 'NE', 'GT', 'LT', 'LIKE', 'BETWEEN'] as const;
export const HTML_TYPES = ['input', 'textarea', 'select', 'radio', 'checkbox', 'datetime', 'imageUpload', 'fileUpload', 'editor'] as const;

export interface GenTableInfo {
  tableId: string;
  tableName: string;
  tableComment: string;
  className: string;
  moduleName: string;
  businessName: string;
  functionName: string;
  permPrefix: string;
  remark: string;
}

export interface GenColumn {
  columnId: string;
  columnName: string;
  columnComment: string;
  columnType: string;
  fieldName: string;
  tsType: string;
  isPk: boolean;
  isIncrement: boolean;
  isRequired: boolean;
  isEdit: boolean;
  isList: boolean;
  isQuery: boolean;
  queryType: string;
  htmlType: string;
  dictType: string;
}

/** GET /tool/gen/{tableId}. */
export interface GenTableDetail {
  info: GenTableInfo;
  rows: GenColumn[];
}

/** The same rule the server checks: a name that can go into code. */
export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const CLASS_NAME = /^[A-Z][A-Za-z0-9]*$/;
export const FOLDER_NAME = /^[a-z][a-z0-9]*$/;
export const PERM_PREFIX = /^[a-z][a-z0-9]*(:[a-z][a-z0-9]*)*$/;

/** Fields of the form that break a rule, by name → i18n key of the message. */
export function genFormErrors(info: GenTableInfo, columns: GenColumn[]): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!CLASS_NAME.test(info.className)) errors.className = 'app.gen.class_name_rule';
  if (!FOLDER_NAME.test(info.moduleName)) errors.moduleName = 'app.gen.folder_rule';
  if (!FOLDER_NAME.test(info.businessName)) errors.businessName = 'app.gen.folder_rule';
  if (!info.functionName.trim()) errors.functionName = 'ra.validation.required';
  if (!PERM_PREFIX.test(info.permPrefix)) errors.permPrefix = 'app.gen.perm_prefix_rule';
  for (const c of columns) if (!IDENTIFIER.test(c.fieldName)) errors[`fieldName_${c.columnId}`] = 'app.gen.identifier_rule';
  return errors;
}

/** The body of PUT /tool/gen: the names and every column's settings (read-only facts of the columns left out). */
export function genEditBody(info: GenTableInfo, columns: GenColumn[]) {
  return {
    tableId: info.tableId,
    tableComment: info.tableComment,
    className: info.className.trim(),
    moduleName: info.moduleName.trim(),
    businessName: info.businessName.trim(),
    functionName: info.functionName.trim(),
    permPrefix: info.permPrefix.trim(),
    remark: info.remark ?? '',
    columns: columns.map((c) => ({
      columnId: c.columnId,
      columnComment: c.columnComment,
      fieldName: c.fieldName.trim(),
      tsType: c.tsType,
      isRequired: c.isRequired,
      isEdit: c.isEdit,
      isList: c.isList,
      isQuery: c.isQuery,
      queryType: c.queryType,
      htmlType: c.htmlType,
      dictType: c.dictType ?? '',
    })),
  };
}
