import { Injectable, type PipeTransform } from '@nestjs/common';
import { ServiceException } from '../../common/errors/service-exception';

const ID = /^[1-9]\d{0,17}$/;

/** A body that is a list of page widget ids (1 to 500): else 400 "missing or invalid page widget id" (spec 8). */
@Injectable()
export class PageWidgetIdsPipe implements PipeTransform<unknown, string[]> {
  transform(value: unknown): string[] {
    const list = Array.isArray(value) ? value : null;
    const ids = list?.map((v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v));
    if (!ids || !ids.length || ids.length > 500 || !ids.every((id): id is string => typeof id === 'string' && ID.test(id))) {
      throw new ServiceException('cms.pagewidget.idInvalid');
    }
    return [...new Set(ids)];
  }
}

/** A page widget id in the path: else 400 "missing or invalid page widget id". */
@Injectable()
export class PageWidgetIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    if (typeof value !== 'string' || !ID.test(value)) throw new ServiceException('cms.pagewidget.idInvalid');
    return value;
  }
}
