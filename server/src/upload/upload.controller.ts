import { Controller, Get, Post, Req, Res, StreamableFile, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DOWNLOAD_FILENAME_HEADER } from '@zhiwen/shared';
import { CurrentUser } from '../auth/current-user.decorator';
import type { LoginUser } from '../auth/login-user';
import { RequireAnyPermission, RequirePermission } from '../auth/permission';
import { BusinessType, OperLog } from '../common/decorators/oper-log.decorator';
import { UploadFilesInterceptor } from './upload-files.interceptor';
import { UploadService, type UploadAnswer, type UploadedFileLike } from './upload.service';

const TITLE = 'upload.title';

/** RuoYi's generic `POST /common/upload` and `GET /common/download?path=` (spec 7). */
@ApiTags('common')
@ApiBearerAuth()
@Controller('common')
export class UploadController {
  constructor(private readonly uploads: UploadService) {}

  @Post('upload')
  @RequirePermission('system:file:upload')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT, saveParams: false })
  @UseInterceptors(UploadFilesInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      // One or more parts named `file` (RuoYi's single-file clients send one).
      properties: { file: { type: 'array', items: { type: 'string', format: 'binary' } } },
    },
  })
  @ApiOperation({
    summary:
      'Upload one or more files (field `file`): extensions, size and count from the parameters sys.upload.allowedExts, sys.upload.maxSizeMb, sys.upload.maxCount; types checked by content. Answers {fileName, url, originalFilename, newFileName, files}',
  })
  upload(@CurrentUser() user: LoginUser, @UploadedFiles() files: UploadedFileLike[] | undefined): Promise<UploadAnswer> {
    return this.uploads.upload(user, files ?? []);
  }

  @Get('download')
  @RequireAnyPermission('system:file:upload', 'system:file:download')
  @OperLog({ title: TITLE, businessType: BusinessType.OTHER, saveResult: false })
  @ApiQuery({ name: 'path', description: 'The fileName an upload answered, e.g. upload/2026/11/25/<32 hex>.pdf' })
  @ApiProduces('application/octet-stream')
  @ApiOperation({
    summary: 'Download an uploaded file (its uploader, or system:file:download); a bad path answers 403, a missing file 404, as JSON',
  })
  async download(@CurrentUser() user: LoginUser, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const file = await this.uploads.open(user, req.query.path);
    const encoded = encodeURIComponent(file.fileName);
    res.setHeader(DOWNLOAD_FILENAME_HEADER, encoded);
    res.setHeader('Access-Control-Expose-Headers', DOWNLOAD_FILENAME_HEADER);
    return new StreamableFile(file.stream, {
      type: file.mime,
      length: file.size,
      disposition: `attachment; filename="download"; filename*=UTF-8''${encoded}`,
    });
  }
}
