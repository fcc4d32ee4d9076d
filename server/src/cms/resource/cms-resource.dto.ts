import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDateString, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';
import { RESOURCE_TYPES, type ResourceType } from './cms-resource.entity';

const ID = /^[1-9]\d{0,17}$/;
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const noDate = ({ value }: { value: unknown }) => (value === '' || value === null ? undefined : value);
/** Trimmed, non-empty, unique tags; a comma list (multipart forms) or an array. */
export const tagList = ({ value }: { value: unknown }) => {
  const list = typeof value === 'string' ? value.split(/[,，]/) : value;
  return Array.isArray(list) ? [...new Set(list.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== ''))] : list;
};

/** Optional tags: at most 20, each at most 50 characters (upload fields and edits). */
const TagsField = () =>
  applyDecorators(
    IsOptional(),
    Transform(tagList),
    IsArray(),
    ArrayMaxSize(20, { message: 'cms.resource.tagsInvalid' }),
    IsString({ each: true }),
    MaxLength(50, { each: true, message: 'cms.resource.tagsInvalid' }),
  );
/** Optional description of at most 1,000 characters. */
const DescriptionField = () =>
  applyDecorators(ApiPropertyOptional(), IsOptional(), IsString(), MaxLength(1000, { message: 'cms.resource.descriptionLength' }));

export class ResourceQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: RESOURCE_TYPES }) @IsOptional() @IsIn(RESOURCE_TYPES) resourceType?: ResourceType;
  @ApiPropertyOptional({ description: 'Part of the name' }) @IsOptional() @IsString() @MaxLength(255) name?: string;
  @ApiPropertyOptional({ description: 'Resources carrying this tag' }) @IsOptional() @IsString() @MaxLength(50) tag?: string;
  @ApiPropertyOptional({ description: 'Uploaded on or after' }) @IsOptional() @Transform(noDate) @IsDateString() beginTime?: string;
  @ApiPropertyOptional({ description: 'Uploaded on or before' }) @IsOptional() @Transform(noDate) @IsDateString() endTime?: string;
}

/** The text fields sent with an upload (multipart). */
export class UploadResourceFieldsDto {
  @ApiPropertyOptional({ description: 'Display name (one file only; default: the file name)' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(255, { message: 'cms.resource.nameLength' })
  name?: string;
  @ApiPropertyOptional({ description: 'Comma list of tags', type: String })
  @TagsField()
  tags?: string[];
  @DescriptionField() description?: string;
}

export class UpdateResourceDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) resourceId: string;
  @ApiProperty()
  @Transform(trimmed)
  @IsString()
  @Matches(/\S/, { message: 'cms.resource.nameLength' })
  @MaxLength(255, { message: 'cms.resource.nameLength' })
  name: string;
  @ApiPropertyOptional({ type: [String] })
  @TagsField()
  tags?: string[];
  @DescriptionField() description?: string;
}

export class ResourceTypeDto {
  @ApiProperty({ enum: RESOURCE_TYPES }) id: ResourceType;
  @ApiProperty() name: string;
  @ApiProperty({ type: [String] }) exts: string[];
  @ApiProperty() icon: string;
}

export class ResourceUsageDto {
  @ApiProperty() contentId: string;
  @ApiProperty() title: string;
  @ApiProperty() catalogName: string;
  @ApiProperty() status: string;
}

export class ResourceDto {
  @ApiProperty() resourceId: string;
  @ApiProperty() siteId: string;
  @ApiProperty({ enum: RESOURCE_TYPES }) resourceType: ResourceType;
  @ApiProperty() name: string;
  @ApiProperty() fileName: string;
  @ApiProperty({ description: 'Path inside the site folder' }) path: string;
  @ApiProperty() suffix: string;
  @ApiProperty() mime: string;
  @ApiProperty() fileSize: string;
  @ApiProperty() width: number;
  @ApiProperty() height: number;
  @ApiProperty({ description: "Thumbnail path inside the site folder, '' = none" }) thumbnail: string;
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty() description: string;
  @ApiProperty() sourceUrl: string;
  @ApiProperty() sha256: string;
  @ApiProperty({ description: 'Public URL' }) src: string;
  @ApiProperty({ description: 'Thumbnail URL (src when there is none)' }) thumbnailSrc: string;
  @ApiProperty() iconType: string;
  @ApiProperty() createBy: string;
  @ApiProperty() createTime: Date;
}

export class ResourceDetailDto extends ResourceDto {
  @ApiProperty({ type: [ResourceUsageDto] }) usages: ResourceUsageDto[];
}
