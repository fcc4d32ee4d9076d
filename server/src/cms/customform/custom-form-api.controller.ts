import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentMember } from '../../auth/current-user.decorator';
import type { MemberSession } from '../../auth/login-user';
import { AcceptPageToken } from '../../auth/permission';
import { AllowRepeatSubmit } from '../../common/decorators/allow-repeat-submit.decorator';
import { Public } from '../../common/decorators/public.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { clientInfo } from '../../common/http/client-info';
import { Answer } from '../../common/http/envelope';
import { PublicCaptchaDto, PublicFormDto, PublicFormQueryDto, SubmitCustomFormDto } from './custom-form.dto';
import { CustomFormSubmitService } from './custom-form-submit.service';

/**
 * The public custom-form API used by `{% customform %}` on published pages (ChestnutCMS's CustomFormApiController).
 * Its CORS is the page API's (common/http/page-api-cors.ts): published pages call it cross-origin, without cookies.
 */
@ApiTags('customform')
@Controller('api/customform')
export class CustomFormApiController {
  constructor(private readonly submits: CustomFormSubmitService) {}

  @Get('captchaImage')
  @Public()
  @ApiOperation({ summary: 'A new image captcha for a form (uuid and a data URL image, so a sandboxed page can show it)' })
  @ApiEnvelope(PublicCaptchaDto)
  captchaImage(): Promise<PublicCaptchaDto> {
    return this.submits.captchaImage();
  }

  @Get('form')
  @Public()
  @ApiOperation({ summary: 'A published form of a site by code (siteId, code): its fields, captcha and limit rule, for the page widget' })
  @ApiEnvelope(PublicFormDto)
  form(@Query() query: PublicFormQueryDto): Promise<PublicFormDto> {
    return this.submits.publicForm(query.siteId, query.code);
  }

  @Post('submit')
  @Public()
  // Page script submits in a member's name with a page token (forms limited per member need one).
  @AcceptPageToken()
  // Visitors may submit again within the form's limit rule; the rule, not the repeat guard, decides.
  @AllowRepeatSubmit()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Submit a published form: values by field code, captcha (uuid, captcha) when the form asks, browserId for per-browser limits; 10 a minute per address; refused with the failing rule’s message and nothing written',
  })
  @ApiEnvelope('string')
  async submit(
    @Body() dto: SubmitCustomFormDto,
    @Req() req: Request,
    @CurrentMember({ optional: true }) member?: MemberSession,
  ): Promise<Answer<null>> {
    const info = clientInfo(req);
    const msg = await this.submits.submit(dto, { ip: info.ipaddr, userAgent: info.userAgent, memberId: member?.id });
    return new Answer(null, msg);
  }
}
