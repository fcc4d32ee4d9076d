import { Injectable, type PipeTransform } from '@nestjs/common';
import { ServiceException } from '../../common/errors/service-exception';
import { ID } from './cms-content.dto';

const MAX_IDS = 500;

/**
 * The ids of a batch action's body: a bare array (`[1, 2]`, as the reference client sends) or `{ contentIds: [...] }`.
 * At most 500, each a positive bigint; duplicates are dropped.
 */
@Injectable()
export class ContentIdsPipe implements PipeTransform<unknown, string[]> {
  transform(value: unknown): string[] {
    const list = Array.isArray(value) ? value : value && typeof value === 'object' ? (value as { contentIds?: unknown }).contentIds : undefined;
    if (!Array.isArray(list) || !list.length) throw new ServiceException('cms.content.idsRequired');
    const ids = list.map((v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v));
    if (ids.length > MAX_IDS || !ids.every((id): id is string => typeof id === 'string' && ID.test(id)))
      throw new ServiceException('cms.content.idInvalid');
    return [...new Set(ids)];
  }
}
