import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The weight of the LLM-logprob backend's log-odds beside the offline model's when both score a check (docs/check-engine.md,
 * "Ensemble"): 0.5 counts both alike, 1 is the LLM alone, 0 the offline model alone.
 */
export class AigcLlmWeight1795627977210 implements MigrationInterface {
  name = 'AigcLlmWeight1795627977210';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE check_aigc_config
        ADD COLUMN llm_weight double precision NOT NULL DEFAULT 0.5 CHECK (llm_weight >= 0 AND llm_weight <= 1)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE check_aigc_config DROP COLUMN IF EXISTS llm_weight`);
  }
}
