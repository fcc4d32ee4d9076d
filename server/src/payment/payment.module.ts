import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CheckOrderCoreModule } from '../check/order/check-order.module';
import { MemberModule } from '../member/member.module';
import { MemberService } from '../member/member.service';
import { SysConfigModule } from '../system/config/sys-config.module';
import { PaymentConfigService } from './payment-config.service';
import { PaymentReconcileService } from './payment-reconcile.service';
import { PaymentController, PaymentMethodsController, PaymentNotifyController } from './payment.controller';
import { PAYMENT_ENTITIES } from './payment.entity';
import './payment.messages';
import { PaymentService } from './payment.service';

/**
 * Online payment of check orders (WeChat Pay, Alipay), the core: the channels' settings, trades, notifications,
 * refunds, the follow-up and reconciliation jobs. No routes, so workers run its jobs too. It registers itself with
 * the check order service at start (see OrderPayments).
 */
@Module({
  imports: [TypeOrmModule.forFeature(PAYMENT_ENTITIES), CheckOrderCoreModule, SysConfigModule],
  providers: [PaymentConfigService, PaymentService, PaymentReconcileService],
  exports: [PaymentConfigService, PaymentService, PaymentReconcileService],
})
export class PaymentCoreModule {}

/** Gives payments the members' WeChat openids (JSAPI), which only processes serving members need. */
@Injectable()
class PaymentMemberBridge implements OnModuleInit {
  constructor(
    private readonly payments: PaymentService,
    private readonly members: MemberService,
  ) {}

  onModuleInit(): void {
    this.payments.useOpenidLookup(async (memberId) => (await this.members.findById(memberId, true))?.wechatOpenid || undefined);
  }
}

/** The payment API: the public methods and notification routes, and the staff screens 支付配置, 支付流水, 支付对账. */
@Module({
  imports: [PaymentCoreModule, MemberModule],
  controllers: [PaymentMethodsController, PaymentNotifyController, PaymentController],
  providers: [PaymentMemberBridge],
})
export class PaymentModule {}
