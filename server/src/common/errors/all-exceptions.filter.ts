import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { ResultCode, type ApiResult } from '@zhiwen/shared';
import { requestContext } from '../context/request-context';
import { isDatabaseUnavailable } from '../../database/database-unavailable';
import { isExportRequest } from '../export/export-request.middleware';
import { t } from '../i18n/i18n';
import { ServiceException } from './service-exception';

interface Mapped {
  status: number;
  body: ApiResult;
}

/** PostgreSQL codes of text it cannot store: 22021 (NUL byte, invalid UTF-8), 22P05 (untranslatable character). */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

/** The SQLSTATE of a pg error, also when TypeORM wrapped it (QueryFailedError.driverError). */
function postgresErrorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  const code = e?.driverError?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The one place where any error becomes `{code, msg, data}` plus an HTTP status. Never sends a stack trace. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const req = http.getRequest<Request>();
    const { status, body } = this.map(exception, req);
    if (isDatabaseUnavailable(exception)) {
      // Expected while the database is away (restarting): one line per request, no stack.
      this.logger.warn({ method: req.method, url: req.originalUrl, reason: (exception as Error).message }, 'Database unavailable');
    } else if (status >= 500) {
      this.logger.error({ err: exception, method: req.method, url: req.originalUrl }, 'Unhandled error');
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    // A refusal that says when to try again (sign-in slowing, address lock) also says it the standard way.
    const retryAfter = (body.data as { retryAfter?: unknown } | undefined)?.retryAfter;
    if ((status === 429 || status === 503) && typeof retryAfter === 'number' && retryAfter > 0)
      res.setHeader('Retry-After', String(Math.ceil(retryAfter)));
    res.status(status).json(body);
  }

  private map(exception: unknown, req: Request): Mapped {
    if (exception instanceof ServiceException) {
      const body: ApiResult = { code: exception.code, msg: t(exception.messageKey, exception.args) };
      if (exception.data) body.data = exception.data;
      return { status: exception.httpStatus, body };
    }
    if (exception instanceof ThrottlerException) {
      return { status: HttpStatus.TOO_MANY_REQUESTS, body: { code: ResultCode.ERROR, msg: t('error.tooManyRequests') } };
    }
    if (exception instanceof HttpException) {
      return this.mapHttpException(exception, req);
    }
    if (isDatabaseUnavailable(exception)) {
      // The database stopped or is restarting: the caller may try again shortly.
      return { status: HttpStatus.SERVICE_UNAVAILABLE, body: { code: HttpStatus.SERVICE_UNAVAILABLE, msg: t('error.serviceUnavailable') } };
    }
    if (UNSTORABLE_TEXT_CODES.has(postgresErrorCode(exception) ?? '')) {
      // Text PostgreSQL cannot store (a NUL character): the caller's input, and the statement changed nothing.
      return { status: HttpStatus.BAD_REQUEST, body: { code: ResultCode.ERROR, msg: t('error.unstorableText') } };
    }
    const requestId = requestContext.get()?.requestId ?? (req as Request & { id?: string }).id ?? '-';
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { code: ResultCode.ERROR, msg: t('error.internal', { requestId }) } };
  }

  private mapHttpException(exception: HttpException, req: Request): Mapped {
    const status = exception.getStatus();
    switch (status) {
      case HttpStatus.NOT_FOUND:
        // An export POST is routed to its list's GET; with no such list, say so rather than "GET not found".
        if (isExportRequest(req)) return { status: 400, body: { code: ResultCode.ERROR, msg: t('error.exportNotList') } };
        return {
          status,
          body: { code: ResultCode.NOT_FOUND, msg: t('error.routeNotFound', { method: req.method, path: req.originalUrl.split('?')[0] }) },
        };
      case HttpStatus.UNAUTHORIZED:
        return { status, body: { code: ResultCode.UNAUTHORIZED, msg: t('error.unauthorized') } };
      case HttpStatus.FORBIDDEN:
        return { status, body: { code: ResultCode.FORBIDDEN, msg: t('error.forbidden') } };
      case HttpStatus.PAYLOAD_TOO_LARGE:
        return { status, body: { code: ResultCode.ERROR, msg: t('error.payloadTooLarge') } };
      case HttpStatus.METHOD_NOT_ALLOWED:
        return { status, body: { code: ResultCode.ERROR, msg: t('error.methodNotAllowed') } };
      case HttpStatus.TOO_MANY_REQUESTS:
        return { status, body: { code: ResultCode.ERROR, msg: t('error.tooManyRequests') } };
      case HttpStatus.SERVICE_UNAVAILABLE:
        return { status, body: { code: HttpStatus.SERVICE_UNAVAILABLE, msg: t('error.serviceUnavailable') } };
      case HttpStatus.BAD_REQUEST:
        // Express' body parser fails with a SyntaxError on malformed JSON; Nest wraps it as the cause.
        if (exception.cause instanceof SyntaxError) {
          return { status, body: { code: ResultCode.ERROR, msg: t('error.malformedBody') } };
        }
        return { status, body: { code: ResultCode.ERROR, msg: t('error.badRequest') } };
      default:
        if (status >= 500) {
          const requestId = requestContext.get()?.requestId ?? '-';
          return { status, body: { code: ResultCode.ERROR, msg: t('error.internal', { requestId }) } };
        }
        return { status, body: { code: ResultCode.ERROR, msg: t('error.badRequest') } };
    }
  }
}
