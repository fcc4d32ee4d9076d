import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LlmGatewayModule } from '../../ai/gateway/llm-gateway.module';
import { CheckLibraryCoreModule } from '../library/check-library.module';
import { CheckOrder } from '../order/check-order.entity';
import { CheckTaskCoreModule } from '../task/check-task.module';
import { CheckRewrite, CheckRewriteParagraph } from './check-rewrite.entity';
import './check-rewrite.messages';
import { CheckRewriteService } from './check-rewrite.service';

/** Full-text rewrites of check orders, with their job (loaded in workers through the order core). */
@Module({
  imports: [
    TypeOrmModule.forFeature([CheckRewrite, CheckRewriteParagraph, CheckOrder]),
    LlmGatewayModule,
    CheckLibraryCoreModule,
    CheckTaskCoreModule,
  ],
  providers: [CheckRewriteService],
  exports: [CheckRewriteService],
})
export class CheckRewriteModule {}
