import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

export class CaptchaQueryDto {
  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description: 'true: a captcha even while it is switched off (a failed sign-in answered `captchaRequired`)',
  })
  @IsOptional()
  @IsIn(['true', 'false'])
  required?: 'true' | 'false';
}

export class CaptchaDto {
  @ApiProperty({ description: 'Show the captcha: it is switched on, or `required=true` asked for one' }) captchaEnabled: boolean;
  @ApiProperty({ description: 'Self-registration is open (parameter sys.account.registerUser): login screens show a register link' })
  registerEnabled: boolean;
  @ApiPropertyOptional({ description: 'data:image/svg+xml;base64,...' }) img?: string;
  @ApiPropertyOptional() uuid?: string;
}

export class UserInfoUserDto {
  @ApiProperty() userId: string;
  @ApiProperty() userName: string;
  @ApiProperty() nickName: string;
  @ApiProperty() email: string;
  @ApiProperty() phonenumber: string;
  @ApiProperty() sex: string;
  @ApiProperty() avatar: string;
  @ApiProperty({ description: 'Avatar URL or empty (clients show a default)' }) avatarSrc: string;
  @ApiPropertyOptional() deptId: string | null;
  @ApiPropertyOptional() deptName: string;
  @ApiPropertyOptional() loginIp: string;
  @ApiPropertyOptional() loginDate: Date | null;
  @ApiProperty({ type: [Object] }) roles: Array<{ roleId: string; roleKey: string; roleName: string }>;
}

export class UserInfoDto {
  @ApiProperty() user: UserInfoUserDto;
  @ApiProperty({ type: [String] }) roles: string[];
  @ApiProperty({ type: [String], description: '["*"] for a super administrator' }) permissions: string[];
}

export class PasswordCheckDto {
  @ApiProperty() isPasswordExpired: boolean;
  @ApiProperty() forceModifyPassword: boolean;
}

export class OnlineSessionDto {
  @ApiProperty() tokenId: string;
  @ApiProperty() userName: string;
  @ApiProperty() deptName: string;
  @ApiProperty() ipaddr: string;
  @ApiProperty() browser: string;
  @ApiProperty() os: string;
  @ApiProperty() loginTime: number;
  @ApiProperty() lastAccessTime: number;
}
