import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { PAGING } from '@zhiwen/shared';

/**
 * The highest page number: with at most 500 rows a page the offset stays under 5·10^11, an exact JS integer and far
 * inside PostgreSQL's bigint OFFSET, and no list has that many rows. Above it the page is refused rather than sent to
 * the database as a number it cannot read (1e+21).
 */
export const MAX_PAGE_NUM = 1_000_000_000;

/** Query of every list route; feature DTOs extend it with their typed filters. */
export class PageQueryDto {
  @ApiPropertyOptional({ description: 'Page number, from 1', default: 1, minimum: 1, maximum: MAX_PAGE_NUM })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_NUM)
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

  @ApiPropertyOptional({ description: '`nextCursor` of the previous page: the next page by keyset, for clients paging forward (pageNum is ignored)' })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,2000}$/)
  cursor?: string;
}
