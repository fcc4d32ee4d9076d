import { SEEDED_LIBRARIES } from '../../check/library/check-library.constants';
import type { Seed } from './seed';

/** The reference, CMS and self comparison libraries; names and settings changed by staff are kept. */
export const checkLibrarySeed: Seed = {
  name: 'check-library',
  async run(manager) {
    for (const lib of SEEDED_LIBRARIES) {
      await manager.query(
        `INSERT INTO check_library (library_name, library_code, library_kind, description, sort, create_by)
         VALUES ($1, $2, $3, $4, $5, 'system') ON CONFLICT (library_code) DO NOTHING`,
        [lib.name, lib.code, lib.kind, lib.description, lib.sort],
      );
    }
  },
};
