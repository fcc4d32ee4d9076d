import { Body, Controller, Delete, Get, Param, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PageResult } from '@zhiwen/shared';
import { RequirePermission } from '../../auth/permission';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { AsyncTaskDto, AsyncTaskIdsDto, AsyncTaskQueryDto } from './async-task.dto';
import { AsyncTaskService } from './async-task.service';

const TITLE = 'asyncTask.title';
const time = (v: unknown) => (v ? new Date(v as string) : '');

/** ChestnutCMS's async-task paths (`/async/task...`) over the queue's jobs. */
@ApiTags('monitor')
@ApiBearerAuth()
@Controller('async/task')
export class AsyncTaskController {
  constructor(private readonly tasks: AsyncTaskService) {}

  @ListRoute<AsyncTaskDto>('', {
    fileName: TITLE,
    columns: [
      { key: 'id', header: 'asyncTask.column.id', width: 38 },
      { key: 'name', header: 'asyncTask.column.name', width: 24 },
      { key: 'state', header: 'asyncTask.column.state' },
      { key: 'progress', header: 'asyncTask.column.progress' },
      { key: 'createdOn', header: 'asyncTask.column.createdOn', format: time },
      { key: 'startedOn', header: 'asyncTask.column.startedOn', format: time },
      { key: 'completedOn', header: 'asyncTask.column.completedOn', format: time },
      { key: 'error', header: 'asyncTask.column.error', width: 50 },
    ],
  })
  @RequirePermission('monitor:async:list')
  @OperLog({ title: TITLE, businessType: BusinessType.EXPORT, saveResult: false })
  @ApiOperation({ summary: "The queue's jobs (pg-boss's job and archive tables), newest first, by type and state" })
  @ApiEnvelope(AsyncTaskDto, { paged: true })
  list(@Query() query: AsyncTaskQueryDto): Promise<PageResult<AsyncTaskDto>> {
    return this.tasks.list(query);
  }

  @Put('stop')
  @RequirePermission('monitor:async:stop')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Cancels queued or running jobs; a running one stops at its next step' })
  @ApiEnvelope()
  async stop(@Body() dto: AsyncTaskIdsDto): Promise<void> {
    await this.tasks.stop(dto.taskIds);
  }

  @Put('retry')
  @RequirePermission('monitor:async:retry')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Sends failed jobs back to the queue' })
  @ApiEnvelope()
  async retry(@Body() dto: AsyncTaskIdsDto): Promise<void> {
    await this.tasks.retry(dto.taskIds);
  }

  @Delete('remove')
  @RequirePermission('monitor:async:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Deletes ended jobs (completed, failed, cancelled)' })
  @ApiEnvelope()
  async remove(@Body() dto: AsyncTaskIdsDto): Promise<void> {
    await this.tasks.remove(dto.taskIds);
  }

  @Get(':taskId')
  @RequirePermission('monitor:async:list')
  @ApiOperation({ summary: 'One job, with its payload' })
  @ApiEnvelope(AsyncTaskDto)
  get(@Param('taskId') taskId: string): Promise<AsyncTaskDto> {
    return this.tasks.get(taskId);
  }
}
