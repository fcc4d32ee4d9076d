import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';

/** An id as text: up to 18 digits always fits a bigint (a 19-digit number may not, and the query would fail). */
const ID = /^[1-9]\d{0,17}$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);
const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s#]*$/;

export class WechatConfigQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(50) configName?: string;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
}

class WechatConfigFieldsDto {
  @ApiProperty({ maxLength: 50 }) @Transform(trimmed) @IsString() @IsNotEmpty() @MaxLength(50) configName: string;
  @ApiProperty({ description: 'AppID of the website application (wx...)' })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @Length(1, 64)
  @Matches(/^[A-Za-z0-9_-]+$/)
  appId: string;
  @ApiProperty({ description: 'The site’s /wechatcallback page, as registered with WeChat' })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  @Matches(HTTP_URL, { message: 'validation.isUrl' })
  redirectUri: string;
  @ApiPropertyOptional({ enum: ['0', '1'], description: "'0' enabled (the others are then disabled), '1' disabled" })
  @IsOptional()
  @IsIn(['0', '1'])
  status?: '0' | '1';
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class CreateWechatConfigDto extends WechatConfigFieldsDto {
  @ApiProperty({ description: 'Stored encrypted, never answered' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  appSecret: string;
}

export class UpdateWechatConfigDto extends WechatConfigFieldsDto {
  @ApiProperty() @Transform(idText) @Matches(ID) configId: string;
  @ApiPropertyOptional({ description: 'A new secret; absent or empty keeps the stored one' })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  appSecret?: string;
}

/** A config as answered: the secret only as "set or not". */
export class WechatConfigDto {
  @ApiProperty() configId: string;
  @ApiProperty() configName: string;
  @ApiProperty() appId: string;
  @ApiProperty() appSecretSet: boolean;
  @ApiProperty() redirectUri: string;
  @ApiProperty({ enum: ['0', '1'] }) status: string;
  @ApiProperty() remark: string;
  @ApiProperty() createTime: Date;
  @ApiProperty() updateTime: Date;
}

/** `GET /wechat/qrConfig`: what the site's QR widget (WxLogin) needs. */
export class WechatQrConfigDto {
  @ApiProperty() appId: string;
  @ApiProperty() redirectUri: string;
  @ApiProperty({ example: 'snsapi_login' }) scope: string;
  @ApiProperty({ description: 'Single use, 10 minutes, bound to this browser by an HttpOnly cookie' }) state: string;
  @ApiProperty({ enum: ['login', 'bind'] }) purpose: string;
}

export class WechatQrQueryDto {
  @ApiPropertyOptional({ enum: ['login', 'bind'], default: 'login', description: 'bind: the code will go to POST /member/wechat/bind' })
  @IsOptional()
  @IsIn(['login', 'bind'])
  purpose?: 'login' | 'bind';
}

/** The provider's answer on the callback page: `?code=...&state=...`. */
export class WechatCodeDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(256) code: string;
  @ApiPropertyOptional({ description: 'The state of GET /wechat/qrConfig; missing or foreign: "login state verification failed"' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  state?: string;
}
