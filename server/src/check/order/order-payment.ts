import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import type { CheckOrder } from './check-order.entity';

/**
 * What the check order service asks of online payment. The payment module (`payment/`) implements it and registers
 * itself at start (`CheckOrderService.usePayments`): it depends on orders, so orders reach it through this interface
 * and never through its tables.
 */
/** What payment reads of an order (it never reads the order's table). */
export type PayableOrder = Pick<CheckOrder, 'orderId' | 'orderNo' | 'title' | 'totalFee' | 'status' | 'payProvider' | 'createTime' | 'memberId'>;

export interface OrderPayments {
  /** Whether priced orders are paid online now (a channel is enabled). */
  enabled(): Promise<boolean>;
  /** When an unpaid order of this creation time is closed. */
  deadline(order: Pick<PayableOrder, 'createTime'>): Promise<Date>;
  /** Creates the trade of the member's chosen method (or answers the still-valid one); closes other pending ones first. */
  start(order: PayableOrder, choice: PaymentChoice): Promise<void>;
  /** Asks the provider about the order's pending trade when it was not asked lately; true when the order moved. */
  sync(order: PayableOrder): Promise<boolean>;
  /** The payment side of orders as their members see it. */
  memberViews(orders: PayableOrder[]): Promise<Map<string, MemberPaymentView>>;
  /** The payment side of one order for staff. */
  staffView(order: PayableOrder): Promise<StaffPaymentView>;
  /** Refunds an order paid online through its provider; false when it was not paid online (the caller marks it by hand). */
  refund(order: PayableOrder, amount: number | undefined, reason: string, actor: string): Promise<boolean>;
}

export interface PaymentChoice {
  channel: 'wechat' | 'alipay';
  method: 'native' | 'h5' | 'jsapi' | 'precreate' | 'page' | 'wap';
  returnUrl?: string;
  clientIp: string;
}

export class MemberPaymentDto {
  @ApiProperty({ enum: ['wechat', 'alipay'] }) channel: string;
  @ApiProperty() method: string;
  @ApiProperty({ enum: ['pending', 'paid', 'closed'] }) status: string;
  @ApiProperty({ description: 'native/precreate: the QR text' }) codeUrl: string;
  @ApiProperty({ description: 'The QR code as an SVG data URL' }) qrImage: string;
  @ApiProperty({ description: 'h5/page/wap: where to send the browser' }) payUrl: string;
  @ApiProperty({ nullable: true, type: 'object', additionalProperties: { type: 'string' }, description: 'jsapi: WeixinJSBridge parameters' })
  jsapi: Record<string, string> | null;
  @ApiProperty() expireTime: Date;
}

export class MemberRefundDto {
  @ApiProperty({ description: 'Fen' }) amount: number;
  @ApiProperty({ enum: ['processing', 'success', 'failed', 'closed'] }) status: string;
  @ApiProperty() reason: string;
  @ApiProperty() createTime: Date;
  @ApiProperty({ nullable: true, type: Date }) successTime: Date | null;
}

export interface MemberPaymentView {
  payDeadline: Date | null;
  payment: MemberPaymentDto | null;
  refundedFee: number;
  refunds: MemberRefundDto[];
}

export class TradeDto {
  @ApiProperty() tradeId: string;
  @ApiProperty() outTradeNo: string;
  @ApiProperty() orderId: string;
  @ApiProperty() orderNo: string;
  @ApiProperty({ enum: ['wechat', 'alipay'] }) channel: string;
  @ApiProperty() method: string;
  @ApiProperty({ description: 'Fen' }) amount: number;
  @ApiProperty({ enum: ['pending', 'paid', 'closed'] }) status: string;
  @ApiProperty() providerTradeNo: string;
  @ApiProperty() payer: string;
  @ApiProperty() message: string;
  @ApiProperty() expireTime: Date;
  @ApiProperty({ nullable: true }) paidTime: Date | null;
  @ApiProperty({ nullable: true }) closedTime: Date | null;
  @ApiProperty() createTime: Date;
}

export class RefundDto {
  @ApiProperty() refundId: string;
  @ApiProperty() outRefundNo: string;
  @ApiProperty() tradeId: string;
  @ApiProperty() outTradeNo: string;
  @ApiProperty() orderId: string;
  @ApiProperty() orderNo: string;
  @ApiProperty({ enum: ['wechat', 'alipay'] }) channel: string;
  @ApiProperty({ description: 'Fen' }) amount: number;
  @ApiProperty() reason: string;
  @ApiProperty({ enum: ['processing', 'success', 'failed', 'closed'] }) status: string;
  @ApiProperty() providerRefundId: string;
  @ApiProperty() message: string;
  @ApiProperty({ nullable: true }) successTime: Date | null;
  @ApiProperty() createBy: string;
  @ApiProperty() createTime: Date;
}

export interface StaffPaymentView {
  payments: TradeDto[];
  refunds: RefundDto[];
  refundedFee: number;
  /** Fen that can still be refunded through the provider (0 when not paid online). */
  refundable: number;
}

/** A member's order without online payment: nothing to show. */
export const NO_PAYMENT_VIEW: MemberPaymentView = { payDeadline: null, payment: null, refundedFee: 0, refunds: [] };

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** An absolute http(s) address, query allowed (the order page's `?order=` brings the member back), no fragment. */
const HTTP_URL = /^https?:\/\/[^\s/?#]+([/?][^\s#]*)?$/;
export const PAY_CHANNELS = ['wechat', 'alipay'] as const;
export const PAY_METHODS = ['native', 'h5', 'jsapi', 'precreate', 'page', 'wap'] as const;

/** The member's choice of how to pay (`POST /check/orders/{orderNo}/pay`); without a channel the order's own provider applies. */
export class PayOrderDto {
  @ApiPropertyOptional({ enum: PAY_CHANNELS }) @IsOptional() @IsIn(PAY_CHANNELS) channel?: PaymentChoice['channel'];
  @ApiPropertyOptional({ enum: PAY_METHODS }) @IsOptional() @IsIn(PAY_METHODS) method?: PaymentChoice['method'];
  @ApiPropertyOptional({ description: 'h5/page/wap: where the browser returns after paying (this site)' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  @Matches(HTTP_URL, { message: 'validation.isUrl' })
  returnUrl?: string;
}

/** A refund asked by staff: the reason, and the fen (absent: all that is still refundable). */
export class RefundOrderDto {
  @ApiProperty({ maxLength: 200 }) @Transform(trimmed) @IsString() @IsNotEmpty() @MaxLength(200) reason: string;
  @ApiPropertyOptional({ description: 'Fen; absent = all still refundable' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100_000_000)
  amount?: number;
}
