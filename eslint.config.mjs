// `pnpm lint`: ESLint with type information (typescript-eslint's project service) over every package's TypeScript,
// then Prettier's check. The rules that matter most here: no promise left floating or passed where a callback's
// result is ignored, and no server module reaching into another module's entities (a module owns its tables).
import js from '@eslint/js';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const serverSrc = path.join(root, 'server/src');
/** Infrastructure every module may use: the base entity and helpers. Everything else under server/src is a module. */
const SHARED_FOLDERS = new Set(['common', 'database']);
const serverModules = readdirSync(serverSrc).filter((name) => statSync(path.join(serverSrc, name)).isDirectory() && !SHARED_FOLDERS.has(name));

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', '**/*.mjs', '**/*.cjs', '**/*.js', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: {
      // React Router's navigate() may return a promise (data routers) that settles when navigation ends; nothing to handle.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }] },
      ],
      // JSX handlers may be async: React ignores their result, and our handlers catch their own errors.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // A variable a callback reads before its one assignment (a shutdown handler set up before the server starts) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: serverModules.map((name) => ({
            target: `./server/src/${name}/**`,
            from: [`./server/src/!(${name}|database)/**/*.entity.ts`, `./server/src/!(${name}|database)/**/*.repository.ts`],
            message: `A module owns its tables: call the owning module's exported service instead of its entity or repository.`,
          })),
        },
      ],
    },
  },
  {
    files: ['admin-client/src/**/*.tsx', 'admin-client/src/**/*.ts', 'site-client/src/**/*.tsx', 'site-client/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
