import { Injectable, type PipeTransform } from '@nestjs/common';
import { ServiceException } from '../../common/errors/service-exception';

/** An order number as newOrderNo() makes them; anything else cannot name an order, so it answers "not found". */
@Injectable()
export class OrderNoPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!/^CK\d{8}[0-9A-F]{16}$/.test(value)) throw ServiceException.notFound('check.order.notFound');
    return value;
  }
}
