import { Body, Controller, Delete, Get, Param, ParseEnumPipe, Post, Query, Res, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PageResult } from '@zhiwen/shared';
import type { Response } from 'express';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission } from '../../auth/permission';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { Answer } from '../../common/http/envelope';
import { t } from '../../common/i18n/i18n';
import { IdListPipe, IdPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { CHECK_TASK_LIMITS, REPORT_FILES, type ReportFileKind } from './check-task.constants';
import { CheckTaskService, type UploadedPaper } from './check-task.service';
import { reportResponse } from './report-file';
import { SubmitTaskDto, TaskDto, TaskQueryDto } from './dto/check-task.dto';

const TITLE = '检测任务';

@ApiTags('check/task')
@ApiBearerAuth()
@Controller('check/task')
export class CheckTaskController {
  constructor(private readonly tasks: CheckTaskService) {}

  @ListRoute<TaskDto>('list', {
    exportPermission: 'check:task:export',
    fileName: 'check.task.exportFile',
    columns: [
      { key: 'taskId', header: 'field.taskId', width: 10 },
      { key: 'title', header: 'field.title', width: 40 },
      { key: 'fileName', header: 'field.fileName', width: 30 },
      { key: 'status', header: 'field.status', format: (v) => t(`check.task.status.${String(v)}`) },
      { key: 'charCount', header: 'field.charCount', width: 12 },
      { key: 'totalRatio', header: 'field.totalRatio', width: 12 },
      { key: 'aigcScore', header: 'field.aigcScore', width: 12 },
      { key: 'createTime', header: 'field.createTime', width: 20 },
      { key: 'finishTime', header: 'field.finishTime', width: 20 },
    ],
  })
  @RequirePermission('check:task:list')
  @ApiOperation({ summary: 'Checks with status, progress and headline ratios; POST with cc-export: 1 downloads them' })
  @ApiEnvelope(TaskDto, { paged: true })
  list(@Query() query: TaskQueryDto): Promise<PageResult<TaskDto>> {
    return this.tasks.list(query);
  }

  @Post()
  @RequirePermission('check:task:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  // File names are sent in UTF-8 (Chinese names); multer would read them as latin1.
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: CHECK_TASK_LIMITS.maxFileBytes, files: 1 }, defParamCharset: 'utf8' }))
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: {
        file: { type: 'string', format: 'binary' },
        title: { type: 'string' },
        author: { type: 'string' },
        memberId: { type: 'string' },
        libraryKinds: { type: 'string', description: 'reference,cms,self' },
        selfConsent: { type: 'string', enum: ['true', 'false'] },
      },
    },
  })
  @ApiOperation({ summary: 'Check a paper (docx, pdf, txt) against the libraries; answers at once with the task queued' })
  @ApiEnvelope(TaskDto)
  async submit(
    @UploadedFile() file: UploadedPaper | undefined,
    @Body() dto: SubmitTaskDto,
    @CurrentUser() user: LoginUser,
  ): Promise<Answer<TaskDto>> {
    return new Answer(await this.tasks.submit(file, dto, user), t('check.task.submitted'));
  }

  @Get(':taskId')
  @RequirePermission('check:task:query')
  @ApiOperation({ summary: 'One check with its progress (poll while running)' })
  @ApiEnvelope(TaskDto)
  get(@Param('taskId', IdPipe) taskId: string): Promise<TaskDto> {
    return this.tasks.get(taskId);
  }

  @Get(':taskId/report/:kind')
  @RequirePermission('check:task:query')
  @ApiOperation({ summary: 'The report of a finished check: html (concise), full (side by side with sources), pdf or json' })
  async report(
    @Param('taskId', IdPipe) taskId: string,
    @Param('kind', new ParseEnumPipe(Object.keys(REPORT_FILES))) kind: ReportFileKind,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    return reportResponse(res, await this.tasks.report(taskId, kind), kind === 'html' || kind === 'full');
  }

  @Post(':taskId/rerun')
  @RequirePermission('check:task:add')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Run a finished or failed check again' })
  @ApiEnvelope()
  async rerun(@Param('taskId', IdPipe) taskId: string): Promise<Answer<void>> {
    await this.tasks.rerun(taskId);
    return new Answer(undefined, t('check.task.rerunStarted'));
  }

  @Delete(':taskIds')
  @RequirePermission('check:task:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete checks that are not running, with their paper and reports' })
  @ApiEnvelope()
  async remove(@Param('taskIds', IdListPipe) taskIds: string[]): Promise<void> {
    await this.tasks.remove(taskIds);
  }
}
