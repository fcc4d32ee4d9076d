import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';
import { DYNAMIC_INIT_TYPES, type DynamicInitType } from './dynamic-page.entity';

const ID = /^[1-9]\d{0,17}$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);
/** Lower-case letters, digits, `-`, `_` in up to 5 segments; a leading `/` is dropped. */
export const DYNAMIC_PATH = /^[a-z0-9][a-z0-9_-]{0,39}(?:\/[a-z0-9][a-z0-9_-]{0,39}){0,4}$/;
export const DYNAMIC_CODE = /^[A-Za-z0-9_]{1,50}$/;

export class DynamicPageQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name, code or path' }) @IsOptional() @IsString() @MaxLength(100) query?: string;
}

export class CreateDynamicPageDto {
  @ApiProperty({ maxLength: 100 })
  @Transform(trimmed)
  @IsString({ message: 'cms.dynamic.nameRequired' })
  @IsNotEmpty({ message: 'cms.dynamic.nameRequired' })
  @MaxLength(100, { message: 'cms.dynamic.nameRequired' })
  name: string;
  @ApiProperty({ maxLength: 50, description: 'Letters, digits, underscore; unique in the site' })
  @Transform(trimmed)
  @IsString({ message: 'cms.dynamic.codeFormat' })
  @Matches(DYNAMIC_CODE, { message: 'cms.dynamic.codeFormat' })
  code: string;
  @ApiProperty({ maxLength: 100, description: 'Lower-case segments such as search or member/center; unique in the site' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().replace(/^\/+/, '') : value))
  @IsString({ message: 'cms.dynamic.pathFormat' })
  @Matches(DYNAMIC_PATH, { message: 'cms.dynamic.pathFormat' })
  path: string;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) description?: string;
  @ApiPropertyOptional({ enum: DYNAMIC_INIT_TYPES, isArray: true })
  @IsOptional()
  @IsArray({ message: 'cms.dynamic.initTypeFormat' })
  @ArrayMaxSize(DYNAMIC_INIT_TYPES.length, { message: 'cms.dynamic.initTypeFormat' })
  @IsIn(DYNAMIC_INIT_TYPES, { each: true, message: 'cms.dynamic.initTypeFormat' })
  initDataTypes?: DynamicInitType[];
  @ApiProperty({
    description: 'Template path per publish pipe code, e.g. {"pc":"search.template.html"}',
    type: 'object',
    additionalProperties: { type: 'string' },
  })
  @IsObject({ message: 'cms.dynamic.templatesRequired' })
  templates: Record<string, string>;
  @ApiPropertyOptional({ default: 60, description: 'Seconds an anonymous answer is cached, 0 to 86400 (0: never)' })
  @IsOptional()
  @IsInt({ message: 'cms.dynamic.cacheFormat' })
  @Min(0, { message: 'cms.dynamic.cacheFormat' })
  @Max(86400, { message: 'cms.dynamic.cacheFormat' })
  cacheSeconds?: number;
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() enabled?: boolean;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class UpdateDynamicPageDto extends CreateDynamicPageDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) pageId: string;
}

export class DynamicPageDto {
  @ApiProperty() pageId: string;
  @ApiProperty() siteId: string;
  @ApiProperty() name: string;
  @ApiProperty() code: string;
  @ApiProperty() path: string;
  @ApiProperty() description: string;
  @ApiProperty({ enum: DYNAMIC_INIT_TYPES, isArray: true }) initDataTypes: string[];
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) templates: Record<string, string>;
  @ApiProperty() cacheSeconds: number;
  @ApiProperty() enabled: boolean;
  @ApiProperty({ description: 'Public URL on the first enabled pipe (relative to the API base)' }) url?: string;
  @ApiProperty() remark: string;
  @ApiProperty() createTime: Date;
}

export class DynamicInitTypeDto {
  @ApiProperty({ enum: DYNAMIC_INIT_TYPES }) type: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
}
