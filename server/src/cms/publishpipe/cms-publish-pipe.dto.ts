import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';

const ID = /^[1-9]\d{0,17}$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

/** Letters, digits and underscore, as the table's check constraint says. */
export const PIPE_CODE = /^[A-Za-z0-9_]{1,50}$/;

export class PublishPipeQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name' }) @IsOptional() @IsString() @MaxLength(100) name?: string;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
}

export class CreatePublishPipeDto {
  @ApiProperty({ maxLength: 100 })
  @Transform(trimmed)
  @IsString({ message: 'cms.publishpipe.nameRequired' })
  @IsNotEmpty({ message: 'cms.publishpipe.nameRequired' })
  @MaxLength(100, { message: 'cms.publishpipe.nameRequired' })
  name: string;
  @ApiProperty({ description: 'Letters, digits, underscore; unique in the site; cannot change later', maxLength: 50 })
  @Transform(trimmed)
  @IsString({ message: 'cms.publishpipe.codeFormat' })
  @Matches(PIPE_CODE, { message: 'cms.publishpipe.codeFormat' })
  code: string;
  @ApiPropertyOptional({ enum: ['0', '1'], default: '0', description: "'0' enabled, '1' disabled" }) @IsOptional() @IsIn(['0', '1']) status?:
    '0' | '1';
  @ApiPropertyOptional({ default: 0 }) @IsOptional() @IsInt() @Min(0) @Max(999999) sort?: number;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class UpdatePublishPipeDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) publishpipeId: string;
  @ApiProperty({ maxLength: 100 })
  @Transform(trimmed)
  @IsString({ message: 'cms.publishpipe.nameRequired' })
  @IsNotEmpty({ message: 'cms.publishpipe.nameRequired' })
  @MaxLength(100, { message: 'cms.publishpipe.nameRequired' })
  name: string;
  @ApiPropertyOptional({ description: 'When sent, must equal the current code (codes do not change)' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(50)
  code?: string;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(999999) sort?: number;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

/** A publish pipe as the API answers it. */
export class PublishPipeDto {
  @ApiProperty() publishpipeId: string;
  @ApiProperty() siteId: string;
  @ApiProperty() name: string;
  @ApiProperty() code: string;
  @ApiProperty({ enum: ['0', '1'] }) status: string;
  @ApiProperty() sort: number;
  @ApiProperty() remark: string;
  @ApiProperty() createTime: Date;
}

/** An option of the publish pipe selector (enabled pipes of the current site). */
export class PublishPipeOptionDto {
  @ApiProperty() pipeCode: string;
  @ApiProperty() pipeName: string;
}
