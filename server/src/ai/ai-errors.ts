import { HttpStatus } from '@nestjs/common';
import { ResultCode, type AiFieldError } from '@zhiwen/shared';
import { t } from '../common/i18n/i18n';
import { ServiceException } from '../common/errors/service-exception';
import { NoProviderError, ProvidersFailedError, StreamBrokenError } from './gateway/llm-gateway.service';

const RULE_MESSAGE: Record<AiFieldError['rule'], string> = {
  required: 'validation.isNotEmpty',
  minLength: 'validation.minLength',
  maxLength: 'validation.maxLength',
  isIn: 'validation.isIn',
  isString: 'validation.isString',
  unknown: 'validation.whitelistValidation',
};

/** The message of a field error, as the validation pipe words it for DTOs. */
export function fieldErrorMessage(error: AiFieldError): string {
  return t(RULE_MESSAGE[error.rule], { field: error.label, 0: error.limit, values: error.limit });
}

/** Field errors of a tool's input as the usual validation answer: the first message, every field in `data.errors`. */
export function fieldErrorException(errors: AiFieldError[]): ServiceException {
  const fieldErrors = errors.map((e) => ({ field: e.field, message: fieldErrorMessage(e) }));
  return new ServiceException(fieldErrors[0].message, undefined, ResultCode.ERROR, HttpStatus.BAD_REQUEST, { errors: fieldErrors });
}

/**
 * A gateway failure as an answer: no provider (the site is not set up), or every provider failed. Staff callers
 * (`detail`) see each provider's reason; members only that the service is unavailable.
 */
export function gatewayFailure(error: unknown, detail = true): unknown {
  if (error instanceof NoProviderError)
    return new ServiceException('ai.noProvider', undefined, HttpStatus.SERVICE_UNAVAILABLE, HttpStatus.SERVICE_UNAVAILABLE);
  if (error instanceof ProvidersFailedError) {
    return detail
      ? new ServiceException(
          'ai.providersFailedDetail',
          { reason: error.reasons.join('；') },
          HttpStatus.SERVICE_UNAVAILABLE,
          HttpStatus.SERVICE_UNAVAILABLE,
        )
      : new ServiceException('ai.providersFailed', undefined, HttpStatus.SERVICE_UNAVAILABLE, HttpStatus.SERVICE_UNAVAILABLE);
  }
  if (error instanceof StreamBrokenError)
    return new ServiceException(
      'ai.providersFailedDetail',
      { reason: error.message },
      HttpStatus.SERVICE_UNAVAILABLE,
      HttpStatus.SERVICE_UNAVAILABLE,
    );
  return error;
}
