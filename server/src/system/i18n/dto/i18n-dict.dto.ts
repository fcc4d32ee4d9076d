import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { LANGUAGES, type Language } from '@zhiwen/shared';
import { PageQueryDto } from '../../../common/paging/page-query.dto';

/** An id as text: up to 18 digits always fits a bigint (a 19-digit number may not, and the query would fail). */
const ID = /^[1-9]\d{0,17}$/;
/** Keys such as `menu.system.user`, `dict.sys_user_sex.0`, `validation.isNotEmpty`: no leading or trailing blanks. */
const TRIMMED = /^\S(.*\S)?$/;
/** Bounds one translated text (the column is unbounded). */
export const LANG_VALUE_MAX = 10_000;

export class I18nDictQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: LANGUAGES }) @IsOptional() @IsIn([...LANGUAGES]) langTag?: Language;
  @ApiPropertyOptional({ description: 'Key contains' }) @IsOptional() @IsString() @MaxLength(200) langKey?: string;
  @ApiPropertyOptional({ description: 'Text contains' }) @IsOptional() @IsString() @MaxLength(200) langValue?: string;
}

/** One translation: a key's text in one language (also an item of `PUT /batch`). */
export class I18nEntryDto {
  @ApiProperty({ enum: LANGUAGES }) @IsString() @IsNotEmpty() @IsIn([...LANGUAGES]) langTag: Language;
  @ApiProperty({ maxLength: 200 }) @IsString() @IsNotEmpty() @Length(1, 200) @Matches(TRIMMED) langKey: string;
  @ApiProperty({ maxLength: LANG_VALUE_MAX }) @IsString() @IsNotEmpty() @MaxLength(LANG_VALUE_MAX) langValue: string;
}

export class CreateI18nDictDto extends I18nEntryDto {
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class UpdateI18nDictDto extends CreateI18nDictDto {
  @ApiProperty() @Matches(ID) dictId: string;
}

/** A translation entry as the API answers it. */
export class I18nDictDto {
  @ApiProperty() dictId: string;
  @ApiProperty({ enum: LANGUAGES }) langTag: string;
  @ApiProperty() langKey: string;
  @ApiProperty() langValue: string;
  @ApiProperty() remark: string;
  @ApiProperty() createBy: string;
  @ApiProperty() createTime: Date;
  @ApiProperty() updateBy: string;
  @ApiProperty() updateTime: Date;
}

/** The texts of one key (`GET /langKey/{key}`). */
export class KeyTranslationDto {
  @ApiProperty({ enum: LANGUAGES }) langTag: string;
  @ApiProperty() langValue: string;
  @ApiProperty() dictId: string;
}

/** A language choice (`GET /langOptions`). */
export class LangOptionDto {
  @ApiProperty({ enum: LANGUAGES }) value: string;
  @ApiProperty({ example: '简体中文' }) label: string;
}
