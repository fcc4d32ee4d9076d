import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { PAGING } from '@zhiwen/shared';

/** Query of every list route; feature DTOs extend it with their typed filters. */
export class PageQueryDto {
  @ApiPropertyOptional({ description: 'Page number, from 1', default: 1, minimum: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  pageNum?: number;

  @ApiPropertyOptional({ description: 'Rows per page', default: PAGING.defaultPageSize, minimum: 1, maximum: PAGING.maxPageSize })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(PAGING.maxPageSize)
  pageSize?: number;

  @ApiPropertyOptional({ description: 'Column to sort by (whitelisted per list)' })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z][A-Za-z0-9_]{0,63}$/)
  orderByColumn?: string;

  @ApiPropertyOptional({ enum: ['asc', 'desc', 'ascending', 'descending'] })
  @IsOptional()
  @IsIn(['asc', 'desc', 'ascending', 'descending'])
  isAsc?: 'asc' | 'desc' | 'ascending' | 'descending';
}
