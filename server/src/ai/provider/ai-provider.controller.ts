import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { AllowRepeatSubmit } from '../../common/decorators/allow-repeat-submit.decorator';
import { RequireAnyPermission, RequirePermission } from '../../auth/permission';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { Answer } from '../../common/http/envelope';
import { t } from '../../common/i18n/i18n';
import { IdListPipe, IdPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import {
  AiProviderDto,
  AiProviderQueryDto,
  AiProviderSummaryDto,
  AiProviderTestDto,
  ChangeAiProviderStatusDto,
  CreateAiProviderDto,
  UpdateAiProviderDto,
} from './ai-provider.dto';
import { AiProviderService } from './ai-provider.service';

const TITLE = 'AI服务商';

/** LLM providers (menu AI写作 › AI服务商, permissions `ai:provider:*`). API keys are write-only. */
@ApiTags('ai/admin')
@ApiBearerAuth()
@Controller('ai/provider')
export class AiProviderController {
  constructor(private readonly providers: AiProviderService) {}

  @ListRoute<AiProviderDto>('list', { fileName: 'ai.provider.title', exportPermission: 'ai:provider:list' })
  @RequirePermission('ai:provider:list')
  @ApiOperation({ summary: 'Providers by priority (lower first); the key is answered only as apiKeySet' })
  @ApiEnvelope(AiProviderDto, { paged: true })
  list(@Query() query: AiProviderQueryDto): Promise<PageResult<AiProviderDto>> {
    return this.providers.list(query);
  }

  @Get('summary')
  @RequireAnyPermission('ai:provider:list', 'ai:tool:list')
  @ApiOperation({ summary: 'How many providers are enabled, and the one LLM_BASE_URL gives (tells staff whether the tools can work)' })
  @ApiEnvelope(AiProviderSummaryDto)
  summary(): Promise<AiProviderSummaryDto> {
    return this.providers.summary();
  }

  @Get(':providerId')
  @RequirePermission('ai:provider:query')
  @ApiOperation({ summary: 'One provider' })
  @ApiEnvelope(AiProviderDto)
  get(@Param('providerId', IdPipe) providerId: string): Promise<AiProviderDto> {
    return this.providers.get(providerId);
  }

  @Post()
  @RequirePermission('ai:provider:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a provider (the API key is sealed)' })
  @ApiEnvelope(AiProviderDto)
  create(@Body() dto: CreateAiProviderDto, @CurrentUser() user: LoginUser): Promise<AiProviderDto> {
    return this.providers.create(dto, user);
  }

  @Put()
  @RequirePermission('ai:provider:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a provider; an empty API key keeps the stored one' })
  @ApiEnvelope(AiProviderDto)
  update(@Body() dto: UpdateAiProviderDto, @CurrentUser() user: LoginUser): Promise<AiProviderDto> {
    return this.providers.update(dto, user);
  }

  @Put('changeStatus')
  @RequirePermission('ai:provider:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Enable (0) or disable (1) a provider' })
  @ApiEnvelope()
  async changeStatus(@Body() dto: ChangeAiProviderStatusDto, @CurrentUser() user: LoginUser): Promise<void> {
    await this.providers.changeStatus(dto, user);
  }

  @Delete(':providerIds')
  @RequirePermission('ai:provider:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete providers (comma list)' })
  @ApiEnvelope()
  async remove(@Param('providerIds', IdListPipe) ids: string[]): Promise<void> {
    await this.providers.remove(ids);
  }

  @Post(':providerId/test')
  @AllowRepeatSubmit() // testing again at once is legitimate
  @RequirePermission('ai:provider:test')
  @ApiOperation({ summary: 'Call this provider (enabled or not) once: HTTP status, first-token time and a short reason, never its answer' })
  @ApiEnvelope(AiProviderTestDto)
  async test(@Param('providerId', IdPipe) providerId: string): Promise<Answer<AiProviderTestDto>> {
    const result = await this.providers.test(providerId);
    return new Answer(result, t('ai.provider.testPassed', { model: result.model, ms: result.latencyMs }));
  }
}
