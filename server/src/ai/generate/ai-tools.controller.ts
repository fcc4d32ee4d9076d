import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentMember } from '../../auth/current-user.decorator';
import type { MemberSession } from '../../auth/login-user';
import { MemberOnly } from '../../auth/permission';
import { Public } from '../../common/decorators/public.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { LlmGatewayService } from '../gateway/llm-gateway.service';
import { AiToolCatalogDto, AiToolPublicDto } from '../tool/ai-tool.dto';
import { AiToolService } from '../tool/ai-tool.service';
import { GenerateDto } from './ai-generate.dto';
import { AiGenerateService } from './ai-generate.service';

/** The site's AI writing tools: the catalog (public) and generation (members). */
@ApiTags('ai')
@Controller('ai/tools')
export class AiToolsController {
  constructor(
    private readonly tools: AiToolService,
    private readonly gateway: LlmGatewayService,
    private readonly generator: AiGenerateService,
  ) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'The enabled tools with their fields and limits, and whether the site has an AI provider' })
  @ApiEnvelope(AiToolCatalogDto)
  async catalog(): Promise<AiToolCatalogDto> {
    const [tools, providerReady] = await Promise.all([this.tools.enabled(), this.gateway.hasProvider()]);
    return { tools: tools.map((tool) => this.tools.toPublic(tool)), providerReady };
  }

  @Get(':slug')
  @Public()
  @ApiOperation({ summary: 'One enabled tool (slug = the site route, e.g. aixsxz)' })
  @ApiEnvelope(AiToolPublicDto)
  async get(@Param('slug') slug: string): Promise<AiToolPublicDto> {
    return this.tools.toPublic(await this.tools.enabledBySlug(slug));
  }

  @Post(':slug/generate')
  @MemberOnly()
  @ApiBearerAuth()
  @ApiProduces('text/event-stream')
  @ApiOperation({
    summary:
      'Generate: answers text/event-stream of `data: {"content":"…"}` ending with `data: [DONE]` (refusals before streaming are JSON envelopes)',
  })
  generate(
    @Param('slug') slug: string,
    @Body() dto: GenerateDto,
    @CurrentMember() member: MemberSession,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    return this.generator.generate(slug, dto, member, req, res);
  }
}
