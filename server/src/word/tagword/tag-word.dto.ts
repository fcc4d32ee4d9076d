import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';
import { CreateWordGroupDto, ID, idText, trimmed } from '../word-group.dto';

export class TagWordGroupQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Parent group id (0: top level)' }) @IsOptional() @Matches(/^\d{1,18}$/) parentId?: string;
  @ApiPropertyOptional({ description: 'Part of the name or code' }) @IsOptional() @IsString() @MaxLength(100) query?: string;
}

export class CreateTagWordGroupDto extends CreateWordGroupDto {
  @ApiPropertyOptional({ description: 'Parent group id, 0 (default) at the top' })
  @IsOptional()
  @Transform(idText)
  @Matches(/^\d{1,18}$/, { message: 'error.badId' })
  parentId?: string;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) logo?: string;
}

export class UpdateTagWordGroupDto extends CreateTagWordGroupDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) groupId: string;
}

export class TagWordQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Group id' }) @IsOptional() @Matches(ID, { message: 'error.badId' }) groupId?: string;
  @ApiPropertyOptional({ description: 'Part of the word' }) @IsOptional() @IsString() @MaxLength(100) query?: string;
}

export class CreateTagWordDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) groupId: string;
  @ApiProperty({ maxLength: 100 })
  @Transform(trimmed)
  @IsString({ message: 'word.tag.wordRequired' })
  @IsNotEmpty({ message: 'word.tag.wordRequired' })
  @MaxLength(100, { message: 'word.tag.wordRequired' })
  word: string;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) logo?: string;
  @ApiPropertyOptional({ default: 0 }) @IsOptional() @IsInt() @Min(0) @Max(999999999) sortFlag?: number;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class UpdateTagWordDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) wordId: string;
  @ApiProperty({ maxLength: 100 })
  @Transform(trimmed)
  @IsString({ message: 'word.tag.wordRequired' })
  @IsNotEmpty({ message: 'word.tag.wordRequired' })
  @MaxLength(100, { message: 'word.tag.wordRequired' })
  word: string;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) logo?: string;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(999999999) sortFlag?: number;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

/** Several tag words at once (ChestnutCMS's batchAdd): `words` one per entry, blank entries ignored. */
export class BatchAddTagWordDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) groupId: string;
  @ApiProperty({ type: [String], maxItems: 1000 })
  @IsArray({ message: 'word.tag.batchEmpty' })
  @ArrayMaxSize(1000, { message: 'word.tag.batchTooMany' })
  @IsString({ each: true, message: 'word.tag.wordRequired' })
  @MaxLength(100, { each: true, message: 'word.tag.wordRequired' })
  words: string[];
}

export class TagWordSuggestQueryDto {
  @ApiPropertyOptional({ description: 'Part of the word; empty: the most used words' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  q?: string;
}

/** A tag word as the API answers it. */
export class TagWordDto {
  @ApiProperty() wordId: string;
  @ApiProperty() groupId: string;
  @ApiProperty() word: string;
  @ApiProperty() logo: string;
  @ApiProperty() useCount: string;
  @ApiProperty() hitCount: string;
  @ApiProperty() sortFlag: number;
  @ApiProperty() remark: string;
  @ApiProperty() createTime: Date;
}

export class TagWordGroupDto {
  @ApiProperty() groupId: string;
  @ApiProperty() parentId: string;
  @ApiProperty() name: string;
  @ApiProperty() code: string;
  @ApiProperty() logo: string;
  @ApiProperty() sortFlag: number;
  @ApiProperty() wordTotal: number;
  @ApiProperty() remark: string;
}
