import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { CHECK_TYPE_CODES, PRICE_MODES, type CheckTypeCode, type PriceMode } from '@zhiwen/shared';
import { PageQueryDto } from '../../common/paging/page-query.dto';

const ID = /^[1-9]\d{0,17}$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

export class ProductQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name' }) @IsOptional() @IsString() @MaxLength(100) productName?: string;
  @ApiPropertyOptional({ enum: CHECK_TYPE_CODES }) @IsOptional() @IsIn(CHECK_TYPE_CODES) checkType?: CheckTypeCode;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
}

export class CreateProductDto {
  @ApiProperty({ maxLength: 100 }) @Transform(trimmed) @IsString() @IsNotEmpty() @MaxLength(100) productName: string;
  @ApiProperty({ description: 'Price in fen (integer): per paper, or per thousand characters' }) @IsInt() @Min(0) @Max(100_000_000) price: number;
  @ApiProperty({ enum: PRICE_MODES }) @IsIn(PRICE_MODES) priceMode: PriceMode;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) image?: string;
  @ApiProperty({ description: 'Public route, e.g. /bkysb' })
  @Transform(trimmed)
  @IsString()
  @Matches(/^\/[a-z0-9_-]{1,60}$/, { message: 'check.product.pathFormat' })
  pathUrl: string;
  @ApiPropertyOptional({ maxLength: 5000 }) @IsOptional() @IsString() @MaxLength(5000) description?: string;
  @ApiPropertyOptional({ enum: ['0', '1'], default: '0' }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
  @ApiProperty() @IsInt() @Min(0) @Max(999999) sort: number;
  @ApiProperty({ enum: CHECK_TYPE_CODES }) @IsIn(CHECK_TYPE_CODES) checkType: CheckTypeCode;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class UpdateProductDto extends CreateProductDto {
  @ApiProperty() @Transform(idText) @Matches(ID) productId: string;
}

/** A product as the API answers it. */
export class ProductDto {
  @ApiProperty() productId: string;
  @ApiProperty() productName: string;
  @ApiProperty() price: number;
  @ApiProperty({ enum: PRICE_MODES }) priceMode: string;
  @ApiProperty() image: string;
  @ApiProperty() pathUrl: string;
  @ApiProperty() description: string;
  @ApiProperty({ enum: ['0', '1'] }) status: string;
  @ApiProperty() sort: number;
  @ApiProperty({ enum: CHECK_TYPE_CODES }) checkType: string;
  @ApiProperty() remark: string;
  @ApiProperty() createTime: Date;
}

/** A product as the public site lists it. */
export class CheckProductPublicDto {
  @ApiProperty() productId: string;
  @ApiProperty() productName: string;
  @ApiProperty({ description: 'Fen' }) price: number;
  @ApiProperty({ enum: PRICE_MODES }) priceMode: string;
  @ApiProperty() image: string;
  @ApiProperty() pathUrl: string;
  @ApiProperty() description: string;
  @ApiProperty() sort: number;
  @ApiProperty({ enum: CHECK_TYPE_CODES }) checkType: string;
  @ApiProperty({ enum: ['aigc', 'duplicate', 'rewrite'] }) kind: string;
  @ApiProperty({ description: 'Largest paper, in counted characters' }) charLimit: number;
  @ApiProperty({ type: [String], description: 'Library kinds searched' }) libraryKinds: string[];
  @ApiProperty({ type: [String], description: 'Report variants delivered' }) reports: string[];
}
