import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { TimeRangeQueryDto } from '../../common/paging/time-range';

/** Filters of the login log list. */
export class LoginLogQueryDto extends TimeRangeQueryDto {
  @ApiPropertyOptional({ description: 'Client address contains' }) @IsOptional() @IsString() @MaxLength(128) ipaddr?: string;
  @ApiPropertyOptional({ description: 'Account contains' }) @IsOptional() @IsString() @MaxLength(100) userName?: string;
  @ApiPropertyOptional({ enum: ['0', '1'], description: '0 success, 1 failure' }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
  @ApiPropertyOptional({ enum: ['staff', 'member'], description: 'staff: back office; member: public site' })
  @IsOptional()
  @IsIn(['staff', 'member'])
  realm?: 'staff' | 'member';
}
