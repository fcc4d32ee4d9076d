import { createDataSource } from './data-source';
import { SEEDS } from './seeds';
import type { SeedContext } from './seeds/seed';

// Arbitrary constant shared by every instance: only one of them migrates at a time.
const MIGRATION_LOCK_ID = 7_310_425_001;

/** Runs pending migrations and then the seeds, under an advisory lock so concurrent instances take turns. */
export async function prepareDatabase(url: string, ctx: SeedContext): Promise<{ migrations: string[] }> {
  const dataSource = createDataSource(url);
  await dataSource.initialize();
  const lockRunner = dataSource.createQueryRunner();
  await lockRunner.connect();
  try {
    await lockRunner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    for (const m of applied) ctx.log(`Applied migration ${m.name}`);
    await dataSource.transaction(async (manager) => {
      for (const seed of SEEDS) await seed.run(manager, ctx);
    });
    return { migrations: applied.map((m) => m.name) };
  } finally {
    await lockRunner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await lockRunner.release();
    await dataSource.destroy();
  }
}
