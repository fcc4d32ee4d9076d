import { unzipSync, strFromU8 } from 'fflate';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectMessage, type Row } from '../../../test/helpers/api';
import { binaryParser } from '../../../test/helpers/binary';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { GenModule } from './gen.module';
import { SAMPLE_TABLE_SQL } from './gen.sample';

let t: TestApp;
let ds: DataSource;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ imports: [GenModule] });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
  await ds.query(SAMPLE_TABLE_SQL);
  await ds.query(`CREATE TABLE demo_tag (tag_id int PRIMARY KEY, tag_name varchar(30) NOT NULL)`);
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin, base: '/prod-api/tool/gen' });

async function importOne(table: string): Promise<{ info: Row; rows: Row[] }> {
  const res = await http.post(`/importTable?tables=${table}`);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  const list = await http.get(`/list?tableName=${table}`);
  const id = list.body.data.rows.find((r: Row) => r.tableName === table).tableId as string;
  return (await http.get(`/${id}`)).body.data;
}

/** The edit body of a loaded table, as the edit page sends it. */
const editBody = (d: { info: Row; rows: Row[] }, change: Row = {}) => ({
  tableId: d.info.tableId,
  className: d.info.className,
  moduleName: d.info.moduleName,
  businessName: d.info.businessName,
  functionName: d.info.functionName,
  permPrefix: d.info.permPrefix,
  columns: d.rows.map((c) => ({
    columnId: c.columnId,
    columnComment: c.columnComment,
    fieldName: c.fieldName,
    tsType: c.tsType,
    isRequired: c.isRequired,
    isEdit: c.isEdit,
    isList: c.isList,
    isQuery: c.isQuery,
    queryType: c.queryType,
    htmlType: c.htmlType,
    dictType: c.dictType,
  })),
  ...change,
});

describe('code generation', () => {
  it('lists database tables not imported, imports one with default settings and refuses it twice', async () => {
    const before = await http.get('/db/list?pageSize=500');
    const names = before.body.data.rows.map((r: Row) => r.tableName);
    expect(names).toEqual(expect.arrayContaining(['demo_article', 'demo_tag', 'sys_post']));
    expect(before.body.data.rows.find((r: Row) => r.tableName === 'demo_article').tableComment).toBe('演示文章');
    expect((await http.get('/db/list?tableComment=演示')).body.data.rows.map((r: Row) => r.tableName)).toEqual(['demo_article']);

    const d = await importOne('demo_article');
    expect(d.info).toMatchObject({
      tableName: 'demo_article',
      tableComment: '演示文章',
      className: 'DemoArticle',
      moduleName: 'demo',
      businessName: 'article',
      functionName: '演示文章',
      permPrefix: 'demo:article',
    });
    const col = (name: string) => d.rows.find((c) => c.columnName === name)!;
    expect(d.rows.map((c) => c.columnName)).toEqual([
      'article_id', 'title', 'status', 'view_count', 'price', 'featured', 'publish_time', 'content',
      'create_by', 'create_time', 'update_by', 'update_time', 'remark',
    ]); // prettier-ignore
    expect(col('article_id')).toMatchObject({ fieldName: 'articleId', tsType: 'string', isPk: true, isIncrement: true, isEdit: false });
    expect(col('title')).toMatchObject({
      fieldName: 'title',
      tsType: 'string',
      columnComment: '标题',
      isRequired: true,
      isQuery: true,
      queryType: 'LIKE',
      maxLength: 100,
    });
    expect(col('status')).toMatchObject({ htmlType: 'radio', isRequired: false, isQuery: true, queryType: 'EQ' });
    expect(col('view_count')).toMatchObject({ fieldName: 'viewCount', tsType: 'number', isRequired: true });
    expect(col('price')).toMatchObject({ tsType: 'string', columnType: 'numeric' });
    expect(col('featured')).toMatchObject({ tsType: 'boolean', htmlType: 'radio' });
    expect(col('publish_time')).toMatchObject({ tsType: 'Date', htmlType: 'datetime', queryType: 'BETWEEN' });
    expect(col('content')).toMatchObject({ htmlType: 'editor' });
    expect(col('create_time')).toMatchObject({ isEdit: false, isList: true });
    expect(col('create_by')).toMatchObject({ isEdit: false, isList: false });

    expect((await http.get('/db/list?pageSize=500')).body.data.rows.map((r: Row) => r.tableName)).not.toContain('demo_article');
    const twice = await http.post('/importTable?tables=demo_tag,demo_article');
    expect(twice.status).toBe(400);
    expectMessage(twice, 'zh-CN', '表“demo_article”已导入');
    // All or none: demo_tag was not imported either.
    expect((await http.get('/list?tableName=demo_tag')).body.data.total).toBe(0);
    const missing = await http.lang('en').post('/importTable?tables=no_such_table');
    expectMessage(missing, 'en', 'The database has no table "no_such_table"');
    const bad = await http.post('/importTable?tables=demo_tag;drop');
    expect(bad.status).toBe(400);
    expectMessage(bad, 'zh-CN', '表名格式不正确，应为以逗号分隔的小写表名');
  });

  it('saves names and column settings, refusing a bad class name, folder or property name with a message', async () => {
    const id = (await http.get('/list?tableName=demo_article')).body.data.rows[0].tableId as string;
    const d = (await http.get(`/${id}`)).body.data;
    const badClass = await http.put('').send(editBody(d, { className: 'demo-article' }));
    expect(badClass.status).toBe(400);
    expectMessage(badClass, 'zh-CN', '类名“demo-article”不正确：应以大写字母开头，只含字母和数字，例如 DemoArticle');
    const badFolder = await http
      .lang('en')
      .put('')
      .send(editBody(d, { moduleName: '../etc' }));
    expectMessage(badFolder, 'en', 'Module name "../etc" is not valid: start with a lower-case letter, lower-case letters and digits only');
    const badField = editBody(d);
    badField.columns[1].fieldName = "x'); process.exit(1); ('";
    const refused = await http.lang('en').put('').send(badField);
    expect(refused.status).toBe(400);
    expectMessage(
      refused,
      'en',
      `"x'); process.exit(1); ('" cannot be a name in code: use letters, digits and underscores, not starting with a digit`,
    );
    const twice = editBody(d);
    twice.columns[2].fieldName = 'title';
    expectMessage(await http.put('').send(twice), 'zh-CN', '属性名“title”重复');
    const badKind = editBody(d);
    badKind.columns[1].queryType = 'REGEX';
    expect((await http.put('').send(badKind)).status).toBe(400);

    const good = editBody(d, { functionName: '文章', className: 'Article' });
    const status = good.columns.find((c) => c.fieldName === 'status')!;
    Object.assign(status, { htmlType: 'select', dictType: 'sys_normal_disable', isList: true });
    const price = good.columns.find((c) => c.fieldName === 'price')!;
    Object.assign(price, { isQuery: true, queryType: 'GT' });
    Object.assign(
      good.columns.find((c) => c.fieldName === 'publishTime')!,
      { isQuery: true },
    );
    const saved = await http.put('').send(good);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    const row = (await ds.query(`SELECT class_name, function_name FROM gen_table WHERE table_id = $1`, [id]))[0];
    expect(row).toEqual({ class_name: 'Article', function_name: '文章' });
    const cols = await ds.query(
      `SELECT html_type, dict_type, is_query, query_type FROM gen_table_column WHERE table_id = $1 AND column_name IN ('status', 'price') ORDER BY column_name`,
      [id],
    );
    expect(cols).toEqual([
      { html_type: 'input', dict_type: '', is_query: true, query_type: 'GT' },
      { html_type: 'select', dict_type: 'sys_normal_disable', is_query: true, query_type: 'EQ' },
    ]);
  });

  it('previews every file following our conventions', async () => {
    const id = (await http.get('/list?tableName=demo_article')).body.data.rows[0].tableId as string;
    const files = (await http.get(`/preview/${id}`)).body.data as Record<string, string>;
    const names = Object.keys(files);
    expect(names).toEqual(
      expect.arrayContaining([
        'server/src/demo/article/article.entity.ts',
        'server/src/demo/article/article.dto.ts',
        'server/src/demo/article/article.service.ts',
        'server/src/demo/article/article.controller.ts',
        'server/src/demo/article/article.module.ts',
        'server/src/demo/article/article.messages.ts',
        'server/src/demo/article/article.test.ts',
        'admin-client/src/screens/demo/article/ArticleScreens.tsx',
        'snippets/article.snippets.txt',
      ]),
    );
    expect(names.some((n) => /^server\/src\/database\/migrations\/\d{13}-Article\.ts$/.test(n))).toBe(true);
    const controller = files['server/src/demo/article/article.controller.ts'];
    for (const d of [
      "@RequirePermission('demo:article:list')",
      "@RequirePermission('demo:article:remove')",
      '@ListRoute<Article>(',
      "exportPermission: 'demo:article:export'",
      '@OperLog({ title: TITLE, businessType: BusinessType.INSERT })',
      '@ApiEnvelope(ArticleDto, { paged: true })',
      "@Controller('demo/article')",
    ]) {
      expect(controller).toContain(d);
    }
    expect(controller).toContain("const TITLE = '文章';");
    expect(files['server/src/demo/article/article.entity.ts']).toContain('export class Article extends AuditedEntity {');
    expect(files['server/src/demo/article/article.dto.ts']).toContain('export class ArticleQueryDto extends PageQueryDto {');
    expect(files['server/src/demo/article/article.dto.ts']).toContain('beginPublishTime?: string;');
    expect(files['server/src/demo/article/article.service.ts']).toContain('return paginate(qb, query, {');
    expect(files['server/src/demo/article/article.service.ts']).toContain("qb.andWhere('x.price > :price'");
    expect(files['admin-client/src/screens/demo/article/ArticleScreens.tsx']).toContain("useDict('sys_normal_disable')");
    expect(files['snippets/article.snippets.txt']).toContain("'demo:article:export',");
  });

  it('downloads the files as a zip, one table or several', async () => {
    await importOne('demo_tag');
    const id = (await http.get('/list?tableName=demo_article')).body.data.rows[0].tableId as string;
    const preview = (await http.get(`/preview/${id}`)).body.data as Record<string, string>;
    const one = await http.get(`/download/${id}`).buffer(true).parse(binaryParser);
    expect(one.status).toBe(200);
    expect(one.headers['content-type']).toContain('application/zip');
    const files = unzipSync(new Uint8Array(one.body as unknown as Buffer));
    const withoutMigration = (names: string[]) => names.filter((n) => !n.includes('/migrations/')).sort();
    expect(withoutMigration(Object.keys(files))).toEqual(withoutMigration(Object.keys(preview)));
    expect(strFromU8(files['server/src/demo/article/article.controller.ts'])).toBe(preview['server/src/demo/article/article.controller.ts']);
    const batch = await http.get('/batchGenCode?tables=demo_article,demo_tag').buffer(true).parse(binaryParser);
    const both = Object.keys(unzipSync(new Uint8Array(batch.body as unknown as Buffer)));
    expect(both).toEqual(expect.arrayContaining(['server/src/demo/article/article.entity.ts', 'server/src/demo/tag/demo-tag.entity.ts']));
  });

  it('syncs columns from the database keeping the settings of columns still there', async () => {
    await ds.query(`ALTER TABLE demo_article ADD COLUMN author_name varchar(40), DROP COLUMN content`);
    const res = await http.get('/synchDb/demo_article');
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.data.rows as Row[];
    expect(rows.map((c) => c.columnName)).toContain('author_name');
    expect(rows.map((c) => c.columnName)).not.toContain('content');
    expect(rows.find((c) => c.columnName === 'status')).toMatchObject({ htmlType: 'select', dictType: 'sys_normal_disable' });
    expect(rows.find((c) => c.columnName === 'author_name')).toMatchObject({ fieldName: 'authorName', isQuery: true, queryType: 'LIKE' });
    expect((await http.get('/synchDb/no_such_table')).status).toBe(404);
  });

  it('deletes imported tables (the database tables stay) and keeps the routes to tool:gen holders', async () => {
    await createRole(t.app, 'genless', []);
    await createStaffUser(t.app, { userName: 'genless1', password: 'Genless123', roles: ['genless'] });
    const token = await tokenOf(t.app, 'genless1', 'Genless123');
    expect((await http.as(token).get('/list')).status).toBe(403);
    expect((await http.as(token).get('/db/list')).status).toBe(403);

    const ids = (await http.get('/list')).body.data.rows.map((r: Row) => r.tableId as string);
    expect(ids.length).toBe(2);
    const bad = await http.delete('/1;DROP');
    expectMessage(bad, 'zh-CN', '表编号格式不正确，应为以逗号分隔的数字');
    expect((await http.delete(`/${ids.join(',')}`)).body.code).toBe(200);
    expect((await http.get('/list')).body.data.total).toBe(0);
    expect((await ds.query(`SELECT count(*)::int AS n FROM gen_table_column`))[0].n).toBe(0);
    expect((await ds.query(`SELECT to_regclass('demo_article') IS NOT NULL AS kept`))[0].kept).toBe(true);
    expect((await http.get(`/${ids[0]}`)).status).toBe(404);
  });
});
