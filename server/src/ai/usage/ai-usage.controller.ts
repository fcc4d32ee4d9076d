import { Controller, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PageResult } from '@zhiwen/shared';
import { RequirePermission } from '../../auth/permission';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { AiUsageDto, AiUsageQueryDto } from './ai-usage.dto';
import type { AiUsageLog } from './ai-usage-log.entity';
import { AiUsageService } from './ai-usage.service';

const STATUS: Record<string, string> = { success: '成功', failed: '失败', cancelled: '已取消' };

/** The usage log (menu AI写作 › 使用记录, `ai:usage:list`, export `ai:usage:export`). */
@ApiTags('ai/admin')
@ApiBearerAuth()
@Controller('ai/usage')
export class AiUsageController {
  constructor(private readonly usage: AiUsageService) {}

  @ListRoute<AiUsageLog>('list', {
    fileName: 'ai.usage.title',
    exportPermission: 'ai:usage:export',
    columns: [
      { key: 'createTime', header: 'ai.usage.createTime', width: 20 },
      { key: 'memberName', header: 'ai.usage.memberName' },
      { key: 'toolSlug', header: 'ai.usage.toolSlug' },
      { key: 'providerName', header: 'ai.usage.providerName' },
      { key: 'model', header: 'ai.usage.model' },
      { key: 'promptTokens', header: 'ai.usage.promptTokens' },
      { key: 'completionTokens', header: 'ai.usage.completionTokens' },
      { key: 'firstTokenMs', header: 'ai.usage.firstTokenMs' },
      { key: 'latencyMs', header: 'ai.usage.latencyMs' },
      { key: 'status', header: 'ai.usage.status', format: (v) => STATUS[String(v)] ?? v },
      { key: 'errorMsg', header: 'ai.usage.errorMsg', width: 40 },
      { key: 'ipaddr', header: 'ai.usage.ipaddr' },
    ],
  })
  @RequirePermission('ai:usage:list')
  @ApiOperation({ summary: 'Upstream LLM calls, newest first: member, tool, provider, tokens, latency, outcome' })
  @ApiEnvelope(AiUsageDto, { paged: true })
  list(@Query() query: AiUsageQueryDto): Promise<PageResult<AiUsageLog>> {
    return this.usage.list(query);
  }
}
