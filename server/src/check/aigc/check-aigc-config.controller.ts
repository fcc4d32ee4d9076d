import { Body, Controller, Get, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission } from '../../auth/permission';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { Answer } from '../../common/http/envelope';
import { t } from '../../common/i18n/i18n';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { AigcConfigDto, AigcTestResultDto, TestAigcConfigDto, UpdateAigcConfigDto } from './check-aigc-config.dto';
import { CheckAigcConfigService } from './check-aigc-config.service';

const TITLE = 'AIGC检测设置';

@ApiTags('check/aigc')
@ApiBearerAuth()
@Controller('check/aigc/config')
export class CheckAigcConfigController {
  constructor(private readonly config: CheckAigcConfigService) {}

  @Get()
  @RequirePermission('check:aigc:query')
  @ApiOperation({ summary: 'The AI-content scoring backend of checks (the API key is never answered)' })
  @ApiEnvelope(AigcConfigDto)
  get(): Promise<AigcConfigDto> {
    return this.config.get();
  }

  @Put()
  @RequirePermission('check:aigc:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE, saveParams: false })
  @ApiOperation({ summary: 'Choose the offline model or an LLM-logprob server' })
  @ApiEnvelope(AigcConfigDto)
  async update(@Body() dto: UpdateAigcConfigDto, @CurrentUser() user: LoginUser): Promise<Answer<AigcConfigDto>> {
    return new Answer(await this.config.update(dto, user), t('check.aigc.saved'));
  }

  @Post('test')
  @RequirePermission('check:aigc:edit')
  @ApiOperation({ summary: 'Score a sample text through the configured LLM-logprob server' })
  @ApiEnvelope(AigcTestResultDto)
  async test(@Body() dto: TestAigcConfigDto): Promise<Answer<AigcTestResultDto>> {
    const result = await this.config.test(dto.text);
    return new Answer(result, t('check.aigc.testPassed', { score: result.score.toFixed(3) }));
  }
}
