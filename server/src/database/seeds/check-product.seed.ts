import { CHECK_TYPES, CHECK_TYPE_CODES } from '@zhiwen/shared';
import type { Seed } from './seed';

/**
 * One product per check route, free (price 0) until staff set prices. Keyed by the route: a route that already has
 * a product (seeded and edited by staff, or staff's own) is left alone; a route without one gets it back.
 */
export const checkProductSeed: Seed = {
  name: 'check-product',
  async run(manager) {
    for (const [index, code] of CHECK_TYPE_CODES.entries()) {
      const type = CHECK_TYPES[code];
      await manager.query(
        `INSERT INTO check_product (product_name, price, price_mode, path_url, description, sort, check_type, create_by)
         VALUES ($1, 0, 'fixed', $2, $3, $4, $5, 'system') ON CONFLICT (path_url) DO NOTHING`,
        [type.name, type.route, type.description, index + 1, code],
      );
    }
  },
};
