import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';
import { CLIENT_TYPES } from './visitor';

const ID = /^[1-9]\d{0,17}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

/** What a page's beacon sends (`GET|POST /api/stat/visit`, query string). */
export class VisitBeaconDto {
  @ApiPropertyOptional({ description: 'The CMS site; absent: the public site, counted under the parameter cms.stat.appSiteId' })
  @IsOptional()
  @Transform(idText)
  @Matches(ID, { message: 'error.badId' })
  siteId?: string;

  @ApiProperty({ description: 'The page address (http or https, at most 2000 characters)', maxLength: 2000 })
  @IsString({ message: 'cms.stat.badUrl' })
  @MaxLength(2000)
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: 'cms.stat.badUrl' })
  url: string;

  @ApiPropertyOptional({ description: "The page's referrer (document.referrer; empty for a direct visit)", maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  referrer?: string;

  @ApiPropertyOptional({ description: 'The content of a detail page (counts a view of it)' })
  @IsOptional()
  @Transform(idText)
  @Matches(ID, { message: 'error.badId' })
  contentId?: string;

  @ApiPropertyOptional({ description: 'The catalog of a list or detail page' })
  @IsOptional()
  @Transform(idText)
  @Matches(ID, { message: 'error.badId' })
  catalogId?: string;
}

/** A date range of the statistics screens: both days included, at most 366 days, default the last 7. */
export class StatRangeQueryDto {
  @ApiPropertyOptional({ description: 'First day, YYYY-MM-DD (default: 6 days before the last)' })
  @IsOptional()
  @Matches(DAY, { message: 'cms.stat.badDate' })
  beginDate?: string;

  @ApiPropertyOptional({ description: 'Last day, YYYY-MM-DD (default: today)' })
  @IsOptional()
  @Matches(DAY, { message: 'cms.stat.badDate' })
  endDate?: string;
}

/** A range and how many rows of a ranking. */
export class StatTopQueryDto extends StatRangeQueryDto {
  @ApiPropertyOptional({ description: 'Rows of the ranking (1-100, default 10)' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value))
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}

/** Filters of the visit log (`GET /cms/stat/list`). */
export class VisitQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'From this day (YYYY-MM-DD)' }) @IsOptional() @Matches(DAY, { message: 'cms.stat.badDate' }) beginDate?: string;
  @ApiPropertyOptional({ description: 'Up to and including this day (YYYY-MM-DD)' })
  @IsOptional()
  @Matches(DAY, { message: 'cms.stat.badDate' })
  endDate?: string;
  @ApiPropertyOptional({ description: 'Part of the page path' }) @IsOptional() @IsString() @MaxLength(500) path?: string;
  @ApiPropertyOptional({ enum: CLIENT_TYPES }) @IsOptional() @IsIn(CLIENT_TYPES) clientType?: (typeof CLIENT_TYPES)[number];
  @ApiPropertyOptional({ description: "Referrer host ('-' for direct visits)" }) @IsOptional() @IsString() @MaxLength(255) referrerHost?: string;
  @ApiPropertyOptional() @IsOptional() @Matches(ID, { message: 'error.badId' }) contentId?: string;
}

export class VisitDto {
  @ApiProperty() visitId: string;
  @ApiProperty() siteId: string;
  @ApiProperty() visitTime: Date;
  @ApiProperty({ description: "'view' (page view)" }) event: string;
  @ApiProperty() path: string;
  @ApiPropertyOptional({ nullable: true }) contentId: string | null;
  @ApiPropertyOptional({ nullable: true }) catalogId: string | null;
  @ApiProperty({ description: "'' for a direct visit" }) referrerHost: string;
  @ApiProperty({ enum: CLIENT_TYPES }) clientType: string;
  @ApiProperty({ description: 'Daily hashed visitor id' }) visitorId: string;
  @ApiProperty({ description: "The visitor's first view of the day" }) entry: boolean;
}

export class TrendDto {
  @ApiProperty({ type: [String] }) days: string[];
  @ApiProperty({ type: [Number], description: 'Page views per day' }) pv: number[];
  @ApiProperty({ type: [Number], description: 'Visitors per day (daily hashed ids)' }) uv: number[];
  @ApiProperty({ type: [Number], description: 'Visits per day (a view after 30 minutes without one starts a visit)' }) visits: number[];
  @ApiProperty({ description: '{pv, uv, visits} summed over the range' }) total: { pv: number; uv: number; visits: number };
}

export class StatRowDto {
  @ApiProperty({ description: "The dimension's key: content id, referrer host ('' direct), client type or entry path" }) key: string;
  @ApiPropertyOptional({ description: 'Title of the content (top content only)' }) title?: string;
  @ApiProperty() pv: number;
  @ApiProperty() uv: number;
}
