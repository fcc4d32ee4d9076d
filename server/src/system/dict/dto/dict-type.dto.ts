import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../../common/paging/page-query.dto';

/** An id as text: up to 18 digits always fits a bigint (a 19-digit number may not, and the query would fail). */
const ID = /^[1-9]\d{0,17}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Dictionary types are snake_case: lower-case letters, digits and underscores, starting with a letter. */
export const DICT_TYPE = /^[a-z][a-z0-9_]*$/;

export class DictTypeQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Name contains (stored or translated)' }) @IsOptional() @IsString() @MaxLength(100) dictName?: string;
  @ApiPropertyOptional({ description: 'Type contains' }) @IsOptional() @IsString() @MaxLength(100) dictType?: string;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
  @ApiPropertyOptional({ description: 'Created on or after (YYYY-MM-DD)' }) @IsOptional() @Matches(DATE) beginTime?: string;
  @ApiPropertyOptional({ description: 'Created on or before (YYYY-MM-DD)' }) @IsOptional() @Matches(DATE) endTime?: string;
}

export class CreateDictTypeDto {
  @ApiProperty({ maxLength: 100 }) @IsString() @IsNotEmpty() @Length(1, 100) dictName: string;
  @ApiProperty({ maxLength: 100, pattern: DICT_TYPE.source }) @IsString() @IsNotEmpty() @Length(1, 100) @Matches(DICT_TYPE) dictType: string;
  @ApiPropertyOptional({ enum: ['0', '1'], default: '0' }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class UpdateDictTypeDto extends CreateDictTypeDto {
  @ApiProperty() @Matches(ID) dictId: string;
}

/** A dictionary type as the API answers it; `dictName` in the caller's language when translated. */
export class DictTypeDto {
  @ApiProperty() dictId: string;
  @ApiProperty() dictName: string;
  @ApiProperty() dictType: string;
  @ApiProperty({ enum: ['Y', 'N'], description: 'Built in: cannot be deleted or renamed' }) isFixed: string;
  @ApiProperty({ enum: ['0', '1'] }) status: string;
  @ApiProperty() remark: string;
  @ApiProperty() createBy: string;
  @ApiProperty() createTime: Date;
  @ApiProperty() updateBy: string;
  @ApiProperty() updateTime: Date;
}

export class DictTypeOptionDto {
  @ApiProperty() dictId: string;
  @ApiProperty() dictName: string;
  @ApiProperty() dictType: string;
}
