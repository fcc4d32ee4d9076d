import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Row } from '../../../test/helpers/api';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { GenModule } from './gen.module';
import { SAMPLE_TABLE_SQL } from './gen.sample';

const run = promisify(execFile);
const SERVER = path.resolve(__dirname, '../../..');
const REPO = path.resolve(SERVER, '..');

let t: TestApp;
let ds: DataSource;
let admin: string;
/** A copy of the server package (sources and tests; node_modules and the shared package linked), removed afterwards. */
let copy: string;

beforeAll(async () => {
  t = await startTestApp({ imports: [GenModule] });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
  await ds.query(SAMPLE_TABLE_SQL);
  copy = mkdtempSync(path.join(os.tmpdir(), 'zhiwen-gen-'));
});
afterAll(async () => {
  if (copy) rmSync(copy, { recursive: true, force: true });
  await t?.close();
});

const http = api(() => t, { token: () => admin, base: '/prod-api/tool/gen' });

/** The server package copied without its build output and dependencies, ready to take generated files. */
function copyServer(): string {
  const server = path.join(copy, 'server');
  mkdirSync(server);
  for (const entry of ['src', 'test']) cpSync(path.join(SERVER, entry), path.join(server, entry), { recursive: true });
  for (const file of ['package.json', 'tsconfig.json', 'vitest.config.ts']) cpSync(path.join(SERVER, file), path.join(server, file));
  symlinkSync(path.join(SERVER, 'node_modules'), path.join(server, 'node_modules'), 'dir');
  symlinkSync(path.join(REPO, 'shared'), path.join(copy, 'shared'), 'dir');
  symlinkSync(path.join(REPO, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  return server;
}

/** Pastes the snippet lines the way a developer would: permissions and the migration's registration. */
function applySnippets(server: string, files: Record<string, string>, migration: string): void {
  const snippets = Object.entries(files).find(([name]) => name.startsWith('snippets/'))![1];
  const section = (title: string) => snippets.split(`// ---- ${title}`)[1].split('\n// ---- ')[0].trim();
  const permissionsFile = path.join(server, 'src/auth/permissions.ts');
  const permissions = readFileSync(permissionsFile, 'utf8');
  writeFileSync(
    permissionsFile,
    permissions.replace('\n] as const;', `\n${section('server/src/auth/permissions.ts: PERMISSIONS, in menu order')}\n] as const;`),
  );
  const indexFile = path.join(server, 'src/database/migrations/index.ts');
  const cls = /export class (\w+)/.exec(files[migration])![1];
  const stem = path.basename(migration, '.ts');
  const index = readFileSync(indexFile, 'utf8');
  writeFileSync(indexFile, `import { ${cls} } from './${stem}';\n${index.replace(/\n\];\s*$/, `\n  ${cls},\n];\n`)}`);
}

describe('generated code', () => {
  it('type-checks against the real server and admin sources and its own API test passes on PostgreSQL', async () => {
    expect((await http.post('/importTable?tables=demo_article')).body.code).toBe(200);
    const id = (await http.get('/list?tableName=demo_article')).body.data.rows[0].tableId as string;
    const d = (await http.get(`/${id}`)).body.data as { info: Row; rows: Row[] };
    // Settings of every kind: a dictionary select, a range on a time, a greater-than on a number.
    const columns: Row[] = d.rows.map((c) => ({ ...c, dictType: c.dictType ?? '' }));
    Object.assign(
      columns.find((c) => c.columnName === 'status')!,
      { htmlType: 'select', dictType: 'sys_normal_disable' },
    );
    Object.assign(
      columns.find((c) => c.columnName === 'publish_time')!,
      { isQuery: true, queryType: 'BETWEEN' },
    );
    Object.assign(
      columns.find((c) => c.columnName === 'view_count')!,
      { isQuery: true, queryType: 'GT' },
    );
    Object.assign(
      columns.find((c) => c.columnName === 'featured')!,
      { isQuery: true, queryType: 'EQ' },
    );
    const body = {
      ...d.info,
      columns: columns.map(({ columnId, columnComment, fieldName, tsType, isRequired, isEdit, isList, isQuery, queryType, htmlType, dictType }) => ({
          columnId, columnComment, fieldName, tsType, isRequired, isEdit, isList, isQuery, queryType, htmlType, dictType,
        })), // prettier-ignore
    };
    delete (body as Row).createTime;
    delete (body as Row).updateTime;
    delete (body as Row).createBy;
    delete (body as Row).updateBy;
    delete (body as Row).tableName;
    const saved = await http.put('').send(body);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    const files = (await http.get(`/preview/${id}`)).body.data as Record<string, string>;

    const server = copyServer();
    const generated: string[] = [];
    for (const [name, text] of Object.entries(files)) {
      if (!name.startsWith('server/')) continue;
      const file = path.join(copy, name);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
      generated.push(path.relative(server, file));
    }
    const migration = Object.keys(files).find((n) => n.includes('/migrations/'))!;
    applySnippets(server, files, migration);

    writeFileSync(
      path.join(server, 'tsconfig.gen.json'),
      JSON.stringify({
        extends: './tsconfig.json',
        include: [],
        files: [...generated, 'src/database/migrations/index.ts', 'src/auth/permissions.ts', 'test/helpers/global-setup.ts'],
      }),
    );
    const tsc = await run(path.join(SERVER, 'node_modules/.bin/tsc'), ['--noEmit', '-p', 'tsconfig.gen.json'], { cwd: server }).catch(
      (e: { stdout: string; stderr: string }) => e,
    );
    expect(`${tsc.stdout}${tsc.stderr}`).toBe('');

    // The admin screen against a copy of the admin client (its strict settings: no unused names).
    const admin = path.join(copy, 'admin-client');
    mkdirSync(admin);
    cpSync(path.join(REPO, 'admin-client/src'), path.join(admin, 'src'), { recursive: true });
    for (const file of ['package.json', 'tsconfig.json']) cpSync(path.join(REPO, 'admin-client', file), path.join(admin, file));
    symlinkSync(path.join(REPO, 'admin-client/node_modules'), path.join(admin, 'node_modules'), 'dir');
    const screen = Object.keys(files).find((n) => n.startsWith('admin-client/'))!;
    mkdirSync(path.dirname(path.join(copy, screen)), { recursive: true });
    writeFileSync(path.join(copy, screen), files[screen]);
    writeFileSync(
      path.join(admin, 'tsconfig.gen.json'),
      JSON.stringify({ extends: './tsconfig.json', include: [], files: [path.relative(admin, path.join(copy, screen))] }),
    );
    const adminTsc = await run(path.join(REPO, 'admin-client/node_modules/.bin/tsc'), ['--noEmit', '-p', 'tsconfig.gen.json'], { cwd: admin }).catch(
      (e: { stdout: string; stderr: string }) => e,
    );
    expect(`${adminTsc.stdout}${adminTsc.stderr}`).toBe('');

    const testFile = generated.find((n) => n.endsWith('.test.ts'))!;
    const vitest = await run(path.join(SERVER, 'node_modules/.bin/vitest'), ['run', testFile], {
      cwd: server,
      env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL ?? '', NO_COLOR: '1' },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((e: { stdout: string; stderr: string }) => e);
    // eslint-disable-next-line no-control-regex
    const output = `${vitest.stdout}${vitest.stderr}`.replace(/\u001b\[[0-9;]*m/g, '');
    expect(output, output).toMatch(/Tests\s+2 passed \(2\)/);
    expect(output).not.toMatch(/failed/i);
  }, 600_000);
});
