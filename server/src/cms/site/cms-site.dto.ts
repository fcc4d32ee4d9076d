import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
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
  ValidateNested,
} from 'class-validator';
import {
  RESOURCE_KNOWN_EXTS as KNOWN_EXTS,
  RESOURCE_SETTING_BOUNDS as B,
  RESOURCE_UPLOAD_DEFAULTS as D,
  WATERMARK_DEFAULTS,
  WATERMARK_POSITIONS,
} from '@zhiwen/shared';
import { PageQueryDto } from '../../common/paging/page-query.dto';

const ID = /^[1-9]\d{0,17}$/;
/** A model id or '' (the extension model settings). */
const EXMODEL_ID_OR_EMPTY = /^([1-9]\d{0,17})?$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

/** Site folder: letters and digits (the table's check constraint). */
export const SITE_PATH = /^[A-Za-z0-9]{1,50}$/;
/** A template file path relative to its pipe folder, as the template index stores it. */
export const TEMPLATE_PATH = /^([A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.template\.html$/;
/** '' or a template path. */
const TEMPLATE_OR_EMPTY = /^(([A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.template\.html)?$/;
/** '' or an absolute http(s) URL or a root-relative path, without quotes, spaces or a query (it goes into page script). */
const API_URL_OR_EMPTY = /^((https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?)?(\/[A-Za-z0-9._~-]+)+\/?)?$/;
/** '' or an http(s) address. */
const HTTP_URL_OR_EMPTY = /^(https?:\/\/[^\s<>"'`]+)?$/i;
/** '' , an http(s) address, or a path on this server (no scheme such as `javascript:`). */
const IMAGE_REF = /^(https?:\/\/[^\s<>"'`]+|[^\s:<>"'`]*)$/i;
export const STATIC_SUFFIXES = ['html', 'shtml', 'htm'] as const;
export const TITLE_REPEAT_CHECKS = ['none', 'site', 'catalog'] as const;

export class SiteQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the site name' }) @IsOptional() @IsString() @MaxLength(100) siteName?: string;
  @ApiPropertyOptional({ description: 'Same as siteName' }) @IsOptional() @IsString() @MaxLength(100) name?: string;
}

export class SiteIdQueryDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) siteId: string;
}

export class CreateSiteDto {
  @ApiProperty({ maxLength: 100 })
  @Transform(trimmed)
  @IsString({ message: 'cms.site.nameRequired' })
  @IsNotEmpty({ message: 'cms.site.nameRequired' })
  @MaxLength(100, { message: 'cms.site.nameRequired' })
  name: string;
  @ApiProperty({ description: 'Folder of the published site: letters and digits, unique ignoring case; fixed once created', maxLength: 50 })
  @Transform(trimmed)
  @IsString({ message: 'cms.site.pathFormat' })
  @Matches(SITE_PATH, { message: 'cms.site.pathFormat' })
  path: string;
  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  @Matches(IMAGE_REF, { message: 'cms.site.logoFormat' })
  logo?: string;
  @ApiPropertyOptional({ description: 'Domain of uploaded resources, http(s)://...; empty = the site’s own', maxLength: 255 })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(255)
  @Matches(HTTP_URL_OR_EMPTY, { message: 'cms.site.resourceUrlFormat' })
  resourceUrl?: string;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) description?: string;
  @ApiPropertyOptional({ enum: STATIC_SUFFIXES, default: 'html' })
  @IsOptional()
  @IsIn(STATIC_SUFFIXES, { message: 'cms.site.suffixInvalid' })
  staticSuffix?: (typeof STATIC_SUFFIXES)[number];
  @ApiPropertyOptional({ default: 0 }) @IsOptional() @IsInt() @Min(0) @Max(999999) sort?: number;
  @ApiPropertyOptional({ maxLength: 255 }) @IsOptional() @IsString() @MaxLength(255) seoTitle?: string;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) seoKeywords?: string;
  @ApiPropertyOptional({ maxLength: 1000 }) @IsOptional() @IsString() @MaxLength(1000) seoDescription?: string;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class UpdateSiteDto extends CreateSiteDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) siteId: string;
  @ApiPropertyOptional({ description: 'Per publish pipe code: {url: http(s)://... or /..., indexTemplate: x.template.html}' })
  @IsOptional()
  @IsObject()
  publishPipeProps?: Record<string, { url?: string; indexTemplate?: string }>;
  @ApiPropertyOptional({ description: "Values of the site's extension model (field code -> value), checked by its fields" })
  @IsOptional()
  @IsObject({ message: 'cms.exmodel.extendInvalid' })
  extend?: Record<string, unknown>;
}

/** The watermark of uploaded images (image resource or text). */
export class SiteWatermarkDto {
  @ApiProperty() @IsBoolean() enabled: boolean;
  @ApiProperty({ enum: ['image', 'text'] }) @IsIn(['image', 'text'], { message: 'cms.site.extends.watermark' }) kind: 'image' | 'text';
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(B.maxWatermarkText, { message: 'cms.site.extends.watermark' }) text?: string;
  @ApiPropertyOptional({ description: "Image resource id ('' = none)" })
  @IsOptional()
  @Transform(idText)
  @Matches(/^([1-9]\d{0,17})?$/, { message: 'cms.site.extends.watermark' })
  imageResourceId?: string;
  @ApiPropertyOptional({ enum: WATERMARK_POSITIONS })
  @IsOptional()
  @IsIn(WATERMARK_POSITIONS, { message: 'cms.site.extends.watermark' })
  position?: (typeof WATERMARK_POSITIONS)[number];
  @ApiPropertyOptional({ minimum: B.minOpacity, maximum: B.maxOpacity, default: WATERMARK_DEFAULTS.opacity })
  @IsOptional()
  @Type(() => Number)
  @Min(B.minOpacity, { message: 'cms.site.extends.watermarkOpacity' })
  @Max(B.maxOpacity, { message: 'cms.site.extends.watermarkOpacity' })
  opacity?: number;
  @ApiPropertyOptional({ minimum: B.minWatermark, maximum: B.maxWatermark, default: WATERMARK_DEFAULTS.width })
  @IsOptional()
  @IsInt({ message: 'cms.site.extends.watermarkSize' })
  @Min(B.minWatermark, { message: 'cms.site.extends.watermarkSize' })
  @Max(B.maxWatermark, { message: 'cms.site.extends.watermarkSize' })
  width?: number;
  @ApiPropertyOptional({ minimum: B.minWatermark, maximum: B.maxWatermark, default: WATERMARK_DEFAULTS.height })
  @IsOptional()
  @IsInt({ message: 'cms.site.extends.watermarkSize' })
  @Min(B.minWatermark, { message: 'cms.site.extends.watermarkSize' })
  @Max(B.maxWatermark, { message: 'cms.site.extends.watermarkSize' })
  height?: number;
  @ApiPropertyOptional({ minimum: B.minFontSize, maximum: B.maxFontSize, default: WATERMARK_DEFAULTS.fontSize })
  @IsOptional()
  @IsInt({ message: 'cms.site.extends.watermark' })
  @Min(B.minFontSize, { message: 'cms.site.extends.watermark' })
  @Max(B.maxFontSize, { message: 'cms.site.extends.watermark' })
  fontSize?: number;
  @ApiPropertyOptional({ description: '#rgb or #rrggbb' })
  @IsOptional()
  @Matches(/^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/, { message: 'cms.site.extends.watermark' })
  color?: string;
}

/** The site's extension settings (扩展设置). */
export class SiteExtendsDto {
  @ApiPropertyOptional({ description: 'Default list page size', minimum: 1, maximum: 200 })
  @IsOptional()
  @IsInt({ message: 'cms.site.extends.pageSize' })
  @Min(1, { message: 'cms.site.extends.pageSize' })
  @Max(200, { message: 'cms.site.extends.pageSize' })
  pageSize?: number;
  @ApiPropertyOptional({ enum: TITLE_REPEAT_CHECKS })
  @IsOptional()
  @IsIn(TITLE_REPEAT_CHECKS, { message: 'cms.site.extends.titleRepeatCheck' })
  titleRepeatCheck?: (typeof TITLE_REPEAT_CHECKS)[number];
  @ApiPropertyOptional({ description: 'Days deleted content stays in the recycle bin, 0 = forever', minimum: 0, maximum: 3650 })
  @IsOptional()
  @IsInt({ message: 'cms.site.extends.recycleKeepDays' })
  @Min(0, { message: 'cms.site.extends.recycleKeepDays' })
  @Max(3650, { message: 'cms.site.extends.recycleKeepDays' })
  recycleKeepDays?: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() sitemapEnabled?: boolean;
  @ApiPropertyOptional({ description: "Public API base URL for published pages (https://host/prod-api or /path), '' = /prod-api" })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  @Matches(API_URL_OR_EMPTY, { message: 'cms.site.extends.apiUrl' })
  apiUrl?: string;
  @ApiPropertyOptional({ enum: ['off', 'warn', 'block'], description: 'Sensitive words in a content save: ignored, warned about, refused' })
  @IsOptional()
  @IsIn(['off', 'warn', 'block'], { message: 'cms.site.extends.sensitiveWordCheck' })
  sensitiveWordCheck?: 'off' | 'warn' | 'block';
  @ApiPropertyOptional({ description: 'Members may comment on published content' }) @IsOptional() @IsBoolean() commentEnabled?: boolean;
  @ApiPropertyOptional({ description: 'New comments are shown without audit' }) @IsOptional() @IsBoolean() commentAutoPass?: boolean;
  @ApiPropertyOptional({ description: "Template path or ''" })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  @Matches(TEMPLATE_OR_EMPTY, { message: 'cms.site.templatePathFormat' })
  defaultDetailTemplate?: string;
  @ApiPropertyOptional({ description: "Template path or ''" })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  @Matches(TEMPLATE_OR_EMPTY, { message: 'cms.site.templatePathFormat' })
  defaultListTemplate?: string;
  @ApiPropertyOptional({ description: "Extension model of the site's own fields (cms/exmodel), '' = none" })
  @IsOptional()
  @Transform(idText)
  @IsString()
  @Matches(EXMODEL_ID_OR_EMPTY, { message: 'cms.exmodel.modelInvalid' })
  siteExModel?: string;
  @ApiPropertyOptional({ description: "Extension model of every catalog of the site, '' = none" })
  @IsOptional()
  @Transform(idText)
  @IsString()
  @Matches(EXMODEL_ID_OR_EMPTY, { message: 'cms.exmodel.modelInvalid' })
  catalogExModel?: string;
  @ApiPropertyOptional({ description: "Extension model of content (a catalog's contentExModel overrides it), '' = none" })
  @IsOptional()
  @Transform(idText)
  @IsString()
  @Matches(EXMODEL_ID_OR_EMPTY, { message: 'cms.exmodel.modelInvalid' })
  contentExModel?: string;
  // The resource library's settings (defaults: resourceLimits in cms/resource/resource-settings.ts).
  @ApiPropertyOptional({ description: 'Files one upload may carry', minimum: B.minCount, maximum: B.maxCount, default: D.uploadMaxCount })
  @IsOptional()
  @IsInt({ message: 'cms.site.extends.uploadMaxCount' })
  @Min(B.minCount, { message: 'cms.site.extends.uploadMaxCount' })
  @Max(B.maxCount, { message: 'cms.site.extends.uploadMaxCount' })
  uploadMaxCount?: number;
  @ApiPropertyOptional({ description: 'Largest file (MB)', minimum: B.minSizeMb, maximum: B.maxSizeMb, default: D.uploadMaxSizeMb })
  @IsOptional()
  @IsInt({ message: 'cms.site.extends.uploadMaxSizeMb' })
  @Min(B.minSizeMb, { message: 'cms.site.extends.uploadMaxSizeMb' })
  @Max(B.maxSizeMb, { message: 'cms.site.extends.uploadMaxSizeMb' })
  uploadMaxSizeMb?: number;
  @ApiPropertyOptional({ description: 'Largest image (MB)', minimum: B.minSizeMb, maximum: B.maxSizeMb, default: D.imageMaxSizeMb })
  @IsOptional()
  @IsInt({ message: 'cms.site.extends.imageMaxSizeMb' })
  @Min(B.minSizeMb, { message: 'cms.site.extends.imageMaxSizeMb' })
  @Max(B.maxSizeMb, { message: 'cms.site.extends.imageMaxSizeMb' })
  imageMaxSizeMb?: number;
  @ApiPropertyOptional({ description: 'Extensions that may be uploaded', type: [String], enum: KNOWN_EXTS })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    Array.isArray(value) ? [...new Set(value.map((v) => (typeof v === 'string' ? v.trim().toLowerCase().replace(/^\./, '') : v)))] : value,
  )
  @IsArray({ message: 'cms.site.extends.uploadAllowedExts' })
  @ArrayMaxSize(KNOWN_EXTS.length, { message: 'cms.site.extends.uploadAllowedExts' })
  @IsIn(KNOWN_EXTS, { each: true, message: 'cms.site.extends.uploadAllowedExts' })
  uploadAllowedExts?: string[];
  @ApiPropertyOptional({
    description: 'Thumbnail width, 0 = by the height (both 0: no thumbnail)',
    minimum: B.minThumbnail,
    maximum: B.maxThumbnail,
  })
  @IsOptional()
  @IsInt({ message: 'cms.site.extends.thumbnailSize' })
  @Min(B.minThumbnail, { message: 'cms.site.extends.thumbnailSize' })
  @Max(B.maxThumbnail, { message: 'cms.site.extends.thumbnailSize' })
  thumbnailWidth?: number;
  @ApiPropertyOptional({ description: 'Thumbnail height, 0 = by the width', minimum: B.minThumbnail, maximum: B.maxThumbnail })
  @IsOptional()
  @IsInt({ message: 'cms.site.extends.thumbnailSize' })
  @Min(B.minThumbnail, { message: 'cms.site.extends.thumbnailSize' })
  @Max(B.maxThumbnail, { message: 'cms.site.extends.thumbnailSize' })
  thumbnailHeight?: number;
  @ApiPropertyOptional({ type: () => SiteWatermarkDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => SiteWatermarkDto)
  watermark?: SiteWatermarkDto;
  @ApiPropertyOptional({ description: 'Download images of other hosts into the library when content is saved' })
  @IsOptional()
  @IsBoolean()
  remoteImageDownload?: boolean;
}

/** Default templates of catalogs on one publish pipe. */
export class PipeDefaultTemplatesDto {
  @ApiProperty() @IsString() @Matches(/^[A-Za-z0-9_]{1,50}$/, { message: 'cms.publishpipe.codeFormat' }) pipeCode: string;
  @ApiPropertyOptional({ description: "Catalog index template, path or ''" })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  @Matches(TEMPLATE_OR_EMPTY, { message: 'cms.site.templatePathFormat' })
  indexTemplate?: string;
  @ApiPropertyOptional({ description: "Catalog list template, path or ''" })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  @Matches(TEMPLATE_OR_EMPTY, { message: 'cms.site.templatePathFormat' })
  listTemplate?: string;
  @ApiPropertyOptional({ description: "Content detail template, path or ''" })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  @Matches(TEMPLATE_OR_EMPTY, { message: 'cms.site.templatePathFormat' })
  detailTemplate?: string;
}

export class SaveDefaultTemplatesDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) siteId: string;
  @ApiProperty({ type: [PipeDefaultTemplatesDto] })
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => PipeDefaultTemplatesDto)
  templates: PipeDefaultTemplatesDto[];
}

export class ApplyDefaultTemplatesDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) siteId: string;
  @ApiPropertyOptional({ type: [String], description: 'Only these catalogs (default: every catalog of the site)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5000)
  @Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((v) => (typeof v === 'number' ? String(v) : v)) : value))
  @Matches(ID, { each: true, message: 'error.badId' })
  catalogIds?: string[];
}

export class PublishSiteDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) siteId: string;
  @ApiPropertyOptional({ description: 'Only the home page instead of the whole site' }) @IsOptional() @IsBoolean() publishIndex?: boolean;
}

export class SiteIdBodyDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) siteId: string;
}

/** The multipart fields of a theme import. */
export class ImportThemeDto extends SiteIdBodyDto {
  @ApiPropertyOptional({ description: 'Replace: files of the imported pipes that the zip lacks are removed (a form sends "true")' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  replace?: boolean;
}

export class SitePropQueryDto extends PageQueryDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) siteId: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) propName?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) propCode?: string;
}

export class CreateSitePropDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) siteId: string;
  @ApiProperty({ maxLength: 100 })
  @Transform(trimmed)
  @IsString({ message: 'cms.site.prop.nameRequired' })
  @IsNotEmpty({ message: 'cms.site.prop.nameRequired' })
  @MaxLength(100, { message: 'cms.site.prop.nameRequired' })
  propName: string;
  @ApiProperty({ description: 'Letters, digits, underscore; unique in the site', maxLength: 100 })
  @Transform(trimmed)
  @IsString({ message: 'cms.site.prop.codeFormat' })
  @Matches(/^[A-Za-z0-9_]{1,100}$/, { message: 'cms.site.prop.codeFormat' })
  propCode: string;
  @ApiPropertyOptional({ maxLength: 10000 }) @IsOptional() @IsString() @MaxLength(10000) propValue?: string;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class UpdateSitePropDto extends CreateSitePropDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) propertyId: string;
}

/** A site as the API answers it. */
export class SiteDto {
  @ApiProperty() siteId: string;
  @ApiProperty() name: string;
  @ApiProperty() path: string;
  @ApiProperty() logo: string;
  @ApiProperty() resourceUrl: string;
  @ApiProperty() description: string;
  @ApiProperty({ enum: STATIC_SUFFIXES }) staticSuffix: string;
  @ApiProperty() sort: number;
  @ApiProperty() seoTitle: string;
  @ApiProperty() seoKeywords: string;
  @ApiProperty() seoDescription: string;
  @ApiProperty({ description: 'Per pipe code: url, indexTemplate, default catalog templates' }) publishPipeProps: Record<string, unknown>;
  @ApiProperty({ description: 'Extension settings' }) configProps: Record<string, unknown>;
  @ApiProperty() remark: string;
  @ApiProperty() createTime: Date;
}

export class CurrentSiteDto {
  @ApiProperty() siteId: string;
  @ApiProperty() siteName: string;
}
