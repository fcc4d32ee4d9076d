import { Body, Controller, Delete, Get, Param, Post, Put, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission } from '../../auth/permission';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { Answer } from '../../common/http/envelope';
import { t } from '../../common/i18n/i18n';
import { IdListPipe, IdPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { UPLOAD_LIMITS } from './check-library.constants';
import { CheckDocumentService, type UploadedFileLike } from './check-document.service';
import { DocumentDto, DocumentQueryDto, ReindexDocumentsDto, UploadDocumentsDto } from './dto/document.dto';

const TITLE = '比对库文档';

@ApiTags('check/document')
@ApiBearerAuth()
@Controller('check/document')
export class CheckDocumentController {
  constructor(private readonly documents: CheckDocumentService) {}

  @ListRoute<DocumentDto>('list', {
    exportPermission: 'check:document:export',
    fileName: 'check.document.exportFile',
    columns: [
      { key: 'docId', header: 'field.docId', width: 10 },
      { key: 'title', header: 'field.title', width: 40 },
      { key: 'origin', header: 'field.origin', width: 30 },
      { key: 'originType', header: 'field.originType', format: (v) => t(`check.document.originType.${String(v)}`) },
      { key: 'charCount', header: 'field.charCount', width: 12 },
      { key: 'fingerprintCount', header: 'field.fingerprintCount', width: 12 },
      { key: 'status', header: 'field.status', format: (v) => t(`check.document.status.${String(v)}`) },
      { key: 'errorMessage', header: 'field.errorMessage', width: 40 },
      { key: 'indexedTime', header: 'field.indexedTime', width: 20 },
      { key: 'createTime', header: 'field.createTime', width: 20 },
    ],
  })
  @RequirePermission('check:document:list')
  @ApiOperation({ summary: 'Documents of the libraries with their indexing status (filter libraryId); POST with cc-export: 1 downloads them' })
  @ApiEnvelope(DocumentDto, { paged: true })
  list(@Query() query: DocumentQueryDto): Promise<PageResult<DocumentDto>> {
    return this.documents.list(query);
  }

  @Post('upload')
  @RequirePermission('check:document:add')
  @OperLog({ title: TITLE, businessType: BusinessType.IMPORT })
  // File names are sent in UTF-8 (Chinese names); multer would read them as latin1.
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: UPLOAD_LIMITS.maxUploadBytes, files: 1 }, defParamCharset: 'utf8' }))
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file', 'libraryId'],
      properties: { file: { type: 'string', format: 'binary' }, libraryId: { type: 'string' } },
    },
  })
  @ApiOperation({
    summary: 'Upload a document (docx, pdf, txt) or a zip of many into a reference library; answers at once with the documents pending',
  })
  @ApiEnvelope(DocumentDto, { isArray: true })
  async upload(
    @UploadedFile() file: UploadedFileLike | undefined,
    @Body() dto: UploadDocumentsDto,
    @CurrentUser() user: LoginUser,
  ): Promise<Answer<DocumentDto[]>> {
    const documents = await this.documents.upload(dto.libraryId, file, user);
    return new Answer(documents, t('check.document.uploaded', { count: documents.length }));
  }

  @Put('reindex')
  @RequirePermission('check:document:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Parse and index documents again (a background job)' })
  @ApiEnvelope('integer')
  async reindex(@Body() dto: ReindexDocumentsDto): Promise<Answer<number>> {
    const count = await this.documents.reindex(dto.docIds);
    return new Answer(count, t('check.document.reindexStarted', { count }));
  }

  @Get(':docId')
  @RequirePermission('check:document:query')
  @ApiOperation({ summary: 'One document' })
  @ApiEnvelope(DocumentDto)
  get(@Param('docId', IdPipe) docId: string): Promise<DocumentDto> {
    return this.documents.get(docId);
  }

  @Delete(':docIds')
  @RequirePermission('check:document:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete documents (comma list) with their text and fingerprints' })
  @ApiEnvelope()
  async remove(@Param('docIds', IdListPipe) docIds: string[]): Promise<void> {
    await this.documents.remove(docIds);
  }
}
