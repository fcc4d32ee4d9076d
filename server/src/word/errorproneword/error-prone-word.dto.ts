import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';
import { ID, idText, trimmed } from '../word-group.dto';

export class ErrorProneWordQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the word or its replacement' }) @IsOptional() @IsString() @MaxLength(100) query?: string;
}

export class CreateErrorProneWordDto {
  @ApiProperty({ maxLength: 100 })
  @Transform(trimmed)
  @IsString({ message: 'word.errorProne.wordRequired' })
  @IsNotEmpty({ message: 'word.errorProne.wordRequired' })
  @MaxLength(100, { message: 'word.errorProne.wordRequired' })
  word: string;
  @ApiProperty({ maxLength: 100 })
  @Transform(trimmed)
  @IsString({ message: 'word.errorProne.replaceRequired' })
  @IsNotEmpty({ message: 'word.errorProne.replaceRequired' })
  @MaxLength(100, { message: 'word.errorProne.replaceRequired' })
  replaceWord: string;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class UpdateErrorProneWordDto extends CreateErrorProneWordDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) wordId: string;
}

/** What to check: plain text (a title), an HTML body, or both. */
export class CheckErrorProneDto {
  @ApiPropertyOptional({ description: 'Plain text: the title (and subtitle)', maxLength: 1000 })
  @IsOptional()
  @IsString({ message: 'word.errorProne.textRequired' })
  @MaxLength(1000, { message: 'word.errorProne.textRequired' })
  text?: string;
  // As long as a content body may be (cms-content.dto.ts).
  @ApiPropertyOptional({ description: 'HTML, e.g. the body: only its text is checked, never tags or attributes', maxLength: 2_000_000 })
  @IsOptional()
  @IsString({ message: 'word.errorProne.textRequired' })
  @MaxLength(2_000_000, { message: 'word.errorProne.textRequired' })
  html?: string;
}

export class ErrorProneWordDto {
  @ApiProperty() wordId: string;
  @ApiProperty() word: string;
  @ApiProperty() replaceWord: string;
  @ApiProperty() remark: string;
  @ApiProperty() createTime: Date;
}

/** One error-prone word found by a check. */
export class ErrorProneHitDto {
  @ApiProperty() word: string;
  @ApiProperty() replaceWord: string;
  @ApiProperty({ description: 'Occurrences in the text and the HTML together' }) count: number;
}
