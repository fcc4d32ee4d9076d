import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Length, Matches, Max, MaxLength, Min } from 'class-validator';

/** An id as text: up to 18 digits always fits a bigint (a 19-digit number may not, and the query would fail). */
const ID = /^[1-9]\d{0,17}$/;

export class MenuQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(50) menuName?: string;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) visible?: '0' | '1';
}

class MenuFieldsDto {
  @ApiProperty() @IsString() @IsNotEmpty() @Length(1, 50) menuName: string;
  @ApiProperty({ description: '0 for a top-level entry' }) @Matches(/^(0|[1-9]\d{0,17})$/) parentId: string;
  @ApiProperty() @Type(() => Number) @IsInt() @Min(0) @Max(9999) orderNum: number;
  @ApiProperty({ enum: ['M', 'C', 'F'], description: 'directory, screen, button' }) @IsIn(['M', 'C', 'F']) menuType: 'M' | 'C' | 'F';
  @ApiPropertyOptional({ description: 'Route segment; a full http(s) URL for an external link' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  path?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) @Matches(/^[\w\-/]*$/, { message: 'menu.componentFormat' }) component?: string;
  @ApiPropertyOptional({ description: 'Route query as JSON' }) @IsOptional() @IsString() @MaxLength(255) query?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() isFrame?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() isCache?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() isAffix?: boolean;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) visible?: '0' | '1';
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) @Matches(/^[\w:*.-]*$/, { message: 'menu.permsFormat' }) perms?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) icon?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class CreateMenuDto extends MenuFieldsDto {}

export class UpdateMenuDto extends MenuFieldsDto {
  @ApiProperty() @Matches(ID) menuId: string;
}

/** A node of a picker tree (RuoYi `treeselect` shape). */
export class TreeNodeDto {
  @ApiProperty() id: string;
  @ApiProperty() label: string;
  @ApiPropertyOptional({ type: () => [TreeNodeDto] }) children?: TreeNodeDto[];
}
