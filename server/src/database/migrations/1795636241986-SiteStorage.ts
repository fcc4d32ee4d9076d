import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SiteStorage1795636241986 implements MigrationInterface {
  name = 'SiteStorage1795636241986';

  async up(q: QueryRunner): Promise<void> {
    // Where a site's resources live; {} = the product's storage. Holds a sealed secret key.
    await q.query(`ALTER TABLE cms_site ADD COLUMN storage_props jsonb NOT NULL DEFAULT '{}'::jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cms_site DROP COLUMN storage_props`);
  }
}
