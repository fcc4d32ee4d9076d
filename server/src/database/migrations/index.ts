import { IdentitySchema1763827200000 } from './1763827200000-IdentitySchema';
import { InitSchema1763740800000 } from './1763740800000-InitSchema';

/** Every migration, oldest first. A new one is appended here. */
export const MIGRATIONS = [InitSchema1763740800000, IdentitySchema1763827200000];
