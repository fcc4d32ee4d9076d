import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';

const ID = /^[1-9]\d{0,17}$/;
const ID_OR_ZERO = /^(0|[1-9]\d{0,17})$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

/** A widget code: a letter, then letters, digits, underscores (the tag names it). */
export const WIDGET_CODE = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;
/** A type id. */
export const WIDGET_TYPE = /^[a-z][a-z0-9_]{0,49}$/;
/** The fragment's file, relative to the pipe's folder: safe segments and an html suffix. */
export const WIDGET_PATH = /^([A-Za-z0-9_-]+\/){0,8}[A-Za-z0-9_-]+\.(html|shtml|htm)$/;

export class PageWidgetQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Only widgets of this type (`manual`, `ads`, …)' })
  @IsOptional()
  @Matches(WIDGET_TYPE, { message: 'cms.pagewidget.typeUnknown' })
  type?: string;
  @ApiPropertyOptional({ description: "Only widgets of this catalog ('0': the site's own)" })
  @IsOptional()
  @Transform(idText)
  @Matches(ID_OR_ZERO, { message: 'error.badId' })
  catalogId?: string;
  @ApiPropertyOptional({ description: 'Part of the name' }) @IsOptional() @IsString() @MaxLength(100) name?: string;
  @ApiPropertyOptional({ description: 'Part of the code' }) @IsOptional() @IsString() @MaxLength(50) code?: string;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) state?: '0' | '1';
}

/** Fields of a widget both add and edit take. */
export class PageWidgetFieldsDto {
  @ApiProperty({ maxLength: 100 })
  @Transform(trimmed)
  @IsString({ message: 'cms.pagewidget.nameRequired' })
  @IsNotEmpty({ message: 'cms.pagewidget.nameRequired' })
  @MaxLength(100, { message: 'cms.pagewidget.nameRequired' })
  name: string;
  @ApiProperty({ description: 'A letter, then letters, digits, underscores; unique in the site', maxLength: 50 })
  @Transform(trimmed)
  @IsString({ message: 'cms.pagewidget.codeFormat' })
  @Matches(WIDGET_CODE, { message: 'cms.pagewidget.codeFormat' })
  code: string;
  @ApiProperty({ description: 'Code of a publish pipe of the site' })
  @Transform(trimmed)
  @IsString({ message: 'cms.pagewidget.pipeRequired' })
  @IsNotEmpty({ message: 'cms.pagewidget.pipeRequired' })
  @MaxLength(50, { message: 'cms.pagewidget.pipeRequired' })
  publishPipeCode: string;
  @ApiProperty({ description: 'Output file relative to the pipe folder, e.g. `include/block/hot.html`' })
  @Transform(trimmed)
  @IsString({ message: 'cms.pagewidget.pathFormat' })
  @MaxLength(255, { message: 'cms.pagewidget.pathFormat' })
  @Matches(WIDGET_PATH, { message: 'cms.pagewidget.pathFormat' })
  path: string;
  @ApiPropertyOptional({ description: "Template path of the pipe (`block/hot.template.html`); '' = the type's default" })
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: 'cms.pagewidget.templateFormat' })
  @MaxLength(255, { message: 'cms.pagewidget.templateFormat' })
  template?: string;
  @ApiPropertyOptional({ description: "Catalog it belongs to ('0' or absent: the site)" })
  @IsOptional()
  @Transform(idText)
  @Matches(ID_OR_ZERO, { message: 'error.badId' })
  catalogId?: string;
  @ApiPropertyOptional({ description: "The type's own data (a manual block: `{ rows: [...] }`)", type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject({ message: 'cms.pagewidget.contentInvalid' })
  content?: Record<string, unknown>;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class CreatePageWidgetDto extends PageWidgetFieldsDto {
  @ApiProperty({ description: 'A registered type (GET /cms/pagewidget/types)' })
  @Transform(trimmed)
  @IsString({ message: 'cms.pagewidget.typeUnknown' })
  @Matches(WIDGET_TYPE, { message: 'cms.pagewidget.typeUnknown' })
  type: string;
}

export class UpdatePageWidgetDto extends PageWidgetFieldsDto {
  @ApiProperty()
  @Transform(idText)
  @IsString({ message: 'cms.pagewidget.idInvalid' })
  @Matches(ID, { message: 'cms.pagewidget.idInvalid' })
  pageWidgetId: string;
}

/** A page widget as the API answers it. */
export class PageWidgetDto {
  @ApiProperty() pageWidgetId: string;
  @ApiProperty() siteId: string;
  @ApiProperty() catalogId: string;
  @ApiProperty() type: string;
  @ApiProperty() name: string;
  @ApiProperty() code: string;
  @ApiProperty() publishPipeCode: string;
  @ApiProperty() path: string;
  @ApiProperty() template: string;
  @ApiProperty({ enum: ['0', '1'], description: "'0' not published, '1' published" }) state: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) content: Record<string, unknown>;
  @ApiPropertyOptional({ nullable: true }) publishTime: Date | null;
  @ApiProperty() remark: string;
  @ApiProperty() createBy: string;
  @ApiProperty() createTime: Date;
  @ApiProperty() updateTime: Date;
}

/** A registered type: `{ id, name }`. */
export class PageWidgetTypeDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
}
