import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AiProvider } from '../provider/ai-provider.entity';
import { AiProviderService } from '../provider/ai-provider.service';
import { AiUsageLog } from '../usage/ai-usage-log.entity';
import { AiUsageService } from '../usage/ai-usage.service';
import { LlmGatewayService } from './llm-gateway.service';

/** The LLM gateway with its providers and usage log, without routes: AI writing and the check rewrites (in workers) use it. */
@Module({
  imports: [TypeOrmModule.forFeature([AiProvider, AiUsageLog])],
  providers: [AiProviderService, AiUsageService, LlmGatewayService],
  exports: [AiProviderService, AiUsageService, LlmGatewayService],
})
export class LlmGatewayModule {}
