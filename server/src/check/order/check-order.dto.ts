import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { CHECK_KINDS, CHECK_TYPE_CODES, type CheckKind, type CheckTypeCode } from '@zhiwen/shared';
import { MemberPaymentDto, MemberRefundDto, RefundDto, TradeDto } from './order-payment';
import { PageQueryDto } from '../../common/paging/page-query.dto';
import { ORDER_STATUSES, type OrderStatus } from './check-order.status';
import { MEMBER_REPORT_FORMATS, type MemberReportFormat } from './check-order.view';

const ID = /^[1-9]\d{0,17}$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

/** The text fields of the multipart order form (the paper itself is the `file` part). */
export class CreateOrderDto {
  @ApiProperty() @Transform(idText) @Matches(ID) productId: string;
  @ApiProperty({ maxLength: 200 }) @Transform(trimmed) @IsString() @IsNotEmpty() @MaxLength(200) title: string;
  @ApiPropertyOptional({ maxLength: 100 }) @IsOptional() @Transform(trimmed) @IsString() @MaxLength(100) author?: string;
  @ApiPropertyOptional({ description: 'The paper joins the self library once checked (a form sends "true")' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  selfConsent?: boolean;
}

/** The member's own orders. */
export class MyOrderQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ORDER_STATUSES }) @IsOptional() @IsIn(ORDER_STATUSES) status?: OrderStatus;
  @ApiPropertyOptional({ description: 'Exact order number' }) @IsOptional() @Transform(trimmed) @IsString() @MaxLength(40) orderNo?: string;
  @ApiPropertyOptional({ enum: CHECK_KINDS }) @IsOptional() @IsIn(CHECK_KINDS) kind?: CheckKind;
}

/** Which report file of an order. */
export class MemberReportQueryDto {
  @ApiPropertyOptional({ enum: MEMBER_REPORT_FORMATS, default: 'html' }) @IsOptional() @IsIn(MEMBER_REPORT_FORMATS) format?: MemberReportFormat;
}

/** The staff list of all orders. */
export class OrderQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Exact order number' }) @IsOptional() @Transform(trimmed) @IsString() @MaxLength(40) orderNo?: string;
  @ApiPropertyOptional({ description: 'Part of the title' }) @IsOptional() @IsString() @MaxLength(200) title?: string;
  @ApiPropertyOptional({ enum: ORDER_STATUSES }) @IsOptional() @IsIn(ORDER_STATUSES) status?: OrderStatus;
  @ApiPropertyOptional({ enum: CHECK_TYPE_CODES }) @IsOptional() @IsIn(CHECK_TYPE_CODES) checkType?: CheckTypeCode;
  @ApiPropertyOptional() @IsOptional() @Matches(ID) memberId?: string;
}

/** Why staff cancel or refund an order; kept in the order's log. */
export class OrderReasonDto {
  @ApiProperty({ maxLength: 500 }) @Transform(trimmed) @IsString() @IsNotEmpty() @MaxLength(500) reason: string;
}

/** A payment confirmation may say how the money came (transfer reference); optional. */
export class ConfirmPaymentDto {
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @Transform(trimmed) @IsString() @MaxLength(500) reason?: string;
}

export class OrderLogDto {
  @ApiProperty() logId: string;
  @ApiProperty({ description: 'Empty for the creation row' }) fromStatus: string;
  @ApiProperty({ enum: ORDER_STATUSES }) toStatus: string;
  @ApiProperty() actor: string;
  @ApiProperty() reason: string;
  @ApiProperty() createTime: Date;
}

/** An order as the API answers it; the storage key and md5 of the paper stay on the server. */
export class OrderDto {
  @ApiProperty() orderId: string;
  @ApiProperty() orderNo: string;
  @ApiProperty() title: string;
  @ApiProperty() author: string;
  @ApiProperty({ nullable: true, type: String }) productId: string | null;
  @ApiProperty({ enum: CHECK_TYPE_CODES }) checkType: string;
  @ApiProperty({ description: 'Fen' }) totalFee: number;
  @ApiProperty() charCount: number;
  @ApiProperty({ enum: ORDER_STATUSES }) status: string;
  @ApiProperty() payProvider: string;
  @ApiProperty({ nullable: true, type: Date }) payTime: Date | null;
  @ApiProperty() fileName: string;
  @ApiProperty() memberId: string;
  @ApiProperty({ nullable: true, type: String }) tid: string | null;
  @ApiProperty() remark: string;
  @ApiProperty() createTime: Date;
  @ApiProperty() updateTime: Date;
}

export class OrderResultDto {
  @ApiProperty({ nullable: true, type: Number, description: 'Ratios in [0, 1]; null for an AI-content check' }) totalRatio: number | null;
  @ApiProperty({ nullable: true, type: Number }) ratioExcludingCited: number | null;
  @ApiProperty({ nullable: true, type: Number }) ratioExcludingSelf: number | null;
  @ApiProperty({ nullable: true, type: Number }) largestSourceRatio: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'AI feature value in [0, 1]' }) aigcScore: number | null;
}

/** Where a rewrite stands: flagged paragraphs, how many are rewritten or failed, the rate before and after. */
export class RewriteStateDto {
  @ApiProperty() paragraphs: number;
  @ApiProperty() rewritten: number;
  @ApiProperty() failed: number;
  @ApiProperty({ nullable: true, type: Number }) before: number | null;
  @ApiProperty({ nullable: true, type: Number }) after: number | null;
}

export class OrderDetailDto extends OrderDto {
  @ApiProperty({ type: [OrderLogDto], description: 'Status changes, oldest first' }) log: OrderLogDto[];
  @ApiProperty({ description: '0-100' }) progress: number;
  @ApiProperty() stage: string;
  @ApiProperty() errorMessage: string;
  @ApiProperty({ nullable: true, type: String }) reusedOrderId: string | null;
  @ApiProperty({ nullable: true, type: OrderResultDto }) result: OrderResultDto | null;
  @ApiProperty({ nullable: true, type: RewriteStateDto }) rewrite: RewriteStateDto | null;
  @ApiProperty({ type: [TradeDto], description: 'Online payment attempts, newest first' }) payments: TradeDto[];
  @ApiProperty({ type: [RefundDto], description: 'Refunds through the provider, newest first' }) refunds: RefundDto[];
  @ApiProperty({ description: 'Fen refunded through the provider' }) refundedFee: number;
  @ApiProperty({ description: 'Fen that can still be refunded through the provider' }) refundable: number;
}

/** An order as its member sees it (no internal ids). */
export class MemberOrderDto {
  @ApiProperty() orderNo: string;
  @ApiProperty() title: string;
  @ApiProperty() author: string;
  @ApiProperty({ nullable: true, type: String }) productId: string | null;
  @ApiProperty() productName: string;
  @ApiProperty({ enum: CHECK_TYPE_CODES }) checkType: string;
  @ApiProperty({ enum: CHECK_KINDS }) kind: string;
  @ApiProperty({ description: 'Fen' }) totalFee: number;
  @ApiProperty() charCount: number;
  @ApiProperty({ enum: ORDER_STATUSES }) status: string;
  @ApiProperty() payProvider: string;
  @ApiProperty({ description: 'Unpaid and waiting for staff to confirm a manual payment' }) awaitingConfirmation: boolean;
  @ApiProperty({ nullable: true, type: Date }) payTime: Date | null;
  @ApiProperty() fileName: string;
  @ApiProperty() createTime: Date;
  @ApiProperty() updateTime: Date;
  @ApiProperty({ description: '0-100' }) progress: number;
  @ApiProperty() stage: string;
  @ApiProperty({ nullable: true, type: OrderResultDto }) result: OrderResultDto | null;
  @ApiProperty({ nullable: true, type: RewriteStateDto }) rewrite: RewriteStateDto | null;
  @ApiProperty({ enum: MEMBER_REPORT_FORMATS, isArray: true }) reports: string[];
  @ApiProperty() errorMessage: string;
  @ApiProperty({ description: 'The finished report of an earlier order of the same paper was reused' }) reused: boolean;
  @ApiProperty({ description: 'Finished and not opened yet' }) unread: boolean;
  @ApiProperty({ nullable: true, type: Date, description: 'An order waiting for online payment is cancelled after this' }) payDeadline: Date | null;
  @ApiProperty({ nullable: true, type: MemberPaymentDto, description: 'The latest online payment attempt' }) payment: MemberPaymentDto | null;
  @ApiProperty({ description: 'Fen refunded' }) refundedFee: number;
  @ApiProperty({ type: [MemberRefundDto] }) refunds: MemberRefundDto[];
}

export class CountDto {
  @ApiProperty() count: number;
}
