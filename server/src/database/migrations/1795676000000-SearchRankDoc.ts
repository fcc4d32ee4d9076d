import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Site search ranks on a small vector of a document's title, tags and summary (`rank_doc`, kept in the row) instead of
 * the whole document's vector, which is large and stored out of line: ranking thousands of hits then reads no TOAST.
 * The body and summary move out of line (they are read only for the page of hits shown), so a row is narrow and a
 * search that counts many hits reads few pages. See docs/performance.md "Site search".
 */
export class SearchRankDoc1795676000000 implements MigrationInterface {
  name = 'SearchRankDoc1795676000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE search_content_index ADD COLUMN rank_doc tsvector`);
    await q.query(`ALTER TABLE search_content_index ALTER COLUMN rank_doc SET STORAGE MAIN`);
    await q.query(`ALTER TABLE search_content_index ALTER COLUMN body SET STORAGE EXTERNAL`);
    await q.query(`ALTER TABLE search_content_index SET (toast_tuple_target = 256)`);
    await q.query(`UPDATE search_content_index SET rank_doc = ts_filter(doc, '{a,b,c}')`);
    await q.query(`ALTER TABLE search_content_index ALTER COLUMN rank_doc SET NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE search_content_index RESET (toast_tuple_target)`);
    await q.query(`ALTER TABLE search_content_index ALTER COLUMN body SET STORAGE EXTENDED`);
    await q.query(`ALTER TABLE search_content_index DROP COLUMN rank_doc`);
  }
}
