import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';
import { ID, idText, trimmed } from '../word-group.dto';
import { URL_TARGETS, type UrlTarget } from './hot-word.entity';

/** A link of a hot word: absolute http(s) or site-relative, no spaces, no other scheme. */
export const HOT_WORD_URL = /^(?:https?:\/\/[^\s"'<>]+|\/[^\s"'<>]*)$/;

export class HotWordQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Group id' }) @IsOptional() @Matches(ID, { message: 'error.badId' }) groupId?: string;
  @ApiPropertyOptional({ description: 'Part of the word' }) @IsOptional() @IsString() @MaxLength(100) query?: string;
}

export class CreateHotWordDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) groupId: string;
  @ApiProperty({ maxLength: 100 })
  @Transform(trimmed)
  @IsString({ message: 'word.hot.wordRequired' })
  @IsNotEmpty({ message: 'word.hot.wordRequired' })
  @MaxLength(100, { message: 'word.hot.wordRequired' })
  word: string;
  @ApiProperty({ maxLength: 500, description: 'http(s) URL or a path starting with /' })
  @Transform(trimmed)
  @IsString({ message: 'word.hot.urlFormat' })
  @MaxLength(500, { message: 'word.hot.urlFormat' })
  @Matches(HOT_WORD_URL, { message: 'word.hot.urlFormat' })
  url: string;
  @ApiPropertyOptional({ enum: URL_TARGETS, default: '_blank' })
  @IsOptional()
  @IsIn(URL_TARGETS, { message: 'word.hot.targetFormat' })
  urlTarget?: UrlTarget;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class UpdateHotWordDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) wordId: string;
  @ApiProperty({ maxLength: 100 })
  @Transform(trimmed)
  @IsString({ message: 'word.hot.wordRequired' })
  @IsNotEmpty({ message: 'word.hot.wordRequired' })
  @MaxLength(100, { message: 'word.hot.wordRequired' })
  word: string;
  @ApiProperty({ maxLength: 500 })
  @Transform(trimmed)
  @IsString({ message: 'word.hot.urlFormat' })
  @MaxLength(500, { message: 'word.hot.urlFormat' })
  @Matches(HOT_WORD_URL, { message: 'word.hot.urlFormat' })
  url: string;
  @ApiPropertyOptional({ enum: URL_TARGETS })
  @IsOptional()
  @IsIn(URL_TARGETS, { message: 'word.hot.targetFormat' })
  urlTarget?: UrlTarget;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class HotWordDto {
  @ApiProperty() wordId: string;
  @ApiProperty() groupId: string;
  @ApiProperty() word: string;
  @ApiProperty() url: string;
  @ApiProperty({ enum: URL_TARGETS }) urlTarget: string;
  @ApiProperty() useCount: string;
  @ApiProperty() hitCount: string;
  @ApiProperty() remark: string;
  @ApiProperty() createTime: Date;
}

export class HotWordGroupDto {
  @ApiProperty() groupId: string;
  @ApiProperty() name: string;
  @ApiProperty() code: string;
  @ApiProperty() sortFlag: number;
  @ApiProperty() wordTotal: number;
  @ApiProperty() remark: string;
}

export class HotWordGroupOptionDto {
  @ApiProperty() groupId: string;
  @ApiProperty() code: string;
  @ApiProperty() name: string;
}
