import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { AllowRepeatSubmit } from '../../common/decorators/allow-repeat-submit.decorator';
import { RequirePermission } from '../../auth/permission';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { IdPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { AiToolAdminDto, AiToolPreviewResultDto, AiToolQueryDto, ChangeAiToolStatusDto, PreviewAiToolDto, UpdateAiToolDto } from './ai-tool.dto';
import type { AiTool } from './ai-tool.entity';
import { AiToolService } from './ai-tool.service';

const TITLE = 'AI写作页面';

/** The tool catalog in the back office (menu AI写作 › 写作工具, permissions `ai:tool:*`). */
@ApiTags('ai/admin')
@ApiBearerAuth()
@Controller('ai/tool')
export class AiToolController {
  constructor(private readonly tools: AiToolService) {}

  @ListRoute<AiTool>('list', { fileName: 'ai.tool.title', exportPermission: 'ai:tool:list' })
  @RequirePermission('ai:tool:list')
  @ApiOperation({ summary: 'Every tool of the catalog, enabled or not, by sort order' })
  @ApiEnvelope(AiToolAdminDto, { paged: true })
  list(@Query() query: AiToolQueryDto): Promise<PageResult<AiTool>> {
    return this.tools.list(query);
  }

  @Get(':toolId')
  @RequirePermission('ai:tool:query')
  @ApiOperation({ summary: 'One tool with its fields and prompt template' })
  @ApiEnvelope(AiToolAdminDto)
  get(@Param('toolId', IdPipe) toolId: string): Promise<AiTool> {
    return this.tools.get(toolId);
  }

  @Put()
  @RequirePermission('ai:tool:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Edit a tool: name, description, fields, prompt template, status, sort, member levels, quotas' })
  @ApiEnvelope(AiToolAdminDto)
  update(@Body() dto: UpdateAiToolDto, @CurrentUser() user: LoginUser): Promise<AiTool> {
    return this.tools.update(dto, user);
  }

  @Put('changeStatus')
  @RequirePermission('ai:tool:changeStatus')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Enable (0) or disable (1) a tool on the site' })
  @ApiEnvelope()
  async changeStatus(@Body() dto: ChangeAiToolStatusDto, @CurrentUser() user: LoginUser): Promise<void> {
    await this.tools.changeStatus(dto, user);
  }

  @Post('preview')
  @AllowRepeatSubmit() // testing again at once is legitimate
  @RequirePermission('ai:tool:test')
  @ApiOperation({ summary: 'Fill a (possibly unsaved) template with sample values and run it through a provider' })
  @ApiEnvelope(AiToolPreviewResultDto)
  preview(@Body() dto: PreviewAiToolDto): Promise<AiToolPreviewResultDto> {
    return this.tools.preview(dto);
  }
}
