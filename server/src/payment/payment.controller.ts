import { Body, Controller, Get, Param, ParseEnumPipe, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../auth/current-user.decorator';
import type { LoginUser } from '../auth/login-user';
import { RequirePermission } from '../auth/permission';
import { AllowRepeatSubmit } from '../common/decorators/allow-repeat-submit.decorator';
import { BusinessType, OperLog } from '../common/decorators/oper-log.decorator';
import { Public } from '../common/decorators/public.decorator';
import { ListRoute } from '../common/export/list-route.decorator';
import { ApiEnvelope } from '../common/http/api-envelope.decorator';
import type { RequestWithRawBody } from '../common/security/body-parsers';
import { IdPipe } from '../common/validation/id.pipe';
import { PaymentConfigService } from './payment-config.service';
import { PaymentReconcileService } from './payment-reconcile.service';
import {
  NotifyLogDto,
  NotifyLogQueryDto,
  PAY_CHANNELS,
  PayChannelConfigDto,
  PaymentMethodsDto,
  ReconcileDiffDto,
  ReconcileDiffQueryDto,
  ReconcileDto,
  ReconcileQueryDto,
  RefundDto,
  RefundQueryDto,
  ResolveDiffDto,
  RunReconcileDto,
  SavePayChannelDto,
  TestResultDto,
  TradeDto,
  TradeQueryDto,
} from './payment.dto';
import { PaymentService } from './payment.service';
import type { PayChannel } from './payment-gateway';

const CONFIG_TITLE = '支付配置';
const RECONCILE_TITLE = '支付对账';
const channelPipe = new ParseEnumPipe(Object.fromEntries(PAY_CHANNELS.map((c) => [c, c])));

/** What the public site may offer: the enabled channels and methods, and how long a member has to pay. */
@ApiTags('check/payment')
@Controller('check/payment')
export class PaymentMethodsController {
  constructor(
    private readonly channels: PaymentConfigService,
    private readonly payments: PaymentService,
  ) {}

  @Get('methods')
  @Public()
  @ApiOperation({ summary: 'The online payment channels and methods members can use now, and the minutes an unpaid order stays open' })
  @ApiEnvelope(PaymentMethodsDto)
  async methods(): Promise<PaymentMethodsDto> {
    return this.channels.methods(await this.payments.timeoutMinutes());
  }
}

/** Where WeChat Pay and Alipay post their notifications; answered in each provider's own format, not the envelope. */
@ApiTags('payment/notify')
@Controller('payment/notify')
export class PaymentNotifyController {
  constructor(private readonly payments: PaymentService) {}

  @Post(':channel')
  @Public()
  // Providers resend the same notification until answered; each is applied once by the service, not refused here.
  @AllowRepeatSubmit()
  @ApiOperation({ summary: "A provider's notification of a payment or refund (signed; answered in the provider's own format)" })
  async notify(@Param('channel', channelPipe) channel: PayChannel, @Req() req: RequestWithRawBody, @Res() res: Response): Promise<void> {
    const ack = await this.payments.notify(channel, { headers: req.headers, rawBody: req.rawBody ?? Buffer.alloc(0) }, req.ip ?? '');
    res.status(ack.status).type(ack.contentType).send(ack.body);
  }
}

/** 支付配置, 支付流水, 支付对账 of the back office. */
@ApiTags('payment')
@ApiBearerAuth()
@Controller('payment')
export class PaymentController {
  constructor(
    private readonly channels: PaymentConfigService,
    private readonly payments: PaymentService,
    private readonly reconcile: PaymentReconcileService,
  ) {}

  @Get('config')
  @RequirePermission('payment:config:query')
  @ApiOperation({ summary: 'Both channels: enabled, methods, notify base URL, non-secret fields and which secrets are set' })
  @ApiEnvelope(PayChannelConfigDto, { isArray: true })
  config(): Promise<PayChannelConfigDto[]> {
    return this.channels.list();
  }

  @Put('config/:channel')
  @RequirePermission('payment:config:edit')
  @OperLog({ title: CONFIG_TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Save a channel; a blank secret keeps the stored one; secrets are sealed and never answered' })
  @ApiEnvelope(PayChannelConfigDto)
  save(
    @Param('channel', channelPipe) channel: PayChannel,
    @Body() dto: SavePayChannelDto,
    @CurrentUser() user: LoginUser,
  ): Promise<PayChannelConfigDto> {
    return this.channels.save(channel, dto, user);
  }

  @Post('config/:channel/test')
  @RequirePermission('payment:config:edit')
  @AllowRepeatSubmit()
  @ApiOperation({ summary: 'A signed call with the stored settings, proving the keys and ids work' })
  @ApiEnvelope(TestResultDto)
  test(@Param('channel', channelPipe) channel: PayChannel): Promise<TestResultDto> {
    return this.channels.test(channel);
  }

  @ListRoute<TradeDto>('trade/list', { fileName: 'payment.trade.exportFile' })
  @RequirePermission('payment:trade:list')
  @ApiOperation({ summary: 'Payment attempts, newest first' })
  @ApiEnvelope(TradeDto, { paged: true })
  trades(@Query() query: TradeQueryDto): Promise<PageResult<TradeDto>> {
    return this.payments.tradeList(query);
  }

  @ListRoute<RefundDto>('refund/list', { fileName: 'payment.refund.exportFile' })
  @RequirePermission('payment:trade:list')
  @ApiOperation({ summary: 'Refunds through the providers, newest first' })
  @ApiEnvelope(RefundDto, { paged: true })
  refunds(@Query() query: RefundQueryDto): Promise<PageResult<RefundDto>> {
    return this.payments.refundList(query);
  }

  @ListRoute<NotifyLogDto>('notify/list', { fileName: 'payment.notify.exportFile' })
  @RequirePermission('payment:trade:list')
  @ApiOperation({ summary: 'Notifications received from the providers and what became of each' })
  @ApiEnvelope(NotifyLogDto, { paged: true })
  notifications(@Query() query: NotifyLogQueryDto): Promise<PageResult<NotifyLogDto>> {
    return this.payments.notifyList(query);
  }

  @ListRoute<ReconcileDto>('reconcile/list', { fileName: 'payment.reconcile.exportFile' })
  @RequirePermission('payment:reconcile:list')
  @ApiOperation({ summary: 'Reconciliation runs, newest bill date first' })
  @ApiEnvelope(ReconcileDto, { paged: true })
  runs(@Query() query: ReconcileQueryDto): Promise<PageResult<ReconcileDto>> {
    return this.reconcile.list(query);
  }

  @Post('reconcile')
  @RequirePermission('payment:reconcile:exec')
  @OperLog({ title: RECONCILE_TITLE, businessType: BusinessType.OTHER })
  @ApiOperation({ summary: "Reconcile one channel's day now (its bill against our paid trades and refunds)" })
  @ApiEnvelope(ReconcileDto)
  run(@Body() dto: RunReconcileDto, @CurrentUser() user: LoginUser): Promise<ReconcileDto> {
    return this.reconcile.run(dto.channel, dto.billDate, user.userName);
  }

  @ListRoute<ReconcileDiffDto>('reconcile/diff/list', { fileName: 'payment.reconcile.diffExportFile' })
  @RequirePermission('payment:reconcile:list')
  @ApiOperation({ summary: 'Differences found by reconciliation' })
  @ApiEnvelope(ReconcileDiffDto, { paged: true })
  diffs(@Query() query: ReconcileDiffQueryDto): Promise<PageResult<ReconcileDiffDto>> {
    return this.reconcile.diffs(query);
  }

  @Put('reconcile/diff/:diffId/resolve')
  @RequirePermission('payment:reconcile:resolve')
  @OperLog({ title: RECONCILE_TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Resolve a difference with a note' })
  @ApiEnvelope(ReconcileDiffDto)
  resolve(@Param('diffId', IdPipe) diffId: string, @Body() dto: ResolveDiffDto, @CurrentUser() user: LoginUser): Promise<ReconcileDiffDto> {
    return this.reconcile.resolve(diffId, dto.resolution, user);
  }
}
