import { Body, Controller, Get, Param, Post, Put, Query, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { PageResult } from '@zhiwen/shared';
import { MemberOnly, RequirePermission } from '../../auth/permission';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { t } from '../../common/i18n/i18n';
import { IdPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../monitor/operlog/oper-log.decorator';
import { CHECK_TASK_LIMITS } from '../task/check-task.constants';
import { ConfirmPaymentDto, CreateOrderDto, MyOrderQueryDto, OrderDetailDto, OrderDto, OrderQueryDto, OrderReasonDto } from './check-order.dto';
import { CheckOrderService, type UploadedPaper } from './check-order.service';

const TITLE = '检测订单';

/** The public site's order routes: a signed-in member places orders and reads only its own. */
@ApiTags('check/order')
@ApiBearerAuth()
@Controller('check/order')
export class CheckOrderMemberController {
  constructor(private readonly orders: CheckOrderService) {}

  // No @OperLog: the operation log is the staff audit trail (it names staff users); the order's own log records the member.
  @Post()
  @MemberOnly()
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: CHECK_TASK_LIMITS.maxFileBytes, files: 1 }, defParamCharset: 'utf8' }))
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file', 'productId', 'title'],
      properties: { file: { type: 'string', format: 'binary' }, productId: { type: 'string' }, title: { type: 'string' }, author: { type: 'string' } },
    },
  })
  @ApiOperation({ summary: 'Order a check of a paper (docx, pdf, txt) with an enabled product; a free order is paid at once, others wait for payment' })
  @ApiEnvelope(OrderDetailDto)
  create(@UploadedFile() file: UploadedPaper | undefined, @Body() dto: CreateOrderDto, @Req() req: Request): Promise<OrderDetailDto> {
    return this.orders.create(req.member!, dto, file);
  }

  @Get('my/list')
  @MemberOnly()
  @ApiOperation({ summary: "The member's own orders, newest first" })
  @ApiEnvelope(OrderDto, { paged: true })
  myList(@Query() query: MyOrderQueryDto, @Req() req: Request): Promise<PageResult<OrderDto>> {
    return this.orders.myList(req.member!.id, query);
  }

  @Get('my/:orderNo')
  @MemberOnly()
  @ApiOperation({ summary: "One of the member's own orders by its number, with its status log" })
  @ApiEnvelope(OrderDetailDto)
  myGet(@Param('orderNo') orderNo: string, @Req() req: Request): Promise<OrderDetailDto> {
    return this.orders.myGet(req.member!.id, orderNo);
  }
}

/** The back office's order screen (检测订单): every member's orders, moved by hand where the machine allows. */
@ApiTags('check/order')
@ApiBearerAuth()
@Controller('check/order')
export class CheckOrderController {
  constructor(private readonly orders: CheckOrderService) {}

  @ListRoute<OrderDto>('list', {
    exportPermission: 'check:order:export',
    fileName: 'check.order.exportFile',
    columns: [
      { key: 'orderNo', header: 'field.orderNo', width: 30 },
      { key: 'title', header: 'field.title', width: 30 },
      { key: 'author', header: 'field.author', width: 14 },
      { key: 'checkType', header: 'field.checkType', width: 12 },
      { key: 'charCount', header: 'field.charCount', width: 10 },
      { key: 'totalFee', header: 'field.totalFee', width: 12 },
      { key: 'status', header: 'field.status', width: 12, format: (v) => t(`check.order.status.${String(v)}`) },
      { key: 'payProvider', header: 'field.payProvider', width: 10 },
      { key: 'payTime', header: 'field.payTime', width: 20 },
      { key: 'memberId', header: 'field.memberId', width: 10 },
      { key: 'createTime', header: 'field.createTime', width: 20 },
    ],
  })
  @RequirePermission('check:order:list')
  @ApiOperation({ summary: 'Check orders, paged, newest first; POST with cc-export: 1 downloads them (needs check:order:export too)' })
  @ApiEnvelope(OrderDto, { paged: true })
  list(@Query() query: OrderQueryDto): Promise<PageResult<OrderDto>> {
    return this.orders.list(query);
  }

  @Get(':orderId')
  @RequirePermission('check:order:query')
  @ApiOperation({ summary: 'One check order with its status log' })
  @ApiEnvelope(OrderDetailDto)
  get(@Param('orderId', IdPipe) orderId: string): Promise<OrderDetailDto> {
    return this.orders.detail(orderId);
  }

  @Put(':orderId/confirmPayment')
  @RequirePermission('check:order:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Confirm the payment of a manually paid order (created -> paid)' })
  @ApiEnvelope(OrderDetailDto)
  confirmPayment(@Param('orderId', IdPipe) orderId: string, @Body() dto: ConfirmPaymentDto, @Req() req: Request): Promise<OrderDetailDto> {
    return this.orders.confirmPayment(orderId, req.user!, dto.reason);
  }

  @Put(':orderId/cancel')
  @RequirePermission('check:order:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Cancel an unpaid order (created -> cancelled), with a reason' })
  @ApiEnvelope(OrderDetailDto)
  cancel(@Param('orderId', IdPipe) orderId: string, @Body() dto: OrderReasonDto, @Req() req: Request): Promise<OrderDetailDto> {
    return this.orders.cancel(orderId, req.user!, dto.reason);
  }

  @Put(':orderId/refund')
  @RequirePermission('check:order:refund')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Mark a paid, queued or failed order refunded, with a reason' })
  @ApiEnvelope(OrderDetailDto)
  refund(@Param('orderId', IdPipe) orderId: string, @Body() dto: OrderReasonDto, @Req() req: Request): Promise<OrderDetailDto> {
    return this.orders.refund(orderId, req.user!, dto.reason);
  }
}
