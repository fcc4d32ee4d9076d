import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Length, Matches, MaxLength, Min } from 'class-validator';
import { ACCOUNT, MemberSource } from '@zhiwen/shared';
import { TimeRangeQueryDto } from '../../common/paging/time-range';
import { MEMBER_PASSWORD, MEMBER_USER_NAME, MOBILE_PHONE } from '../member-rules';

/** An id as text: up to 18 digits always fits a bigint (a 19-digit number may not, and the query would fail). */
const ID = /^[1-9]\d{0,17}$/;
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' || value === null ? undefined : value);
/** Trimmed text, '' read as absent. */
const trimmedOrAbsent = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : (value ?? undefined));
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

/** Filters of the member list; the time window is the registration time. */
export class MemberQueryDto extends TimeRangeQueryDto {
  @ApiPropertyOptional({ description: 'Part of the user name' }) @IsOptional() @IsString() @MaxLength(30) userName?: string;
  @ApiPropertyOptional({ description: 'Part of the nickname' }) @IsOptional() @IsString() @MaxLength(30) nickName?: string;
  @ApiPropertyOptional({ description: 'Part of the phone number' }) @IsOptional() @IsString() @MaxLength(20) phonenumber?: string;
  @ApiPropertyOptional({ description: 'Part of the email' }) @IsOptional() @IsString() @MaxLength(100) email?: string;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
  @ApiPropertyOptional({ enum: Object.values(MemberSource) }) @IsOptional() @IsIn(Object.values(MemberSource)) source?: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(0) level?: number;
  @ApiPropertyOptional({ description: 'Members who registered with this invitation code' })
  @IsOptional()
  @IsString()
  @MaxLength(5)
  referrerCode?: string;
}

class MemberFieldsDto {
  @ApiPropertyOptional({ maxLength: ACCOUNT.registerUsernameMax, description: 'Starts with a letter; letters, digits, underscore' })
  @Transform(trimmedOrAbsent)
  @IsOptional()
  @IsString()
  @Length(ACCOUNT.registerUsernameMin, ACCOUNT.registerUsernameMax)
  @Matches(MEMBER_USER_NAME, { message: 'member.userNamePattern' })
  userName?: string;
  @ApiPropertyOptional({ maxLength: 30 }) @IsOptional() @IsString() @MaxLength(30) nickName?: string;
  @ApiPropertyOptional()
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @Matches(MOBILE_PHONE, { message: 'validation.isMobilePhone' })
  phonenumber?: string;
  @ApiPropertyOptional() @Transform(emptyToUndefined) @IsOptional() @IsEmail() @MaxLength(100) email?: string;
  @ApiPropertyOptional({ description: 'YYYY-MM-DD' })
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.isDate' })
  birthday?: string;
  @ApiPropertyOptional({ enum: ['0', '1', '2'] }) @IsOptional() @IsIn(['0', '1', '2']) sex?: string;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class CreateMemberDto extends MemberFieldsDto {
  @ApiProperty({ minLength: MEMBER_PASSWORD.min, maxLength: MEMBER_PASSWORD.max })
  @IsString()
  @IsNotEmpty()
  @Length(MEMBER_PASSWORD.min, MEMBER_PASSWORD.max)
  password: string;
}

export class UpdateMemberDto extends MemberFieldsDto {
  @ApiProperty() @Transform(idText) @Matches(ID) memberId: string;
}

export class ResetMemberPasswordDto {
  @ApiProperty() @Transform(idText) @Matches(ID) memberId: string;
  @ApiProperty({ minLength: MEMBER_PASSWORD.min, maxLength: MEMBER_PASSWORD.max })
  @IsString()
  @IsNotEmpty()
  @Length(MEMBER_PASSWORD.min, MEMBER_PASSWORD.max)
  password: string;
}

export class ChangeMemberStatusDto {
  @ApiProperty() @Transform(idText) @Matches(ID) memberId: string;
  @ApiProperty({ enum: ['0', '1'] }) @IsIn(['0', '1']) status: '0' | '1';
}

/** A member as the back office sees it (no password hash, no WeChat ids). */
export class MemberRowDto {
  @ApiProperty() memberId: string;
  @ApiProperty() userName: string;
  @ApiProperty() nickName: string;
  @ApiProperty() phonenumber: string;
  @ApiProperty() email: string;
  @ApiPropertyOptional({ nullable: true }) birthday: string | null;
  @ApiProperty() sex: string;
  @ApiProperty() avatar: string;
  @ApiProperty({ enum: ['0', '1'] }) status: string;
  @ApiProperty({ enum: Object.values(MemberSource) }) source: string;
  @ApiProperty() registerTime: Date;
  @ApiProperty() registerIp: string;
  @ApiPropertyOptional({ nullable: true }) loginTime: Date | null;
  @ApiProperty() loginIp: string;
  @ApiPropertyOptional({ nullable: true }) lockEndTime: Date | null;
  @ApiProperty() level: number;
  @ApiProperty() exp: number;
  @ApiProperty() inviteCode: string;
  @ApiProperty() referrerCode: string;
  @ApiProperty() wechatBound: boolean;
  @ApiProperty() remark: string;
}
