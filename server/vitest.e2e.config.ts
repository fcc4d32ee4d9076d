import { defineConfig } from 'vitest/config';

// The end-to-end suite drives the built product (server/dist and both client dists) as a user would.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
