import { Body, Controller, Get, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../common/decorators/public.decorator';
import { ApiEnvelope } from '../common/http/api-envelope.decorator';
import { Answer } from '../common/http/envelope';
import { requestContext } from '../common/context/request-context';
import { clientInfo } from '../common/http/client-info';
import { RouteItemDto } from '../system/menu/route-item.dto';
import { AuthService } from './auth.service';
import { CaptchaService } from './captcha.service';
import { CurrentUser } from './current-user.decorator';
import { CaptchaDto, CaptchaQueryDto, UserInfoDto } from './dto/auth-answers.dto';
import { LoginDto } from './dto/login.dto';
import type { LoginUser } from './login-user';
import { ProfileService } from './profile.service';
import { SignedIn } from './permission';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly captcha: CaptchaService,
    private readonly profile: ProfileService,
  ) {}

  @Get('captchaImage')
  @Public()
  @ApiOperation({
    summary:
      'What a login screen needs: a captcha image (when the captcha is on, or asked for with required=true after a sign-in answered captchaRequired) and whether registration is open',
  })
  @ApiEnvelope(CaptchaDto)
  async captchaImage(@Query() query: CaptchaQueryDto): Promise<CaptchaDto> {
    const registerEnabled = await this.captcha.registrationOpen();
    if (query.required !== 'true' && !(await this.captcha.enabled())) return { captchaEnabled: false, registerEnabled };
    return { captchaEnabled: true, registerEnabled, ...(await this.captcha.create()) };
  }

  @Post('login')
  @Public()
  @ApiOperation({ summary: 'Sign in with account name, email or phone; answers the token' })
  @ApiEnvelope('string')
  async login(@Body() dto: LoginDto, @Req() req: Request): Promise<Answer<string>> {
    const { token, msg } = await this.auth.login(dto, clientInfo(req));
    return new Answer(token, msg);
  }

  @Post('logout')
  @Public()
  @ApiOperation({ summary: 'End the current session' })
  @ApiEnvelope()
  async logout(@CurrentUser({ optional: true }) user: LoginUser | undefined, @Req() req: Request): Promise<void> {
    await this.auth.logout(user, clientInfo(req));
  }

  @Get('getInfo')
  @SignedIn()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The signed-in user, role keys and permissions' })
  @ApiEnvelope(UserInfoDto)
  getInfo(@CurrentUser() user: LoginUser): Promise<UserInfoDto> {
    return this.profile.info(user);
  }

  @Get('getRouters')
  @SignedIn()
  @ApiBearerAuth()
  @ApiOperation({ summary: "The caller's route tree, titles in the caller's language" })
  @ApiEnvelope(RouteItemDto, { isArray: true })
  getRouters(@CurrentUser() user: LoginUser) {
    return this.profile.routes(user, requestContext.language());
  }
}
