import type { OpenAPIObject } from '@nestjs/swagger';
import { EXPORT_HEADER } from '@zhiwen/shared';
import { EXPORT_EXTENSION } from './list-route.decorator';

/** Documents the `POST` export twin of every exportable list in the OpenAPI document. */
export function addExportOperations(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    const list = item.get as (typeof item.get & { [EXPORT_EXTENSION]?: boolean }) | undefined;
    if (!list?.[EXPORT_EXTENSION] || item.post) continue;
    const filters = (list.parameters ?? []).filter((p) => 'in' in p && p.in === 'query') as Array<{ name: string; schema?: object }>;
    item.post = {
      tags: list.tags,
      summary: `${list.summary ?? list.operationId} (export .xlsx)`,
      operationId: `${list.operationId}_export`,
      parameters: [{ name: EXPORT_HEADER, in: 'header', required: true, schema: { type: 'string', enum: ['1'] } }],
      requestBody: {
        required: false,
        content: {
          'application/x-www-form-urlencoded': {
            schema: { type: 'object', properties: Object.fromEntries(filters.map((f) => [f.name, f.schema ?? { type: 'string' }])) },
          },
        },
      },
      responses: {
        '200': {
          description: 'The whole list as an Excel workbook',
          content: { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } } },
        },
      },
    };
  }
  return document;
}
