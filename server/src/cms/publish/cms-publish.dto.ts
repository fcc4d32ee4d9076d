import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';

/** What `GET /cms/preview` renders. */
export class PreviewQueryDto {
  @ApiProperty({ enum: ['site', 'catalog', 'content'] }) @IsIn(['site', 'catalog', 'content']) type: 'site' | 'catalog' | 'content';
  @ApiProperty({ description: 'Site, catalog or content id' }) @Matches(/^[1-9]\d{0,17}$/) id: string;
  @ApiProperty({ description: 'Publish pipe code, e.g. pc' }) @Matches(/^[A-Za-z0-9_]{1,50}$/) pipe: string;
  @ApiPropertyOptional({ description: 'List page of a catalog, from 1', default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100_000)
  page?: number;
}

/** Filters of `GET /cms/publish/tasks` (the current site's tasks). */
export class PublishTaskQueryDto extends PageQueryDto {}

/** A publish task as the API answers it. */
export class PublishTaskDto {
  @ApiProperty() taskId: string;
  @ApiProperty() siteId: string;
  @ApiProperty({ enum: ['site', 'index', 'catalog', 'content', 'unpublish'] }) taskType: string;
  @ApiProperty({ description: 'Site, catalog or content id' }) targetId: string;
  @ApiProperty({ enum: ['pending', 'running', 'done', 'failed'] }) status: string;
  @ApiProperty({ description: 'Pages (and files) done' }) progress: number;
  @ApiProperty({ description: 'Pages (and files) to do' }) total: number;
  @ApiProperty({ description: 'Why pages failed ("" when none)' }) error: string;
  @ApiProperty({ description: 'Runs started; more than one after a retry or a resume of an interrupted run' }) attempts: number;
  @ApiProperty({ nullable: true, description: 'Last sign of life of the running job' }) heartbeatTime: Date | null;
  @ApiProperty() createBy: string;
  @ApiProperty() createTime: Date;
  @ApiProperty() updateTime: Date;
}
