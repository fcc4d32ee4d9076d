import {
  BadRequestException,
  Injectable,
  PayloadTooLargeException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import type { Request } from 'express';
import { catchError, from, mergeMap, throwError, type Observable } from 'rxjs';
import { ServiceException } from '../common/errors/service-exception';
import { UploadService, type UploadLimits } from './upload.service';

const LIMITS = Symbol('uploadLimits');
type RequestWithLimits = Request & { [LIMITS]?: UploadLimits };

/** multer reading the `file` parts into memory with the limits this request's parameters set. */
const Files: Type<NestInterceptor> = FilesInterceptor('file', undefined, {
  defParamCharset: 'utf8',
  limits: (req: RequestWithLimits) => ({ fileSize: req[LIMITS]?.maxBytes ?? 0, files: req[LIMITS]?.maxCount ?? 0 }),
});

/**
 * The `file` parts of `POST /common/upload`, limited by the system parameters of the moment: a file over the size
 * stops the upload as it arrives (nothing more is read), and so does one file too many; both with the localized
 * messages of spec 8.
 */
@Injectable()
export class UploadFilesInterceptor implements NestInterceptor {
  private readonly files = new Files();

  constructor(private readonly uploads: UploadService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<RequestWithLimits>();
    return from(this.uploads.limits()).pipe(
      mergeMap((limits) => {
        req[LIMITS] = limits;
        return from(this.files.intercept(context, next)).pipe(
          mergeMap((answer) => answer),
          catchError((error: unknown) => throwError(() => localized(error, limits))),
        );
      }),
    );
  }
}

function localized(error: unknown, limits: UploadLimits): unknown {
  if (error instanceof PayloadTooLargeException) return new ServiceException('upload.tooLarge', { max: limits.maxSizeMb });
  if (error instanceof BadRequestException && /Too many files/i.test(error.message))
    return new ServiceException('upload.tooMany', { max: limits.maxCount });
  if (error instanceof BadRequestException && /Unexpected file field/i.test(error.message)) return new ServiceException('upload.fileRequired');
  return error;
}
