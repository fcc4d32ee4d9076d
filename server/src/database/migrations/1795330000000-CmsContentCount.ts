import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each catalog's `content_count` (content not in the recycle bin) kept by the database: every path that adds, moves,
 * deletes, restores or merges content (the content and catalog services, jobs, cascades) changes it the same way.
 */
export class CmsContentCount1795330000000 implements MigrationInterface {
  name = 'CmsContentCount1795330000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION cms_content_count_sync() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status <> 'deleted' THEN
          UPDATE cms_catalog SET content_count = greatest(content_count - 1, 0) WHERE catalog_id = OLD.catalog_id;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status <> 'deleted' THEN
          UPDATE cms_catalog SET content_count = content_count + 1 WHERE catalog_id = NEW.catalog_id;
        END IF;
        RETURN NULL;
      END $$`);
    // Only a change of catalog or of status moves a count; other updates do not fire.
    await q.query(`
      CREATE TRIGGER cms_content_count_trg AFTER INSERT OR DELETE OR UPDATE OF catalog_id, status ON cms_content
      FOR EACH ROW EXECUTE FUNCTION cms_content_count_sync()`);
    await q.query(`
      UPDATE cms_catalog c SET content_count = (SELECT count(*) FROM cms_content x WHERE x.catalog_id = c.catalog_id AND x.status <> 'deleted')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER cms_content_count_trg ON cms_content`);
    await q.query(`DROP FUNCTION cms_content_count_sync()`);
  }
}
