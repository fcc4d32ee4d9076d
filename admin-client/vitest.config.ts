import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const __dirname = path.dirname(fileURLToPath(import.meta.url));
// react-admin (run by Node) loads react-router's ESM build, while Vite would hand our code its CommonJS
// build: two copies, and react-admin would not recognise our <Route>. Point ours at the same ESM files.
const reactRouterDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

export default defineConfig({
  resolve: {
    alias: [
      // Read @zhiwen/shared from source, so tests need no build of it (same alias in vite.config.ts).
      { find: '@zhiwen/shared', replacement: path.resolve(__dirname, '../shared/src/index.ts') },
      { find: /^react-router$/, replacement: path.join(reactRouterDir, 'dist/development/index.mjs') },
      { find: /^react-router\/dom$/, replacement: path.join(reactRouterDir, 'dist/development/dom-export.mjs') },
    ],
  },
  test: {
    environment: 'node',
    // The app test drives a whole react-admin session in jsdom; leave room on a slow machine.
    testTimeout: 20_000,
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
  },
});
