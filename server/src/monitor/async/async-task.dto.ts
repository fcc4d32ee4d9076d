import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';

/** pg-boss job states. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobStateName = (typeof JOB_STATES)[number];

export class AsyncTaskQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Job type (queue name), or part of it' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  name?: string;

  @ApiPropertyOptional({ enum: JOB_STATES, description: 'pg-boss state' })
  @IsOptional()
  @IsIn([...JOB_STATES])
  status?: JobStateName;
}

/** `PUT /async/task/stop`, `PUT /async/task/retry`, `DELETE /async/task/remove`. */
export class AsyncTaskIdsDto {
  @ApiProperty({ type: [String], description: 'Job ids (uuid)' })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  taskIds!: string[];
}

export class AsyncTaskDto {
  @ApiProperty({ description: 'Job id (uuid)' }) id!: string;
  @ApiProperty({ description: 'Job type (queue name)' }) name!: string;
  @ApiProperty({ enum: JOB_STATES }) state!: JobStateName;
  @ApiPropertyOptional({ description: 'Percent done, where the module reports it (100 once completed)' }) progress?: number | null;
  @ApiPropertyOptional({ description: "The module's word on the progress" }) progressMessage?: string | null;
  @ApiProperty() retryCount!: number;
  @ApiProperty() retryLimit!: number;
  @ApiProperty() createdOn!: Date;
  @ApiPropertyOptional() startedOn?: Date | null;
  @ApiPropertyOptional() completedOn?: Date | null;
  @ApiPropertyOptional({ description: 'Error of a failed job' }) error?: string | null;
  @ApiPropertyOptional() singletonKey?: string | null;
  @ApiProperty({ description: 'Moved to pg-boss’s archive (read only)' }) archived!: boolean;
  @ApiPropertyOptional({ description: 'Payload (detail only)' }) data?: unknown;
}
