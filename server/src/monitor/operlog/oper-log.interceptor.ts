import { HttpException, Injectable, StreamableFile, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { tap, type Observable } from 'rxjs';
import { ServiceException } from '../../common/errors/service-exception';
import { isExportRequest } from '../../common/export/export-request.middleware';
import { LIST_ROUTE } from '../../common/export/list-route.decorator';
import { t } from '../../common/i18n/i18n';
import { maskedJson, truncate } from './mask-secrets';
import { OPER_LOG, type OperLogOptions } from '../../common/decorators/oper-log.decorator';
import { OperLogService } from './oper-log.service';

/** The refusal of a repeated submit: the operation never ran, so there is nothing to log. */
const NOT_AN_OPERATION = new Set(['error.repeatSubmit']);

/** Records every call of a route marked `@OperLog` once it has answered, successfully or not. */
@Injectable()
export class OperLogInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly logs: OperLogService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const options = this.reflector.get<OperLogOptions | undefined>(OPER_LOG, context.getHandler());
    if (!options) return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    // On a list, @OperLog describes its export; browsing the list is not an operation.
    if (this.reflector.get(LIST_ROUTE, context.getHandler()) && !isExportRequest(req)) return next.handle();

    const started = Date.now();
    const method = `${context.getClass().name}.${context.getHandler().name}`;
    let recorded = false;
    const record = (outcome: { result?: unknown; error?: unknown }) => {
      if (recorded) return;
      recorded = true;
      try {
        this.logs.record(this.entry(req, options, method, started, outcome));
      } catch {
        // Building the entry must never break the answer.
      }
    };
    return next.handle().pipe(
      tap({
        next: (result) => record({ result }),
        complete: () => record({}),
        error: (error: unknown) => {
          if (error instanceof ServiceException && NOT_AN_OPERATION.has(error.messageKey)) return;
          record({ error: error ?? new Error('unknown error') });
        },
      }),
    );
  }

  private entry(req: Request, options: OperLogOptions, method: string, started: number, outcome: { result?: unknown; error?: unknown }) {
    const failed = outcome.error !== undefined;
    const result = outcome.result instanceof StreamableFile || options.saveResult === false ? undefined : outcome.result;
    return {
      title: truncate(t(options.title, undefined, 'zh-CN'), 50),
      businessType: options.businessType,
      method: truncate(method, 200),
      requestMethod: isExportRequest(req) ? 'POST' : req.method,
      operName: truncate(req.user?.userName ?? '', 50),
      deptName: truncate(req.user?.deptName ?? '', 50),
      operUrl: truncate((req.originalUrl ?? req.url).split('?')[0], 255),
      operIp: truncate(req.ip ?? '', 128),
      operParam: options.saveParams === false ? '' : maskedJson(requestParams(req)),
      jsonResult: failed ? '' : maskedJson(result),
      status: failed ? 1 : 0,
      errorMsg: failed ? truncate(errorMessage(outcome.error)) : '',
      operTime: new Date(started),
      costTime: Date.now() - started,
    };
  }
}

/** Path, query and body parameters of a request as one object (a non-object body under `body`). */
function requestParams(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  const fromBody =
    body === undefined || body === null ? {} : typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body) ? body : { body };
  return { ...(req.params ?? {}), ...(req.query ?? {}), ...fromBody };
}

/** What the caller was told, for a refusal; the error's own message otherwise. */
function errorMessage(error: unknown): string {
  if (error instanceof ServiceException) return t(error.messageKey, error.args);
  if (error instanceof HttpException || error instanceof Error) return error.message;
  return String(error);
}
