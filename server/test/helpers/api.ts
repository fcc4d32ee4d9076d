import type { INestApplication } from '@nestjs/common';
import { resolveLanguage, type Language } from '@zhiwen/shared';
import request from 'supertest';
import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** A value, or a function answering it when a request is made (for `t` and tokens set in `beforeAll`). */
export type Lazy<T> = T | (() => T);

/** What requests go to: the test app, the Nest app or its HTTP server. */
export type ApiTarget = TestApp | INestApplication | TestApp['server'];

/** An HTTP method in any case ('get', 'GET'). */
export type Method = string;

/** A record of an API answer: tests read a few of its fields without declaring the whole shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Row = Record<string, any>;

export interface ApiOptions {
  /** Bearer token of the caller; none (or '') makes an anonymous request. */
  token?: Lazy<string | undefined>;
  /** The language the request asks for (Accept-Language); 'zh-CN' unless told, null sends no header. */
  lang?: Language | (string & {}) | null;
  /** Put before every path; '/prod-api' unless told ('' when the tests write whole paths). */
  base?: string;
  /** Further headers on every request (CurrentSite, X-Forwarded-For, …); undefined leaves one out. */
  headers?: Record<string, Lazy<string | undefined>>;
}

/** A file for `upload`: the bytes and the name the browser would send. */
export interface UploadFile {
  data: Buffer;
  name: string;
  /** Form field of the file; 'file' unless told. */
  field?: string;
}

/**
 * A caller of the server API. Each method answers a supertest request: await it for the response
 * (`res.status`, `res.body` = the envelope `{ code, msg, data }`), or chain `.send()`, `.set()`, `.expect()` first.
 */
export interface Api {
  get(path: string): request.Test;
  post(path: string, body?: string | object): request.Test;
  put(path: string, body?: string | object): request.Test;
  delete(path: string): request.Test;
  /** Any method by name, for tables of routes. */
  request(method: Method, path: string, body?: string | object): request.Test;
  /** A multipart POST with one file (or none) and form fields. */
  upload(path: string, file: UploadFile | null, fields?: Record<string, string | number | boolean>): request.Test;
  /** The same caller with another token (undefined: anonymous). */
  as(token: Lazy<string | undefined>): Api;
  /** The same caller asking for another language. */
  lang(lang: ApiOptions['lang']): Api;
  /** The same caller with some options changed (headers are merged). */
  with(options: ApiOptions): Api;
}

const resolve = <T>(v: Lazy<T>): T => (typeof v === 'function' ? (v as () => T)() : v);

function serverOf(target: ApiTarget) {
  if (target && typeof target === 'object' && 'server' in target && 'app' in target) return (target as TestApp).server;
  if (target && typeof (target as INestApplication).getHttpServer === 'function') return (target as INestApplication).getHttpServer();
  return target as TestApp['server'];
}

/**
 * The shared request helper of server tests:
 * `const http = api(() => t, { token: () => admin })`, then `await http.post('/system/post', body)`,
 * `http.as(token).lang('en').get('/system/post/list')`.
 */
export function api(target: Lazy<ApiTarget>, options: ApiOptions = {}): Api {
  const base = options.base ?? '/prod-api';
  const start = (method: Method, path: string, body?: string | object): request.Test => {
    let req = request(serverOf(resolve(target)))[method.toLowerCase() as 'get'](`${base}${path}`);
    const token = resolve(options.token);
    if (token) req = req.set('Authorization', `Bearer ${token}`);
    const lang = options.lang === undefined ? 'zh-CN' : options.lang;
    if (lang !== null) req = req.set('Accept-Language', lang);
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      const v = resolve(value);
      if (v !== undefined) req = req.set(name, v);
    }
    return body === undefined ? req : req.send(body);
  };
  return {
    get: (path) => start('get', path),
    post: (path, body) => start('post', path, body),
    put: (path, body) => start('put', path, body),
    delete: (path) => start('delete', path),
    request: start,
    upload: (path, file, fields = {}) => {
      let req = start('post', path);
      for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
      return file ? req.attach(file.field ?? 'file', file.data, file.name) : req;
    },
    as: (token) => api(target, { ...options, token }),
    lang: (lang) => api(target, { ...options, lang }),
    with: (more) => api(target, { ...options, ...more, headers: { ...options.headers, ...more.headers } }),
  };
}

/** The answer envelope every JSON route returns. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** A response as supertest answers it (only what the assertions below read). */
export interface ApiResponse {
  status: number;
  body?: Partial<Envelope> | null;
  req?: { getHeader?(name: string): unknown };
}

/** The language the server answered in: the one the request asked for, resolved as the server resolves it. */
export function languageOf(res: ApiResponse): Language {
  const header = res.req?.getHeader?.('accept-language');
  return resolveLanguage(typeof header === 'string' ? header : undefined);
}

const describeBody = (res: ApiResponse) => `HTTP ${res.status} ${JSON.stringify(res.body)}`.slice(0, 2000);

/** Asserts a successful answer (code 200, HTTP 200 or 201) and returns its `data` (untyped unless told, like supertest's body). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function expectOk<T = any>(res: ApiResponse): T {
  expect(res.body?.code, describeBody(res)).toBe(200);
  expect([200, 201], describeBody(res)).toContain(res.status);
  return res.body?.data as T;
}

/**
 * Asserts the message of an answer, naming the language it is in. The language must be the one the
 * request asked for (Accept-Language; none asks for zh-CN), so an assertion can't silently check another catalog.
 * `text`: the whole message, a RegExp it must match, or an asymmetric matcher (`expect.stringContaining(...)`).
 */
export function expectMessage(res: ApiResponse, lang: Language, text: string | RegExp | object): void {
  expect(languageOf(res), `the request asked for ${languageOf(res)}, the assertion expects ${lang}`).toBe(lang);
  const msg = res.body?.msg;
  if (typeof text === 'string') expect(msg, describeBody(res)).toBe(text);
  else if (text instanceof RegExp) expect(msg, describeBody(res)).toMatch(text);
  else expect(msg, describeBody(res)).toEqual(text);
}

/**
 * Asserts a refusal: the HTTP status, a code other than 200 and, when given, its message in one named language:
 * `expectError(res, 400, { 'zh-CN': '岗位编码只能包含字母、数字和下划线' })`.
 */
export function expectError(res: ApiResponse, status: number, message?: Partial<Record<Language, string | RegExp | object>>): void {
  expect(res.status, describeBody(res)).toBe(status);
  expect(res.body?.code, describeBody(res)).not.toBe(200);
  if (message) {
    const entries = Object.entries(message) as Array<[Language, string | RegExp | object]>;
    expect(entries.length, 'name exactly one language: the one the request asked for').toBe(1);
    expectMessage(res, entries[0][0], entries[0][1]);
  }
}
