import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission } from '../../auth/permission';
import { AllowRepeatSubmit } from '../../common/decorators/allow-repeat-submit.decorator';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { t } from '../../common/i18n/i18n';
import { IdListPipe, IdPipe } from '../../common/validation/id.pipe';
import { JobLogService } from './job-log.service';
import {
  ChangeJobStatusDto,
  CreateJobDto,
  CronNextDto,
  CronNextQueryDto,
  JobHandlerDto,
  JobLogQueryDto,
  JobQueryDto,
  RunJobDto,
  UpdateJobDto,
} from './job.dto';
import { SysJob, SysJobLog } from './job.entity';
import { JobService } from './job.service';

const TITLE = 'job.title';
const LOG_TITLE = 'job.logTitle';

/** 定时任务: RuoYi's `/monitor/job` routes, plus the handler registry and the cron preview. */
@ApiTags('monitor')
@ApiBearerAuth()
@Controller('monitor/job')
export class JobController {
  constructor(private readonly jobs: JobService) {}

  @ListRoute<SysJob>('list', {
    fileName: 'job.exportFile',
    exportPermission: 'monitor:job:export',
    columns: [
      { key: 'jobId', header: 'job.column.jobId', width: 10 },
      { key: 'jobName', header: 'job.column.jobName', width: 24 },
      { key: 'jobGroup', header: 'job.column.jobGroup' },
      { key: 'handler', header: 'job.column.handler', width: 24 },
      { key: 'params', header: 'job.column.params', width: 30, format: (v) => JSON.stringify(v ?? {}) },
      { key: 'cronExpression', header: 'job.column.cronExpression', width: 20 },
      { key: 'misfirePolicy', header: 'job.column.misfirePolicy', format: (v) => t(`job.misfire.${String(v)}`) },
      { key: 'concurrent', header: 'job.column.concurrent', format: (v) => t(`job.concurrent.${String(v)}`) },
      { key: 'status', header: 'job.column.status', width: 8, format: (v) => t(`job.status.${String(v)}`) },
      { key: 'nextFireTime', header: 'job.column.nextFireTime', width: 20 },
    ],
  })
  @RequirePermission('monitor:job:list')
  @ApiOperation({ summary: 'Scheduled jobs, paged; POST with cc-export: 1 downloads them (needs monitor:job:export too)' })
  @ApiEnvelope(SysJob, { paged: true })
  list(@Query() query: JobQueryDto): Promise<PageResult<SysJob>> {
    return this.jobs.list(query);
  }

  // Fixed paths before `:jobId`.
  @Get('handlers')
  @RequirePermission('monitor:job:list')
  @ApiOperation({ summary: 'The registered job handlers, each with its parameter schema' })
  @ApiEnvelope(JobHandlerDto, { isArray: true })
  handlers(): JobHandlerDto[] {
    return this.jobs.handlers();
  }

  @Get('cron/next')
  @RequirePermission('monitor:job:list')
  @ApiOperation({ summary: 'The next 5 run times of a cron expression, or a message saying what is wrong with it' })
  @ApiEnvelope(CronNextDto)
  cronNext(@Query() query: CronNextQueryDto): CronNextDto {
    return this.jobs.cronNext(query.cron);
  }

  @Get(':jobId')
  @RequirePermission('monitor:job:query')
  @ApiOperation({ summary: 'One job' })
  @ApiEnvelope(SysJob)
  get(@Param('jobId', IdPipe) jobId: string): Promise<SysJob> {
    return this.jobs.get(jobId);
  }

  @Post()
  @RequirePermission('monitor:job:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a job (a registered handler, parameters fitting its schema, a valid cron)' })
  @ApiEnvelope(SysJob)
  create(@CurrentUser() user: LoginUser, @Body() dto: CreateJobDto): Promise<SysJob> {
    return this.jobs.create(user, dto);
  }

  @Put()
  @RequirePermission('monitor:job:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a job' })
  @ApiEnvelope(SysJob)
  update(@CurrentUser() user: LoginUser, @Body() dto: UpdateJobDto): Promise<SysJob> {
    return this.jobs.update(user, dto);
  }

  @Put('changeStatus')
  @RequirePermission('monitor:job:changeStatus')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Enable (0) or pause (1) a job' })
  @ApiEnvelope(SysJob)
  changeStatus(@CurrentUser() user: LoginUser, @Body() dto: ChangeJobStatusDto): Promise<SysJob> {
    return this.jobs.changeStatus(user, dto);
  }

  @Put('run')
  @RequirePermission('monitor:job:changeStatus')
  @AllowRepeatSubmit()
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Run a job once now, whatever its schedule and status (answers at once; the run is logged)' })
  @ApiEnvelope()
  async run(@Body() dto: RunJobDto): Promise<void> {
    await this.jobs.run(dto.jobId);
  }

  @Delete(':jobIds')
  @RequirePermission('monitor:job:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete jobs (comma list); their log stays' })
  @ApiEnvelope()
  async remove(@Param('jobIds', IdListPipe) jobIds: string[]): Promise<void> {
    await this.jobs.remove(jobIds);
  }
}

/** 调度日志: RuoYi's `/monitor/jobLog` routes. */
@ApiTags('monitor')
@ApiBearerAuth()
@Controller('monitor/jobLog')
export class JobLogController {
  constructor(private readonly logs: JobLogService) {}

  @ListRoute<SysJobLog>('list', {
    fileName: 'job.logExportFile',
    exportPermission: 'monitor:joblog:export',
    columns: [
      { key: 'jobLogId', header: 'job.column.jobLogId', width: 10 },
      { key: 'jobName', header: 'job.column.jobName', width: 24 },
      { key: 'jobGroup', header: 'job.column.jobGroup' },
      { key: 'handler', header: 'job.column.handler', width: 24 },
      { key: 'params', header: 'job.column.params', width: 30, format: (v) => JSON.stringify(v ?? {}) },
      { key: 'triggerType', header: 'job.column.trigger', format: (v) => t(`job.trigger.${String(v)}`) },
      { key: 'status', header: 'job.column.status', width: 8, format: (v) => t(`job.log.status.${String(v)}`) },
      { key: 'jobMessage', header: 'job.column.jobMessage', width: 40 },
      { key: 'exceptionInfo', header: 'job.column.exceptionInfo', width: 40 },
      { key: 'startTime', header: 'job.column.startTime', width: 20 },
      { key: 'endTime', header: 'job.column.endTime', width: 20 },
      { key: 'durationMs', header: 'job.column.durationMs' },
    ],
  })
  @RequirePermission('monitor:joblog:list')
  @ApiOperation({ summary: 'Job runs, newest first (one job with jobId); export needs monitor:joblog:export' })
  @ApiEnvelope(SysJobLog, { paged: true })
  list(@Query() query: JobLogQueryDto): Promise<PageResult<SysJobLog>> {
    return this.logs.list(query);
  }

  @Delete('clean')
  @RequirePermission('monitor:joblog:remove')
  @OperLog({ title: LOG_TITLE, businessType: BusinessType.CLEAN })
  @ApiOperation({ summary: 'Delete every entry' })
  @ApiEnvelope()
  async clean(): Promise<void> {
    await this.logs.clean();
  }

  @Get(':jobLogId')
  @RequirePermission('monitor:joblog:list')
  @ApiOperation({ summary: 'One run with its message and error' })
  @ApiEnvelope(SysJobLog)
  get(@Param('jobLogId', IdPipe) jobLogId: string): Promise<SysJobLog> {
    return this.logs.get(jobLogId);
  }

  @Delete(':jobLogIds')
  @RequirePermission('monitor:joblog:remove')
  @OperLog({ title: LOG_TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete entries by id (comma list)' })
  @ApiEnvelope()
  async remove(@Param('jobLogIds', IdListPipe) ids: string[]): Promise<void> {
    await this.logs.remove(ids);
  }
}
