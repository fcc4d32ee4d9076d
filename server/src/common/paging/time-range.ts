import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { PageQueryDto } from './page-query.dto';

const DATE_OR_DATETIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

/** A page query with a time window: a day (`YYYY-MM-DD`, the whole day) or an instant (`YYYY-MM-DD HH:mm:ss`). */
export class TimeRangeQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'From this day (YYYY-MM-DD) or instant (YYYY-MM-DD HH:mm:ss)' })
  @IsOptional()
  @Matches(DATE_OR_DATETIME)
  beginTime?: string;

  @ApiPropertyOptional({ description: 'Up to and including this day (YYYY-MM-DD) or instant (YYYY-MM-DD HH:mm:ss)' })
  @IsOptional()
  @Matches(DATE_OR_DATETIME)
  endTime?: string;
}

/** Limits `column` to the window of the query; a bare end day includes the whole day. */
export function applyTimeRange<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, column: string, query: TimeRangeQueryDto): void {
  if (query.beginTime) qb.andWhere(`${column} >= :beginTime::timestamp`, { beginTime: query.beginTime });
  if (query.endTime?.length === 10) qb.andWhere(`${column} < :endTime::date + interval '1 day'`, { endTime: query.endTime });
  else if (query.endTime) qb.andWhere(`${column} <= :endTime::timestamp`, { endTime: query.endTime });
}
