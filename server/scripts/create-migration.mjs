// `pnpm --filter @zhiwen/server migration:create AddMemberTable`: writes a migration skeleton and registers it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const name = process.argv[2];
if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) {
  console.error('Usage: migration:create <PascalCaseName>');
  process.exit(2);
}
const dir = path.join(path.dirname(new URL(import.meta.url).pathname), '../src/database/migrations');
const stamp = Date.now();
const className = `${name}${stamp}`;
const file = `${stamp}-${name}`;
writeFileSync(
  path.join(dir, `${file}.ts`),
  `import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(q: QueryRunner): Promise<void> {
    await q.query(\`\`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(\`\`);
  }
}
`,
);
const indexFile = path.join(dir, 'index.ts');
let index = readFileSync(indexFile, 'utf8');
index = `import { ${className} } from './${file}';\n` + index;
index = index.replace(
  /export const MIGRATIONS = \[([^\]]*)\];/,
  (_m, list) => `export const MIGRATIONS = [${list.trim() ? `${list.trim()}, ` : ''}${className}];`,
);
writeFileSync(indexFile, index);
console.log(`Created src/database/migrations/${file}.ts`);
