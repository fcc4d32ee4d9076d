import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsDateString, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUrl, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';
import { StatRangeQueryDto } from '../stat/cms-stat.dto';
import { AD_TYPES, LINK_TARGETS, type AdType, type LinkTarget } from './cms-advertisement.entity';

const ID = /^[1-9]\d{0,17}$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);
/** '' or null clears a date. */
const dateOrNull = ({ value }: { value: unknown }) => (value === '' ? null : value);
const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

/** Longest code or text of an advert. */
export const AD_CONTENT_MAX = 20_000;

export class AdvertisementQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'The ad space (page widget of type ads)' })
  @IsOptional()
  @Transform(idText)
  @Matches(ID, { message: 'error.badId' })
  adSpaceId?: string;
  @ApiPropertyOptional({ description: 'Part of the name' }) @IsOptional() @IsString() @MaxLength(100) name?: string;
  @ApiPropertyOptional({ enum: AD_TYPES }) @IsOptional() @IsIn(AD_TYPES) type?: AdType;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
}

/** Fields of an advert a save sends. */
class AdvertisementFieldsDto {
  @ApiProperty({ maxLength: 100 })
  @Transform(trimmed)
  @IsString({ message: 'cms.ad.nameRequired' })
  @IsNotEmpty({ message: 'cms.ad.nameRequired' })
  @MaxLength(100, { message: 'cms.ad.nameRequired' })
  name: string;

  @ApiProperty({ enum: AD_TYPES }) @IsIn(AD_TYPES, { message: 'cms.ad.badType' }) type: AdType;

  @ApiPropertyOptional({ default: 100, minimum: 1, maximum: 10000, description: 'Share of views among the online adverts of the space' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'cms.ad.badWeight' })
  @Min(1, { message: 'cms.ad.badWeight' })
  @Max(10000, { message: 'cms.ad.badWeight' })
  weight?: number;

  @ApiPropertyOptional({ enum: ['0', '1'], default: '0', description: "'0' enabled, '1' disabled" })
  @IsOptional()
  @IsIn(['0', '1'])
  status?: '0' | '1';

  @ApiPropertyOptional({ nullable: true, description: 'ISO date-time the scheduler enables it (empty: none)' })
  @IsOptional()
  @Transform(dateOrNull)
  @ValidateIf((_, v) => v !== null)
  @IsDateString({}, { message: 'cms.ad.badDate' })
  onlineDate?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'ISO date-time the scheduler disables it, after onlineDate (empty: none)' })
  @IsOptional()
  @Transform(dateOrNull)
  @ValidateIf((_, v) => v !== null)
  @IsDateString({}, { message: 'cms.ad.badDate' })
  offlineDate?: string | null;

  @ApiPropertyOptional({ maxLength: 1000, description: 'Where a click goes: an http(s) address, or empty' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(1000, { message: 'cms.ad.badUrl' })
  @ValidateIf((_, v) => v !== '')
  @IsUrl(URL_OPTIONS, { message: 'cms.ad.badUrl' })
  redirectUrl?: string;

  @ApiPropertyOptional({ enum: LINK_TARGETS, default: '_blank' })
  @IsOptional()
  @IsIn(LINK_TARGETS, { message: 'cms.ad.badTarget' })
  linkTarget?: LinkTarget;

  @ApiPropertyOptional({ maxLength: 500, description: "An image advert's picture: a material library path" })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(500)
  resourcePath?: string;

  @ApiPropertyOptional({ maxLength: AD_CONTENT_MAX, description: 'Text of a text advert, HTML of a code advert' })
  @IsOptional()
  @IsString()
  @MaxLength(AD_CONTENT_MAX, { message: 'cms.ad.contentTooLong' })
  content?: string;

  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class CreateAdvertisementDto extends AdvertisementFieldsDto {
  @ApiProperty({ description: 'The ad space' }) @Transform(idText) @Matches(ID, { message: 'error.badId' }) adSpaceId: string;
}

export class UpdateAdvertisementDto extends AdvertisementFieldsDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) advertisementId: string;
}

/** An advert as the API answers it. */
export class AdvertisementDto {
  @ApiProperty() advertisementId: string;
  @ApiProperty() siteId: string;
  @ApiProperty() adSpaceId: string;
  @ApiProperty({ enum: AD_TYPES }) type: string;
  @ApiProperty() name: string;
  @ApiProperty() weight: number;
  @ApiProperty({ enum: ['0', '1'] }) status: string;
  @ApiProperty({ nullable: true }) onlineDate: Date | null;
  @ApiProperty({ nullable: true }) offlineDate: Date | null;
  @ApiProperty() redirectUrl: string;
  @ApiProperty({ enum: LINK_TARGETS }) linkTarget: string;
  @ApiProperty() resourcePath: string;
  @ApiProperty({ description: 'URL of the picture (image adverts)' }) resourceUrl?: string;
  @ApiProperty() content: string;
  @ApiProperty() rawCode: boolean;
  @ApiProperty() remark: string;
  @ApiProperty() createTime: Date;
}

export class AdOptionDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
}

/** The ad statistics of a range: per advert, or the adverts of one space. */
export class AdStatQueryDto extends StatRangeQueryDto {
  @ApiPropertyOptional({ description: 'Only the adverts of this ad space' })
  @IsOptional()
  @Transform(idText)
  @Matches(ID, { message: 'error.badId' })
  adSpaceId?: string;
  @ApiPropertyOptional({ description: 'Only this advert' })
  @IsOptional()
  @Transform(idText)
  @Matches(ID, { message: 'error.badId' })
  advertisementId?: string;
}

export class AdLogQueryDto extends PageQueryDto {
  @ApiProperty({ description: 'The advert' }) @Transform(idText) @Matches(ID, { message: 'error.badId' }) advertisementId: string;
  @ApiPropertyOptional({ description: 'YYYY-MM-DD' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'cms.stat.badDate' })
  beginDate?: string;
  @ApiPropertyOptional({ description: 'YYYY-MM-DD' }) @IsOptional() @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'cms.stat.badDate' }) endDate?: string;
}

export class AdStatSumDto {
  @ApiProperty() advertisementId: string;
  @ApiProperty() name: string;
  @ApiProperty() adSpaceId: string;
  @ApiProperty() adSpaceName: string;
  @ApiProperty({ description: 'Views (one per visitor and day)' }) views: number;
  @ApiProperty() clicks: number;
  @ApiProperty({ description: 'clicks / views, 0 when no views' }) ctr: number;
}

export class AdChartDto {
  @ApiProperty({ type: [String] }) days: string[];
  @ApiProperty({ type: [Number] }) views: number[];
  @ApiProperty({ type: [Number] }) clicks: number[];
  @ApiProperty({ type: [Number] }) ctr: number[];
  @ApiProperty() total: { views: number; clicks: number; ctr: number };
}

export class AdEventDto {
  @ApiProperty() visitId: string;
  @ApiProperty() visitTime: Date;
  @ApiProperty({ description: 'The page path the event came from' }) path: string;
  @ApiProperty() clientType: string;
  @ApiProperty() visitorId: string;
}

/** What the view and click beacons send (`/api/adv/view`, `/api/adv/click`, `/api/adv/redirect`). */
export class AdBeaconDto {
  @ApiProperty({ description: 'The advert' }) @Transform(idText) @Matches(ID, { message: 'error.badId' }) aid: string;
  @ApiPropertyOptional({ description: 'The page address', maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  url?: string;
}
