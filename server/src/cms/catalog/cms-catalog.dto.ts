import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  NotEquals,
} from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';
import type { CatalogPipeProps } from './cms-catalog.entity';

/** A positive bigint id. */
const ID = /^[1-9]\d{0,17}$/;
/** A bigint id or 0 (the top level). */
const ID_OR_ZERO = /^(0|[1-9]\d{0,17})$/;
export const ALIAS = /^[A-Za-z0-9_]{1,100}$/;
export const CATALOG_PATH = /^[A-Za-z0-9_]+(\/[A-Za-z0-9_]+)*\/$/;
export const CATALOG_TYPES = ['common', 'link'] as const;
export type CatalogType = (typeof CATALOG_TYPES)[number];

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);
/** 'Y'/'N' and 'true'/'false' (the reference's form values) as booleans. */
const flag = ({ value }: { value: unknown }) => {
  if (value === 'Y' || value === 'true') return true;
  if (value === 'N' || value === 'false') return false;
  return value;
};

export class CatalogQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name or alias' }) @IsOptional() @IsString() @MaxLength(100) name?: string;
  @ApiPropertyOptional({ description: 'Only direct children of this catalog (0 = top level)' })
  @IsOptional()
  @Matches(ID_OR_ZERO)
  parentId?: string;
  @ApiPropertyOptional({ enum: CATALOG_TYPES }) @IsOptional() @IsIn(CATALOG_TYPES) catalogType?: CatalogType;
  @ApiPropertyOptional({ enum: ['true', 'false'] }) @IsOptional() @IsIn(['true', 'false']) visible?: 'true' | 'false';
}

export class CatalogTreeQueryDto {
  @ApiPropertyOptional({ description: 'Site (default: the current site); needs Site:View' }) @IsOptional() @Matches(ID) siteId?: string;
  @ApiPropertyOptional({ description: 'Mark link catalogs disabled (selectors of a catalog to hold content)', enum: ['true', 'false'] })
  @IsOptional()
  @IsIn(['true', 'false'])
  disableLink?: 'true' | 'false';
}

/** The fields of a catalog a form sends (add and edit). */
export class CatalogFieldsDto {
  @ApiProperty({ maxLength: 100 })
  @Transform(trimmed)
  @IsString({ message: 'cms.catalog.nameRequired' })
  @IsNotEmpty({ message: 'cms.catalog.nameRequired' })
  @MaxLength(100, { message: 'cms.catalog.nameRequired' })
  name: string;
  @ApiProperty({ description: 'Letters, digits, underscore; unique in the site (case-insensitive)' })
  @Transform(trimmed)
  @IsString({ message: 'cms.catalog.aliasFormat' })
  @Matches(ALIAS, { message: 'cms.catalog.aliasFormat' })
  alias: string;
  @ApiPropertyOptional({ description: "Folder of its pages ending with '/', e.g. news/tech/; empty = parent's path + alias + '/'" })
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: 'cms.catalog.pathFormat' })
  @MaxLength(255, { message: 'cms.catalog.pathFormat' })
  @Matches(/^$|^[A-Za-z0-9_]+(\/[A-Za-z0-9_]+)*\/$/, { message: 'cms.catalog.pathFormat' })
  path?: string;
  @ApiPropertyOptional({ enum: CATALOG_TYPES, default: 'common' }) @IsOptional() @IsIn(CATALOG_TYPES) catalogType?: CatalogType;
  @ApiPropertyOptional({ description: 'Link catalogs: http(s)://... or /...' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(500, { message: 'cms.catalog.redirectUrlFormat' })
  redirectUrl?: string;
  @ApiPropertyOptional({ maxLength: 1000 }) @IsOptional() @IsString() @MaxLength(1000) description?: string;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) logo?: string;
  @ApiPropertyOptional({ default: true }) @IsOptional() @Transform(flag) @IsBoolean() staticFlag?: boolean;
  @ApiPropertyOptional({ default: true }) @IsOptional() @Transform(flag) @IsBoolean() visible?: boolean;
  @ApiPropertyOptional({ description: '-1 = the site value, else 1..200', default: -1 })
  @IsOptional()
  @IsInt({ message: 'cms.catalog.pageSizeRange' })
  pageSize?: number;
  @ApiPropertyOptional({ maxLength: 255 }) @IsOptional() @IsString() @MaxLength(255) seoTitle?: string;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) seoKeywords?: string;
  @ApiPropertyOptional({ maxLength: 1000 }) @IsOptional() @IsString() @MaxLength(1000) seoDescription?: string;
  @ApiPropertyOptional({
    description: 'Per publish pipe code: {indexTemplate, listTemplate, detailTemplate} (paths like list.template.html, "" = site default)',
    example: { pc: { indexTemplate: 'index.template.html', listTemplate: 'list.template.html', detailTemplate: 'detail.template.html' } },
  })
  @IsOptional()
  @IsObject()
  publishPipeProps?: Record<string, CatalogPipeProps>;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
  @ApiPropertyOptional({ description: "Values of the catalogs' extension model (field code -> value), checked by its fields" })
  @IsOptional()
  @IsObject({ message: 'cms.exmodel.extendInvalid' })
  extend?: Record<string, unknown>;
}

export class CreateCatalogDto extends CatalogFieldsDto {
  @ApiPropertyOptional({ description: 'Parent catalog (0 = top level)', default: '0' })
  @IsOptional()
  @Transform(idText)
  @Matches(ID_OR_ZERO)
  parentId?: string;
}

export class UpdateCatalogDto extends CatalogFieldsDto {
  @ApiProperty() @Transform(idText) @Matches(ID) catalogId: string;
}

export class BatchAddCatalogDto {
  @ApiPropertyOptional({ description: 'Parent catalog (0 = top level)', default: '0' })
  @IsOptional()
  @Transform(idText)
  @Matches(ID_OR_ZERO)
  parentId?: string;
  @ApiProperty({ type: [String], description: 'Names of the new catalogs; aliases and paths are derived from them' })
  @IsArray({ message: 'cms.catalog.batchNamesInvalid' })
  @ArrayMinSize(1, { message: 'cms.catalog.batchNamesInvalid' })
  @ArrayMaxSize(50, { message: 'cms.catalog.batchNamesInvalid' })
  @IsString({ each: true, message: 'cms.catalog.batchNamesInvalid' })
  @MaxLength(100, { each: true, message: 'cms.catalog.batchNamesInvalid' })
  names: string[];
}

export class CatalogIdDto {
  @ApiProperty() @Transform(idText) @Matches(ID) catalogId: string;
}

export class CatalogVisibleDto extends CatalogIdDto {
  @ApiProperty({ description: 'true/false (or Y/N)' }) @Transform(flag) @IsBoolean() visible: boolean;
}

export class CatalogSortDto extends CatalogIdDto {
  @ApiProperty({ description: 'Positions to move among siblings: positive = up (earlier), negative = down' })
  @Type(() => Number)
  @IsInt()
  @NotEquals(0, { message: 'cms.catalog.sortZero' })
  sort: number;
}

export class PublishCatalogDto extends CatalogIdDto {
  @ApiPropertyOptional({ description: 'Publish its sub-catalogs too', default: false })
  @IsOptional()
  @Transform(flag)
  @IsBoolean()
  publishChild?: boolean;
  @ApiPropertyOptional({ description: 'Publish the detail pages of its content too', default: false })
  @IsOptional()
  @Transform(flag)
  @IsBoolean()
  publishDetail?: boolean;
}

export class ApplyPipePropsDto extends CatalogIdDto {
  @ApiPropertyOptional({ type: [String], description: 'Only these pipes (default: every pipe of the catalog)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @Matches(/^[A-Za-z0-9_]{1,50}$/, { each: true })
  publishPipeCodes?: string[];
}

export class ApplyConfigPropsDto extends CatalogIdDto {
  @ApiPropertyOptional({ type: [String], description: 'Only these keys (default: every key)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @Matches(/^[A-Za-z0-9_]{1,64}$/, { each: true })
  configPropKeys?: string[];
}

export class ClearCatalogDto extends CatalogIdDto {}

export class MergeCatalogDto extends CatalogIdDto {
  @ApiProperty({ type: [String], description: 'Catalogs whose content moves into catalogId; emptied ones without children are deleted' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @Transform(({ value }) => (Array.isArray(value) ? value.map((v) => (typeof v === 'number' ? String(v) : v)) : value))
  @Matches(ID, { each: true })
  mergeCatalogIds: string[];
}

/** A catalog as the API answers it. */
export class CatalogDto {
  @ApiProperty() catalogId: string;
  @ApiProperty() siteId: string;
  @ApiProperty() parentId: string;
  @ApiProperty() ancestors: string;
  @ApiProperty() treeLevel: number;
  @ApiProperty() name: string;
  @ApiProperty() alias: string;
  @ApiProperty() path: string;
  @ApiProperty({ enum: CATALOG_TYPES }) catalogType: string;
  @ApiProperty() redirectUrl: string;
  @ApiProperty() description: string;
  @ApiProperty() logo: string;
  @ApiProperty() staticFlag: boolean;
  @ApiProperty() visible: boolean;
  @ApiProperty() pageSize: number;
  @ApiProperty() sortFlag: string;
  @ApiProperty() contentCount: number;
  @ApiProperty() seoTitle: string;
  @ApiProperty() seoKeywords: string;
  @ApiProperty() seoDescription: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) publishPipeProps: Record<string, CatalogPipeProps>;
  @ApiProperty({ type: 'object', additionalProperties: true }) configProps: Record<string, unknown>;
}

/** A node of the catalog tree. */
export class CatalogTreeNodeDto {
  @ApiProperty() id: string;
  @ApiProperty() parentId: string;
  @ApiProperty() name: string;
  @ApiProperty() isLeaf: boolean;
  @ApiProperty() disabled: boolean;
  @ApiProperty({ description: 'alias, path, catalogType, visible, sortFlag' }) props: Record<string, unknown>;
  @ApiProperty({ type: () => [CatalogTreeNodeDto] }) children: CatalogTreeNodeDto[];
}

export class CatalogTreeDto {
  @ApiProperty({ type: [CatalogTreeNodeDto] }) rows: CatalogTreeNodeDto[];
  @ApiProperty() siteName: string;
}

/** A value of a static option list (catalog types, content types). */
export class CatalogOptionDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
}
