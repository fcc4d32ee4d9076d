import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Publish tasks survive the death of their process (docs/cms.md, "Publish tasks"): a heartbeat the running job
 * refreshes, the number of runs (a run's token, and the bound on crash loops), the queue job that carries the task,
 * and the task's options, so the sweep can queue an interrupted task again without its original job.
 */
export class PublishTaskHeartbeat1795625108982 implements MigrationInterface {
  name = 'PublishTaskHeartbeat1795625108982';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE cms_publish_task
        ADD COLUMN heartbeat_time timestamptz,
        ADD COLUMN attempts smallint NOT NULL DEFAULT 0,
        ADD COLUMN job_id varchar(64) NOT NULL DEFAULT '',
        ADD COLUMN options jsonb NOT NULL DEFAULT '{}'::jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE cms_publish_task
        DROP COLUMN IF EXISTS options,
        DROP COLUMN IF EXISTS job_id,
        DROP COLUMN IF EXISTS attempts,
        DROP COLUMN IF EXISTS heartbeat_time`);
  }
}
