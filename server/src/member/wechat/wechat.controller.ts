import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { API_BASE, type PageResult } from '@zhiwen/shared';
import { CurrentMember, CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser, MemberSession } from '../../auth/login-user';
import { MemberOnly, RequirePermission } from '../../auth/permission';
import { Public } from '../../common/decorators/public.decorator';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { Answer } from '../../common/http/envelope';
import { t } from '../../common/i18n/i18n';
import { IdListPipe, IdPipe } from '../../common/validation/id.pipe';
import { clientInfo } from '../../common/http/client-info';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import {
  CreateWechatConfigDto,
  UpdateWechatConfigDto,
  WechatCodeDto,
  WechatConfigDto,
  WechatConfigQueryDto,
  WechatQrConfigDto,
  WechatQrQueryDto,
} from './wechat-config.dto';
import { WechatConfigService } from './wechat-config.service';
import { WECHAT_STATE_COOKIE, WECHAT_STATE_TTL_MS, WechatLoginService } from './wechat-login.service';

/** The value of one cookie of the request (no cookie parser is mounted; only this flow reads cookies). */
function cookie(req: Request, name: string): string | undefined {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** WeChat QR login of members (public site). */
@ApiTags('member')
@Controller()
export class WechatLoginController {
  constructor(private readonly wechat: WechatLoginService) {}

  @Get('wechat/qrConfig')
  @Public()
  @ApiOperation({ summary: 'Settings of the QR widget (appId, redirect URI, scope) and a state bound to this browser by a cookie' })
  @ApiEnvelope(WechatQrConfigDto)
  async qrConfig(@Query() query: WechatQrQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<WechatQrConfigDto> {
    const answer = await this.wechat.qrConfig(query.purpose ?? 'login');
    res.cookie(WECHAT_STATE_COOKIE, answer.state, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      path: API_BASE,
      maxAge: WECHAT_STATE_TTL_MS,
    });
    return answer;
  }

  @Get('wechatLogin')
  @Public()
  @ApiOperation({ summary: 'Sign in with the code and state WeChat sent to the callback page; answers the member token' })
  @ApiEnvelope('string')
  async login(@Query() query: WechatCodeDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Answer<string>> {
    const token = await this.wechat.login(query.code, query.state, cookie(req, WECHAT_STATE_COOKIE), clientInfo(req));
    res.clearCookie(WECHAT_STATE_COOKIE, { path: API_BASE });
    return new Answer(token, t('wechat.loginSuccess'));
  }

  @Post('member/wechat/bind')
  @MemberOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Bind the WeChat account of a code (state from qrConfig?purpose=bind) to the signed-in member' })
  @ApiEnvelope()
  async bind(
    @Body() dto: WechatCodeDto,
    @CurrentMember() member: MemberSession,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Answer<undefined>> {
    await this.wechat.bind(dto.code, dto.state, cookie(req, WECHAT_STATE_COOKIE), member);
    res.clearCookie(WECHAT_STATE_COOKIE, { path: API_BASE });
    return new Answer(undefined, t('wechat.bindSuccess'));
  }
}

const TITLE = 'wechat.title';

/** WeChat QR-login applications (menu 微信配置, permissions `system:wechat:*`). */
@ApiTags('system/wechat')
@ApiBearerAuth()
@Controller('system/wechat')
export class WechatConfigController {
  constructor(private readonly configs: WechatConfigService) {}

  @ListRoute<WechatConfigDto>('list', {
    fileName: 'wechat.title',
    columns: [
      { key: 'configId', header: 'ID', width: 8 },
      { key: 'configName', header: 'wechat.column.configName', width: 24 },
      { key: 'appId', header: 'field.appId', width: 24 },
      { key: 'redirectUri', header: 'field.redirectUri', width: 40 },
      { key: 'status', header: 'field.status', width: 8, format: (v) => t(`status.${v}`) },
    ],
  })
  @RequirePermission('system:wechat:list')
  @OperLog({ title: TITLE, businessType: BusinessType.EXPORT, saveResult: false })
  @ApiOperation({ summary: 'WeChat QR-login applications (secrets never answered)' })
  @ApiEnvelope(WechatConfigDto, { paged: true })
  list(@Query() query: WechatConfigQueryDto): Promise<PageResult<WechatConfigDto>> {
    return this.configs.list(query);
  }

  @Get(':configId')
  @RequirePermission('system:wechat:query')
  @ApiOperation({ summary: 'One application (the secret only as appSecretSet)' })
  @ApiEnvelope(WechatConfigDto)
  get(@Param('configId', IdPipe) configId: string): Promise<WechatConfigDto> {
    return this.configs.get(configId);
  }

  @Post()
  @RequirePermission('system:wechat:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add an application; enabling it disables the others' })
  @ApiEnvelope(WechatConfigDto)
  create(@Body() dto: CreateWechatConfigDto, @CurrentUser() user: LoginUser): Promise<WechatConfigDto> {
    return this.configs.create(dto, user);
  }

  @Put()
  @RequirePermission('system:wechat:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change an application; an empty appSecret keeps the stored one' })
  @ApiEnvelope(WechatConfigDto)
  update(@Body() dto: UpdateWechatConfigDto, @CurrentUser() user: LoginUser): Promise<WechatConfigDto> {
    return this.configs.update(dto, user);
  }

  @Delete(':configIds')
  @RequirePermission('system:wechat:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete applications (comma list)' })
  @ApiEnvelope()
  async remove(@Param('configIds', IdListPipe) configIds: string[]): Promise<void> {
    await this.configs.remove(configIds);
  }
}
