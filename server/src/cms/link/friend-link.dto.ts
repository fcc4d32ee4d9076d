import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';

export const ID = /^[1-9]\d{0,17}$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);
/** Letters, digits and underscore. */
export const LINK_GROUP_CODE = /^[A-Za-z0-9_]{1,50}$/;
/** A friend link's address: absolute http(s) only, no spaces or quotes (it goes into href). */
export const FRIEND_LINK_URL = /^https?:\/\/[^\s"'<>\\]+$/i;
/** A logo: '' or a path of the site's material library (`resources/…`, no `..`). */
export const FRIEND_LINK_LOGO = /^(?:|resources\/(?!.*\.\.)[A-Za-z0-9_./-]{1,480})$/;

export class LinkGroupQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name or code' }) @IsOptional() @IsString() @MaxLength(100) query?: string;
}

export class CreateLinkGroupDto {
  @ApiProperty({ maxLength: 100 })
  @Transform(trimmed)
  @IsString({ message: 'cms.link.group.nameRequired' })
  @IsNotEmpty({ message: 'cms.link.group.nameRequired' })
  @MaxLength(100, { message: 'cms.link.group.nameRequired' })
  name: string;
  @ApiProperty({ description: 'Letters, digits, underscore; unique in the site', maxLength: 50 })
  @Transform(trimmed)
  @IsString({ message: 'cms.link.group.codeFormat' })
  @Matches(LINK_GROUP_CODE, { message: 'cms.link.group.codeFormat' })
  code: string;
  @ApiPropertyOptional({ default: 0 }) @IsOptional() @IsInt() @Min(0) @Max(999999999) sortFlag?: number;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class UpdateLinkGroupDto extends CreateLinkGroupDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) groupId: string;
}

export class LinkQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Group id' }) @IsOptional() @Matches(ID, { message: 'error.badId' }) groupId?: string;
  @ApiPropertyOptional({ description: 'Part of the name or URL' }) @IsOptional() @IsString() @MaxLength(100) query?: string;
}

export class CreateLinkDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) groupId: string;
  @ApiProperty({ maxLength: 100 })
  @Transform(trimmed)
  @IsString({ message: 'cms.link.nameRequired' })
  @IsNotEmpty({ message: 'cms.link.nameRequired' })
  @MaxLength(100, { message: 'cms.link.nameRequired' })
  name: string;
  @ApiProperty({ maxLength: 500, description: 'http:// or https:// URL' })
  @Transform(trimmed)
  @IsString({ message: 'cms.link.urlFormat' })
  @MaxLength(500, { message: 'cms.link.urlFormat' })
  @Matches(FRIEND_LINK_URL, { message: 'cms.link.urlFormat' })
  url: string;
  @ApiPropertyOptional({ maxLength: 500, description: "A path of the site's material library (resources/...), '' for none" })
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: 'cms.link.logoFormat' })
  @Matches(FRIEND_LINK_LOGO, { message: 'cms.link.logoFormat' })
  logo?: string;
  @ApiPropertyOptional({ default: 0 }) @IsOptional() @IsInt() @Min(0) @Max(999999999) sortFlag?: number;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class UpdateLinkDto extends CreateLinkDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) linkId: string;
}

export class LinkGroupDto {
  @ApiProperty() groupId: string;
  @ApiProperty() name: string;
  @ApiProperty() code: string;
  @ApiProperty() sortFlag: number;
  @ApiProperty() linkTotal: number;
  @ApiProperty() remark: string;
}

export class LinkDto {
  @ApiProperty() linkId: string;
  @ApiProperty() groupId: string;
  @ApiProperty() name: string;
  @ApiProperty() url: string;
  @ApiProperty() logo: string;
  @ApiPropertyOptional({ description: 'URL of the logo (lists only)' }) logoSrc?: string;
  @ApiProperty() sortFlag: number;
  @ApiProperty() remark: string;
  @ApiProperty() createTime: Date;
}

/** A link as templates see it (`link_list`). */
export interface LinkView {
  linkId: string;
  name: string;
  url: string;
  logo: string;
  /** Full URL of the logo ('' when none). */
  logoUrl: string;
  remark: string;
}
