import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The member check service: an order follows its check task (looked up by `tid`), says whether the member has seen
 * its outcome, and keeps why it failed when the failure is its own (a rewrite); a rewrite order keeps each flagged
 * paragraph's outcome, so a rewrite the LLM broke off resumes with the paragraphs still to do.
 */
export class CheckService1795310000000 implements MigrationInterface {
  name = 'CheckService1795310000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE check_order ADD COLUMN member_read boolean NOT NULL DEFAULT true`);
    await q.query(`ALTER TABLE check_order ADD COLUMN file_size integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE check_order ADD COLUMN self_consent boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE check_order ADD COLUMN error_key varchar(100) NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE check_order ADD COLUMN error_args jsonb NOT NULL DEFAULT '{}'::jsonb`);
    await q.query(`CREATE INDEX check_order_tid_idx ON check_order (tid)`);
    // An AI-content check's report shows only what it checked.
    await q.query(`ALTER TABLE check_task ADD COLUMN report_scope varchar(8) NOT NULL DEFAULT 'all' CHECK (report_scope IN ('all', 'aigc'))`);
    await q.query(`CREATE INDEX check_order_member_idx ON check_order (member_id, order_id)`);
    await q.query(`
      CREATE TABLE check_rewrite (
        order_id bigint PRIMARY KEY REFERENCES check_order (order_id) ON DELETE CASCADE,
        mode varchar(16) NOT NULL CHECK (mode IN ('duplicate', 'aigc')),
        paragraphs integer NOT NULL DEFAULT 0,
        rewritten integer NOT NULL DEFAULT 0,
        failed integer NOT NULL DEFAULT 0,
        before_rate double precision,
        after_rate double precision,
        create_time timestamptz NOT NULL DEFAULT now(),
        update_time timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE check_rewrite_paragraph (
        order_id bigint NOT NULL REFERENCES check_rewrite (order_id) ON DELETE CASCADE,
        paragraph_index integer NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        rewritten text NOT NULL DEFAULT '',
        error varchar(500) NOT NULL DEFAULT '',
        update_time timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (order_id, paragraph_index)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE check_rewrite_paragraph`);
    await q.query(`DROP TABLE check_rewrite`);
    await q.query(`DROP INDEX check_order_member_idx`);
    await q.query(`ALTER TABLE check_task DROP COLUMN report_scope`);
    await q.query(`DROP INDEX check_order_tid_idx`);
    await q.query(
      `ALTER TABLE check_order DROP COLUMN error_args, DROP COLUMN error_key, DROP COLUMN member_read, DROP COLUMN file_size, DROP COLUMN self_consent`,
    );
  }
}
