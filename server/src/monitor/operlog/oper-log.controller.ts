import { Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PageResult } from '@zhiwen/shared';
import { RequirePermission } from '../../auth/permission';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { t } from '../../common/i18n/i18n';
import { IdListPipe, IdPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { OperLogQueryDto } from './oper-log.dto';
import { OperLogService } from './oper-log.service';
import { SysOperLog } from './sys-oper-log.entity';

const TITLE = 'operlog.title';

@ApiTags('monitor')
@ApiBearerAuth()
@Controller('monitor/operlog')
export class OperLogController {
  constructor(private readonly logs: OperLogService) {}

  @ListRoute<SysOperLog>('list', {
    fileName: 'operlog.exportFile',
    exportPermission: 'monitor:operlog:export',
    columns: [
      { key: 'operId', header: 'operlog.column.operId', width: 10 },
      { key: 'title', header: 'operlog.column.title' },
      { key: 'businessType', header: 'operlog.column.businessType', width: 12, format: (v) => t(`operlog.type.${v}`) },
      { key: 'method', header: 'operlog.column.method', width: 36 },
      { key: 'requestMethod', header: 'operlog.column.requestMethod', width: 10 },
      { key: 'operName', header: 'operlog.column.operName' },
      { key: 'deptName', header: 'operlog.column.deptName' },
      { key: 'operUrl', header: 'operlog.column.operUrl', width: 36 },
      { key: 'operIp', header: 'operlog.column.operIp' },
      { key: 'operParam', header: 'operlog.column.operParam', width: 50 },
      { key: 'status', header: 'operlog.column.status', width: 10, format: (v) => t(`operlog.status.${v}`) },
      { key: 'errorMsg', header: 'operlog.column.errorMsg', width: 40 },
      { key: 'operTime', header: 'operlog.column.operTime' },
      { key: 'costTime', header: 'operlog.column.costTime', width: 12 },
    ],
  })
  @RequirePermission('monitor:operlog:list')
  @OperLog({ title: TITLE, businessType: BusinessType.EXPORT, saveResult: false })
  @ApiOperation({ summary: 'Operation log entries, newest first; export needs monitor:operlog:export' })
  @ApiEnvelope(SysOperLog, { paged: true })
  list(@Query() query: OperLogQueryDto): Promise<PageResult<SysOperLog>> {
    return this.logs.list(query);
  }

  // Declared before `:operIds` so that `clean` is never read as an id.
  @Delete('clean')
  @RequirePermission('monitor:operlog:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.CLEAN })
  @ApiOperation({ summary: 'Delete every entry (the clean itself is then logged)' })
  @ApiEnvelope()
  async clean(): Promise<void> {
    await this.logs.clean();
  }

  @Get(':operId')
  @RequirePermission('monitor:operlog:query')
  @ApiOperation({ summary: 'One entry with its parameters and answer' })
  @ApiEnvelope(SysOperLog)
  get(@Param('operId', IdPipe) operId: string): Promise<SysOperLog> {
    return this.logs.get(operId);
  }

  @Delete(':operIds')
  @RequirePermission('monitor:operlog:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete entries by id (comma list)' })
  @ApiEnvelope()
  async remove(@Param('operIds', IdListPipe) operIds: string[]): Promise<void> {
    await this.logs.remove(operIds);
  }
}
