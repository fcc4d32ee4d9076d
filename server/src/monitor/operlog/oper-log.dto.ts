import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { TimeRangeQueryDto } from '../../common/paging/time-range';

/** Filters of the operation log list. */
export class OperLogQueryDto extends TimeRangeQueryDto {
  @ApiPropertyOptional({ description: 'Module title contains' }) @IsOptional() @IsString() @MaxLength(50) title?: string;
  @ApiPropertyOptional({ description: 'Operator contains' }) @IsOptional() @IsString() @MaxLength(50) operName?: string;
  @ApiPropertyOptional({ description: 'Dict sys_oper_type' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(99) businessType?: number;
  @ApiPropertyOptional({ enum: ['0', '1'], description: '0 success, 1 failure' }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
  @ApiPropertyOptional({ description: 'Client address contains' }) @IsOptional() @IsString() @MaxLength(128) operIp?: string;
}
