import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { ACCOUNT } from '@zhiwen/shared';
import { INVITE_CODE, MEMBER_PASSWORD, MEMBER_USER_NAME, MOBILE_PHONE } from '../../member-rules';

const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' || value === null ? undefined : value);
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** `POST /register` (spec 7): user name, password, captcha answer and id, and the referral cookie's code. */
export class RegisterDto {
  @ApiProperty({
    minLength: ACCOUNT.registerUsernameMin,
    maxLength: ACCOUNT.registerUsernameMax,
    description: 'Starts with a letter; letters, digits, underscore',
  })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @Length(ACCOUNT.registerUsernameMin, ACCOUNT.registerUsernameMax)
  @Matches(MEMBER_USER_NAME, { message: 'member.userNamePattern' })
  username: string;

  @ApiProperty({ minLength: MEMBER_PASSWORD.min, maxLength: MEMBER_PASSWORD.max })
  @IsString()
  @IsNotEmpty()
  @Length(MEMBER_PASSWORD.min, MEMBER_PASSWORD.max)
  password: string;

  @ApiPropertyOptional({ description: 'Captcha answer (required while the captcha is on)' })
  @IsOptional()
  @IsString()
  @MaxLength(10)
  authCode?: string;

  @ApiPropertyOptional({ description: 'Captcha id from GET /captchaImage' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  uuid?: string;

  @ApiPropertyOptional({ description: 'Invitation code of the referrer (the randomCode cookie), 5 letters or digits' })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @Matches(INVITE_CODE, { message: 'member.randomCodePattern' })
  randomCode?: string;
}

/** The member's own profile; the user name is fixed at registration. */
export class UpdateMemberProfileDto {
  @ApiProperty({ maxLength: 30 }) @Transform(trimmed) @IsString() @IsNotEmpty() @Length(1, 30) nickName: string;
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
  @ApiPropertyOptional({ enum: ['0', '1', '2'], description: '0 male, 1 female, 2 unknown' }) @IsOptional() @IsIn(['0', '1', '2']) sex?: string;
}

export class UpdateMemberPasswordDto {
  @ApiPropertyOptional({ description: 'Required when the account has a password (a WeChat-created one may not)' })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  oldPassword?: string;

  @ApiProperty({ minLength: MEMBER_PASSWORD.min, maxLength: MEMBER_PASSWORD.max })
  @IsString()
  @IsNotEmpty()
  @Length(MEMBER_PASSWORD.min, MEMBER_PASSWORD.max)
  newPassword: string;
}

/** The signed-in member as the public site shows it. */
export class MemberProfileDto {
  @ApiProperty() memberId: string;
  @ApiProperty() userName: string;
  @ApiProperty() nickName: string;
  @ApiProperty() phonenumber: string;
  @ApiProperty() email: string;
  @ApiPropertyOptional({ nullable: true }) birthday: string | null;
  @ApiProperty() sex: string;
  @ApiProperty() avatar: string;
  @ApiProperty({ description: 'Avatar URL or empty (clients show a default)' }) avatarSrc: string;
  @ApiProperty({ enum: ['register', 'admin', 'wechat'] }) source: string;
  @ApiProperty() registerTime: Date;
  @ApiPropertyOptional({ nullable: true }) loginDate: Date | null;
  @ApiProperty() loginIp: string;
  @ApiProperty() level: number;
  @ApiProperty() levelName: string;
  @ApiProperty() exp: number;
  @ApiPropertyOptional({ nullable: true, description: 'Total exp at which the next level starts; null at the top' }) nextLevelExp: number | null;
  @ApiProperty({ description: 'This member’s own invitation code' }) inviteCode: string;
  @ApiProperty() wechatBound: boolean;
  @ApiProperty({ description: 'False for an account created by WeChat login that never set one' }) hasPassword: boolean;
}

/** `GET /member/info`: the shape of the staff GET /getInfo, so the site treats both alike. */
export class MemberInfoDto {
  @ApiProperty() user: MemberProfileDto;
  @ApiProperty({ type: [String], description: 'Always empty: members hold no roles' }) roles: string[];
  @ApiProperty({ type: [String], description: 'Always empty: members hold no back-office permissions' }) permissions: string[];
}
