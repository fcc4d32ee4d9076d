import { CLIENT_TYPES } from '../../common/http/client-type';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';
import { TimeRangeQueryDto } from '../../common/paging/time-range';

const ID = /^[1-9]\d{0,17}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The public search (`GET /api/cms/search/query`). */
export class SearchApiQueryDto {
  @ApiProperty({ description: 'The site searched' }) @Matches(ID, { message: 'error.badId' }) siteId: string;
  @ApiProperty({ description: 'Plain words (operators, quotes and SQL are just words)', maxLength: 100 })
  @Transform(trimmed)
  @IsString({ message: 'cms.search.queryRequired' })
  @IsNotEmpty({ message: 'cms.search.queryRequired' })
  @MaxLength(100, { message: 'cms.search.queryTooLong' })
  q: string;
  @ApiPropertyOptional({ description: 'Only this catalog and its sub-catalogs' })
  @IsOptional()
  @Matches(ID, { message: 'error.badId' })
  catalogId?: string;
  @ApiPropertyOptional({ default: 1 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(1000) pageNum?: number;
  @ApiPropertyOptional({ default: 10 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(50) pageSize?: number;
  @ApiPropertyOptional({ enum: ['relevance', 'date'], default: 'relevance' }) @IsOptional() @IsIn(['relevance', 'date']) sort?: 'relevance' | 'date';
  @ApiPropertyOptional({ description: 'Publish pipe whose page URLs are answered (the first enabled one by default)' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_]{1,50}$/)
  pipe?: string;
}

export class SearchHitDto {
  @ApiProperty() contentId: string;
  @ApiProperty() title: string;
  @ApiProperty({ description: 'Escaped HTML, hits in <em>' }) titleHighlight: string;
  @ApiProperty({ description: 'Escaped HTML, hits in <em>' }) snippet: string;
  @ApiProperty() url: string;
  @ApiProperty() catalogId: string;
  @ApiProperty() catalogName: string;
  @ApiProperty() contentType: string;
  @ApiProperty({ nullable: true }) publishDate: Date | null;
}

export class IndexQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the title' }) @IsOptional() @IsString() @MaxLength(255) title?: string;
  @ApiPropertyOptional({ description: 'A catalog (with its sub-catalogs)' })
  @IsOptional()
  @Matches(ID, { message: 'error.badId' })
  catalogId?: string;
}

export class IndexRowDto {
  @ApiProperty() contentId: string;
  @ApiProperty() title: string;
  @ApiProperty() catalogId: string;
  @ApiProperty() catalogName: string;
  @ApiProperty() contentType: string;
  @ApiProperty({ description: 'Status of the content now' }) status: string;
  @ApiProperty({ nullable: true }) publishDate: Date | null;
  @ApiProperty() indexedTime: Date;
}

export class RebuildStatusDto {
  @ApiProperty() rebuildId: string;
  @ApiProperty({ enum: ['running', 'completed', 'failed'] }) status: string;
  @ApiProperty() total: number;
  @ApiProperty() done: number;
  @ApiProperty() error: string;
  @ApiProperty() createBy: string;
  @ApiProperty() createTime: Date;
  @ApiProperty({ nullable: true }) endTime: Date | null;
}

export class DictQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the word' }) @IsOptional() @IsString() @MaxLength(100) word?: string;
  @ApiPropertyOptional({ enum: ['word', 'stop'] }) @IsOptional() @IsIn(['word', 'stop']) wordType?: 'word' | 'stop';
}

export class AddDictWordsDto {
  @ApiProperty({ enum: ['word', 'stop'], description: 'word: a custom word kept whole; stop: a word never indexed or searched' })
  @IsIn(['word', 'stop'], { message: 'cms.search.wordTypeInvalid' })
  wordType: 'word' | 'stop';
  @ApiProperty({ type: [String], maxItems: 500 })
  @IsArray({ message: 'cms.search.wordRequired' })
  @ArrayMinSize(1, { message: 'cms.search.wordRequired' })
  @ArrayMaxSize(500)
  @IsString({ each: true, message: 'cms.search.wordInvalid' })
  @IsNotEmpty({ each: true, message: 'cms.search.wordInvalid' })
  @MaxLength(100, { each: true, message: 'cms.search.wordInvalid' })
  @Matches(/^[^\s]+$/u, { each: true, message: 'cms.search.wordInvalid' })
  words: string[];
}

export class DictWordDto {
  @ApiProperty() wordId: string;
  @ApiProperty() word: string;
  @ApiProperty({ enum: ['word', 'stop'] }) wordType: string;
  @ApiProperty() createBy: string;
  @ApiProperty() createTime: Date;
}

export class AnalyzeDto {
  @ApiProperty({ maxLength: 2000 }) @IsString() @IsNotEmpty() @MaxLength(2000) text: string;
}

export class SearchLogQueryDto extends TimeRangeQueryDto {
  @ApiPropertyOptional({ description: 'Part of the query' }) @IsOptional() @IsString() @MaxLength(200) query?: string;
  @ApiPropertyOptional({ enum: CLIENT_TYPES }) @IsOptional() @IsIn(CLIENT_TYPES) clientType?: string;
}

export class SearchLogDto {
  @ApiProperty() logId: string;
  @ApiProperty() query: string;
  @ApiProperty() resultCount: number;
  @ApiProperty({ enum: CLIENT_TYPES }) clientType: string;
  @ApiProperty() createTime: Date;
}

export class SearchWordQueryDto extends TimeRangeQueryDto {
  @ApiPropertyOptional({ description: 'Part of the query' }) @IsOptional() @IsString() @MaxLength(200) word?: string;
}

export class SearchWordDto {
  @ApiProperty() word: string;
  @ApiProperty() searchTotal: number;
  @ApiProperty() lastTime: Date;
}

export class TrendQueryDto {
  @ApiPropertyOptional({ description: 'One query (all searches when left out)' }) @IsOptional() @IsString() @MaxLength(200) word?: string;
  @ApiPropertyOptional({ description: 'First day (YYYY-MM-DD); 29 days before the last by default' })
  @IsOptional()
  @Matches(DAY)
  beginTime?: string;
  @ApiPropertyOptional({ description: 'Last day (YYYY-MM-DD); today by default' }) @IsOptional() @Matches(DAY) endTime?: string;
}

export class TrendPointDto {
  @ApiProperty() day: string;
  @ApiProperty() count: number;
}
