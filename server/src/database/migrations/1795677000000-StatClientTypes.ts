import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Site statistics name client types as spec 9 and the `cms_client_type` dictionary do (desktop, phone, pad), like
 * search logs and comments: visits recorded as 'pc' and 'mobile' and their daily figures are renamed.
 */
export class StatClientTypes1795677000000 implements MigrationInterface {
  name = 'StatClientTypes1795677000000';

  async up(q: QueryRunner): Promise<void> {
    await this.rename(q, { pc: 'desktop', mobile: 'phone' }, `('desktop', 'phone', 'pad')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await this.rename(q, { desktop: 'pc', phone: 'mobile' }, `('pc', 'mobile', 'pad')`);
  }

  private async rename(q: QueryRunner, names: Record<string, string>, allowed: string): Promise<void> {
    const [check] = (await q.query(
      `SELECT conname FROM pg_constraint WHERE conrelid = 'cms_stat_visit'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%client_type%'`,
    )) as Array<{ conname: string }>;
    if (check) await q.query(`ALTER TABLE cms_stat_visit DROP CONSTRAINT "${check.conname}"`);
    for (const [from, to] of Object.entries(names)) {
      await q.query(`UPDATE cms_stat_visit SET client_type = $2 WHERE client_type = $1`, [from, to]);
      await q.query(`UPDATE cms_stat_dim_day SET key = $2 WHERE dim = 'client' AND key = $1`, [from, to]);
    }
    await q.query(`ALTER TABLE cms_stat_visit ADD CONSTRAINT ck_cms_stat_visit_client_type CHECK (client_type IN ${allowed})`);
  }
}
