import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const __dirname = path.dirname(fileURLToPath(import.meta.url));
// API server that `vite` dev proxies to; PORT overrides the default 8080.
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  // The server serves this app under /admin/.
  base: '/admin/',
  plugins: [react()],
  // Read @zhiwen/shared from source, so it needs no build (same alias in vitest.config.ts).
  resolve: { alias: { '@zhiwen/shared': path.resolve(__dirname, '../shared/src/index.ts') } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'mui', test: /[\\/]node_modules[\\/](@mui[\\/](?!x-)|@emotion[\\/])/ },
            { name: 'react-admin', test: /[\\/]node_modules[\\/](react-admin|ra-[a-z-]+|@tanstack|react-hook-form)[\\/]/ },
            // The editors load only with their screens: their own chunks, never in the initial vendor chunk.
            { name: 'quill', test: /[\\/]node_modules[\\/](quill|parchment|quill-delta|eventemitter3|lodash-es|fast-diff)[\\/]/ },
            { name: 'codemirror', test: /[\\/]node_modules[\\/](@codemirror|codemirror|@lezer|@marijn|style-mod|w3c-keyname|crelt)[\\/]/ },
            // The dashboard's charts (@mui/x-charts and what only it uses) load with its lazy chart component.
            {
              name: 'charts',
              test: /[\\/]node_modules[\\/](@mui[\\/]x-[a-z-]+|@base-ui|d3-[a-z-]+|internmap|flatqueue|bezier-easing|reselect)[\\/]/,
            },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5174,
    strictPort: true,
    proxy: { '/prod-api': { target: apiTarget, changeOrigin: true } },
  },
});
