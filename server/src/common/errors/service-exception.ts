import { HttpStatus } from '@nestjs/common';
import { ResultCode, type FieldError } from '@zhiwen/shared';
import type { MessageArgs, MessageKey } from '../i18n/i18n';

/** Envelope code -> HTTP status (DESIGN section 5). */
const HTTP_STATUS_OF_CODE: Record<number, number> = {
  [ResultCode.UNAUTHORIZED]: HttpStatus.UNAUTHORIZED,
  [ResultCode.FORBIDDEN]: HttpStatus.FORBIDDEN,
  [ResultCode.NOT_FOUND]: HttpStatus.NOT_FOUND,
  [ResultCode.ERROR]: HttpStatus.BAD_REQUEST,
  [ResultCode.WARN]: HttpStatus.BAD_REQUEST,
};

/**
 * The one error type of the server: a broken rule, a missing object, a refused access.
 * It carries a message key (translated when answered) and becomes `{code, msg, data}` with the mirrored HTTP status.
 */
export class ServiceException extends Error {
  readonly httpStatus: number;

  constructor(
    readonly messageKey: MessageKey | string,
    readonly args?: MessageArgs,
    readonly code: number = ResultCode.ERROR,
    httpStatus?: number,
    readonly data?: { errors?: FieldError[] } & Record<string, unknown>,
  ) {
    super(messageKey);
    this.name = 'ServiceException';
    this.httpStatus = httpStatus ?? HTTP_STATUS_OF_CODE[code] ?? HttpStatus.BAD_REQUEST;
  }

  static notFound(key: MessageKey | string = 'error.notFound', args?: MessageArgs) {
    return new ServiceException(key, args, ResultCode.NOT_FOUND);
  }
  static unauthorized(key: MessageKey | string = 'error.unauthorized', args?: MessageArgs) {
    return new ServiceException(key, args, ResultCode.UNAUTHORIZED);
  }
  static forbidden(key: MessageKey | string = 'error.forbidden', args?: MessageArgs) {
    return new ServiceException(key, args, ResultCode.FORBIDDEN);
  }
  static warn(key: MessageKey | string, args?: MessageArgs) {
    return new ServiceException(key, args, ResultCode.WARN);
  }
}
