/** The parts of an OpenAPI 3 document the 系统接口 viewer reads. */
export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  nullable?: boolean;
  description?: string;
  example?: unknown;
}

export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

export interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; parameters?: Record<string, Parameter> };
  tags?: Array<{ name: string; description?: string }>;
}

export interface OperationEntry {
  key: string;
  method: string;
  path: string;
  tag: string;
  op: Operation;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

/** Every operation of the document, in path order, with its first tag (or `fallbackTag`). */
export function operationsOf(doc: OpenApiDocument, fallbackTag: string): OperationEntry[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({
      key: `${method} ${path}`,
      method,
      path,
      tag: item[method].tags?.[0] ?? fallbackTag,
      op: item[method],
    })),
  );
}

/** Operations whose method, path, summary, tag or operation id contain every word of `query` (any case). */
export function searchOperations(ops: OperationEntry[], query: string): OperationEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return ops;
  return ops.filter((o) => {
    const text = `${o.method} ${o.path} ${o.op.summary ?? ''} ${o.tag} ${o.op.operationId ?? ''}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** Operations grouped by tag, tags in the document's order (then by name), operations in path order. */
export function groupByTag(ops: OperationEntry[], doc: OpenApiDocument): Array<[string, OperationEntry[]]> {
  const order = new Map((doc.tags ?? []).map((t, i) => [t.name, i]));
  const groups = new Map<string, OperationEntry[]>();
  for (const o of ops) groups.set(o.tag, [...(groups.get(o.tag) ?? []), o]);
  return [...groups.entries()].sort(
    ([a], [b]) => (order.get(a) ?? Number.MAX_SAFE_INTEGER) - (order.get(b) ?? Number.MAX_SAFE_INTEGER) || a.localeCompare(b),
  );
}

/** The name a `$ref` points at (`#/components/schemas/UserDto` → `UserDto`). */
export const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

/** A parameter, resolving a `$ref` to the components. */
export function resolveParameter(doc: OpenApiDocument, p: Parameter & { $ref?: string }): Parameter {
  return p.$ref ? (doc.components?.parameters?.[refName(p.$ref)] ?? { name: refName(p.$ref), in: '?' }) : p;
}

/** A short type label: `string`, `integer (int64)`, `UserDto`, `UserDto[]`, `'0' | '1'`. */
export function typeLabel(schema: Schema | undefined): string {
  if (!schema) return '';
  if (schema.$ref) return refName(schema.$ref);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.type === 'array') return `${typeLabel(schema.items) || 'any'}[]`;
  const parts = schema.allOf ?? schema.oneOf ?? schema.anyOf;
  if (parts) return parts.map(typeLabel).join(schema.allOf ? ' & ' : ' | ');
  const base = schema.type ?? 'object';
  return `${base}${schema.format ? ` (${schema.format})` : ''}${schema.nullable ? ' | null' : ''}`;
}
