import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../common/paging/page-query.dto';
import { PUSHER_CHANNEL_TYPES, PUSHER_EVENTS, type PusherChannelType, type PusherEvent } from './pusher.entity';

const ID = /^[1-9]\d{0,17}$/;

/** Filters of the channel list. */
export class PusherChannelQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(64) name?: string;
  @ApiPropertyOptional({ enum: PUSHER_CHANNEL_TYPES }) @IsOptional() @IsIn(PUSHER_CHANNEL_TYPES) channelType?: PusherChannelType;
}

/**
 * A channel as staff enter it. Secret fields (webhookUrl, signSecret, smtpPassword) left out or empty keep the stored
 * value on an update; signSecret `null` removes it (the robot no longer signs).
 */
export class SavePusherChannelDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(64) name: string;
  @ApiProperty({ enum: PUSHER_CHANNEL_TYPES }) @IsIn(PUSHER_CHANNEL_TYPES) channelType: PusherChannelType;
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() enabled?: boolean;
  @ApiProperty({ enum: PUSHER_EVENTS, isArray: true })
  @IsArray()
  @ArrayMaxSize(PUSHER_EVENTS.length)
  @IsIn(PUSHER_EVENTS, { each: true })
  events: PusherEvent[];
  @ApiPropertyOptional({ description: 'Robots: the whole webhook URL of the group robot (secret)' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  webhookUrl?: string;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'DingTalk 加签 (SEC…) or Feishu signature secret (secret); null removes it' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  signSecret?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) @Matches(/^[A-Za-z0-9.-]+$/) smtpHost?: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(65535) smtpPort?: number;
  @ApiPropertyOptional({ description: 'TLS from the start (port 465); otherwise STARTTLS when the server offers it' })
  @IsOptional()
  @IsBoolean()
  smtpSecure?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) smtpUser?: string;
  @ApiPropertyOptional({ description: 'Secret' }) @IsOptional() @IsString() @MaxLength(255) smtpPassword?: string;
  @ApiPropertyOptional({ example: '知文 <noreply@example.com>' }) @IsOptional() @IsString() @MaxLength(255) mailFrom?: string;
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(255, { each: true })
  mailTo?: string[];
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class ChangePusherStatusDto {
  @ApiProperty() @IsBoolean() enabled: boolean;
}

/** A channel as answered: secrets only as set or not. */
export class PusherChannelDto {
  @ApiProperty() channelId: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: PUSHER_CHANNEL_TYPES }) channelType: PusherChannelType;
  @ApiProperty() enabled: boolean;
  @ApiProperty({ enum: PUSHER_EVENTS, isArray: true }) events: PusherEvent[];
  @ApiProperty({ description: 'Where the robot is (the webhook host only), for recognising it', example: 'qyapi.weixin.qq.com' }) webhookHost: string;
  @ApiProperty() smtpHost: string;
  @ApiProperty({ nullable: true, type: Number }) smtpPort: number | null;
  @ApiProperty() smtpSecure: boolean;
  @ApiProperty() smtpUser: string;
  @ApiProperty() mailFrom: string;
  @ApiProperty({ type: [String] }) mailTo: string[];
  @ApiProperty({ description: 'Which secrets are stored', example: { webhookUrl: true, signSecret: false, smtpPassword: false } })
  secretsSet: { webhookUrl: boolean; signSecret: boolean; smtpPassword: boolean };
  @ApiProperty() remark: string;
  @ApiProperty() createBy: string;
  @ApiProperty() createTime: Date;
  @ApiProperty() updateBy: string;
  @ApiProperty() updateTime: Date;
}

/** Filters of the delivery log. */
export class PusherDeliveryQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @Matches(ID) channelId?: string;
  @ApiPropertyOptional({ enum: [...PUSHER_EVENTS, 'test'] }) @IsOptional() @IsIn([...PUSHER_EVENTS, 'test']) event?: string;
  @ApiPropertyOptional({ enum: ['pending', 'retrying', 'success', 'failed'] })
  @IsOptional()
  @IsIn(['pending', 'retrying', 'success', 'failed'])
  status?: string;
}

export class PusherTestResultDto {
  @ApiProperty() deliveryId: string;
  @ApiProperty({ description: 'What the robot or mail server answered' }) response: string;
}
