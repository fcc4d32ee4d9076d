import { ResultCode, type ApiResult } from '@zhiwen/shared';
import { t } from '../i18n/i18n';

/** Builds the `{code, msg, data}` envelope; `msg` defaults to the localized "success". */
export function envelope<T>(data?: T, code: number = ResultCode.SUCCESS, msg?: string): ApiResult<T> {
  const body: ApiResult<T> = { code, msg: msg ?? t('result.success') };
  if (data !== undefined) body.data = data;
  return body;
}

/** A handler's answer with its own success message (e.g. login warning that the password expired). */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly msg: string,
  ) {}
}
