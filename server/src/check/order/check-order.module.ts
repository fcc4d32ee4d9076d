import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CheckProductModule } from '../product/check-product.module';
import { CheckOrderController, CheckOrderMemberController } from './check-order.controller';
import { CheckOrderTransitionService } from './check-order-transition.service';
import { CheckOrder, CheckOrderLog } from './check-order.entity';
import './check-order.messages';
import { CheckOrderService } from './check-order.service';

/**
 * Check orders, the core: tables, the status machine applied with its log, payment providers, placing and reading
 * orders. No routes of its own, so the check-task link (next) can import it without the order controllers.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CheckOrder, CheckOrderLog]), CheckProductModule],
  providers: [CheckOrderTransitionService, CheckOrderService],
  exports: [CheckOrderTransitionService, CheckOrderService],
})
export class CheckOrderCoreModule {}

/** The order API (`/check/order`): the member's routes of the public site and the staff screen 检测订单. */
@Module({
  imports: [CheckOrderCoreModule],
  // Member routes first: `my/...` paths are registered before the staff `:orderId` routes.
  controllers: [CheckOrderMemberController, CheckOrderController],
})
export class CheckOrderModule {}
