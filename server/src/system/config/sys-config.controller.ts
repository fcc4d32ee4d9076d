import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission, SignedIn } from '../../auth/permission';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { t } from '../../common/i18n/i18n';
import { IdListPipe, IdPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { CONFIG_KEY, ConfigDto, ConfigQueryDto, CreateConfigDto, UpdateConfigDto } from './dto/config.dto';
import type { SysConfig } from './sys-config.entity';
import { SysConfigService } from './sys-config.service';

const TITLE = '参数管理';

@ApiTags('system/config')
@ApiBearerAuth()
@Controller('system/config')
export class SysConfigController {
  constructor(private readonly configs: SysConfigService) {}

  @ListRoute<SysConfig>('list', {
    fileName: 'config.exportFile',
    exportPermission: 'system:config:export',
    columns: [
      { key: 'configId', header: 'field.configId', width: 10 },
      { key: 'configName', header: 'field.configName', width: 30 },
      { key: 'configKey', header: 'field.configKey', width: 30 },
      { key: 'configValue', header: 'field.configValue', width: 30 },
      { key: 'configType', header: 'field.configType', width: 10, format: (v) => t(`config.type.${String(v)}`) },
      { key: 'remark', header: 'field.remark', width: 40 },
      { key: 'createTime', header: 'field.createTime' },
    ],
  })
  @RequirePermission('system:config:list')
  @ApiOperation({ summary: 'System parameters (export needs system:config:export)' })
  @ApiEnvelope(ConfigDto, { paged: true })
  list(@Query() query: ConfigQueryDto) {
    return this.configs.list(query);
  }

  @Get('configKey/:configKey')
  @SignedIn()
  @ApiOperation({ summary: 'Value of a parameter by key; an empty string when there is none' })
  @ApiEnvelope('string')
  async byKey(@Param('configKey') configKey: string): Promise<string> {
    if (configKey.length > 100 || !CONFIG_KEY.test(configKey)) return ''; // cannot exist; not worth a cache entry
    return (await this.configs.getValue(configKey)) ?? '';
  }

  @Delete('refreshCache')
  @RequirePermission('system:config:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.CLEAN })
  @ApiOperation({ summary: 'Drop every cached parameter value' })
  @ApiEnvelope()
  async refreshCache(): Promise<void> {
    await this.configs.refreshCache();
  }

  @Get(':configId')
  @RequirePermission('system:config:query')
  @ApiOperation({ summary: 'One parameter' })
  @ApiEnvelope(ConfigDto)
  detail(@Param('configId', IdPipe) configId: string) {
    return this.configs.get(configId);
  }

  @Post()
  @RequirePermission('system:config:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a parameter (its key must be new)' })
  @ApiEnvelope(ConfigDto)
  create(@Body() dto: CreateConfigDto, @CurrentUser() user: LoginUser) {
    return this.configs.create(dto, user.userName);
  }

  @Put()
  @RequirePermission('system:config:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a parameter' })
  @ApiEnvelope()
  async update(@Body() dto: UpdateConfigDto, @CurrentUser() user: LoginUser): Promise<void> {
    await this.configs.update(dto, user.userName);
  }

  @Delete(':configIds')
  @RequirePermission('system:config:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete parameters (comma list of ids); built-in ones cannot be deleted' })
  @ApiEnvelope()
  async remove(@Param('configIds', IdListPipe) configIds: string[]): Promise<void> {
    await this.configs.remove(configIds);
  }
}
