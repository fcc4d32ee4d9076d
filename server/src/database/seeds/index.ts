import { identitySeed } from './identity.seed';
import type { Seed } from './seed';
import { systemConfigSeed } from './system-config.seed';

/** Seeds in the order they run. */
export const SEEDS: Seed[] = [systemConfigSeed, identitySeed];
