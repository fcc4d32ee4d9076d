import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission } from '../../auth/permission';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { t } from '../../common/i18n/i18n';
import {
  CronPreviewQueryDto,
  ScheduledTaskDto,
  ScheduledTaskLogDto,
  ScheduledTaskLogQueryDto,
  ScheduledTaskLogRemoveDto,
  ScheduledTaskQueryDto,
  UpdateScheduledTaskDto,
} from './scheduled-task.dto';
import { checkCron, cronNextRuns, ScheduledTaskService } from './scheduled-task.service';

const TITLE = 'schedTask.title';
const LOG_TITLE = 'schedTask.logTitle';
const time = (v: unknown) => (v ? new Date(v as string) : '');

/** ChestnutCMS's scheduled-task paths (`/monitor/task...`) over the schedules declared in code. */
@ApiTags('monitor')
@ApiBearerAuth()
@Controller('monitor/task')
export class ScheduledTaskController {
  constructor(private readonly tasks: ScheduledTaskService) {}

  @ListRoute<ScheduledTaskDto>('', {
    fileName: TITLE,
    columns: [
      { key: 'taskName', header: 'schedTask.column.taskName', width: 28 },
      { key: 'description', header: 'schedTask.column.description', width: 50 },
      { key: 'status', header: 'schedTask.column.status', format: (v) => t(`schedTask.status.${String(v)}`) },
      {
        key: 'triggerType',
        header: 'schedTask.column.trigger',
        width: 20,
        format: (v, row) => (v === 'cron' ? row.cronExpression : `${row.periodSeconds}s`),
      },
      { key: 'nextRunTime', header: 'schedTask.column.nextRunTime', format: time },
    ],
  })
  @RequirePermission('monitor:task:list')
  @OperLog({ title: TITLE, businessType: BusinessType.EXPORT, saveResult: false })
  @ApiOperation({ summary: 'Scheduled tasks declared in code, with their trigger, next run and last run' })
  @ApiEnvelope(ScheduledTaskDto, { paged: true })
  list(@Query() query: ScheduledTaskQueryDto): Promise<PageResult<ScheduledTaskDto>> {
    return this.tasks.list(query);
  }

  @ListRoute<ScheduledTaskLogDto>('logs', {
    fileName: LOG_TITLE,
    columns: [
      { key: 'logId', header: 'field.logIds' },
      { key: 'taskName', header: 'schedTask.column.taskName', width: 28 },
      { key: 'startTime', header: 'schedTask.column.lastRun', format: time },
      { key: 'durationMs', header: 'ms' },
      { key: 'status', header: 'schedTask.column.status', format: (v) => t(`schedTask.logStatus.${v ? String(v) : 'running'}`) },
      { key: 'message', header: 'schedTask.column.description', width: 60 },
    ],
  })
  @RequirePermission('monitor:task:log')
  @OperLog({ title: LOG_TITLE, businessType: BusinessType.EXPORT, saveResult: false })
  @ApiOperation({ summary: 'Runs of scheduled tasks, newest first: start, end, duration, outcome' })
  @ApiEnvelope(ScheduledTaskLogDto, { paged: true })
  logs(@Query() query: ScheduledTaskLogQueryDto): Promise<PageResult<ScheduledTaskLogDto>> {
    return this.tasks.logs(query);
  }

  @Delete('logs')
  @RequirePermission('monitor:task:remove')
  @OperLog({ title: LOG_TITLE, businessType: BusinessType.CLEAN })
  @ApiOperation({ summary: 'Deletes the listed log rows (logIds), else those of a task (taskName), else all' })
  @ApiEnvelope('integer')
  removeLogs(@Query() query: ScheduledTaskLogRemoveDto): Promise<number> {
    return this.tasks.removeLogs(query);
  }

  @Get('cronPreview')
  @RequirePermission('monitor:task:query')
  @ApiOperation({ summary: 'Checks a cron expression and answers its next 5 firings (server time zone)' })
  @ApiEnvelope('string', { isArray: true })
  cronPreview(@Query() query: CronPreviewQueryDto): Date[] {
    checkCron(query.cron);
    return cronNextRuns(query.cron);
  }

  @Get(':taskId')
  @RequirePermission('monitor:task:query')
  @ApiOperation({ summary: 'One scheduled task' })
  @ApiEnvelope(ScheduledTaskDto)
  get(@Param('taskId') taskId: string): Promise<ScheduledTaskDto> {
    return this.tasks.get(taskId);
  }

  @Put()
  @RequirePermission('monitor:task:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: "Changes a task's trigger: a cron (validated) or a fixed rate with period and initial delay" })
  @ApiEnvelope(ScheduledTaskDto)
  update(@Body() dto: UpdateScheduledTaskDto, @CurrentUser() user: LoginUser): Promise<ScheduledTaskDto> {
    return this.tasks.update(dto, user.userName);
  }

  @Put('enable/:taskId')
  @RequirePermission('monitor:task:changeStatus')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Enables a task on every instance' })
  @ApiEnvelope()
  async enable(@Param('taskId') taskId: string, @CurrentUser() user: LoginUser): Promise<void> {
    await this.tasks.setStatus(taskId, '0', user.userName);
  }

  @Put('disable/:taskId')
  @RequirePermission('monitor:task:changeStatus')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Pauses a task on every instance (firings already queued are dropped)' })
  @ApiEnvelope()
  async disable(@Param('taskId') taskId: string, @CurrentUser() user: LoginUser): Promise<void> {
    await this.tasks.setStatus(taskId, '1', user.userName);
  }

  @Post('exec/:taskId')
  @RequirePermission('monitor:task:exec')
  @OperLog({ title: TITLE, businessType: BusinessType.OTHER })
  @ApiOperation({ summary: 'Runs a task once now through the queue (also while paused); answers the job id' })
  @ApiEnvelope('string')
  exec(@Param('taskId') taskId: string): Promise<string> {
    return this.tasks.exec(taskId);
  }
}
