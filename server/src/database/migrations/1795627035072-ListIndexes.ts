import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes serving the default order of the large lists, so a page is an index range scan instead of a sort of the
 * whole table (issue 17; `list-indexes.test.ts` EXPLAINs each list). The content list (its site's content outside the
 * recycle bin, top first, then by sort flag) had none; the two logs sorted by time then id had only the time.
 * Members, check orders and check documents are sorted by their primary key, which serves them already.
 */
export class ListIndexes1795627035072 implements MigrationInterface {
  name = 'ListIndexes1795627035072';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX cms_content_site_list_idx ON cms_content (site_id, top_flag DESC, sort_flag DESC, content_id DESC) WHERE status <> 'deleted'`,
    );
    await q.query(`CREATE INDEX ix_sys_logininfor_list ON sys_logininfor (login_time DESC, info_id DESC)`);
    await q.query(`DROP INDEX IF EXISTS ix_sys_logininfor_time`);
    await q.query(`CREATE INDEX ix_sys_oper_log_list ON sys_oper_log (oper_time DESC, oper_id DESC)`);
    await q.query(`DROP INDEX IF EXISTS ix_sys_oper_log_time`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS ix_sys_oper_log_time ON sys_oper_log (oper_time DESC)`);
    await q.query(`DROP INDEX IF EXISTS ix_sys_oper_log_list`);
    await q.query(`CREATE INDEX IF NOT EXISTS ix_sys_logininfor_time ON sys_logininfor (login_time DESC)`);
    await q.query(`DROP INDEX IF EXISTS ix_sys_logininfor_list`);
    await q.query(`DROP INDEX IF EXISTS cms_content_site_list_idx`);
  }
}
