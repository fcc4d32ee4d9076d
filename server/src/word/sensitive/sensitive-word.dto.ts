import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';

const ID = /^[1-9]\d{0,17}$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);
export const WORD_TYPES = ['sensitive', 'whitelist'] as const;
/** Longest text the check route takes. */
export const MAX_CHECK_TEXT = 100_000;

export class SensitiveWordQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the word' }) @IsOptional() @IsString() @MaxLength(255) word?: string;
  @ApiPropertyOptional({ enum: WORD_TYPES }) @IsOptional() @IsIn(WORD_TYPES) wordType?: 'sensitive' | 'whitelist';
}

export class CreateSensitiveWordDto {
  @ApiProperty({ maxLength: 255 })
  @Transform(trimmed)
  @IsString({ message: 'word.sensitive.wordRequired' })
  @IsNotEmpty({ message: 'word.sensitive.wordRequired' })
  @MaxLength(255, { message: 'word.sensitive.wordRequired' })
  word: string;
  @ApiPropertyOptional({ enum: WORD_TYPES, default: 'sensitive' })
  @IsOptional()
  @IsIn(WORD_TYPES, { message: 'word.sensitive.badType' })
  wordType?: 'sensitive' | 'whitelist';
  @ApiPropertyOptional({ maxLength: 255, description: "Put in place of the word when masking; '' = one * per character" })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(255)
  replaceWord?: string;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class UpdateSensitiveWordDto extends CreateSensitiveWordDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) wordId: string;
}

export class CheckSensitiveTextDto {
  @ApiProperty({ maxLength: MAX_CHECK_TEXT }) @IsString() @MaxLength(MAX_CHECK_TEXT) text: string;
}

export class ImportSensitiveWordsDto {
  @ApiPropertyOptional({ enum: WORD_TYPES, default: 'sensitive' })
  @IsOptional()
  @IsIn(WORD_TYPES, { message: 'word.sensitive.badType' })
  wordType?: 'sensitive' | 'whitelist';
}

/** A word as the API answers it. */
export class SensitiveWordDto {
  @ApiProperty() wordId: string;
  @ApiProperty() word: string;
  @ApiProperty({ enum: WORD_TYPES }) wordType: string;
  @ApiProperty() replaceWord: string;
  @ApiProperty() remark: string;
  @ApiProperty() createBy: string;
  @ApiProperty() createTime: Date;
}

export class SensitiveHitDto {
  @ApiProperty() word: string;
  @ApiProperty({ description: 'The text as found (before folding)' }) text: string;
  @ApiProperty({ description: 'UTF-16 offset in the checked text' }) start: number;
  @ApiProperty() end: number;
  @ApiProperty() replaceWord: string;
}

export class SensitiveCheckResultDto {
  @ApiProperty({ type: [SensitiveHitDto] }) hits: SensitiveHitDto[];
  @ApiProperty({ description: 'The text with every hit masked' }) masked: string;
}

export class SensitiveImportResultDto {
  @ApiProperty() added: number;
  @ApiProperty({ description: 'Lines that were empty, too long or already in the list' }) skipped: number;
}
