import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';

export const TRIGGER_TYPES = ['cron', 'fixedRate'] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

/** Longest fixed-rate period: a week (anything rarer is a cron's job). */
export const MAX_PERIOD_SECONDS = 7 * 24 * 3600;
export const MAX_INITIAL_DELAY_SECONDS = 24 * 3600;

export class ScheduledTaskQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the task name' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  taskName?: string;

  @ApiPropertyOptional({ enum: ['0', '1'], description: '0 normal, 1 paused' })
  @IsOptional()
  @IsIn(['0', '1'])
  status?: '0' | '1';
}

/** `PUT /monitor/task`: the trigger of one task. */
export class UpdateScheduledTaskDto {
  @ApiProperty({ description: 'The task (its name)' })
  @IsNotEmpty()
  @IsString()
  @MaxLength(100)
  taskName!: string;

  @ApiProperty({ enum: TRIGGER_TYPES })
  @IsNotEmpty()
  @IsIn([...TRIGGER_TYPES])
  triggerType!: TriggerType;

  @ApiPropertyOptional({ description: 'Cron (5 fields, server time zone); empty goes back to the declared one' })
  @IsOptional()
  @IsString()
  @MaxLength(120)
  cronExpression?: string;

  @ApiPropertyOptional({ description: 'Fixed rate: seconds between runs', minimum: 1, maximum: MAX_PERIOD_SECONDS })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PERIOD_SECONDS)
  periodSeconds?: number;

  @ApiPropertyOptional({ description: 'Fixed rate: seconds before the first run', minimum: 0, maximum: MAX_INITIAL_DELAY_SECONDS })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_INITIAL_DELAY_SECONDS)
  initialDelaySeconds?: number;
}

export class ScheduledTaskLogQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'The task (its name)' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  taskName?: string;

  @ApiPropertyOptional({ enum: ['0', '1'], description: '0 succeeded, 1 failed' })
  @IsOptional()
  @IsIn(['0', '1'])
  status?: '0' | '1';
}

/** `DELETE /monitor/task/logs`: the listed rows, else every row of the task, else every row. */
export class ScheduledTaskLogRemoveDto {
  @ApiPropertyOptional({ description: 'Comma list of log ids' })
  @IsOptional()
  @IsString()
  @Matches(/^[1-9]\d{0,17}(,[1-9]\d{0,17}){0,499}$/)
  logIds?: string;

  @ApiPropertyOptional({ description: 'The task (its name)' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  taskName?: string;
}

export class CronPreviewQueryDto {
  @ApiProperty({ description: 'Cron expression (5 fields)' })
  @IsNotEmpty()
  @IsString()
  @MaxLength(120)
  cron!: string;
}

export class ScheduledTaskLogDto {
  @ApiProperty() logId!: string;
  @ApiProperty() taskName!: string;
  @ApiPropertyOptional() jobId?: string | null;
  @ApiProperty({ description: 'Run by hand (run now)' }) manual!: boolean;
  @ApiProperty() startTime!: Date;
  @ApiPropertyOptional() endTime?: Date | null;
  @ApiPropertyOptional() durationMs?: number | null;
  @ApiPropertyOptional({ description: "'0' succeeded, '1' failed, null still running" }) status?: string | null;
  @ApiPropertyOptional({ description: 'Error message of a failed run' }) message?: string | null;
}

export class ScheduledTaskDto {
  @ApiProperty({ description: 'Id of the task: its name' }) taskId!: string;
  @ApiProperty() taskName!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ description: "'0' normal, '1' paused" }) status!: string;
  @ApiProperty({ enum: TRIGGER_TYPES }) triggerType!: TriggerType;
  @ApiProperty({ description: 'Cron in force (the override or the declared one)' }) cronExpression!: string;
  @ApiProperty({ description: 'Cron declared in code' }) declaredCron!: string;
  @ApiPropertyOptional() periodSeconds?: number | null;
  @ApiProperty() initialDelaySeconds!: number;
  @ApiPropertyOptional({ description: 'Next firing, when enabled' }) nextRunTime?: Date | null;
  @ApiProperty({ type: [Date], description: 'Next five firings of a cron trigger' }) nextRuns!: Date[];
  @ApiPropertyOptional({ type: ScheduledTaskLogDto }) lastRun?: ScheduledTaskLogDto | null;
  @ApiPropertyOptional() updateBy?: string;
  @ApiPropertyOptional() updateTime?: Date | null;
}
