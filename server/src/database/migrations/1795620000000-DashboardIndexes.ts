import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the dashboard's per-day figures (docs/operations.md, "Dashboard"): each figure is one query over a
 * 30-day range of one time column, which these serve. The usage log (`ix_ai_usage_log_time`) and published content
 * (`cms_content_publish_date_idx`) had theirs already.
 */
export class DashboardIndexes1795620000000 implements MigrationInterface {
  name = 'DashboardIndexes1795620000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX check_order_create_time_idx ON check_order (create_time)`);
    await q.query(`CREATE INDEX check_order_pay_time_idx ON check_order (pay_time) WHERE pay_time IS NOT NULL`);
    await q.query(`CREATE INDEX check_order_log_outcome_idx ON check_order_log (create_time) WHERE to_status IN ('done', 'failed')`);
    await q.query(`CREATE INDEX member_user_register_time_idx ON member_user (register_time) WHERE del_flag = '0'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS member_user_register_time_idx`);
    await q.query(`DROP INDEX IF EXISTS check_order_log_outcome_idx`);
    await q.query(`DROP INDEX IF EXISTS check_order_pay_time_idx`);
    await q.query(`DROP INDEX IF EXISTS check_order_create_time_idx`);
  }
}
