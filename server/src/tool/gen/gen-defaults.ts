import type { GenTable, GenTableColumn } from './gen-table.entity';

/** A column as information_schema describes it. */
export interface DbColumn {
  columnName: string;
  udtName: string;
  maxLength: number | null;
  nullable: boolean;
  hasDefault: boolean;
  increment: boolean;
  comment: string;
  pk: boolean;
}

/** The audit columns AuditedEntity carries; generated code fills them, forms never show them. */
export const AUDIT_COLUMNS = ['create_by', 'create_time', 'update_by', 'update_time', 'remark'] as const;

const camel = (name: string) =>
  name
    .toLowerCase()
    .replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase())
    .replace(/^_+|_+$/g, '');
const pascal = (name: string) => camel(name).replace(/^[a-z]/, (c) => c.toUpperCase());
/** A name usable in code: leading digits or other characters are kept out. */
const safeIdentifier = (name: string, fallback: string) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : fallback);

/** TypeScript type of a PostgreSQL type: bigint and numeric travel as strings (exact), times as Date. */
export function tsTypeOf(udtName: string): string {
  if (['int2', 'int4', 'float4', 'float8'].includes(udtName)) return 'number';
  if (udtName === 'bool') return 'boolean';
  if (['timestamp', 'timestamptz', 'date'].includes(udtName)) return 'Date';
  return 'string';
}

/** Names the generated code starts with: demo_article → module demo, business article, class DemoArticle. */
export function tableDefaults(
  tableName: string,
  comment: string,
): Pick<GenTable, 'tableName' | 'tableComment' | 'className' | 'moduleName' | 'businessName' | 'functionName' | 'permPrefix'> {
  const parts = tableName
    .toLowerCase()
    .split('_')
    .map((p) => p.replace(/[^a-z0-9]/g, ''))
    .filter(Boolean);
  const head = parts.length > 1 && /^[a-z]/.test(parts[0]) ? parts[0] : 'app';
  const rest = (parts.length > 1 ? parts.slice(1) : parts).join('');
  const businessName = /^[a-z]/.test(rest) ? rest.slice(0, 30) : `t${rest}`.slice(0, 30);
  const moduleName = head.slice(0, 30);
  const className = safeIdentifier(pascal(tableName), `T${pascal(tableName)}`).slice(0, 100);
  return {
    tableName,
    tableComment: comment,
    className: /^[A-Z]/.test(className) ? className : `T${className}`,
    moduleName,
    businessName,
    functionName: (comment || tableName).slice(0, 50),
    permPrefix: `${moduleName}:${businessName}`,
  };
}

/** Default settings of a column: audit columns neither edited nor queried, names queried by LIKE, times by range. */
export function columnDefaults(c: DbColumn): Omit<GenTableColumn, 'columnId' | 'tableId' | 'sort'> {
  const name = c.columnName;
  const tsType = tsTypeOf(c.udtName);
  const audit = (AUDIT_COLUMNS as readonly string[]).includes(name);
  const fieldName = safeIdentifier(camel(name), `f${camel(name).replace(/[^A-Za-z0-9_]/g, '')}`);
  let htmlType = 'input';
  if (tsType === 'Date') htmlType = 'datetime';
  else if (tsType === 'boolean' || /(^|_)status$/.test(name)) htmlType = 'radio';
  else if (/(^|_)(type|sex|kind)$/.test(name)) htmlType = 'select';
  else if (/(image|avatar|logo|cover)/.test(name)) htmlType = 'imageUpload';
  else if (/file/.test(name)) htmlType = 'fileUpload';
  else if (/content/.test(name)) htmlType = 'editor';
  else if (c.udtName === 'text' || (c.maxLength ?? 0) > 500) htmlType = 'textarea';
  const isQuery = !audit && !c.pk && (/(name|title)$/.test(name) || /(^|_)(status|type)$/.test(name));
  return {
    columnName: name,
    columnComment: c.comment.slice(0, 500),
    columnType: c.udtName,
    maxLength: c.maxLength,
    fieldName,
    tsType,
    isPk: c.pk,
    isIncrement: c.increment,
    isRequired: !c.pk && !audit && !c.nullable && !c.hasDefault,
    isEdit: !audit && !(c.pk && c.increment),
    isList: !audit || name === 'create_time',
    isQuery,
    queryType: /(name|title)$/.test(name) ? 'LIKE' : tsType === 'Date' ? 'BETWEEN' : 'EQ',
    htmlType,
    dictType: '',
  };
}
