import { Injectable, type PipeTransform } from '@nestjs/common';
import { ServiceException } from '../../common/errors/service-exception';

const ID = /^[1-9]\d{0,17}$/;

/** A JSON body that is a list of ids (`[1, 2]`, as ChestnutCMS deletes send them), at most 500, kept as strings. */
@Injectable()
export class IdArrayBodyPipe implements PipeTransform<unknown, string[]> {
  transform(value: unknown): string[] {
    const list = Array.isArray(value) ? value : null;
    const ids = list?.map((v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v));
    if (!ids || !ids.length || ids.length > 500 || !ids.every((id): id is string => typeof id === 'string' && ID.test(id))) {
      throw new ServiceException('error.badId', { value: JSON.stringify(value ?? null).slice(0, 40) });
    }
    return [...new Set(ids)];
  }
}
