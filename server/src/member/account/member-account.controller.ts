import { Body, Controller, Get, Post, Put, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { UPLOAD } from '@zhiwen/shared';
import { CurrentMember } from '../../auth/current-user.decorator';
import type { MemberSession } from '../../auth/login-user';
import { MemberOnly } from '../../auth/permission';
import { Public } from '../../common/decorators/public.decorator';
import { ServiceException } from '../../common/errors/service-exception';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { Answer } from '../../common/http/envelope';
import { t } from '../../common/i18n/i18n';
import { clientInfo } from '../../common/http/client-info';
import { LoginDto } from '../../auth/dto/login.dto';
import { MemberInfoDto, RegisterDto, UpdateMemberPasswordDto, UpdateMemberProfileDto } from './dto/member-account.dto';
import { MemberAccountService } from './member-account.service';
import { MemberAuthService } from './member-auth.service';

/** Member registration and sign-in (public site). */
@ApiTags('member')
@Controller()
export class MemberAuthController {
  constructor(private readonly auth: MemberAuthService) {}

  @Post('register')
  @Public()
  @ApiOperation({ summary: 'Register a member (when sys.account.registerUser is on); answers the new member’s token' })
  @ApiEnvelope('string')
  async register(@Body() dto: RegisterDto, @Req() req: Request): Promise<Answer<string>> {
    return new Answer(await this.auth.register(dto, clientInfo(req)), t('member.registerSuccess'));
  }

  @Post('member/login')
  @Public()
  @ApiOperation({ summary: 'Member sign-in with user name, email or phone; answers the token (member realm)' })
  @ApiEnvelope('string')
  async login(@Body() dto: LoginDto, @Req() req: Request): Promise<Answer<string>> {
    return new Answer(await this.auth.login(dto, clientInfo(req)), t('auth.loginSuccess'));
  }

  @Post('member/logout')
  @Public()
  @ApiOperation({ summary: 'End the current member session (nothing happens without one)' })
  @ApiEnvelope()
  async logout(@CurrentMember({ optional: true }) member: MemberSession | undefined, @Req() req: Request): Promise<void> {
    await this.auth.logout(member, clientInfo(req));
  }
}

/** A signed-in member's own account. */
@ApiTags('member')
@ApiBearerAuth()
@Controller('member')
export class MemberAccountController {
  constructor(private readonly account: MemberAccountService) {}

  @Get('info')
  @MemberOnly()
  @ApiOperation({ summary: 'The signed-in member (level, exp, invitation code...), in the shape of GET /getInfo' })
  @ApiEnvelope(MemberInfoDto)
  info(@CurrentMember() member: MemberSession): Promise<MemberInfoDto> {
    return this.account.info(member);
  }

  @Put('profile')
  @MemberOnly()
  @ApiOperation({ summary: 'Change nickname, phone, email, birthday, gender' })
  @ApiEnvelope()
  async updateProfile(@Body() dto: UpdateMemberProfileDto, @CurrentMember() member: MemberSession): Promise<void> {
    await this.account.updateProfile(dto, member);
  }

  @Put('password')
  @MemberOnly()
  @ApiOperation({ summary: 'Change the password (the old one is needed when there is one)' })
  @ApiEnvelope()
  async updatePassword(@Body() dto: UpdateMemberPasswordDto, @CurrentMember() member: MemberSession): Promise<void> {
    await this.account.updatePassword(dto, member);
  }

  @Post('avatar')
  @MemberOnly()
  @UseInterceptors(FileInterceptor('avatarfile', { limits: { fileSize: UPLOAD.imageSizeMb * 1024 * 1024, files: 1 } }))
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['avatarfile'], properties: { avatarfile: { type: 'string', format: 'binary' } } } })
  @ApiOperation({ summary: 'Upload the member’s avatar (jpg or png by content, 2 MB)' })
  async avatar(@UploadedFile() file: { buffer: Buffer } | undefined, @CurrentMember() member: MemberSession) {
    if (!file) throw new ServiceException('user.avatar.format');
    return this.account.setAvatar(file.buffer, member);
  }
}
