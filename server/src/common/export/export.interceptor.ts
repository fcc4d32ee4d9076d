import { Injectable, StreamableFile, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { mergeMap, type Observable } from 'rxjs';
import { DOWNLOAD_FILENAME_HEADER, type PageResult } from '@zhiwen/shared';
import { requestContext } from '../context/request-context';
import { ServiceException } from '../errors/service-exception';
import { t } from '../i18n/i18n';
import { isExportRequest } from './export-request.middleware';
import { LIST_ROUTE, type ListRouteOptions } from './list-route.decorator';
import { formatDateTime } from '@zhiwen/shared';
import { streamXlsx } from './xlsx-writer';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Answers an export request to a @ListRoute by streaming the unpaged list as .xlsx. */
@Injectable()
export class ExportInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    if (!isExportRequest(req)) return next.handle();
    const options = this.reflector.get<ListRouteOptions | undefined>(LIST_ROUTE, context.getHandler());
    if (!options) throw new ServiceException('error.exportNotList');
    const ctx = requestContext.get();
    if (ctx) ctx.exporting = true;
    const res = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      mergeMap(async (result: PageResult<Record<string, unknown>>) => {
        const base = t(options.fileName);
        const encoded = encodeURIComponent(`${base}_${formatDateTime(new Date()).replace(/\D/g, '')}.xlsx`);
        res.setHeader(DOWNLOAD_FILENAME_HEADER, encoded);
        res.setHeader('Access-Control-Expose-Headers', DOWNLOAD_FILENAME_HEADER);
        const stream = await streamXlsx(result?.rows ?? [], options.columns as never, base);
        return new StreamableFile(stream, {
          type: XLSX_TYPE,
          disposition: `attachment; filename="export.xlsx"; filename*=UTF-8''${encoded}`,
        });
      }),
    );
  }
}
