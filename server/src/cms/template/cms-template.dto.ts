import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';
import { TEMPLATE_PATH_MAX, TEMPLATE_PATH_PATTERN } from './engine/paths';

/** Largest template text accepted by the API, in characters. */
export const TEMPLATE_CONTENT_MAX = 500_000;

const ID = /^[1-9]\d{0,17}$/;
const PIPE_CODE = /^[A-Za-z0-9_]{1,50}$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

export class TemplateQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Publish pipe code' })
  @IsOptional()
  @IsString()
  @Matches(PIPE_CODE, { message: 'cms.template.pipeFormat' })
  publishPipeCode?: string;

  @ApiPropertyOptional({ description: 'Part of the path (file name)' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  filename?: string;
}

export class CreateTemplateDto {
  @ApiProperty({ description: 'Publish pipe code of the current site, e.g. pc' })
  @Transform(trimmed)
  @IsString()
  @Matches(PIPE_CODE, { message: 'cms.template.pipeFormat' })
  publishPipeCode: string;

  @ApiProperty({ description: 'Path relative to the pipe folder, e.g. include/header.template.html', maxLength: TEMPLATE_PATH_MAX })
  @Transform(trimmed)
  @IsString()
  @MaxLength(TEMPLATE_PATH_MAX, { message: 'cms.template.pathFormat' })
  @Matches(TEMPLATE_PATH_PATTERN, { message: 'cms.template.pathFormat' })
  path: string;

  @ApiPropertyOptional({ description: 'Template text (Liquid)', maxLength: TEMPLATE_CONTENT_MAX, default: '' })
  @IsOptional()
  @IsString()
  @MaxLength(TEMPLATE_CONTENT_MAX, { message: 'cms.template.contentTooLong' })
  content?: string;

  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class SaveTemplateDto {
  @ApiProperty() @Transform(idText) @IsString() @Matches(ID) templateId: string;

  @ApiProperty({ description: 'Template text (Liquid); refused with the line and column of a syntax error', maxLength: TEMPLATE_CONTENT_MAX })
  @IsString()
  @MaxLength(TEMPLATE_CONTENT_MAX, { message: 'cms.template.contentTooLong' })
  content: string;

  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class RenameTemplateDto {
  @ApiProperty() @Transform(idText) @IsString() @Matches(ID) templateId: string;

  @ApiProperty({ description: 'New path relative to the pipe folder', maxLength: TEMPLATE_PATH_MAX })
  @Transform(trimmed)
  @IsString()
  @MaxLength(TEMPLATE_PATH_MAX, { message: 'cms.template.pathFormat' })
  @Matches(TEMPLATE_PATH_PATTERN, { message: 'cms.template.pathFormat' })
  path: string;
}

/** A template index row as the API answers it. */
export class TemplateDto {
  @ApiProperty() templateId: string;
  @ApiProperty() siteId: string;
  @ApiProperty() publishPipeCode: string;
  @ApiProperty() path: string;
  @ApiProperty({ description: 'Bytes' }) fileSize: number;
  @ApiProperty() createBy: string;
  @ApiProperty() createTime: Date;
  @ApiProperty() updateBy: string;
  @ApiProperty() updateTime: Date;
  @ApiProperty() remark: string;
}

/** A template with its text. */
export class TemplateDetailDto extends TemplateDto {
  @ApiProperty() content: string;
}

/** One syntax error of a refused save (`data.errors` of the 400 answer is the field-error list; this is `data.syntaxErrors`). */
export class TemplateSyntaxIssueDto {
  @ApiProperty() line: number;
  @ApiProperty() col: number;
  @ApiProperty() message: string;
}

/** One entry of the template help (`GET /cms/template/tags`). */
export class TemplateTagDocDto {
  @ApiProperty() name: string;
  @ApiProperty({ enum: ['tag', 'filter', 'object'] }) kind: string;
  @ApiProperty() syntax: string;
  @ApiProperty({ description: 'zh-CN' }) description: string;
  @ApiPropertyOptional({ type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, description: { type: 'string' } } } })
  args?: Array<{ name: string; description: string }>;
  @ApiProperty() example: string;
}
