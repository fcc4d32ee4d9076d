import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The server monitor: every running process (API or worker) reports its figures here every ~15 s. */
export class ServerInstance1795652000000 implements MigrationInterface {
  name = 'ServerInstance1795652000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sys_server_instance (
        instance_id varchar(255) PRIMARY KEY,
        host_name varchar(255) NOT NULL,
        pid int NOT NULL,
        role varchar(16) NOT NULL,
        start_time timestamptz NOT NULL,
        last_seen timestamptz NOT NULL,
        figures jsonb NOT NULL DEFAULT '{}'::jsonb
      )`);
    await q.query(`CREATE INDEX idx_sys_server_instance_last_seen ON sys_server_instance (last_seen)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sys_server_instance`);
  }
}
