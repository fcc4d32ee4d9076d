import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { PageQueryDto } from '../common/paging/page-query.dto';
import { TimeRangeQueryDto } from '../common/paging/time-range';
import { PAY_CHANNELS, PAY_METHODS } from '../check/order/order-payment';
import type { DiffKind, RefundStatus, TradeStatus } from './payment.entity';
import type { PayChannel, PayMethod } from './payment-gateway';

export { PAY_CHANNELS, PAY_METHODS };
export { RefundDto, TradeDto } from '../check/order/order-payment';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const PEM_MAX = 8192;

class PayChannelPropsDto {
  @ApiPropertyOptional() @IsOptional() @Transform(trimmed) @IsString() @MaxLength(32) @Matches(/^[0-9A-Za-z_-]*$/) mchId?: string;
  @ApiPropertyOptional() @IsOptional() @Transform(trimmed) @IsString() @MaxLength(64) @Matches(/^[0-9A-Za-z_-]*$/) appId?: string;
  @ApiPropertyOptional() @IsOptional() @Transform(trimmed) @IsString() @MaxLength(64) @Matches(/^[0-9A-Za-z]*$/) serialNo?: string;
  @ApiPropertyOptional() @IsOptional() @Transform(trimmed) @IsString() @MaxLength(64) @Matches(/^[0-9A-Za-z_]*$/) platformPublicKeyId?: string;
  @ApiPropertyOptional() @IsOptional() @Transform(trimmed) @IsString() @MaxLength(PEM_MAX) platformPublicKey?: string;
  @ApiPropertyOptional() @IsOptional() @Transform(trimmed) @IsString() @MaxLength(32) @Matches(/^[0-9]*$/) sellerId?: string;
  @ApiPropertyOptional() @IsOptional() @Transform(trimmed) @IsString() @MaxLength(PEM_MAX) alipayPublicKey?: string;
}

class PayChannelSecretsDto {
  @ApiPropertyOptional({ description: 'PEM; stored sealed, never answered; empty keeps the stored one' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(PEM_MAX)
  privateKey?: string;
  @ApiPropertyOptional({ description: 'WeChat Pay APIv3 key (32 characters); empty keeps the stored one' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(32)
  apiV3Key?: string;
}

export class SavePayChannelDto {
  @ApiProperty() @IsBoolean() enabled: boolean;
  @ApiProperty({ enum: PAY_METHODS, isArray: true }) @IsArray() @ArrayMaxSize(3) @IsIn(PAY_METHODS, { each: true }) methods: PayMethod[];
  @ApiProperty({ description: 'Public base URL of this API that providers post notifications to, e.g. https://www.example.com/prod-api' })
  @Transform(trimmed)
  @IsString()
  @MaxLength(255)
  @Matches(/^$|^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, { message: 'validation.isUrl' })
  notifyBaseUrl: string;
  @ApiProperty({ type: PayChannelPropsDto }) @ValidateNested() @Type(() => PayChannelPropsDto) props: PayChannelPropsDto;
  @ApiPropertyOptional({ type: PayChannelSecretsDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => PayChannelSecretsDto)
  secrets?: PayChannelSecretsDto;
}

/** A channel's settings as answered: secrets only as "set or not". */
export class PayChannelConfigDto {
  @ApiProperty({ enum: PAY_CHANNELS }) channel: PayChannel;
  @ApiProperty() enabled: boolean;
  @ApiProperty({ enum: PAY_METHODS, isArray: true }) methods: PayMethod[];
  @ApiProperty() notifyBaseUrl: string;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) props: Record<string, string>;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'boolean' } }) secretsSet: Record<string, boolean>;
  @ApiProperty() updateBy: string;
  @ApiProperty({ nullable: true }) updateTime: Date | null;
}

export class PayChannelMethodsDto {
  @ApiProperty({ enum: PAY_CHANNELS }) channel: PayChannel;
  @ApiProperty({ enum: PAY_METHODS, isArray: true }) methods: PayMethod[];
}

/** What the public site may offer (`GET /check/payment/methods`). */
export class PaymentMethodsDto {
  @ApiProperty({ type: [PayChannelMethodsDto] }) channels: PayChannelMethodsDto[];
  @ApiProperty() timeoutMinutes: number;
}

export class TestResultDto {
  @ApiProperty() ok: boolean;
}

export class TradeQueryDto extends TimeRangeQueryDto {
  @ApiPropertyOptional() @IsOptional() @Transform(trimmed) @IsString() @MaxLength(40) orderNo?: string;
  @ApiPropertyOptional() @IsOptional() @Transform(trimmed) @IsString() @MaxLength(32) outTradeNo?: string;
  @ApiPropertyOptional({ enum: PAY_CHANNELS }) @IsOptional() @IsIn(PAY_CHANNELS) channel?: PayChannel;
  @ApiPropertyOptional({ enum: ['pending', 'paid', 'closed'] }) @IsOptional() @IsIn(['pending', 'paid', 'closed']) status?: TradeStatus;
}

export class RefundQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @Transform(trimmed) @IsString() @MaxLength(40) orderNo?: string;
  @ApiPropertyOptional({ enum: PAY_CHANNELS }) @IsOptional() @IsIn(PAY_CHANNELS) channel?: PayChannel;
  @ApiPropertyOptional({ enum: ['processing', 'success', 'failed', 'closed'] })
  @IsOptional()
  @IsIn(['processing', 'success', 'failed', 'closed'])
  status?: RefundStatus;
}

export class NotifyLogQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: PAY_CHANNELS }) @IsOptional() @IsIn(PAY_CHANNELS) channel?: PayChannel;
  @ApiPropertyOptional({ enum: ['accepted', 'duplicate', 'rejected'] })
  @IsOptional()
  @IsIn(['accepted', 'duplicate', 'rejected'])
  outcome?: 'accepted' | 'duplicate' | 'rejected';
  @ApiPropertyOptional() @IsOptional() @Transform(trimmed) @IsString() @MaxLength(64) outTradeNo?: string;
}

export class NotifyLogDto {
  @ApiProperty() logId: string;
  @ApiProperty() channel: string;
  @ApiProperty() kind: string;
  @ApiProperty() notifyId: string;
  @ApiProperty() outTradeNo: string;
  @ApiProperty() outcome: string;
  @ApiProperty() message: string;
  @ApiProperty() ip: string;
  @ApiProperty() createTime: Date;
}

export class ReconcileQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: PAY_CHANNELS }) @IsOptional() @IsIn(PAY_CHANNELS) channel?: PayChannel;
  @ApiPropertyOptional({ enum: ['done', 'failed'] }) @IsOptional() @IsIn(['done', 'failed']) status?: 'done' | 'failed';
}

export class RunReconcileDto {
  @ApiProperty({ enum: PAY_CHANNELS }) @IsIn(PAY_CHANNELS) channel: PayChannel;
  @ApiProperty({ description: 'YYYY-MM-DD (China time), before today' }) @Matches(DAY, { message: 'validation.isDate' }) billDate: string;
}

export class ReconcileDiffQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: PAY_CHANNELS }) @IsOptional() @IsIn(PAY_CHANNELS) channel?: PayChannel;
  @ApiPropertyOptional() @IsOptional() @Matches(DAY, { message: 'validation.isDate' }) billDate?: string;
  @ApiPropertyOptional({ enum: ['open', 'resolved'] }) @IsOptional() @IsIn(['open', 'resolved']) status?: 'open' | 'resolved';
  @ApiPropertyOptional({ enum: ['missingLocal', 'missingRemote', 'amountMismatch'] })
  @IsOptional()
  @IsIn(['missingLocal', 'missingRemote', 'amountMismatch'])
  kind?: DiffKind;
}

export class ResolveDiffDto {
  @ApiProperty({ maxLength: 500 }) @Transform(trimmed) @IsString() @IsNotEmpty() @MaxLength(500) resolution: string;
}

export class ReconcileDto {
  @ApiProperty() reconcileId: string;
  @ApiProperty({ enum: PAY_CHANNELS }) channel: PayChannel;
  @ApiProperty() billDate: string;
  @ApiProperty({ enum: ['done', 'failed'] }) status: 'done' | 'failed';
  @ApiProperty() billCount: number;
  @ApiProperty() localCount: number;
  @ApiProperty() diffCount: number;
  @ApiProperty() openCount: number;
  @ApiProperty() message: string;
  @ApiProperty() createTime: Date;
}

export class ReconcileDiffDto {
  @ApiProperty() diffId: string;
  @ApiProperty() reconcileId: string;
  @ApiProperty({ enum: PAY_CHANNELS }) channel: PayChannel;
  @ApiProperty() billDate: string;
  @ApiProperty({ enum: ['missingLocal', 'missingRemote', 'amountMismatch'] }) kind: DiffKind;
  @ApiProperty({ enum: ['payment', 'refund'] }) tradeKind: 'payment' | 'refund';
  @ApiProperty() outTradeNo: string;
  @ApiProperty() outRefundNo: string;
  @ApiProperty() orderNo: string;
  @ApiProperty({ nullable: true }) localAmount: number | null;
  @ApiProperty({ nullable: true }) remoteAmount: number | null;
  @ApiProperty({ enum: ['open', 'resolved'] }) status: 'open' | 'resolved';
  @ApiProperty() resolution: string;
  @ApiProperty() resolvedBy: string;
  @ApiProperty({ nullable: true }) resolvedTime: Date | null;
  @ApiProperty() createTime: Date;
}
