import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsObject,
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsDateString,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';
import { CONTENT_STATUSES, CONTENT_TYPES, type ContentStatus, type ContentType } from './cms-content.entity';

/** A positive bigint id. */
export const ID = /^[1-9]\d{0,17}$/;
/** A file path relative to the site (no scheme, no colon) or an http(s) URL: never `javascript:` and the like. */
const RESOURCE_PATH = /^(?:https?:\/\/[^\s"'<>]+|[^\s"'<>:]*)$/;
/** http(s) URL or a path of the site ('' allowed). */
const LINK = /^(?:$|https?:\/\/[^\s"'<>]+|\/[^\s"'<>]*)$/;
const PIPE_CODE = /^[A-Za-z0-9_]{1,50}$/;
/** Its own file under the catalog folder, e.g. `about.html` or `2024/spring.html`. */
const STATIC_PATH = /^$|^(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+(?:\.[A-Za-z0-9]{1,10})?$/;
const TEMPLATE_PATH = /^$|^(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.template\.html$/;
export const CONTENT_ATTRS = ['recommend', 'hot'] as const;
export type ContentAttr = (typeof CONTENT_ATTRS)[number];
export const LIST_ATTRS = ['recommend', 'hot', 'top'] as const;
export const LIST_STATUSES = CONTENT_STATUSES.filter((s) => s !== 'deleted');

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);
const idList = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? [...new Set(value.map((v) => (typeof v === 'number' ? String(v) : v)))] : value;
/** Trimmed, non-empty, unique words (tags, keywords). */
const words = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? [...new Set(value.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== ''))] : value;
/** An empty date from a form ('' or null) means none. */
const noDate = ({ value }: { value: unknown }) => (value === '' || value === null ? undefined : value);
const flag = ({ value }: { value: unknown }) => {
  if (value === 'Y' || value === 'true') return true;
  if (value === 'N' || value === 'false') return false;
  return value;
};

export class ContentQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Content of this catalog and its children' }) @IsOptional() @Matches(ID) catalogId?: string;
  @ApiPropertyOptional({ description: 'Part of the title' }) @IsOptional() @IsString() @MaxLength(255) title?: string;
  @ApiPropertyOptional({ enum: CONTENT_TYPES }) @IsOptional() @IsIn(CONTENT_TYPES) contentType?: ContentType;
  @ApiPropertyOptional({ enum: LIST_STATUSES }) @IsOptional() @IsIn(LIST_STATUSES) status?: ContentStatus;
  @ApiPropertyOptional({ description: 'Part of the author' }) @IsOptional() @IsString() @MaxLength(100) author?: string;
  @ApiPropertyOptional({ description: 'Staff user who created it' }) @IsOptional() @IsString() @MaxLength(64) createBy?: string;
  @ApiPropertyOptional({ description: 'Published on or after' }) @IsOptional() @Transform(noDate) @IsDateString() beginTime?: string;
  @ApiPropertyOptional({ description: 'Published on or before' }) @IsOptional() @Transform(noDate) @IsDateString() endTime?: string;
  @ApiPropertyOptional({ description: 'Comma list of recommend, hot, top: content having all of them' })
  @IsOptional()
  @IsString()
  @Matches(/^(recommend|hot|top)(,(recommend|hot|top))*$/, { message: 'cms.content.attrInvalid' })
  attributes?: string;
}

export class RecycleQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the title' }) @IsOptional() @IsString() @MaxLength(255) title?: string;
  @ApiPropertyOptional({ enum: CONTENT_TYPES }) @IsOptional() @IsIn(CONTENT_TYPES) contentType?: ContentType;
}

export class ContentLogQueryDto extends PageQueryDto {
  @ApiProperty() @Matches(ID) contentId: string;
}

export class RelaQueryDto extends PageQueryDto {
  @ApiProperty() @Matches(ID) contentId: string;
}

/** An image of an image set. */
export class ContentImageDto {
  @ApiProperty({ description: 'Site resource path or http(s) URL' })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty({ message: 'cms.content.mediaPathRequired' })
  @MaxLength(500)
  @Matches(RESOURCE_PATH, { message: 'cms.content.pathFormat' })
  path: string;
  @ApiPropertyOptional({ maxLength: 255 }) @IsOptional() @IsString() @MaxLength(255) title?: string;
  @ApiPropertyOptional({ maxLength: 2000 }) @IsOptional() @IsString() @MaxLength(2000) description?: string;
}

/** A track of audio content. */
export class ContentAudioDto extends ContentImageDto {
  @ApiPropertyOptional({ description: 'Seconds' }) @IsOptional() @IsInt() @Min(0) @Max(1_000_000) duration?: number;
}

/** A video: a file of the site (`local`) or a third-party player's embed code (`share`). */
export class ContentVideoDto {
  @ApiPropertyOptional({ enum: ['local', 'share'], default: 'local' }) @IsOptional() @IsIn(['local', 'share']) type?: 'local' | 'share';
  @ApiPropertyOptional({ description: 'local: site resource path or http(s) URL' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(500)
  @Matches(RESOURCE_PATH, { message: 'cms.content.pathFormat' })
  path?: string;
  @ApiPropertyOptional({ description: 'share: the player embed code (an iframe with an http(s) src); only the iframe is kept' })
  @IsOptional()
  @IsString()
  @MaxLength(5000)
  embedCode?: string;
  @ApiPropertyOptional({ maxLength: 255 }) @IsOptional() @IsString() @MaxLength(255) title?: string;
  @ApiPropertyOptional({ maxLength: 2000 }) @IsOptional() @IsString() @MaxLength(2000) description?: string;
  @ApiPropertyOptional({ description: 'Seconds' }) @IsOptional() @IsInt() @Min(0) @Max(1_000_000) duration?: number;
}

/** What the content editor sends (add and save). */
export class ContentFieldsDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'cms.content.catalogRequired' }) catalogId: string;
  @ApiProperty({ enum: CONTENT_TYPES }) @IsIn(CONTENT_TYPES, { message: 'cms.content.typeInvalid' }) contentType: ContentType;
  @ApiProperty({ maxLength: 255 })
  @Transform(trimmed)
  @IsString({ message: 'cms.content.titleRequired' })
  @IsNotEmpty({ message: 'cms.content.titleRequired' })
  @MaxLength(255, { message: 'cms.content.titleRequired' })
  title: string;
  @ApiPropertyOptional({ maxLength: 255 }) @IsOptional() @Transform(trimmed) @IsString() @MaxLength(255) subTitle?: string;
  @ApiPropertyOptional({ maxLength: 255 }) @IsOptional() @Transform(trimmed) @IsString() @MaxLength(255) shortTitle?: string;
  @ApiPropertyOptional({ description: 'CSS of the title, e.g. color:#f00;font-weight:bold' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @Matches(/^[A-Za-z0-9#:;,.%()\s-]*$/, { message: 'cms.content.titleStyleFormat' })
  titleStyle?: string;
  @ApiPropertyOptional({ description: 'Site resource path or http(s) URL' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(500)
  @Matches(RESOURCE_PATH, { message: 'cms.content.pathFormat' })
  logo?: string;
  @ApiPropertyOptional({ maxLength: 100 }) @IsOptional() @Transform(trimmed) @IsString() @MaxLength(100) author?: string;
  @ApiPropertyOptional({ maxLength: 100 }) @IsOptional() @Transform(trimmed) @IsString() @MaxLength(100) editor?: string;
  @ApiPropertyOptional() @IsOptional() @Transform(flag) @IsBoolean() original?: boolean;
  @ApiPropertyOptional({ maxLength: 2000 }) @IsOptional() @IsString() @MaxLength(2000) summary?: string;
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @Transform(words)
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(50, { each: true })
  tags?: string[];
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @Transform(words)
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(50, { each: true })
  keywords?: string[];
  @ApiPropertyOptional({ maxLength: 255 }) @IsOptional() @Transform(trimmed) @IsString() @MaxLength(255) source?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(500)
  @Matches(LINK, { message: 'cms.content.urlFormat' })
  sourceUrl?: string;
  @ApiPropertyOptional({ description: 'ISO date-time; empty = stamped when published' })
  @IsOptional()
  @Transform(noDate)
  @IsDateString()
  publishDate?: string;
  @ApiPropertyOptional({ description: 'ISO date-time: a job takes it offline then' })
  @IsOptional()
  @Transform(noDate)
  @IsDateString()
  offlineDate?: string;
  @ApiPropertyOptional({ type: [String], description: 'Pipe codes (empty = every enabled pipe of the site)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @Matches(PIPE_CODE, { each: true, message: 'cms.content.pipeCodeFormat' })
  publishPipes?: string[];
  @ApiPropertyOptional({ description: "Its own file under the catalog folder ('' = <contentId>.<suffix>)" })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(255)
  @Matches(STATIC_PATH, { message: 'cms.content.staticPathFormat' })
  staticPath?: string;
  @ApiPropertyOptional({ description: "Detail template, e.g. detail.template.html ('' = the catalog's)" })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(255)
  @Matches(TEMPLATE_PATH, { message: 'cms.content.templateFormat' })
  template?: string;
  @ApiPropertyOptional({ description: 'http(s) URL or /path; required for link content' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(500)
  @Matches(LINK, { message: 'cms.content.urlFormat' })
  redirectUrl?: string;
  @ApiPropertyOptional({ description: 'A link content: no page, its URL is redirectUrl' })
  @IsOptional()
  @Transform(flag)
  @IsBoolean()
  linkFlag?: boolean;
  @ApiPropertyOptional({ maxLength: 255 }) @IsOptional() @IsString() @MaxLength(255) seoTitle?: string;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) seoKeywords?: string;
  @ApiPropertyOptional({ maxLength: 1000 }) @IsOptional() @IsString() @MaxLength(1000) seoDescription?: string;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
  @ApiPropertyOptional({ description: 'article: the rich text (sanitized when saved)' })
  @IsOptional()
  @IsString()
  @MaxLength(2_000_000)
  contentHtml?: string;
  @ApiPropertyOptional({ type: [ContentImageDto], description: 'image: at least one' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => ContentImageDto)
  images?: ContentImageDto[];
  @ApiPropertyOptional({ type: [ContentAudioDto], description: 'audio: at least one' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => ContentAudioDto)
  audios?: ContentAudioDto[];
  @ApiPropertyOptional({ type: [ContentVideoDto], description: 'video: at least one' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => ContentVideoDto)
  videos?: ContentVideoDto[];
  @ApiPropertyOptional({ type: [String], description: 'Related content (replaces the list when given)' })
  @IsOptional()
  @Transform(idList)
  @IsArray()
  @ArrayMaxSize(100)
  @Matches(ID, { each: true, message: 'cms.content.idInvalid' })
  relaContentIds?: string[];
  @ApiPropertyOptional({ description: "Values of the catalog's content extension model (field code -> value), checked by its fields" })
  @IsOptional()
  @IsObject({ message: 'cms.exmodel.extendInvalid' })
  extend?: Record<string, unknown>;
}

export class CreateContentDto extends ContentFieldsDto {}

export class UpdateContentDto extends ContentFieldsDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'cms.content.idInvalid' }) contentId: string;
}

/** Ids of content to act on. */
export class ContentIdsDto {
  @ApiProperty({ type: [String] })
  @Transform(idList)
  @IsArray({ message: 'cms.content.idsRequired' })
  @ArrayNotEmpty({ message: 'cms.content.idsRequired' })
  @ArrayMaxSize(500)
  @Matches(ID, { each: true, message: 'cms.content.idInvalid' })
  contentIds: string[];
}

export class SetTopDto extends ContentIdsDto {
  @ApiPropertyOptional({ description: 'When the top flag ends (ISO date-time in the future; empty = never)' })
  @IsOptional()
  @Transform(noDate)
  @IsDateString()
  topEndTime?: string;
}

export class CopyContentDto extends ContentIdsDto {
  @ApiProperty({ type: [String], description: 'Catalogs to copy into (each needs Catalog:AddContent)' })
  @Transform(idList)
  @IsArray({ message: 'cms.content.catalogRequired' })
  @ArrayNotEmpty({ message: 'cms.content.catalogRequired' })
  @ArrayMaxSize(50)
  @Matches(ID, { each: true, message: 'cms.content.catalogRequired' })
  catalogIds: string[];
}

export class MoveContentDto extends ContentIdsDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'cms.content.catalogRequired' }) catalogId: string;
}

export class SortContentDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'cms.content.idInvalid' }) contentId: string;
  @ApiProperty({ description: 'The content is placed just before this one' })
  @Transform(idText)
  @Matches(ID, { message: 'cms.content.idInvalid' })
  targetId: string;
}

export class ContentAttrDto extends ContentIdsDto {
  @ApiProperty({ enum: CONTENT_ATTRS }) @IsIn(CONTENT_ATTRS, { message: 'cms.content.attrInvalid' }) attr: ContentAttr;
}

export class RelaDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'cms.content.idInvalid' }) contentId: string;
  @ApiProperty({ type: [String] })
  @Transform(idList)
  @IsArray({ message: 'cms.content.idsRequired' })
  @ArrayNotEmpty({ message: 'cms.content.idsRequired' })
  @ArrayMaxSize(100)
  @Matches(ID, { each: true, message: 'cms.content.idInvalid' })
  relaContentIds: string[];
}

/** A piece of content as lists show it. */
export class ContentDto {
  @ApiProperty() contentId: string;
  @ApiProperty() siteId: string;
  @ApiProperty() catalogId: string;
  @ApiProperty() catalogName: string;
  @ApiProperty({ enum: CONTENT_TYPES }) contentType: string;
  @ApiProperty() title: string;
  @ApiProperty({ enum: CONTENT_STATUSES }) status: string;
  @ApiProperty({ description: '0 or the time (ms) it was set top' }) topFlag: string;
  @ApiProperty({ nullable: true }) topDate: Date | null;
  @ApiProperty() recommend: boolean;
  @ApiProperty() hot: boolean;
  @ApiProperty() author: string;
  @ApiProperty({ nullable: true }) publishDate: Date | null;
  @ApiProperty({ nullable: true }) offlineDate: Date | null;
  @ApiProperty() sortFlag: string;
  @ApiProperty() lockUser: string;
  @ApiProperty() createBy: string;
  @ApiProperty() createTime: Date;
}

/** What the editor opens: the content (or defaults of a new one) with its body, media and related ids. */
export class ContentEditorDto extends ContentDto {
  @ApiProperty() contentHtml: string;
  @ApiProperty({ type: [ContentImageDto] }) images: ContentImageDto[];
  @ApiProperty({ type: [ContentAudioDto] }) audios: ContentAudioDto[];
  @ApiProperty({ type: [ContentVideoDto] }) videos: ContentVideoDto[];
  @ApiProperty({ type: [String] }) relaContentIds: string[];
}

export class ContentOpLogDto {
  @ApiProperty() logId: string;
  @ApiProperty() contentId: string;
  @ApiProperty() action: string;
  @ApiProperty() detail: string;
  @ApiProperty() operator: string;
  @ApiProperty() createTime: Date;
}

export class UploadedImageDto {
  @ApiProperty({ description: 'URL to put in the rich text' }) url: string;
  @ApiProperty({ description: 'Path relative to the site folder: resources/<yyyyMM>/<name>.<ext>' }) path: string;
}

/** An uploaded audio or video file of content. */
export class UploadedMediaDto extends UploadedImageDto {
  @ApiProperty({ enum: ['audio', 'video'], description: 'What the file holds, read from its content' }) kind: string;
}
