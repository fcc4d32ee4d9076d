import { hasMessage } from '../../../common/i18n/i18n';
import type { GenTable, GenTableColumn } from '../gen-table.entity';
import { AUDIT_COLUMNS } from '../gen-defaults';

/** Everything a template needs, derived once from a table and its columns (names validated by the service). */
export interface GenContext {
  table: GenTable;
  /** Columns in order. */
  columns: GenTableColumn[];
  pk: GenTableColumn;
  /** The table has all audit columns: the entity extends AuditedEntity and leaves them out. */
  audited: boolean;
  /** Columns the entity declares itself (all but the audit columns of an audited table). */
  own: GenTableColumn[];
  /** Columns of the add/change form (the key only when it is not generated). */
  editable: GenTableColumn[];
  listed: GenTableColumn[];
  queried: GenTableColumn[];
  className: string;
  /** File stem: demo-article. */
  stem: string;
  /** Folder under server/src: demo/article. */
  folder: string;
  /** Route of the controller and the screen: demo/article. */
  route: string;
  /** Message key prefix: demoArticle. */
  msg: string;
  perm: string;
  migrationTime: number;
  /** Field labels the running server does not know yet: the generated messages define them. */
  newLabels: GenTableColumn[];
}

export function contextOf(table: GenTable, columns: GenTableColumn[], migrationTime: number): GenContext {
  const names = new Set(columns.map((c) => c.columnName));
  const audited = AUDIT_COLUMNS.every((n) => names.has(n));
  const own = audited ? columns.filter((c) => !(AUDIT_COLUMNS as readonly string[]).includes(c.columnName)) : columns;
  const pk = columns.find((c) => c.isPk)!;
  const editable = own.filter((c) => (c.isEdit || (c.isPk && !c.isIncrement)) && !(c.isPk && c.isIncrement));
  const listed = columns.filter((c) => c.isList || c.isPk);
  const queried = own.filter((c) => c.isQuery && !c.isPk);
  const formFields = new Set([...editable, pk, ...queried].map((c) => c.fieldName));
  return {
    table,
    columns,
    pk,
    audited,
    own,
    editable,
    listed,
    queried,
    className: table.className,
    stem: kebab(table.className),
    folder: `${table.moduleName}/${table.businessName}`,
    route: `${table.moduleName}/${table.businessName}`,
    msg: table.moduleName + table.businessName.replace(/^[a-z]/, (c) => c.toUpperCase()),
    perm: table.permPrefix,
    migrationTime,
    newLabels: columns.filter((c) => formFields.has(c.fieldName) && !hasMessage(`field.${c.fieldName}`, 'zh-CN')),
  };
}

export const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
export const upperFirst = (name: string) => name.replace(/^[a-z]/, (c) => c.toUpperCase());
/** A single-quoted TypeScript string literal of any text. */
export const str = (text: string) =>
  `'${text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\r?\n/g, '\\n')
    .replace(/\u2028|\u2029/g, ' ')}'`;
/** Text safe inside a /** … *\/ comment or a JSX text node: one line, no comment end, no braces or angle brackets. */
export const comment = (text: string) =>
  text
    .replace(/\*\//g, '* /')
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(/[{}<>]/g, ' ');
/** English label of a property name: viewCount → View count. */
export const humanize = (field: string) => upperFirst(field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase());
/** The label of a column: its comment, else its name. */
export const labelOf = (c: GenTableColumn) =>
  c.columnComment
    .split(/[\r\n]/)[0]
    .trim()
    .slice(0, 50) || humanize(c.fieldName);

/** Database types the generated migration and entity know; any other is written as text. */
const SQL_TYPES: Record<string, string> = {
  int2: 'smallint',
  int4: 'int',
  int8: 'bigint',
  float4: 'real',
  float8: 'double precision',
  numeric: 'numeric',
  bool: 'boolean',
  varchar: 'varchar',
  bpchar: 'char',
  text: 'text',
  timestamptz: 'timestamptz',
  timestamp: 'timestamp',
  date: 'date',
  uuid: 'uuid',
};
export const sqlTypeOf = (c: GenTableColumn) => SQL_TYPES[c.columnType] ?? 'text';
/** Types whose values travel as digit strings (exact beyond 2^53). */
export const isDigitString = (c: GenTableColumn) => c.tsType === 'string' && ['int8', 'numeric'].includes(c.columnType);
export const isInteger = (c: GenTableColumn) => ['int2', 'int4', 'int8'].includes(c.columnType);
export const hasLength = (c: GenTableColumn) => ['varchar', 'bpchar'].includes(c.columnType) && c.maxLength !== null;
