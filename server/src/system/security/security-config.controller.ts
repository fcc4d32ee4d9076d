import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission } from '../../auth/permission';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import {
  ConfigIdParam,
  ConfigIdsParam,
  SecurityConfigDto,
  SecurityConfigFieldsDto,
  SecurityConfigQueryDto,
  UpdateSecurityConfigDto,
} from './security-config.dto';
import type { SecurityConfig } from './security-config.entity';
import { SecurityConfigService } from './security-config.service';

const TITLE = '安全配置';

/**
 * Security policy administration. `GET check` of the same base path lives in SecurityCheckController (auth module).
 * Express matches routes in registration order and Express 5 paths cannot restrict `:configId` to digits, so `check`
 * must be registered first: the auth module loads before this one (or the app uses `routeResolutionStrategy:
 * 'specificity'`, which puts literal segments first whatever the order). security-config.test.ts calls both.
 */
@ApiTags('security')
@ApiBearerAuth()
@Controller('system/security/config')
export class SecurityConfigController {
  constructor(private readonly configs: SecurityConfigService) {}

  @ListRoute('list', { fileName: 'securityConfig.exportFile' })
  @RequirePermission('system:security:list')
  @ApiOperation({ summary: 'Security policies, paged' })
  @ApiEnvelope(SecurityConfigDto, { paged: true })
  list(@Query() query: SecurityConfigQueryDto): Promise<PageResult<SecurityConfig>> {
    return this.configs.list(query);
  }

  @Get(':configId')
  @RequirePermission('system:security:query')
  @ApiOperation({ summary: 'One security policy (numeric id)' })
  @ApiEnvelope(SecurityConfigDto)
  get(@Param() params: ConfigIdParam): Promise<SecurityConfig> {
    return this.configs.get(params.configId);
  }

  @Post()
  @RequirePermission('system:security:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a policy; it starts inactive' })
  @ApiEnvelope(SecurityConfigDto)
  create(@CurrentUser() user: LoginUser, @Body() dto: SecurityConfigFieldsDto): Promise<SecurityConfig> {
    return this.configs.create(user, dto);
  }

  @Put()
  @RequirePermission('system:security:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change the rules of a policy' })
  @ApiEnvelope(SecurityConfigDto)
  update(@CurrentUser() user: LoginUser, @Body() dto: UpdateSecurityConfigDto): Promise<SecurityConfig> {
    return this.configs.update(user, dto);
  }

  @Put('changeStatus/:configId')
  @RequirePermission('system:security:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Activate a policy; the previously active one becomes inactive' })
  @ApiEnvelope()
  async activate(@CurrentUser() user: LoginUser, @Param() params: ConfigIdParam): Promise<void> {
    await this.configs.activate(user, params.configId);
  }

  @Delete(':configIds')
  @RequirePermission('system:security:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete policies (comma list); the active one is refused' })
  @ApiEnvelope()
  async remove(@Param() params: ConfigIdsParam): Promise<void> {
    await this.configs.remove(params.configIds.split(','));
  }
}
