import { Body, Controller, Get, Param, Post, Put, Query, Req, Res, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { PageResult } from '@zhiwen/shared';
import { CurrentMember, CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser, MemberSession } from '../../auth/login-user';
import { MemberOnly, RequirePermission } from '../../auth/permission';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { t } from '../../common/i18n/i18n';
import { IdPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { CHECK_TASK_LIMITS } from '../task/check-task.constants';
import { Public } from '../../common/decorators/public.decorator';
import { reportResponse } from '../task/report-file';
import {
  ConfirmPaymentDto,
  CountDto,
  CreateOrderDto,
  MemberOrderDto,
  MemberReportQueryDto,
  MyOrderQueryDto,
  OrderDetailDto,
  OrderDto,
  OrderQueryDto,
  OrderReasonDto,
} from './check-order.dto';
import { OrderNoPipe } from './order-no.pipe';
import { PayOrderDto, RefundOrderDto } from './order-payment';
import { CheckSampleReportService } from './check-sample-report.service';
import type { UploadedPaper } from '../task/check-task.service';
import { CheckOrderService } from './check-order.service';

const TITLE = '检测订单';

/** The public site's order routes: a signed-in member places orders and reads only its own. */
@ApiTags('check/orders')
@ApiBearerAuth()
@Controller('check/orders')
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
      properties: {
        file: { type: 'string', format: 'binary' },
        productId: { type: 'string' },
        title: { type: 'string' },
        author: { type: 'string' },
        selfConsent: { type: 'boolean' },
      },
    },
  })
  @ApiOperation({
    summary: 'Order a check of a paper (docx, pdf, txt): priced from its characters; the same paper within 24 h reuses the finished report',
  })
  @ApiEnvelope(MemberOrderDto)
  create(
    @UploadedFile() file: UploadedPaper | undefined,
    @Body() dto: CreateOrderDto,
    @CurrentMember() member: MemberSession,
  ): Promise<MemberOrderDto> {
    return this.orders.create(member, dto, file);
  }

  @Get()
  @MemberOnly()
  @ApiOperation({ summary: "The member's own orders, newest first" })
  @ApiEnvelope(MemberOrderDto, { paged: true })
  list(@Query() query: MyOrderQueryDto, @CurrentMember() member: MemberSession): Promise<PageResult<MemberOrderDto>> {
    return this.orders.myList(member.id, query);
  }

  @Get('unread')
  @MemberOnly()
  @ApiOperation({ summary: 'How many finished orders the member has not opened yet' })
  @ApiEnvelope(CountDto)
  unread(@CurrentMember() member: MemberSession): Promise<CountDto> {
    return this.orders.unread(member.id);
  }

  @Get(':orderNo')
  @MemberOnly()
  @ApiOperation({ summary: "One of the member's own orders: status, progress 0-100, ratios when done (poll while checking)" })
  @ApiEnvelope(MemberOrderDto)
  get(@Param('orderNo', OrderNoPipe) orderNo: string, @CurrentMember() member: MemberSession): Promise<MemberOrderDto> {
    return this.orders.myGet(member.id, orderNo);
  }

  @Post(':orderNo/pay')
  @MemberOnly()
  @ApiOperation({
    summary:
      'Pay an order: free pays at once and starts the check, manual waits for staff; with a channel and method (WeChat Pay, Alipay) the answer holds the QR code, the address to go to or the JSAPI parameters',
  })
  @ApiEnvelope(MemberOrderDto)
  pay(
    @Param('orderNo', OrderNoPipe) orderNo: string,
    @Body() dto: PayOrderDto,
    @CurrentMember() member: MemberSession,
    @Req() req: Request,
  ): Promise<MemberOrderDto> {
    const choice =
      dto.channel && dto.method ? { channel: dto.channel, method: dto.method, returnUrl: dto.returnUrl, clientIp: req.ip ?? '' } : undefined;
    return this.orders.pay(member, orderNo, choice);
  }

  @Post(':orderNo/resume')
  @MemberOnly()
  @ApiOperation({ summary: 'Continue a rewrite that failed part-way (only the paragraphs still to do; nothing is charged again)' })
  @ApiEnvelope(MemberOrderDto)
  resume(@Param('orderNo', OrderNoPipe) orderNo: string, @CurrentMember() member: MemberSession): Promise<MemberOrderDto> {
    return this.orders.resume(member.id, orderNo);
  }
}

/** Report files: a member's own (`/check/reports/{orderNo}`) and the public sample report. */
@ApiTags('check/orders')
@Controller('check')
export class CheckReportMemberController {
  constructor(
    private readonly orders: CheckOrderService,
    private readonly sample: CheckSampleReportService,
  ) {}

  @Get('reports/:orderNo')
  @MemberOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'A report of an own finished order: html, pdf, full (side by side) or docx (rewritten paper)' })
  async report(
    @Param('orderNo', OrderNoPipe) orderNo: string,
    @Query() query: MemberReportQueryDto,
    @CurrentMember() member: MemberSession,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const format = query.format ?? 'html';
    return reportResponse(res, await this.orders.myReport(member.id, orderNo, format), format === 'html' || format === 'full');
  }

  @Get('sample-report')
  @Public()
  @ApiOperation({ summary: 'The sample report (a real report of a seeded sample paper): html or pdf' })
  async sampleReport(@Query() query: MemberReportQueryDto, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const format = query.format === 'pdf' ? 'pdf' : 'html';
    return reportResponse(res, await this.sample.report(format), format === 'html');
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

  @Get('failedCount')
  @RequirePermission('check:order:list')
  @ApiOperation({ summary: 'How many orders failed (the back-office notice)' })
  @ApiEnvelope(CountDto)
  failedCount(): Promise<CountDto> {
    return this.orders.failedCount();
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
  confirmPayment(@Param('orderId', IdPipe) orderId: string, @Body() dto: ConfirmPaymentDto, @CurrentUser() user: LoginUser): Promise<OrderDetailDto> {
    return this.orders.confirmPayment(orderId, user, dto.reason);
  }

  @Put(':orderId/cancel')
  @RequirePermission('check:order:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Cancel an unpaid order (created -> cancelled), with a reason' })
  @ApiEnvelope(OrderDetailDto)
  cancel(@Param('orderId', IdPipe) orderId: string, @Body() dto: OrderReasonDto, @CurrentUser() user: LoginUser): Promise<OrderDetailDto> {
    return this.orders.cancel(orderId, user, dto.reason);
  }

  @Put(':orderId/rerun')
  @RequirePermission('check:order:rerun')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Run a failed order again (a rewrite goes on with the paragraphs still to do); nothing is charged' })
  @ApiEnvelope(OrderDetailDto)
  rerun(@Param('orderId', IdPipe) orderId: string, @CurrentUser() user: LoginUser): Promise<OrderDetailDto> {
    return this.orders.rerun(orderId, user);
  }

  @Put(':orderId/refund')
  @RequirePermission('check:order:refund')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({
    summary:
      'Refund an order with a reason: one paid online goes back through its provider (amount in fen, absent = all still refundable; a full refund moves it to refunded); any other paid, queued or failed order is marked refunded',
  })
  @ApiEnvelope(OrderDetailDto)
  refund(@Param('orderId', IdPipe) orderId: string, @Body() dto: RefundOrderDto, @CurrentUser() user: LoginUser): Promise<OrderDetailDto> {
    return this.orders.refund(orderId, user, dto.reason, dto.amount);
  }
}
