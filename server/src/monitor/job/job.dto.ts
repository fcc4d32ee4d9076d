import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';
import { TimeRangeQueryDto } from '../../common/paging/time-range';

const ID = /^[1-9]\d{0,17}$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

export class JobQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the job name' }) @IsOptional() @IsString() @MaxLength(64) jobName?: string;
  @ApiPropertyOptional({ description: 'Job group (dict sys_job_group)' }) @IsOptional() @IsString() @MaxLength(64) jobGroup?: string;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
  @ApiPropertyOptional({ description: 'Part of the invoke target (handler name)' }) @IsOptional() @IsString() @MaxLength(100) handler?: string;
}

export class CreateJobDto {
  @ApiProperty({ maxLength: 64 }) @Transform(trimmed) @IsString() @IsNotEmpty() @MaxLength(64) jobName: string;
  @ApiPropertyOptional({ maxLength: 64, default: 'DEFAULT', description: 'Dict sys_job_group or free text' })
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  @MaxLength(64)
  jobGroup?: string;
  @ApiProperty({ description: 'A registered handler (GET /monitor/job/handlers)', maxLength: 100 })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  handler: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: "Parameters, checked against the handler's schema" })
  @IsOptional()
  @IsObject()
  params?: Record<string, unknown>;
  @ApiProperty({ description: 'Cron: 6 fields with seconds (Quartz style, ? allowed) or 5 fields', maxLength: 255 })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  cronExpression: string;
  @ApiPropertyOptional({ enum: ['0', '1', '2', '3'], default: '0', description: '0 default, 1 run immediately, 2 run once, 3 skip' })
  @IsOptional()
  @IsIn(['0', '1', '2', '3'])
  misfirePolicy?: '0' | '1' | '2' | '3';
  @ApiPropertyOptional({ enum: ['0', '1'], default: '1', description: '0 allowed, 1 not allowed' }) @IsOptional() @IsIn(['0', '1']) concurrent?:
    '0' | '1';
  @ApiPropertyOptional({ enum: ['0', '1'], default: '1', description: '0 normal, 1 paused' }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class UpdateJobDto extends CreateJobDto {
  @ApiProperty() @Transform(idText) @Matches(ID) jobId: string;
}

export class ChangeJobStatusDto {
  @ApiProperty() @Transform(idText) @Matches(ID) jobId: string;
  @ApiProperty({ enum: ['0', '1'] }) @IsIn(['0', '1']) status: '0' | '1';
}

export class RunJobDto {
  @ApiProperty() @Transform(idText) @Matches(ID) jobId: string;
}

export class CronNextQueryDto {
  @ApiProperty({ description: 'The cron expression to check' }) @IsString() @MaxLength(255) cron: string;
}

/** The answer of GET /monitor/job/cron/next: the next five times, or why the expression is wrong. */
export class CronNextDto {
  @ApiProperty() valid: boolean;
  @ApiPropertyOptional({ description: 'What is wrong, in the caller language' }) message?: string;
  @ApiProperty({ type: [String], description: 'ISO 8601 instants' }) nextTimes: string[];
}

export class JobParamViewDto {
  @ApiProperty() name: string;
  @ApiProperty() label: string;
  @ApiProperty({ enum: ['string', 'integer', 'boolean', 'enum'] }) type: string;
  @ApiProperty() required: boolean;
  @ApiPropertyOptional({ oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] }) default?: string | number | boolean;
  @ApiPropertyOptional() min?: number;
  @ApiPropertyOptional() max?: number;
  @ApiPropertyOptional() maxLength?: number;
  @ApiPropertyOptional() pattern?: string;
  @ApiPropertyOptional({ type: [String] }) options?: string[];
}

export class JobHandlerDto {
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ type: [JobParamViewDto] }) params: JobParamViewDto[];
}

export class JobLogQueryDto extends TimeRangeQueryDto {
  @ApiPropertyOptional({ description: 'Runs of this job' }) @IsOptional() @Matches(ID) jobId?: string;
  @ApiPropertyOptional({ description: 'Part of the job name' }) @IsOptional() @IsString() @MaxLength(64) jobName?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(64) jobGroup?: string;
  @ApiPropertyOptional({ enum: ['0', '1'], description: '0 success, 1 failure' }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
}
