import { Injectable, type PipeTransform } from '@nestjs/common';
import { ResultCode } from '@zhiwen/shared';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import { createValidationPipe } from '../../common/validation/validation.pipe';
import { I18nEntryDto } from './dto/i18n-dict.dto';

const MAX_ITEMS = 1000;

/** Validates the array body of `PUT /system/i18n/dict/batch` item by item; a failure names the item (from 1). */
@Injectable()
export class I18nBatchPipe implements PipeTransform<unknown, Promise<I18nEntryDto[]>> {
  private readonly itemPipe = createValidationPipe();

  async transform(value: unknown): Promise<I18nEntryDto[]> {
    if (!Array.isArray(value)) throw new ServiceException('validation.isArray', { field: t('field.batch') });
    if (value.length > MAX_ITEMS) throw new ServiceException('validation.arrayMaxSize', { field: t('field.batch'), 0: MAX_ITEMS });
    const items: I18nEntryDto[] = [];
    for (const [index, item] of value.entries()) {
      try {
        if (!item || typeof item !== 'object' || Array.isArray(item))
          throw new ServiceException(t('validation.isObject', { field: t('field.batch') }));
        items.push(await this.itemPipe.transform(item, { type: 'body', metatype: I18nEntryDto }));
      } catch (error) {
        if (!(error instanceof ServiceException)) throw error;
        throw new ServiceException(
          'i18n.batchItem',
          { index: index + 1, message: t(error.messageKey, error.args) },
          ResultCode.ERROR,
          400,
          error.data,
        );
      }
    }
    return items;
  }
}
