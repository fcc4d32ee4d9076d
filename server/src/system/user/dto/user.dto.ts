import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsEmail, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { ACCOUNT } from '@zhiwen/shared';
import { PageQueryDto } from '../../../common/paging/page-query.dto';

/** An id as text: up to 18 digits always fits a bigint (a 19-digit number may not, and the query would fail). */
const ID = /^[1-9]\d{0,17}$/;
const toIdList = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? value.split(',').map((s) => s.trim()) : value;

export class UserQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(30) userName?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20) phonenumber?: string;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
  @ApiPropertyOptional({ description: 'A department; its sub-departments are included' }) @IsOptional() @Matches(ID) deptId?: string;
  @ApiPropertyOptional({ description: 'Created on or after (YYYY-MM-DD)' }) @IsOptional() @Matches(/^\d{4}-\d{2}-\d{2}$/) beginTime?: string;
  @ApiPropertyOptional({ description: 'Created on or before (YYYY-MM-DD)' }) @IsOptional() @Matches(/^\d{4}-\d{2}-\d{2}$/) endTime?: string;
}

class UserFieldsDto {
  @ApiPropertyOptional() @IsOptional() @Matches(ID) deptId?: string;
  @ApiProperty() @IsString() @IsNotEmpty() @Length(1, 30) nickName: string;
  @ApiPropertyOptional() @IsOptional() @Transform(({ value }) => (value === '' ? undefined : value)) @IsEmail() @MaxLength(100) email?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(({ value }) => (value === '' ? undefined : value))
  @Matches(/^1[3-9]\d{9}$/, { message: 'validation.isMobilePhone' })
  phonenumber?: string;
  @ApiPropertyOptional({ enum: ['0', '1', '2'] }) @IsOptional() @IsIn(['0', '1', '2']) sex?: string;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @Transform(toIdList)
  @IsArray()
  @ArrayMaxSize(100)
  @Matches(ID, { each: true })
  roleIds?: string[];
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @Transform(toIdList)
  @IsArray()
  @ArrayMaxSize(100)
  @Matches(ID, { each: true })
  postIds?: string[];
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class CreateUserDto extends UserFieldsDto {
  @ApiProperty({ minLength: ACCOUNT.adminUsernameMin, maxLength: ACCOUNT.adminUsernameMax })
  @IsString()
  @IsNotEmpty()
  @Length(ACCOUNT.adminUsernameMin, ACCOUNT.adminUsernameMax)
  @Matches(/^[A-Za-z0-9_@.\-\u4e00-\u9fa5]+$/)
  userName: string;

  @ApiProperty({ description: 'Checked against the active security policy' }) @IsString() @IsNotEmpty() @MaxLength(128) password: string;
}

export class UpdateUserDto extends UserFieldsDto {
  @ApiProperty() @Matches(ID) userId: string;
}

export class ResetPasswordDto {
  @ApiProperty() @Matches(ID) userId: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(128) password: string;
}

export class ChangeStatusDto {
  @ApiProperty() @Matches(ID) userId: string;
  @ApiProperty({ enum: ['0', '1'] }) @IsIn(['0', '1']) status: '0' | '1';
}

export class AuthRoleDto {
  @ApiProperty() @Matches(ID) userId: string;
  @ApiProperty({ type: [String] }) @Transform(toIdList) @IsArray() @ArrayMaxSize(100) @Matches(ID, { each: true }) roleIds: string[];
}

export class UpdateProfileDto {
  @ApiProperty() @IsString() @IsNotEmpty() @Length(1, 30) nickName: string;
  @ApiPropertyOptional() @IsOptional() @Transform(({ value }) => (value === '' ? undefined : value)) @IsEmail() @MaxLength(100) email?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(({ value }) => (value === '' ? undefined : value))
  @Matches(/^1[3-9]\d{9}$/, { message: 'validation.isMobilePhone' })
  phonenumber?: string;
  @ApiPropertyOptional({ enum: ['0', '1', '2'] }) @IsOptional() @IsIn(['0', '1', '2']) sex?: string;
}

export class UpdatePasswordDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(128) oldPassword: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(128) newPassword: string;
}

export class PreferencesDto {
  @ApiProperty({ description: 'UI preferences of the account (layout, language, page size...)', type: Object })
  @IsObject()
  preferences: Record<string, unknown>;
}

export class ImportUsersDto {
  @ApiPropertyOptional({ description: "'true': update accounts that exist; otherwise they are errors" })
  @IsOptional()
  @IsIn(['true', 'false'])
  updateSupport?: 'true' | 'false';

  @ApiProperty({ description: 'First password of the new accounts (checked against the policy; changed at first sign-in)' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  password: string;
}
