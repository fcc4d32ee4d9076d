import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Length, Matches, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';

const ID = /^[1-9]\d{0,17}$/;
/** A comma list of up to 100 ids, as RuoYi deletes take them in the path. */
const ID_LIST = /^[1-9]\d{0,17}(,[1-9]\d{0,17}){0,99}$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

export class PostQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the post code' }) @IsOptional() @IsString() @MaxLength(64) postCode?: string;
  @ApiPropertyOptional({ description: 'Part of the post name' }) @IsOptional() @IsString() @MaxLength(50) postName?: string;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
}

export class PostIdParam {
  @ApiProperty() @Matches(ID) postId: string;
}

export class PostIdsParam {
  @ApiProperty({ description: 'Comma-separated post ids, e.g. 1,2,3' }) @Matches(ID_LIST, { message: 'post.idsInvalid' }) postIds: string;
}

export class CreatePostDto {
  @ApiProperty({ description: 'Letters, digits and underscore', maxLength: 64 })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  @Matches(/^[A-Za-z0-9_]+$/, { message: 'post.codeFormat' })
  postCode: string;
  @ApiProperty({ maxLength: 50 }) @Transform(trimmed) @IsString() @IsNotEmpty() @Length(1, 50) postName: string;
  @ApiProperty({ description: 'Display order' }) @IsInt() @Min(0) @Max(999999) postSort: number;
  @ApiPropertyOptional({ enum: ['0', '1'], default: '0' }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class UpdatePostDto extends CreatePostDto {
  @ApiProperty() @Transform(idText) @Matches(ID) postId: string;
}

/** A post as the API answers it. */
export class PostDto {
  @ApiProperty() postId: string;
  @ApiProperty() postCode: string;
  @ApiProperty() postName: string;
  @ApiProperty() postSort: number;
  @ApiProperty({ enum: ['0', '1'] }) status: string;
  @ApiProperty() remark: string;
  @ApiProperty() createTime: Date;
}
