import { DataSource } from 'typeorm';
import { CURRENT_SITE_HEADER } from '@zhiwen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type ApiResponse } from '../helpers/api';
import { memberTokenOf } from '../helpers/member';
import { tokenOf } from '../helpers/staff';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Bad input over every operation of the OpenAPI document, signed in as the super administrator (and as a member
 * where a route is for members only): list queries with hostile sort columns, page values, arrays for scalars, NUL and
 * astral characters and prototype keys; JSON bodies of the wrong types, arrays for scalars, NUL and astral strings,
 * prototype keys, huge strings and odd shapes; ids in the path out of range. No answer may be a 5xx, an input that
 * is invalid whatever the route must answer 4xx, and no table may gain or lose a row.
 */

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  enum?: unknown[];
  additionalProperties?: unknown;
}
interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** One request of the fuzz run and what it must get. */
interface Probe {
  label: string;
  method: 'get' | 'post' | 'put' | 'delete';
  url: string;
  body?: string;
  headers?: Record<string, string>;
  /** The input is invalid whatever the route: the answer must be 4xx (always: not 5xx). */
  invalid: boolean;
}

/**
 * Tables not compared: logs the requests legitimately write (operations, sign-ins, AI calls), and the scheduled
 * tasks' run log, which grows on its own while the fuzz runs (every-minute tasks such as cms-ad-schedule).
 */
const LOG_TABLES = new Set(['sys_oper_log', 'sys_logininfor', 'ai_usage_log', 'sys_scheduled_task_log']);
/** Upper bound of requests, so the run stays within about a minute on two cores; sampled deterministically above it. */
const MAX_PROBES = 4000;
const NUL_ASTRAL = 'fuzz\u0000😀𠀀';
const ID_PARAM = /(^id$|Ids?$)/;
/** Path parameters named like ids that are not numbers: a session's token (ending an unknown one is a no-op). */
const OPAQUE_IDS = new Set(['tokenId']);
const BAD_IDS = ['99999999999999999999', '9223372036854775808', '-1', 'abc', '1.5', '1,9223372036854775808'];

let t: TestApp;
let admin: string;
let member: string;
let doc: Doc;
const http = api(() => t, { base: '' });

function resolve(schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i++) s = doc.components.schemas[s.$ref.split('/').pop() ?? ''] ?? {};
  if (s.allOf) {
    const parts = s.allOf.map(resolve);
    return { type: 'object', properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})) };
  }
  return s;
}

/** A value of another kind than the schema asks for. */
function wrongType(schema: Schema): unknown {
  switch (resolve(schema).type) {
    case 'string':
      return { $gt: '' };
    case 'integer':
    case 'number':
      return 'abc';
    case 'boolean':
      return 'maybe';
    case 'array':
      return 'not-an-array';
    case 'object':
      return 'not-an-object';
    default:
      return { $gt: '' };
  }
}

/** Several values where the schema asks for one (an array for a scalar, nested arrays for an array). */
function arrayForScalar(schema: Schema): unknown {
  const s = resolve(schema);
  if (s.type === 'array') return [[['x']], { a: 1 }];
  if (s.type === 'object') return [];
  if (s.type === 'integer' || s.type === 'number') return [1, 2];
  if (s.type === 'boolean') return [true, false];
  return ['a', 'b'];
}

/** Text PostgreSQL cannot store (NUL) next to characters outside the BMP, in the shape the schema asks for. */
function nulAstral(schema: Schema): unknown {
  const s = resolve(schema);
  if (s.type === 'array') return [NUL_ASTRAL];
  if (s.type === 'object') return { [NUL_ASTRAL]: NUL_ASTRAL };
  if (s.type === 'integer' || s.type === 'number') return `1${NUL_ASTRAL}`;
  return NUL_ASTRAL;
}

/** Strings far over any length limit (with a NUL, so no route could store one); other fields of the wrong kind. */
function huge(schema: Schema): unknown {
  const s = resolve(schema);
  return s.type === 'string' || !s.type ? `${'長'.repeat(100_000)}\u0000` : wrongType(s);
}

/** A plausible value for the schema, except ids: those are one past the largest bigint (2^63), or 10^20 as numbers. */
function idOutOfRange(schema: Schema, name: string): unknown {
  const s = resolve(schema);
  if (ID_PARAM.test(name)) {
    if (s.type === 'array') return ['9223372036854775808'];
    return s.type === 'integer' || s.type === 'number' ? 1e20 : '9223372036854775808';
  }
  if (s.enum?.length) return s.enum[0];
  if (s.type === 'integer' || s.type === 'number') return 1;
  if (s.type === 'boolean') return false;
  if (s.type === 'array') return [];
  if (s.type === 'object') return {};
  return 'fuzz';
}

function mapProperties(schema: Schema, value: (s: Schema, name: string) => unknown): Record<string, unknown> {
  const props = resolve(schema).properties ?? {};
  return Object.fromEntries(Object.entries(props).map(([k, s]) => [k, value(s, k)]));
}

/** The bodies sent to an operation with a JSON body schema; `invalid` where no DTO could accept them. */
function bodiesFor(schema: Schema): Array<{ label: string; body: string; invalid: boolean }> {
  const s = resolve(schema);
  const wrap = (one: (s: Schema, name: string) => unknown) => {
    if (s.type === 'array') return JSON.stringify([s.items ? mapProperties(s.items, one) : one({}, '')]);
    return JSON.stringify(mapProperties(s, one));
  };
  const hasFields = s.type === 'array' || Object.keys(s.properties ?? {}).length > 0;
  const hasIds = Object.keys(s.type === 'array' ? (resolve(s.items).properties ?? {}) : (s.properties ?? {})).some((k) => ID_PARAM.test(k));
  const wrong = wrap(wrongType);
  const proto = `{"__proto__":{"admin":true,"isAdmin":true},"constructor":{"prototype":{"polluted":true}},"toString":"x",${
    s.type === 'array' ? '"items":1' : wrong.slice(1, -1) || '"x":1'
  }}`;
  return [
    { label: 'wrong types', body: wrong, invalid: hasFields },
    { label: 'arrays for scalars', body: wrap(arrayForScalar), invalid: hasFields },
    { label: 'NUL and astral strings', body: wrap(nulAstral), invalid: false },
    { label: 'prototype keys', body: s.type === 'array' ? `[${proto}]` : proto, invalid: hasFields && s.type !== 'array' },
    { label: 'huge strings', body: wrap(huge), invalid: hasFields },
    // Plausible values around the ids: only where there are ids, else it may be a valid body that creates a row.
    ...(hasIds ? [{ label: 'ids out of range', body: wrap(idOutOfRange), invalid: true }] : []),
    { label: 'a bare string', body: '"x"', invalid: true },
    { label: 'null', body: 'null', invalid: false },
    { label: 'nested 5000 deep', body: `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`, invalid: true },
  ];
}

/** A path with its parameters filled: ids that name nothing, words for the rest. */
function fillPath(path: string, override: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(override[name] ?? (ID_PARAM.test(name) ? '987654321' : 'fuzz-none')));
}

const query = (pairs: Array<[string, string]>) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');

/** The queries sent to a list operation (it has pageNum and pageSize). */
function listQueries(op: Operation): Array<{ label: string; qs: string; invalid: boolean }> {
  const params = (op.parameters ?? []).filter((p) => p.in === 'query');
  const others = params.filter((p) => !['pageNum', 'pageSize', 'orderByColumn', 'isAsc'].includes(p.name));
  const out = [
    ...['name; DROP TABLE sys_user--', '1=1', '(select 1)', 'create_time desc,(select 1)', '"userName"', 'a'.repeat(65)].map((v) => ({
      label: `orderByColumn ${v.slice(0, 20)}`,
      qs: query([['orderByColumn', v]]),
      invalid: true,
    })),
    ...['99999999999999999999', '1000000001', '-1', '0', 'abc', '1.5', '1e400', ''].map((v) => ({
      label: `pageNum ${v}`,
      qs: query([['pageNum', v]]),
      invalid: true,
    })),
    ...['0', 'abc', '-5', '501', '99999999999999999999'].map((v) => ({ label: `pageSize ${v}`, qs: query([['pageSize', v]]), invalid: true })),
    ...['junk', 'asc;drop', 'ASC '].map((v) => ({ label: `isAsc ${v}`, qs: query([['isAsc', v]]), invalid: true })),
    { label: 'pageNum twice', qs: 'pageNum=1&pageNum=2', invalid: true },
    { label: 'pageSize twice', qs: 'pageSize=1&pageSize=2', invalid: true },
    { label: 'isAsc twice', qs: 'isAsc=asc&isAsc=desc', invalid: true },
    {
      label: 'prototype keys',
      qs: '__proto__=x&__proto__[admin]=1&constructor=x&constructor[prototype][polluted]=1&hasOwnProperty=x',
      invalid: false,
    },
  ];
  return [...out, ...paramQueries(others)];
}

/** Bad values for each query parameter besides paging: repeated, NUL and astral, huge, of the wrong kind, out of range. */
function paramQueries(params: Parameter[]): Array<{ label: string; qs: string; invalid: boolean }> {
  const out: Array<{ label: string; qs: string; invalid: boolean }> = [];
  for (const p of params) {
    const type = resolve(p.schema).type;
    out.push({
      label: `${p.name} twice`,
      qs: query([
        [p.name, '1'],
        [p.name, '2'],
      ]),
      invalid: type !== 'array',
    });
    out.push({ label: `${p.name} NUL and astral`, qs: query([[p.name, NUL_ASTRAL]]), invalid: false });
    out.push({ label: `${p.name} huge`, qs: query([[p.name, 'x'.repeat(5000)]]), invalid: false });
    if (type === 'integer' || type === 'number' || p.schema?.format === 'date-time' || resolve(p.schema).enum) {
      out.push({ label: `${p.name} wrong type`, qs: query([[p.name, 'abc']]), invalid: true });
    }
    if (type === 'integer' || ID_PARAM.test(p.name)) {
      out.push({ label: `${p.name} out of range`, qs: query([[p.name, '99999999999999999999']]), invalid: true });
    }
  }
  return out;
}

function probesOf(): Probe[] {
  const probes: Probe[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'delete'].includes(method)) continue;
      const m = method as Probe['method'];
      const names = (op.parameters ?? []).map((p) => p.name);
      // Export twins (POST list with cc-export) are the list's GET under another method.
      if (names.includes('cc-export')) continue;
      if (m === 'get' && names.includes('pageNum') && names.includes('pageSize')) {
        for (const q of listQueries(op))
          probes.push({ label: `${path} ${q.label}`, method: m, url: `${fillPath(path)}?${q.qs}`, invalid: q.invalid });
        // The CMS lists read the current site from a header; out of range or not a number, it must not reach SQL.
        for (const site of ['99999999999999999999', 'abc', '-1'])
          probes.push({
            label: `${path} ${CURRENT_SITE_HEADER}=${site}`,
            method: m,
            url: fillPath(path),
            headers: { [CURRENT_SITE_HEADER]: site },
            invalid: false,
          });
      } else if (m === 'get') {
        for (const q of paramQueries((op.parameters ?? []).filter((p) => p.in === 'query')))
          probes.push({ label: `${path} ${q.label}`, method: m, url: `${fillPath(path)}?${q.qs}`, invalid: q.invalid });
      }
      const schema = op.requestBody?.content?.['application/json']?.schema;
      if ((m === 'post' || m === 'put') && schema) {
        for (const b of bodiesFor(schema))
          probes.push({ label: `${m} ${path} ${b.label}`, method: m, url: fillPath(path), body: b.body, invalid: b.invalid });
      }
      for (const p of (op.parameters ?? []).filter((x) => x.in === 'path' && ID_PARAM.test(x.name) && !OPAQUE_IDS.has(x.name))) {
        for (const bad of BAD_IDS) {
          probes.push({
            label: `${m} ${path} ${p.name}=${bad}`,
            method: m,
            url: fillPath(path, { [p.name]: bad }),
            body: m === 'post' || m === 'put' ? '{}' : undefined,
            invalid: true,
          });
        }
      }
    }
  }
  if (probes.length <= MAX_PROBES) return probes;
  const step = probes.length / MAX_PROBES;
  return Array.from({ length: MAX_PROBES }, (_, i) => probes[Math.floor(i * step)]);
}

async function rowCounts(): Promise<Record<string, number>> {
  const ds = t.app.get(DataSource);
  const tables: Array<{ table_name: string }> = await ds.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    if (LOG_TABLES.has(table_name)) continue;
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM "${table_name}"`);
    counts[table_name] = n;
  }
  return counts;
}

async function send(probe: Probe, token: string): Promise<ApiResponse> {
  let req = http.as(token).request(probe.method, probe.url);
  for (const [name, value] of Object.entries(probe.headers ?? {})) req = req.set(name, value);
  if (probe.body !== undefined) req = req.set('Content-Type', 'application/json').send(probe.body);
  return req;
}

beforeAll(async () => {
  // The fuzz run sends thousands of requests from one caller; the per-minute limit is tested elsewhere.
  t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  admin = await tokenOf(t.app);
  member = await memberTokenOf(t.app, 'fuzzmember');
  doc = (await http.get('/prod-api/docs-json')).body as Doc;
});
afterAll(() => t?.close());

describe('fuzzing every operation of the OpenAPI document', () => {
  it('answers bad lists, bodies and ids with 4xx, never 5xx, and changes no row', async () => {
    const probes = probesOf();
    expect(probes.length).toBeGreaterThan(1000);
    console.info(`fuzz: ${probes.length} requests`);
    const before = await rowCounts();
    const serverErrors: string[] = [];
    const accepted: string[] = [];
    const queue = [...probes];
    // Three at a time: enough to keep both cores busy without one request waiting on another's lock.
    await Promise.all(
      Array.from({ length: 3 }, async () => {
        for (let probe = queue.shift(); probe; probe = queue.shift()) {
          let res = await send(probe, admin);
          // Member-only routes refuse staff tokens; ask again as a member so their validation is reached too.
          if (res.status === 401 || res.status === 403) res = await send(probe, member);
          const summary = `${probe.label} -> ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`;
          if (res.status >= 500) serverErrors.push(summary);
          else if (probe.invalid && res.status < 400) accepted.push(summary);
        }
      }),
    );
    expect(serverErrors).toEqual([]);
    expect(accepted).toEqual([]);
    expect(await rowCounts()).toEqual(before);
    // Prototype keys in bodies and queries reached no object of the process.
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Thousands of requests: more time than one ordinary test, growing with the routes.
  }, 300_000);
});
