import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';

type Primitive = 'string' | 'number' | 'boolean' | 'integer';

/** Documents an answer `{code, msg, data}` whose `data` is the given model (or primitive, or `{rows,total}` when paged). */
export function ApiEnvelope(model?: Type<unknown> | Primitive, options: { paged?: boolean; isArray?: boolean; description?: string } = {}) {
  const item = !model ? undefined : typeof model === 'string' ? { type: model } : { $ref: getSchemaPath(model) };
  let data: Record<string, unknown> | undefined = item;
  if (item && options.isArray) data = { type: 'array', items: item };
  if (item && options.paged) {
    data = { type: 'object', required: ['rows', 'total'], properties: { rows: { type: 'array', items: item }, total: { type: 'integer' } } };
  }
  const schema = {
    type: 'object',
    required: ['code', 'msg'],
    properties: {
      code: { type: 'integer', example: 200 },
      msg: { type: 'string', example: '操作成功' },
      ...(data ? { data } : {}),
    },
  };
  const decorators = [ApiOkResponse({ description: options.description, schema })];
  if (model && typeof model !== 'string') decorators.unshift(ApiExtraModels(model));
  return applyDecorators(...decorators);
}
