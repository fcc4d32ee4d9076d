import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Statistics on how many publish pipes content is limited to. Published pages filter content by pipe
 * (`cardinality(publish_pipes) = 0 OR pipe = ANY(publish_pipes)`); without statistics on that expression the planner
 * guesses that 1 % of the rows match, reads a whole catalog and sorts it for a list of 8, where the catalog's index
 * in list order would read the 8 rows (2 ms against 0.2 ms per list; the home page has eight).
 */
export class ContentPipeStatistics1795678000000 implements MigrationInterface {
  name = 'ContentPipeStatistics1795678000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE STATISTICS IF NOT EXISTS cms_content_pipe_count_stat ON (cardinality(publish_pipes)) FROM cms_content`);
    await q.query(`ANALYZE cms_content`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP STATISTICS IF EXISTS cms_content_pipe_count_stat`);
  }
}
