import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** One process as the server monitor shows it (figures: CPU, load, memory, disk, heap, event loop, uptime, pool). */
export class ServerInstanceDto {
  @ApiProperty({ description: 'host name:pid:start time (ms)' }) instanceId: string;
  @ApiProperty() hostName: string;
  @ApiProperty() pid: number;
  @ApiProperty({ enum: ['api', 'worker'] }) role: 'api' | 'worker';
  @ApiProperty({ description: 'The process runs background jobs' }) runsJobs: boolean;
  @ApiProperty({ format: 'date-time' }) startTime: string;
  @ApiProperty({ format: 'date-time' }) lastSeen: string;
  @ApiProperty({ description: 'This is the process that answered' }) current: boolean;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'cpu, load, memory, disk, heap, eventLoop, uptime, nodeVersion, platform, pool',
  })
  figures: Record<string, unknown>;
}

export class ServerReportDto {
  @ApiProperty({ type: ServerInstanceDto }) instance: ServerInstanceDto;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true, description: 'version, name, sizeBytes' })
  database: Record<string, unknown> | null;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true, description: 'queued, active, byName (pg-boss)' })
  queue: Record<string, unknown> | null;
}
