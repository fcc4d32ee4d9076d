import { Injectable, type PipeTransform } from '@nestjs/common';
import { ServiceException } from '../errors/service-exception';

const ID = /^\d{1,19}$/;

/** A bigint id from the path (`/system/user/42`), kept as a string. */
@Injectable()
export class IdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!ID.test(value)) throw new ServiceException('error.badId', { value: String(value).slice(0, 40) });
    return value;
  }
}

/** A comma list of ids from the path (`DELETE /system/user/1,2,3`), at most 500. */
@Injectable()
export class IdListPipe implements PipeTransform<string, string[]> {
  transform(value: string): string[] {
    const ids = String(value)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (!ids.length || ids.length > 500 || !ids.every((id) => ID.test(id))) {
      throw new ServiceException('error.badId', { value: String(value).slice(0, 40) });
    }
    return [...new Set(ids)];
  }
}
