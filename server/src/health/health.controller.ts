import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { ApiEnvelope } from '../common/http/api-envelope.decorator';
import { Public } from '../common/decorators/public.decorator';
import { ServiceException } from '../common/errors/service-exception';
import { HealthReportDto } from './health-report.dto';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @Public()
  @SkipThrottle()
  @ApiOperation({ summary: 'Status of the database, Redis and the job queue' })
  @ApiEnvelope(HealthReportDto)
  @ApiServiceUnavailableResponse({ description: 'A component is down; data holds the report' })
  async check(): Promise<HealthReportDto> {
    const report = await this.health.report();
    if (report.status !== 'up') throw new ServiceException('error.serviceUnavailable', undefined, 503, 503, { report });
    return report;
  }
}
