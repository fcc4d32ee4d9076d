import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CheckOrderTransitionService } from './check-order-transition.service';
import { CheckOrder, CheckOrderLog } from './check-order.entity';
import './check-order.messages';

/**
 * Check orders, so far the core only: tables, the status machine applied with its log, payment providers. The HTTP
 * API (member orders, staff screens) is not built yet, so this module is not mounted in the app.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CheckOrder, CheckOrderLog])],
  providers: [CheckOrderTransitionService],
  exports: [CheckOrderTransitionService],
})
export class CheckOrderCoreModule {}
