import type { EntityManager } from 'typeorm';

export interface SeedContext {
  adminPassword?: string;
  log: (message: string) => void;
  /** Shown to the operator once, outside the logs (the generated admin password). */
  announce?: (message: string) => void;
}

/** Idempotent data every installation needs; runs at every start after the migrations. */
export interface Seed {
  name: string;
  run(manager: EntityManager, ctx: SeedContext): Promise<void>;
}
