import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { CHECK_TYPE_CODES, type CheckTypeCode } from '@zhiwen/shared';
import { PageQueryDto } from '../../common/paging/page-query.dto';
import { ORDER_STATUSES, type OrderStatus } from './check-order.status';

const ID = /^[1-9]\d{0,17}$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

/** The text fields of the multipart order form (the paper itself is the `file` part). */
export class CreateOrderDto {
  @ApiProperty() @Transform(idText) @Matches(ID) productId: string;
  @ApiProperty({ maxLength: 200 }) @Transform(trimmed) @IsString() @IsNotEmpty() @MaxLength(200) title: string;
  @ApiPropertyOptional({ maxLength: 100 }) @IsOptional() @Transform(trimmed) @IsString() @MaxLength(100) author?: string;
}

/** The member's own orders. */
export class MyOrderQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ORDER_STATUSES }) @IsOptional() @IsIn(ORDER_STATUSES) status?: OrderStatus;
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

export class OrderDetailDto extends OrderDto {
  @ApiProperty({ type: [OrderLogDto], description: 'Status changes, oldest first' }) log: OrderLogDto[];
}
