import { Injectable, type PipeTransform } from '@nestjs/common';
import { ServiceException } from '../errors/service-exception';

const DIGITS = /^\d{1,19}$/;
/** The largest value of a PostgreSQL bigint (2^63 − 1); ids are bigints, so nothing above can name a row. */
export const MAX_ID = 9223372036854775807n;

/** A bigint id as canonical text (`"007"` → `"7"`), or undefined unless it is a whole number in 1..2^63−1. */
export function idText(value: unknown): string | undefined {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== 'string' || !DIGITS.test(text)) return undefined;
  const id = BigInt(text);
  return id >= 1n && id <= MAX_ID ? id.toString() : undefined;
}

function badId(value: unknown): ServiceException {
  return new ServiceException('error.badId', { value: String(value).slice(0, 40) });
}

/** A bigint id from the path (`/system/user/42`), kept as a string. */
@Injectable()
export class IdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    const id = idText(value);
    if (id === undefined) throw badId(value);
    return id;
  }
}

/** An id from the path where 0 stands for "a new one" (the editor's defaults for content not yet saved). */
@Injectable()
export class IdOrZeroPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (value === '0') return value;
    const id = idText(value);
    if (id === undefined) throw badId(value);
    return id;
  }
}

/** A comma list of ids from the path (`DELETE /system/user/1,2,3`), at most 500. */
@Injectable()
export class IdListPipe implements PipeTransform<string, string[]> {
  transform(value: string): string[] {
    const parts = String(value)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const ids = parts.map(idText);
    if (!ids.length || ids.length > 500 || ids.some((id) => id === undefined)) throw badId(value);
    return [...new Set(ids as string[])];
  }
}
