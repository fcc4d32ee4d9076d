import { Controller, Get, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { CaptchaService } from '../auth/captcha.service';
import { Public } from '../common/decorators/public.decorator';
import { ServiceException } from '../common/errors/service-exception';

/**
 * Hooks for browser tests, mounted only when NODE_ENV=test (see TestSupportModule): a test reads a captcha's
 * answer the way a person reads the image.
 */
@ApiExcludeController()
@Controller('test-support')
export class TestSupportController {
  constructor(private readonly captcha: CaptchaService) {}

  @Get('captcha/:uuid')
  @Public()
  async captchaAnswer(@Param('uuid') uuid: string): Promise<string> {
    const answer = await this.captcha.peek(uuid);
    if (answer === null) throw ServiceException.notFound();
    return answer;
  }
}
