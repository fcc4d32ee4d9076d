import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const __dirname = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  // Read @zhiwen/shared from source, so tests need no build of it (same alias in vite.config.ts).
  resolve: { alias: { '@zhiwen/shared': path.resolve(__dirname, '../shared/src/index.ts') } },
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
  },
});
