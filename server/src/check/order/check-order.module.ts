import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MemberExpModule } from '../../member/exp/member-exp.module';
import { CheckProductModule } from '../product/check-product.module';
import { CheckRewriteModule } from '../rewrite/check-rewrite.module';
import { CheckTaskCoreModule } from '../task/check-task.module';
import { CheckOrderController, CheckOrderMemberController, CheckReportMemberController } from './check-order.controller';
import { CheckOrderRunService } from './check-order-run.service';
import { CheckOrderTransitionService } from './check-order-transition.service';
import { CheckOrder, CheckOrderLog } from './check-order.entity';
import './check-order.messages';
import { CheckOrderService } from './check-order.service';
import { CheckSampleReportService } from './check-sample-report.service';

/**
 * Check orders, the core: tables, the status machine applied with its log, payment providers, placing orders and
 * running them (task, rewrite). No routes, so workers import it: the order follows its task in whichever process runs it.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CheckOrder, CheckOrderLog]), CheckProductModule, CheckTaskCoreModule, CheckRewriteModule, MemberExpModule],
  providers: [CheckOrderTransitionService, CheckOrderRunService, CheckOrderService, CheckSampleReportService],
  exports: [CheckOrderTransitionService, CheckOrderService, CheckSampleReportService],
})
export class CheckOrderCoreModule {}

/** The order API: the member's `/check/orders` and `/check/reports` of the public site and the staff screen 检测订单 (`/check/order`). */
@Module({
  imports: [CheckOrderCoreModule],
  controllers: [CheckOrderMemberController, CheckReportMemberController, CheckOrderController],
})
export class CheckOrderModule {}
