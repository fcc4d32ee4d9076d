import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { MemberModule } from '../member/member.module';
import { AiGenerateService } from './generate/ai-generate.service';
import { AiToolsController } from './generate/ai-tools.controller';
import { LlmGatewayModule } from './gateway/llm-gateway.module';
import { AiGeneration } from './history/ai-generation.entity';
import { AiHistoryController } from './history/ai-history.controller';
import { AiHistoryService } from './history/ai-history.service';
import { AiLimitsService } from './limits/ai-limits.service';
import { AiProviderController } from './provider/ai-provider.controller';
import { AiProvider } from './provider/ai-provider.entity';
import { SensitiveWordModule } from '../word/sensitive/sensitive-word.module';
import { SensitiveWordFilter } from './safety/sensitive-words';
import { AiToolController } from './tool/ai-tool.controller';
import { AiTool } from './tool/ai-tool.entity';
import { AiToolService } from './tool/ai-tool.service';
import { AiUsageController } from './usage/ai-usage.controller';
import { AiUsageLog } from './usage/ai-usage-log.entity';
import './ai.messages';

/**
 * AI writing: the LLM gateway (OpenAI-compatible providers, failover, streaming), the tool catalog, generation
 * for members with its limits, members' history, and the back-office screens (providers, tools, usage log).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([AiProvider, AiTool, AiGeneration, AiUsageLog]),
    AuthModule,
    MemberModule,
    LlmGatewayModule,
    SensitiveWordModule,
  ],
  controllers: [AiToolsController, AiHistoryController, AiProviderController, AiToolController, AiUsageController],
  providers: [
    AiToolService,
    AiLimitsService,
    AiGenerateService,
    AiHistoryService,
    // Its SENSITIVE_WORD_SOURCE is the CMS word module's list (词汇 > 敏感词).
    SensitiveWordFilter,
  ],
  exports: [LlmGatewayModule],
})
export class AiModule {}
