import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { PageQueryDto } from '../../../common/paging/page-query.dto';

/** An id as text: up to 18 digits always fits a bigint (a 19-digit number may not, and the query would fail). */
const ID = /^[1-9]\d{0,17}$/;
const toIdList = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? value.split(',').map((s) => s.trim()) : value;

export class RoleQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(30) roleName?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) roleKey?: string;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
}

class RoleFieldsDto {
  @ApiProperty() @IsString() @IsNotEmpty() @Length(1, 30) roleName: string;
  @ApiProperty({ description: 'Letters, digits and underscore' })
  @IsString()
  @IsNotEmpty()
  @Length(1, 100)
  @Matches(/^[A-Za-z0-9_]+$/, { message: 'role.keyFormat' })
  roleKey: string;
  @ApiProperty() @Type(() => Number) @IsInt() @Min(0) @Max(9999) roleSort: number;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @Transform(toIdList)
  @IsArray()
  @ArrayMaxSize(2000)
  @Matches(ID, { each: true })
  menuIds?: string[];
  @ApiPropertyOptional() @IsOptional() @IsBoolean() menuCheckStrictly?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() deptCheckStrictly?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class CreateRoleDto extends RoleFieldsDto {}

export class UpdateRoleDto extends RoleFieldsDto {
  @ApiProperty() @Matches(ID) roleId: string;
}

export class RoleDataScopeDto {
  @ApiProperty() @Matches(ID) roleId: string;
  @ApiProperty({ enum: ['1', '2', '3', '4', '5'], description: 'all, custom depts, own dept, own dept and below, self' })
  @IsIn(['1', '2', '3', '4', '5'])
  dataScope: string;
  @ApiPropertyOptional({ type: [String], description: 'Departments of a custom (2) scope' })
  @IsOptional()
  @Transform(toIdList)
  @IsArray()
  @ArrayMaxSize(2000)
  @Matches(ID, { each: true })
  deptIds?: string[];
}

export class RoleStatusDto {
  @ApiProperty() @Matches(ID) roleId: string;
  @ApiProperty({ enum: ['0', '1'] }) @IsIn(['0', '1']) status: '0' | '1';
}

export class RoleUsersQueryDto extends PageQueryDto {
  @ApiProperty() @Matches(ID) roleId: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(30) userName?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20) phonenumber?: string;
}

export class RoleUserDto {
  @ApiProperty() @Matches(ID) roleId: string;
  @ApiProperty() @Matches(ID) userId: string;
}

export class RoleUsersDto {
  @ApiProperty() @Matches(ID) roleId: string;
  @ApiProperty({ type: [String] }) @Transform(toIdList) @IsArray() @ArrayMaxSize(500) @Matches(ID, { each: true }) userIds: string[];
}
