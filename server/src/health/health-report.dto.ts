import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ComponentStatus, HealthReport } from '@zhiwen/shared';

class ComponentHealthDto {
  @ApiProperty({ enum: ['up', 'down', 'disabled'] }) status: ComponentStatus;
  @ApiPropertyOptional() latencyMs?: number;
  @ApiPropertyOptional() error?: string;
}

class DatabaseHealthDto extends ComponentHealthDto {
  @ApiProperty({ description: 'True when the server runs its embedded PostgreSQL' }) embedded: boolean;
}

class HealthComponentsDto {
  @ApiProperty() database: DatabaseHealthDto;
  @ApiProperty() redis: ComponentHealthDto;
  @ApiProperty() queue: ComponentHealthDto;
}

/** `data` of GET /health. */
export class HealthReportDto implements HealthReport {
  @ApiProperty({ enum: ['up', 'down'] }) status: 'up' | 'down';
  @ApiProperty() version: string;
  @ApiProperty() uptimeSeconds: number;
  @ApiProperty() components: HealthComponentsDto;
}
