import type { GenTable, GenTableColumn } from '../gen-table.entity';
import { screenFile, snippetsFile } from './admin';
import { contextOf } from './context';
import { controllerFile, dtoFile, entityFile, messagesFile, migrationFile, moduleFile, serviceFile, testFile } from './server';

/**
 * Every file generated for a table, by its path in the repository. Templates are plain functions writing text; the
 * names they put into code were validated as identifiers, texts go through string literals or comments only.
 */
export function renderAll(table: GenTable, columns: GenTableColumn[], migrationTime = Date.now()): Record<string, string> {
  const x = contextOf(table, columns, migrationTime);
  const server = `server/src/${x.folder}/${x.stem}`;
  return {
    [`${server}.entity.ts`]: entityFile(x),
    [`server/src/database/migrations/${migrationTime}-${x.className}.ts`]: migrationFile(x),
    [`${server}.dto.ts`]: dtoFile(x),
    [`${server}.service.ts`]: serviceFile(x),
    [`${server}.controller.ts`]: controllerFile(x),
    [`${server}.module.ts`]: moduleFile(x),
    [`${server}.messages.ts`]: messagesFile(x),
    [`${server}.test.ts`]: testFile(x),
    [`admin-client/src/screens/${x.folder}/${x.className}Screens.tsx`]: screenFile(x),
    [`snippets/${x.stem}.snippets.txt`]: snippetsFile(x),
  };
}
