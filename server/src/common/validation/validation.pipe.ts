import { ValidationPipe } from '@nestjs/common';
import { ResultCode } from '@zhiwen/shared';
import { ServiceException } from '../errors/service-exception';
import { localizeValidationErrors } from './localize-validation-errors';
import { cacheValidationMetadata } from './validation-metadata-cache';

/** The global validation pipe: strips unknown fields, converts types, and fails with the first field's localized message. */
export function createValidationPipe(): ValidationPipe {
  cacheValidationMetadata();
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidUnknownValues: false,
    validateCustomDecorators: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: true, value: false },
    exceptionFactory: (errors) => {
      const fieldErrors = localizeValidationErrors(errors);
      const first = fieldErrors[0];
      return new ServiceException(first ? first.message : 'validation.failed', undefined, ResultCode.ERROR, 400, {
        errors: fieldErrors,
      });
    },
  });
}
