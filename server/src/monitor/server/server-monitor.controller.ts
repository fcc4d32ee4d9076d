import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '../../auth/permission';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ServerInstanceDto, ServerReportDto } from './server-monitor.dto';
import { ServerMonitorService, type InstanceRow, type ServerReport } from './server-monitor.service';

@ApiTags('monitor')
@ApiBearerAuth()
@Controller('monitor/server')
export class ServerMonitorController {
  constructor(private readonly monitor: ServerMonitorService) {}

  @Get()
  @RequirePermission('monitor:server:list')
  @ApiOperation({ summary: 'Figures of the answering process, its machine, the database and the job queue' })
  @ApiEnvelope(ServerReportDto)
  info(): Promise<ServerReport> {
    return this.monitor.current();
  }

  @Get('instances')
  @RequirePermission('monitor:server:list')
  @ApiOperation({ summary: 'Every process (API and workers) that reported within the last minute' })
  @ApiEnvelope(ServerInstanceDto, { isArray: true })
  instances(): Promise<InstanceRow[]> {
    return this.monitor.instances();
  }
}
