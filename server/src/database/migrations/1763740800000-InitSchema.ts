import type { MigrationInterface, QueryRunner } from 'typeorm';

/** First schema: system parameters. */
export class InitSchema1763740800000 implements MigrationInterface {
  name = 'InitSchema1763740800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sys_config (
        config_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        config_name varchar(100) NOT NULL,
        config_key varchar(100) NOT NULL,
        config_value text NOT NULL,
        config_type char(1) NOT NULL DEFAULT 'N' CHECK (config_type IN ('Y', 'N')),
        create_by varchar(64) NOT NULL DEFAULT '',
        create_time timestamptz NOT NULL DEFAULT now(),
        update_by varchar(64) NOT NULL DEFAULT '',
        update_time timestamptz NOT NULL DEFAULT now(),
        remark varchar(500) NOT NULL DEFAULT '',
        CONSTRAINT uq_sys_config_key UNIQUE (config_key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE sys_config');
  }
}
