import { Module } from '@nestjs/common';
import { LlmGatewayModule } from '../ai/gateway/llm-gateway.module';
import { CheckOrderCoreModule } from '../check/order/check-order.module';
import { CmsModule } from '../cms/cms.module';
import { MemberModule } from '../member/member.module';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';

/** The back-office home's figures (`GET /dashboard`); the counting is done by the services of the modules owning the data. */
@Module({
  imports: [CheckOrderCoreModule, LlmGatewayModule, MemberModule, CmsModule],
  controllers: [DashboardController],
  providers: [DashboardService],
})
export class DashboardModule {}
