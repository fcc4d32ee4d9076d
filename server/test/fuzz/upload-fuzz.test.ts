import { zipSync } from 'fflate';
import { fileTypeFromBuffer } from 'file-type';
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib, { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { CURRENT_SITE_HEADER } from '@zhiwen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type ApiResponse } from '../helpers/api';
import { siteFactory } from '../helpers/factories';
import { memberTokenOf } from '../helpers/member';
import { tokenOf } from '../helpers/staff';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Hostile multipart uploads over every operation of the OpenAPI document whose body is multipart/form-data (so a new
 * upload route is covered without editing this file), signed in as the super administrator (as a member where a route
 * is for members only), with the CurrentSite header naming a site the test makes.
 *
 * Part 1, what no route may take: no file part, the file under another field, one file too many, a file one byte over
 * the documented size, zips over any archive limit or with `../` and absolute entries (routes that read zips), form
 * fields of the wrong type next to a good file, `..` and absolute paths in folder fields. Each must answer 4xx with a
 * localized message, and afterwards no table has gained or lost a row (logs aside) and nothing in the app's data folder
 * (the local storage root among it) has changed.
 *
 * Part 2, what a route may take or refuse: a good file under hostile names (`../../`, absolute, NUL, 300+ characters,
 * only an extension, a right-to-left override, Windows device names); zero bytes, HTML / SVG / PNG / EXE named as
 * another type, decompression-bomb PNGs, a truncated JPEG, text that is not UTF-8 (a route may judge content later, as
 * the plagiarism checks do, or keep what the bytes are whatever the name, as avatars do); NUL in text fields. Never a
 * 5xx; a refusal is localized; every file stored lies in the data folder under a name without `..` or control
 * characters, with an extension its bytes confirm and, for an image, at most 40 megapixels; nothing appears outside
 * the data folder under the names the probes sent.
 */

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
}
interface Operation {
  summary?: string;
  description?: string;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** One multipart upload route as the OpenAPI document describes it. */
interface Route {
  method: 'post' | 'put';
  path: string;
  summary: string;
  /** The form field of the file (the property of format binary). */
  field: string;
  /** Several files allowed in the field (the property is an array of binaries). */
  many: boolean;
  /** The other form fields and their schemas. */
  fields: Record<string, Schema>;
  required: string[];
  /** A documented size limit ("2 MB", "at most 10 MB", or the system parameter it names), in bytes. */
  maxBytes?: number;
  /** The system parameter the summary names as the size limit (sys.upload.maxSizeMb), read before the run. */
  sizeParam?: string;
  /** A documented count limit ("up to 20"). */
  maxCount?: number;
  /** The route reads zip archives (its summary says so). */
  zips: boolean;
  /** A file the route is meant to take, for probes about names and fields. */
  good: { data: Buffer; ext: string };
}

interface Part {
  field: string;
  data: Buffer;
  name: string;
}
/** One request of the run. */
interface Probe {
  label: string;
  route: Route;
  files: Part[];
  fields: Array<[string, string]>;
}

/** Tables requests legitimately write: logs of operations, sign-ins and AI calls. */
const LOG_TABLES = new Set(['sys_oper_log', 'sys_logininfor', 'ai_usage_log']);
const MB = 1024 * 1024;
const ID_FIELD = /(^id$|Ids?$)/;
/** Form fields naming a place in storage: traversal there is invalid whatever the route. */
const PLACE_FIELD = /^(dir|path|folder|filePath|dirPath)$/;

let t: TestApp;
let admin: string;
let member: string;
let doc: Doc;
let routes: Route[];
/** Values the test made for fields and path parameters that name records (siteId, libraryId, …). */
const fixtures: Record<string, string> = {};
/** Part of every escaping name: a file carrying it anywhere outside the data folder was written by a traversal. */
let marker: string;
const http = api(() => t, { base: '' });

// ---------------------------------------------------------------------------------------------------------------
// Files

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid PNG of `side` x `side` black pixels, 1 bit grey: a few dozen kilobytes that decode to side² pixels (a
 * decompression bomb once side is in the tens of thousands). Every row is there, so a decoder must do the work.
 */
function bombPng(side: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // grey
  const raw = Buffer.alloc(side * (1 + Math.ceil(side / 8))); // filter byte 0 and zero pixels on every row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A Windows executable's first bytes: the MZ header, the DOS stub's message and a PE signature. */
function exe(): Buffer {
  const b = Buffer.alloc(1024);
  b.write('MZ', 0, 'ascii');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('This program cannot be run in DOS mode.\r\r\n$', 0x4e, 'ascii');
  b.write('PE\0\0', 0x80, 'binary');
  return b;
}

/** Bytes deflated once (raw deflate, as zip entries hold them), with the CRC and size of the original. */
function deflated(raw: Buffer): { data: Buffer; crc: number; size: number } {
  return { data: zlib.deflateRawSync(raw, { level: 9 }), crc: zlib.crc32(raw), size: raw.length };
}

/** A zip written by hand from entries already deflated (the same bytes may serve several entries). */
function handZip(entries: Array<{ name: string; data: Buffer; crc: number; size: number }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const HTML = Buffer.from('<!DOCTYPE html><html><head><title>x</title></head><body><script>alert(document.cookie)</script></body></html>\n');
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(document.domain)</script><rect width="10" height="10"/></svg>\n',
);
/** Bytes that are no UTF-8 (lone continuation bytes, overlong forms, 0xFF) with a NUL among them. */
const NOT_UTF8 = Buffer.concat([
  Buffer.from('论文标题\n'),
  Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x80, 0xbf, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0x00, 0xf8, 0x88]),
]);
const PAPER = Buffer.from('模糊测试的论文。研究内容分析与结论。\n'.repeat(60));

let png: Buffer;
let jpeg: Buffer;
let bombs: Array<{ label: string; data: Buffer }>;
let archives: Array<{ label: string; data: Buffer }>;
let themeZip: Buffer;

async function makeFiles(): Promise<void> {
  png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c03' } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3c0' } })
    .jpeg()
    .toBuffer();
  // 20000² declared (400 M pixels, over sharp's default limit) and 16000² (256 M, just under it: only a pixel limit of
  // the route's own refuses it before decoding 256 MB).
  bombs = [
    { label: '20000x20000', data: bombPng(20000) },
    { label: '16000x16000', data: bombPng(16000) },
  ];
  // Over the limits of every route reading zips (the theme import's and the reference library's): one entry of 60 MB,
  // 270 MB in all, 3000 entries; the first two from a few hundred kilobytes, the same deflated bytes used again.
  const big = deflated(Buffer.alloc(60 * MB));
  const nine = deflated(Buffer.alloc(9 * MB));
  archives = [
    { label: 'an entry of 60 MB', data: handZip([{ name: 'templates/pc/index.html', ...big }]) },
    { label: '270 MB in all', data: handZip(Array.from({ length: 30 }, (_, i) => ({ name: `templates/pc/p${i}.html`, ...nine }))) },
    {
      label: '3000 entries',
      data: Buffer.from(
        zipSync(Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`templates/pc/e${i}.html`, new Uint8Array(0)])), { level: 0 }),
      ),
    },
    {
      label: 'zip slip',
      data: Buffer.from(
        zipSync({
          'templates/pc/ok.html': Buffer.from('<p>ok</p>'),
          [`../../${marker}-slip.html`]: Buffer.from('<p>escaped</p>'),
          [`templates/pc/../../../../${marker}-slip2.html`]: Buffer.from('<p>escaped</p>'),
        }),
      ),
    },
    { label: 'an absolute entry', data: Buffer.from(zipSync({ [`/tmp/${marker}-abs.html`]: Buffer.from('<p>escaped</p>') })) },
  ];
  themeZip = Buffer.from(zipSync({ 'templates/pc/fuzz.html': Buffer.from('<p>fuzz</p>') }));
}

// ---------------------------------------------------------------------------------------------------------------
// Routes

function resolve(schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i++) s = doc.components.schemas[s.$ref.split('/').pop() ?? ''] ?? {};
  return s;
}
const isBinary = (s: Schema) => s.type === 'string' && s.format === 'binary';

/** A tenth of a second of silence: a WAV file (RIFF, PCM 8 kHz mono 8 bit). */
function wav(): Buffer {
  const samples = Buffer.alloc(800, 0x80);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'ascii');
  head.writeUInt32LE(36 + samples.length, 4);
  head.write('WAVEfmt ', 8, 'ascii');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(8000, 24);
  head.writeUInt32LE(8000, 28);
  head.writeUInt16LE(1, 32);
  head.writeUInt16LE(8, 34);
  head.write('data', 36, 'ascii');
  head.writeUInt32LE(samples.length, 40);
  return Buffer.concat([head, samples]);
}

/** The file a route is meant to take, from what its summary names. */
function goodFileFor(summary: string): Route['good'] {
  if (/\b(mp3|wav|mp4)\b/i.test(summary)) return { data: wav(), ext: 'wav' };
  if (/\bzip\b/i.test(summary) && /theme/i.test(summary)) return { data: themeZip, ext: 'zip' };
  if (/\b(png|jpe?g|image|avatar)\b/i.test(summary)) return { data: png, ext: 'png' };
  if (/\btxt\b/i.test(summary)) return { data: PAPER, ext: 'txt' };
  return { data: png, ext: 'png' };
}

function routesOf(): Route[] {
  const out: Route[] = [];
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const schema = resolve(op.requestBody?.content?.['multipart/form-data']?.schema);
      if (!schema.properties || (method !== 'post' && method !== 'put')) continue;
      const entries = Object.entries(schema.properties).map(([k, s]) => [k, resolve(s)] as const);
      const file = entries.find(([, s]) => isBinary(s) || (s.type === 'array' && isBinary(resolve(s.items))));
      if (!file) continue;
      const summary = `${op.summary ?? ''} ${op.description ?? ''}`;
      const size = /(\d+)\s*MB\b/.exec(summary);
      const count = /\bup to (\d+)\b/i.exec(summary);
      out.push({
        method,
        path: p,
        summary,
        field: file[0],
        many: file[1].type === 'array',
        fields: Object.fromEntries(entries.filter(([k]) => k !== file[0])),
        required: schema.required ?? [],
        // Larger limits are left out: the run stays small on disk and in memory.
        maxBytes: size && Number(size[1]) <= 20 ? Number(size[1]) * MB : undefined,
        sizeParam: /\b(sys\.[\w.]+\.maxSizeMb)\b/.exec(summary)?.[1],
        maxCount: count ? Number(count[1]) : undefined,
        zips: /\bzip\b/i.test(summary),
        good: goodFileFor(summary),
      });
    }
  }
  return out;
}

/** A value a route would take for a form field: the record the test made for it, else a plain value of its type. */
function plausible(name: string, s: Schema): string {
  if (fixtures[name] !== undefined) return fixtures[name];
  if (s.enum?.length) return String(s.enum[0]);
  if (s.type === 'boolean') return 'false';
  if (s.type === 'integer' || s.type === 'number') return '1';
  return 'Fuzz2026abc';
}
/** The route's required fields with plausible values (and `override` in place of some). */
function formOf(route: Route, override: Record<string, string | string[] | undefined> = {}): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const names = new Set([...route.required.filter((n) => n !== route.field), ...Object.keys(override)]);
  for (const name of names) {
    const v = name in override ? override[name] : plausible(name, route.fields[name] ?? {});
    for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) out.push([name, one]);
  }
  return out;
}
function urlOf(route: Route): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(fixtures[name] ?? '987654321'));
}

const reverse = (s: string) => [...s].reverse().join('');

/** Part 1: inputs no route may take. */
function invalidProbes(route: Route): Probe[] {
  const probes: Probe[] = [];
  const one = (label: string, data: Buffer, name: string, form = formOf(route)) =>
    probes.push({ label, route, files: [{ field: route.field, data, name }], fields: form });
  const good = route.good;
  const goodName = `fuzz.${good.ext}`;
  probes.push({ label: 'no file part', route, files: [], fields: formOf(route) });
  const wrongField = route.field === 'file' ? 'files' : 'file';
  probes.push({
    label: `the file under "${wrongField}"`,
    route,
    files: [{ field: wrongField, data: good.data, name: goodName }],
    fields: formOf(route),
  });
  if (!route.many) {
    probes.push({
      label: 'two files where one is allowed',
      route,
      files: [
        { field: route.field, data: good.data, name: `a.${good.ext}` },
        { field: route.field, data: good.data, name: `b.${good.ext}` },
      ],
      fields: formOf(route),
    });
  } else if (route.maxCount) {
    probes.push({
      label: `${route.maxCount + 1} files where ${route.maxCount} are allowed`,
      route,
      files: Array.from({ length: route.maxCount + 1 }, (_, i) => ({ field: route.field, data: good.data, name: `n${i}.${good.ext}` })),
      fields: formOf(route),
    });
  }
  if (route.maxBytes) {
    const over = Buffer.concat([good.data, Buffer.alloc(route.maxBytes + 1 - good.data.length)]);
    one(`a file of ${route.maxBytes / MB} MB + 1 byte`, over, goodName);
  }
  if (route.zips) for (const a of archives) one(`a zip: ${a.label}`, a.data, 'archive.zip');
  // Form fields of the wrong type next to a good file.
  for (const [name, s] of Object.entries(route.fields)) {
    const bad: Array<[string, string | string[]]> = [[`${name} huge with NUL`, `${'長'.repeat(100_000)}\u0000`]];
    if (s.type === 'boolean' || s.enum?.length) bad.push([`${name} not one of its values`, 'maybe'], [`${name} twice`, ['true', 'false']]);
    if (s.type === 'integer' || s.type === 'number') bad.push([`${name} not a number`, 'abc']);
    if (ID_FIELD.test(name) || fixtures[name] !== undefined) {
      if (ID_FIELD.test(name)) bad.push([`${name} out of range`, '9223372036854775808'], [`${name} not a number`, 'abc']);
      bad.push([`${name} twice`, [plausible(name, s), plausible(name, s)]]);
    }
    if (PLACE_FIELD.test(name))
      for (const v of ['../..', '../../..', `${plausible(name, s)}/../../..`, '/etc', '/tmp', '..\\..\\..', `${plausible(name, s)}\u0000/x`])
        bad.push([`${name} ${JSON.stringify(v)}`, v]);
    for (const [label, value] of bad) one(`field ${label}`, good.data, goodName, formOf(route, { [name]: value }));
  }
  return probes;
}

/**
 * Part 2: inputs a route may take or refuse: good files under hostile names; files whose content is not what their name
 * says, or is a bomb (a route may judge content later, as the plagiarism checks do, or keep only what the bytes are).
 */
function mayTakeProbes(route: Route): Probe[] {
  const { data, ext } = route.good;
  const names = [
    `../../${marker}-dotdot.${ext}`,
    `../../../../../../../../../../tmp/${marker}-deep.${ext}`,
    `..\\..\\${marker}-backslash.${ext}`,
    `/tmp/${marker}-absolute.${ext}`,
    `C:\\Windows\\Temp\\${marker}-drive.${ext}`,
    `${marker}\u0000.${ext}`,
    `${'名'.repeat(310)}.${ext}`,
    `${'a'.repeat(400)}.${ext}`,
    `.${ext}`,
    `.`,
    `..`,
    `photo\u202E${reverse(ext)}.exe`,
    `photo\u202Eexe.${ext}`,
    `CON.${ext}`,
    `aux.${ext}`,
    `NUL.${ext}`,
    `COM1.${ext}`,
    `lpt9.${ext}`,
    `fuzz .${ext}. `,
    `line\r\nbreak.${ext}`,
  ];
  const probes: Probe[] = names.map((name) => ({
    label: `a good file named ${JSON.stringify(name.slice(0, 60))}`,
    route,
    files: [{ field: route.field, data, name }],
    fields: formOf(route),
  }));
  const content = (label: string, bytes: Buffer, name: string) =>
    probes.push({ label, route, files: [{ field: route.field, data: bytes, name }], fields: formOf(route) });
  content('zero bytes', Buffer.alloc(0), 'empty.png');
  content('HTML named .jpg', HTML, 'page.jpg');
  content('HTML named .png', HTML, 'page.png');
  content('SVG with a script named .png', SVG, 'vector.png');
  for (const ext2 of ['pdf', 'docx', 'txt']) content(`a PNG named .${ext2}`, png, `image.${ext2}`);
  for (const ext2 of ['txt', 'doc']) content(`an EXE named .${ext2}`, exe(), `setup.${ext2}`);
  for (const bomb of bombs) content(`a decompression-bomb PNG ${bomb.label}`, bomb.data, 'bomb.png');
  probes.push({
    label: 'a truncated JPEG',
    route,
    files: [{ field: route.field, data: jpeg.subarray(0, 300), name: 'cut.jpg' }],
    fields: formOf(route),
  });
  for (const ext2 of ['txt', 'html', 'css'])
    probes.push({
      label: `bytes that are not UTF-8 named .${ext2}`,
      route,
      files: [{ field: route.field, data: NOT_UTF8, name: `text.${ext2}` }],
      fields: formOf(route),
    });
  probes.push({
    label: 'an SVG with a script named .svg',
    route,
    files: [{ field: route.field, data: SVG, name: 'vector.svg' }],
    fields: formOf(route),
  });
  for (const [name, s] of Object.entries(route.fields)) {
    if (s.type !== 'string' || s.enum || ID_FIELD.test(name) || PLACE_FIELD.test(name) || fixtures[name] !== undefined) continue;
    probes.push({
      label: `field ${name} with NUL and astral characters`,
      route,
      files: [{ field: route.field, data, name: `fuzz.${ext}` }],
      fields: formOf(route, { [name]: 'fuzz\u0000😀𠀀' }),
    });
  }
  return probes;
}

// ---------------------------------------------------------------------------------------------------------------
// Sending and checking

async function send(probe: Probe, token: string): Promise<ApiResponse> {
  let req = http.as(token).request(probe.route.method, urlOf(probe.route)).set(CURRENT_SITE_HEADER, fixtures.siteId);
  for (const [name, value] of probe.fields) req = req.field(name, value);
  for (const f of probe.files) req = req.attach(f.field, f.data, { filename: f.name, contentType: 'application/octet-stream' });
  // A probe the route refuses early may find the request still being written: that is a refusal too.
  return req.then(
    (res) => res,
    (error: { response?: ApiResponse; code?: string }) => error.response ?? { status: 0, body: { msg: String(error.code ?? error) } },
  );
}

/** Sent as the administrator, then as a member where the route is for members only. */
async function answer(probe: Probe): Promise<ApiResponse> {
  const res = await send(probe, admin);
  return res.status === 401 || res.status === 403 ? send(probe, member) : res;
}

/** What is wrong with a refusal: not 4xx, or a message that is not a localized sentence (zh-CN was asked for). */
function badRefusal(res: ApiResponse, route: Route): string | undefined {
  const msg = res.body?.msg;
  if (res.status < 400 || res.status >= 500) return `HTTP ${res.status}`;
  if (typeof msg !== 'string' || !msg.trim()) return 'no message';
  if (!/[\u4e00-\u9fff]/.test(msg) || /Internal|Error:|\bat \S+ \(|multer|Unexpected field/i.test(msg))
    return `message not localized: ${msg.slice(0, 120)}`;
  if (/\{\w+\}/.test(msg)) return `message with an unfilled placeholder: ${msg.slice(0, 120)}`;
  // A field named by its code ("selfConsent必须是布尔值") lacks its label (field.<name> in the catalogs).
  const code = Object.keys(route.fields).find((name) => new RegExp(`(^|[^A-Za-z])${name}([^A-Za-z]|$)`).test(msg));
  if (code) return `message naming the field by its code "${code}": ${msg.slice(0, 120)}`;
  if (res.body?.code === 200) return 'code 200';
  return undefined;
}

const describeAnswer = (probe: Probe, res: ApiResponse) =>
  `${probe.route.method.toUpperCase()} ${probe.route.path} ${probe.label} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;

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

/** Every file under the data folder (the local storage root is in it), with its size and time of change. */
function listing(root = t.config.dataDir): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        // A background job (a check's report) may remove its temporary file between the listing and the stat.
        const st = statSync(full, { throwIfNoEntry: false });
        if (st) out.set(path.relative(root, full), `${st.size}@${st.mtimeMs}`);
      }
    }
  };
  walk(root);
  return out;
}
function changes(before: Map<string, string>, after: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [file, stamp] of after) if (before.get(file) !== stamp) out.push(`${before.has(file) ? 'changed' : 'new'}: ${file}`);
  for (const file of before.keys()) if (!after.has(file)) out.push(`removed: ${file}`);
  return out;
}

/** Extensions of text: what file-type recognizes no binary type in. */
const TEXT_EXTS = new Set(['txt', 'html', 'htm', 'css', 'js', 'json', 'csv', 'md', 'svg']);
/** Extensions file-type answers differently from the usual name (Office 97 files are all Compound File Binary). */
const SAME_TYPE: Record<string, string> = { jpeg: 'jpg', tiff: 'tif', doc: 'cfb', xls: 'cfb', ppt: 'cfb' };
const IMAGE_EXTS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'bmp', 'tif', 'tiff']);
/** Extensions whose bytes file-type tells for sure; others (.tmp of a report being written, …) are not judged. */
const JUDGED_EXTS = new Set([...IMAGE_EXTS, ...TEXT_EXTS, 'pdf', 'doc', 'xls', 'ppt', 'docx', 'xlsx', 'pptx', 'wav', 'exe']);
/** More pixels than an image a site serves may have (the resource library's limit, 40 megapixels). */
const MAX_STORED_PIXELS = 40_000_000;

/**
 * What is wrong with a file a request stored: a name with `..`, control characters or a right-to-left override; an
 * extension its bytes belie (HTML or an EXE as .png or .txt, a PNG as .pdf); an image of more pixels than a browser
 * or a thumbnailer should ever decode.
 */
async function storedWrongly(file: string): Promise<string | undefined> {
  // eslint-disable-next-line no-control-regex
  if (/(^|[/\\])\.\.([/\\]|$)|[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(file)) return 'stored under an unsafe name';
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(file)?.[1].toLowerCase();
  if (!ext || !JUDGED_EXTS.has(ext)) return undefined;
  const full = path.join(t.config.dataDir, file);
  if (!existsSync(full)) return undefined; // a temporary file of a background job, gone already
  const bytes = readFileSync(full);
  const actual = (await fileTypeFromBuffer(bytes))?.ext;
  const expected = SAME_TYPE[ext] ?? ext;
  let belied: boolean;
  if (TEXT_EXTS.has(ext)) belied = actual !== undefined && actual !== 'xml';
  else if (actual === undefined) belied = IMAGE_EXTS.has(ext) || ext === 'pdf';
  else belied = actual !== expected;
  if (belied) return `stored as .${ext} what is ${actual ?? (bytes.length ? 'text' : 'empty')}`;
  if (IMAGE_EXTS.has(ext)) {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_STORED_PIXELS) return `stored an image of ${meta.width}x${meta.height}`;
  }
  return undefined;
}

/** Files carrying the marker outside the data folder: in the folders a traversal from it or from the process lands in. */
function escaped(): string[] {
  const dirs = new Set<string>(['/', os.tmpdir(), '/tmp', process.cwd(), path.dirname(process.cwd()), path.resolve(process.cwd(), '../..')]);
  for (let d = t.config.dataDir; d !== path.dirname(d); d = path.dirname(d)) dirs.add(path.dirname(d));
  const out: string[] = [];
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) if (name.includes(marker)) out.push(path.join(dir, name));
  }
  return out;
}

beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  marker = `zhiwen-upload-fuzz-${path.basename(t.config.dataDir)}`;
  admin = await tokenOf(t.app);
  member = await memberTokenOf(t.app, 'uploadfuzzmember');
  doc = (await http.get('/prod-api/docs-json')).body as Doc;
  await makeFiles();
  const by = { target: () => t, token: () => admin };
  const site = await siteFactory(by);
  fixtures.siteId = site.siteId;
  fixtures.dir = 'pc';
  const library = await http.as(admin).post('/prod-api/check/library').send({ libraryName: '模糊测试库', libraryCode: 'upload_fuzz', sort: 9 });
  if (library.body?.data?.libraryId) fixtures.libraryId = String(library.body.data.libraryId);
  const ds = t.app.get(DataSource);
  const [product] = await ds.query(`SELECT product_id::text AS id FROM check_product WHERE status = '0' ORDER BY product_id LIMIT 1`);
  if (product) fixtures.productId = product.id;
  // A resource to replace the file of (PUT /cms/resource/{resourceId}/file).
  const resource = await http.as(admin).post('/prod-api/cms/resource/upload').set(CURRENT_SITE_HEADER, site.siteId).attach('file', png, 'seed.png');
  const first = (resource.body?.data as Array<{ resourceId?: string }> | undefined)?.[0];
  if (first?.resourceId) fixtures.resourceId = String(first.resourceId);
  routes = routesOf();
  for (const route of routes.filter((r) => r.sizeParam && !r.maxBytes)) {
    const res = await http.as(admin).get(`/prod-api/system/config/configKey/${route.sizeParam}`);
    const mb = Number(res.body?.data ?? res.body?.msg);
    if (mb > 0 && mb <= 20) route.maxBytes = mb * MB;
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
  // The bombs and files the run stored go with it.
  if (t) rmSync(t.config.dataDir, { recursive: true, force: true });
});

describe('hostile multipart uploads over every upload route of the OpenAPI document', () => {
  it('finds the upload routes and the records their fields name', () => {
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const need of ['siteId', 'libraryId', 'productId', 'resourceId']) expect(fixtures[need], need).toBeDefined();
    // The storage root lies in the data folder the run watches.
    expect(path.relative(t.config.dataDir, t.config.storage.localDir).startsWith('..')).toBe(false);
    console.info(
      `upload fuzz: ${routes.length} routes: ${routes.map((r) => `${r.method.toUpperCase()} ${r.path} [${r.field}${r.many ? '[]' : ''}]`).join(', ')}`,
    );
  });

  it('refuses files no route may take with a localized 4xx, storing nothing and adding no row', async () => {
    const probes = routes.flatMap(invalidProbes);
    console.info(`upload fuzz: ${probes.length} refusals expected`);
    const rowsBefore = await rowCounts();
    const filesBefore = listing();
    const failures: string[] = [];
    const queue = [...probes];
    await Promise.all(
      Array.from({ length: 2 }, async () => {
        for (let probe = queue.shift(); probe; probe = queue.shift()) {
          const res = await answer(probe);
          const wrong = badRefusal(res, probe.route);
          if (wrong) failures.push(`${wrong}: ${describeAnswer(probe, res)}`);
        }
      }),
    );
    const rowsAfter = await rowCounts();
    const rows = Object.keys({ ...rowsBefore, ...rowsAfter })
      .filter((table) => rowsBefore[table] !== rowsAfter[table])
      .map((table) => `${table}: ${rowsBefore[table]} -> ${rowsAfter[table]}`);
    expect({ failures, files: changes(filesBefore, listing()), rows, escaped: escaped() }).toEqual({
      failures: [],
      files: [],
      rows: [],
      escaped: [],
    });
  }, 120_000);

  it('takes or refuses hostile names and contents, never storing outside the data folder, under an unsafe name, a type its name belies or a bomb', async () => {
    const failures: string[] = [];
    let accepted = 0;
    for (const probe of routes.flatMap(mayTakeProbes)) {
      const before = listing();
      const res = await answer(probe);
      if (res.status >= 500 || res.status === 0) failures.push(`server error: ${describeAnswer(probe, res)}`);
      else if (res.status >= 400) {
        const wrong = badRefusal(res, probe.route);
        if (wrong) failures.push(`${wrong}: ${describeAnswer(probe, res)}`);
      } else {
        accepted++;
        const after = listing();
        for (const file of [...after.keys()].filter((f) => before.get(f) !== after.get(f))) {
          const wrong = await storedWrongly(file);
          if (wrong) failures.push(`${wrong}: ${describeAnswer(probe, res)} stored ${JSON.stringify(file)}`);
        }
        const answered = JSON.stringify(res.body?.data ?? null);
        if (/"(path|url|fileName|filePath|newFileName|src)":"[^"]*(\.\.\/|\.\.\\\\|\\u0000)/.test(answered))
          failures.push(`answered an unsafe path: ${describeAnswer(probe, res)}`);
      }
    }
    console.info(`upload fuzz: ${accepted} uploads of part 2 taken`);
    expect(failures).toEqual([]);
    expect(escaped()).toEqual([]);
  }, 120_000);
});
