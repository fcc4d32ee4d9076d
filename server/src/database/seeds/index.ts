import { aiSeed } from './ai.seed';
import { checkLibrarySeed } from './check-library.seed';
import { checkProductSeed } from './check-product.seed';
import { identitySeed } from './identity.seed';
import { memberSeed } from './member.seed';
import type { Seed } from './seed';
import { systemConfigSeed } from './system-config.seed';

/** Seeds in the order they run. */
export const SEEDS: Seed[] = [systemConfigSeed, identitySeed, checkLibrarySeed, memberSeed, aiSeed, checkProductSeed];
