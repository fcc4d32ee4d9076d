// The yardstick of the content list bench: a minimal Node + `pg` server answering the content list's page (the
// product's columns, the catalog's name joined, the total count) from the same database, without a
// framework. Started by lists.mjs as its own process: DATABASE_URL, PORT, SITE_ID. GET /?pageNum=N&pageSize=M.
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from '../lib/build-state.mjs';

const { Pool } = createRequire(path.join(ROOT, 'server/package.json'))('pg');
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const siteId = process.env.SITE_ID;

// The same columns as the product's list (CONTENT_LIST_COLUMNS in server/src/cms/content/content-lists.ts, under the
// same names; lists.mjs checks that both answers carry the same fields) and the catalog's name.
const PAGE = `
  SELECT c.content_id AS "contentId", c.site_id AS "siteId", c.catalog_id AS "catalogId", c.content_type AS "contentType",
         c.title, c.sub_title AS "subTitle", c.short_title AS "shortTitle", c.logo, c.author, c.editor, c.status,
         c.top_flag AS "topFlag", c.top_date AS "topDate", c.recommend, c.hot, c.link_flag AS "linkFlag",
         c.publish_date AS "publishDate", c.offline_date AS "offlineDate", c.view_count AS "viewCount",
         c.sort_flag AS "sortFlag", c.lock_user AS "lockUser", c.create_by AS "createBy", c.create_time AS "createTime",
         c.update_by AS "updateBy", c.update_time AS "updateTime", COALESCE(cat.name, '') AS "catalogName"
    FROM cms_content c LEFT JOIN cms_catalog cat ON cat.catalog_id = c.catalog_id
   WHERE c.site_id = $1 AND c.status <> 'deleted'
   ORDER BY c.top_flag DESC, c.sort_flag DESC, c.content_id DESC
   LIMIT $2 OFFSET $3`;
const COUNT = `SELECT count(*)::int AS total FROM cms_content c WHERE c.site_id = $1 AND c.status <> 'deleted'`;

http
  .createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://x');
      const pageNum = Number(url.searchParams.get('pageNum') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
      const [rows, count] = await Promise.all([pool.query(PAGE, [siteId, pageSize, (pageNum - 1) * pageSize]), pool.query(COUNT, [siteId])]);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 200, msg: 'ok', data: { rows: rows.rows, total: count.rows[0].total } }));
    } catch (e) {
      res.writeHead(500);
      res.end(String(e));
    }
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
