import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Length, Matches, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../../common/paging/page-query.dto';

/** An id as text: up to 18 digits always fits a bigint (a 19-digit number may not, and the query would fail). */
const ID = /^[1-9]\d{0,17}$/;
/** Values are identifiers used in code and in translation keys: no leading or trailing blanks. */
const TRIMMED = /^\S(.*\S)?$/;

export class DictDataQueryDto extends PageQueryDto {
  @ApiProperty({ description: 'The dictionary type' }) @IsString() @IsNotEmpty() @MaxLength(100) dictType: string;
  @ApiPropertyOptional({ description: 'Label contains (stored or translated)' }) @IsOptional() @IsString() @MaxLength(100) dictLabel?: string;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
}

export class CreateDictDataDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(100) dictType: string;
  @ApiProperty({ maxLength: 100 }) @IsString() @IsNotEmpty() @Length(1, 100) dictLabel: string;
  @ApiProperty({ maxLength: 100 }) @IsString() @IsNotEmpty() @Length(1, 100) @Matches(TRIMMED) dictValue: string;
  @ApiPropertyOptional({ default: 0 }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(999999) dictSort?: number;
  @ApiPropertyOptional({ maxLength: 100 }) @IsOptional() @IsString() @MaxLength(100) cssClass?: string;
  @ApiPropertyOptional({ maxLength: 100, description: 'default, primary, success, info, warning, danger' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  listClass?: string;
  @ApiPropertyOptional({ enum: ['Y', 'N'], default: 'N', description: 'Y clears the default flag of the other entries' })
  @IsOptional()
  @IsIn(['Y', 'N'])
  isDefault?: 'Y' | 'N';
  @ApiPropertyOptional({ enum: ['0', '1'], default: '0' }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class UpdateDictDataDto extends CreateDictDataDto {
  @ApiProperty() @Matches(ID) dictCode: string;
}

/** A dictionary entry as the admin API answers it; `dictLabel` in the caller's language when translated. */
export class DictDataDto {
  @ApiProperty() dictCode: string;
  @ApiProperty() dictSort: number;
  @ApiProperty() dictLabel: string;
  @ApiProperty() dictValue: string;
  @ApiProperty() dictType: string;
  @ApiProperty() cssClass: string;
  @ApiProperty() listClass: string;
  @ApiProperty({ enum: ['Y', 'N'] }) isDefault: string;
  @ApiProperty({ enum: ['0', '1'] }) status: string;
  @ApiProperty() remark: string;
  @ApiProperty() createBy: string;
  @ApiProperty() createTime: Date;
  @ApiProperty() updateBy: string;
  @ApiProperty() updateTime: Date;
}

/** An enabled entry as pages use it (`GET /system/dict/data/type/{type}`). */
export class DictItemDto {
  @ApiProperty() dictCode: string;
  @ApiProperty() dictSort: number;
  @ApiProperty({ description: "In the caller's language when translated" }) dictLabel: string;
  @ApiProperty() dictValue: string;
  @ApiProperty() cssClass: string;
  @ApiProperty() listClass: string;
  @ApiProperty({ enum: ['Y', 'N'] }) isDefault: string;
  @ApiProperty({ enum: ['0', '1'] }) status: string;
}
