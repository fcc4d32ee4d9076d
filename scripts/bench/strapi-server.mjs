// Strapi 5 beside the product, for lists.mjs (BENCH_STRAPI=1): issue 17 names "twice Strapi's throughput" on the
// content list workload. This module writes a small Strapi app (a catalog and an article collection, the article
// holding the columns the content list shows and a body), installs Strapi into a cache folder outside the repository
// the first time (npm, about 2 minutes and 600 MB; nothing of Strapi is committed or shipped), starts it on a database
// of the bench's PostgreSQL and seeds the same rows the product's list is measured on.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../lib/build-state.mjs';
import { run } from '../lib/run.mjs';

export const STRAPI_VERSION = '5.54.0';
const APP_DIR = process.env.BENCH_STRAPI_DIR ?? path.join(os.tmpdir(), `zhiwen-bench-strapi-${STRAPI_VERSION}`);

const files = {
  'package.json': JSON.stringify(
    {
      name: 'zhiwen-bench-strapi',
      private: true,
      version: '0.0.0',
      dependencies: {
        '@strapi/strapi': STRAPI_VERSION,
        '@strapi/plugin-users-permissions': STRAPI_VERSION,
        pg: '8.16.3',
        react: '18.3.1',
        'react-dom': '18.3.1',
        'react-router-dom': '6.30.3',
        'styled-components': '6.6.0',
      },
    },
    null,
    2,
  ),
  'config/database.js': `module.exports = ({ env }) => ({ connection: { client: 'postgres', connection: { connectionString: env('DATABASE_URL') } } });\n`,
  'config/server.js': `module.exports = ({ env }) => ({ host: '127.0.0.1', port: env.int('PORT'), app: { keys: ['bench-key-a', 'bench-key-b'] } });\n`,
  'config/admin.js': `module.exports = () => ({
  serveAdminPanel: false,
  auth: { secret: 'bench-admin-secret' },
  apiToken: { salt: 'bench-api-token-salt' },
  transfer: { token: { salt: 'bench-transfer-salt' } },
  secrets: { encryptionKey: 'bench-encryption-key' },
});\n`,
  'config/plugins.js': `module.exports = () => ({ 'users-permissions': { config: { jwtSecret: 'bench-jwt-secret' } } });\n`,
  // Strapi's default middlewares, as a new project has them.
  'config/middlewares.js': `module.exports = ['strapi::logger', 'strapi::errors', 'strapi::security', 'strapi::cors', 'strapi::poweredBy', 'strapi::query', 'strapi::body', 'strapi::session', 'strapi::favicon', 'strapi::public'];\n`,
  // The upload plugin refuses to start without its folder.
  'public/uploads/.keep': '',
  'src/index.js': `module.exports = {
  register() {},
  // Visitors may list articles and catalogs, as a site's front end would (populating an article's catalog needs both).
  async bootstrap({ strapi }) {
    const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' } });
    for (const action of ['api::article.article.find', 'api::catalog.catalog.find']) {
      const has = await strapi.db.query('plugin::users-permissions.permission').findOne({ where: { action, role: role.id } });
      if (!has) await strapi.db.query('plugin::users-permissions.permission').create({ data: { action, role: role.id } });
    }
  },
};\n`,
  'src/api/catalog/content-types/catalog/schema.json': JSON.stringify({
    kind: 'collectionType',
    collectionName: 'catalogs',
    info: { singularName: 'catalog', pluralName: 'catalogs', displayName: 'Catalog' },
    options: { draftAndPublish: false },
    attributes: { name: { type: 'string' }, alias: { type: 'string' } },
  }),
  'src/api/article/content-types/article/schema.json': JSON.stringify({
    kind: 'collectionType',
    collectionName: 'articles',
    info: { singularName: 'article', pluralName: 'articles', displayName: 'Article' },
    options: { draftAndPublish: false },
    attributes: {
      title: { type: 'string' },
      subTitle: { type: 'string' },
      shortTitle: { type: 'string' },
      logo: { type: 'string' },
      author: { type: 'string' },
      editor: { type: 'string' },
      contentType: { type: 'string' },
      status: { type: 'string' },
      topFlag: { type: 'biginteger', default: '0' },
      topDate: { type: 'datetime' },
      recommend: { type: 'boolean', default: false },
      hot: { type: 'boolean', default: false },
      linkFlag: { type: 'boolean', default: false },
      publishDate: { type: 'datetime' },
      offlineDate: { type: 'datetime' },
      viewCount: { type: 'integer', default: 0 },
      sortFlag: { type: 'biginteger' },
      lockUser: { type: 'string' },
      summary: { type: 'text' },
      contentHtml: { type: 'richtext' },
      catalog: { type: 'relation', relation: 'manyToOne', target: 'api::catalog.catalog' },
    },
  }),
  ...Object.fromEntries(
    ['article', 'catalog'].flatMap((name) =>
      [
        ['routes', 'Router'],
        ['controllers', 'Controller'],
        ['services', 'Service'],
      ].map(([folder, kind]) => [
        `src/api/${name}/${folder}/${name}.js`,
        `const { factories } = require('@strapi/strapi');\nmodule.exports = factories.createCore${kind}('api::${name}.${name}');\n`,
      ]),
    ),
  ),
};

// The list request a front end would make for the content list's page (strapiPagePath): the product's list columns
// (CONTENT_LIST_COLUMNS, from the built server) under Strapi's names (its own id and relations stand for the ids and
// the audit users, its timestamps for the create and update times), the catalog's name, the product's order (top
// flag, sort flag, id, all descending), one page, and the total (Strapi's pagination meta).
const STRAPI_NAMES = { createTime: 'createdAt', updateTime: 'updatedAt' };
const NOT_FIELDS = new Set(['contentId', 'siteId', 'catalogId', 'createBy', 'updateBy']);
const LIST_FIELDS = createRequire(path.join(ROOT, 'server/package.json'))('./dist/cms/content/content-lists.js')
  .CONTENT_LIST_COLUMNS.filter((name) => !NOT_FIELDS.has(name))
  .map((name) => STRAPI_NAMES[name] ?? name);
export function strapiPagePath(page, pageSize) {
  const q = new URLSearchParams();
  LIST_FIELDS.forEach((f, i) => q.set(`fields[${i}]`, f));
  q.set('populate[catalog][fields][0]', 'name');
  ['topFlag:desc', 'sortFlag:desc', 'id:desc'].forEach((s, i) => q.set(`sort[${i}]`, s));
  q.set('pagination[page]', String(page));
  q.set('pagination[pageSize]', String(pageSize));
  return `/api/articles?${q}`;
}

/** Writes the app and installs Strapi into it unless already installed; answers its folder. */
export async function prepareStrapiApp() {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(APP_DIR, name)), { recursive: true });
    writeFileSync(path.join(APP_DIR, name), text);
  }
  if (!existsSync(path.join(APP_DIR, 'node_modules/@strapi/strapi/package.json'))) {
    console.log(`installing Strapi ${STRAPI_VERSION} into ${APP_DIR} (once)...`);
    if ((await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: APP_DIR })) !== 0)
      throw new Error('npm install of Strapi failed');
  }
  return APP_DIR;
}

/** Starts Strapi (production mode) on `databaseUrl` and `port`; resolves once /api/articles answers. */
export async function startStrapi(databaseUrl, port) {
  const child = spawn(process.execPath, [path.join(APP_DIR, 'node_modules/@strapi/strapi/bin/strapi.js'), 'start'], {
    cwd: APP_DIR,
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, PORT: String(port), STRAPI_TELEMETRY_DISABLED: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Strapi logs each request (its default logger middleware): the output is drained, its tail kept for errors.
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (d) => (output = (output + d).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`Strapi exited (${child.exitCode}): ${output}`);
    const ok = await fetch(`${url}/api/articles`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { url, pid: child.pid, stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill())) };
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error(`Strapi did not answer: ${output}`);
}

/**
 * Seeds Strapi's tables (made by its first start) through `db`, a pg client on its database: `catalogs` catalogs and
 * `rows` articles with the same titles, dates and body as the product's bench rows, and an index serving the list's
 * order, as the product has one.
 */
export async function seedStrapi(db, { rows, catalogs, bodyHtml }) {
  await db.query(
    `INSERT INTO catalogs (document_id, name, alias, created_at, updated_at, published_at)
     SELECT 'cat' || n, '栏目' || n, 'c' || n, now(), now(), now() FROM generate_series(1, $1::int) n`,
    [catalogs],
  );
  await db.query(
    `INSERT INTO articles (document_id, title, summary, author, content_type, status, top_flag, publish_date, sort_flag, content_html,
                           created_at, updated_at, published_at)
     SELECT 'art' || n, '压测文章 ' || n, '第 ' || n || ' 篇文章的摘要', '压测', 'article', 'published', 0, now() - make_interval(mins => n), n, $2,
            now(), now(), now()
       FROM generate_series(1, $1::int) n`,
    [rows, bodyHtml],
  );
  await db.query(
    `INSERT INTO articles_catalog_lnk (article_id, catalog_id)
     SELECT a.id, c.id FROM articles a JOIN catalogs c ON c.alias = 'c' || (1 + a.sort_flag % $1)`,
    [catalogs],
  );
  await db.query('CREATE INDEX IF NOT EXISTS articles_list_order ON articles (top_flag DESC, sort_flag DESC, id DESC)');
}
