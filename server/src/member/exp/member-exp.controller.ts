import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission } from '../../auth/permission';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { t } from '../../common/i18n/i18n';
import { IdListPipe, IdPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { CreateExpConfigDto, ExpConfigDto, ExpConfigQueryDto, ExpLogDto, ExpLogQueryDto, UpdateExpConfigDto } from './member-exp.dto';
import type { MemberExpConfig } from './member-exp-config.entity';
import { MemberExpAdminService } from './member-exp-admin.service';

const opLabel = (v: unknown) => t(`member.exp.op.${String(v)}`);

/** Exp configs (menu 经验配置, permissions `cms:memberexp:*`). */
@ApiTags('cms/member')
@ApiBearerAuth()
@Controller('cms/member/exp')
export class MemberExpConfigController {
  constructor(private readonly exp: MemberExpAdminService) {}

  @ListRoute<MemberExpConfig>('list', {
    fileName: 'member.expTitle',
    columns: [
      { key: 'opType', header: 'member.column.opType', format: opLabel },
      { key: 'exp', header: 'field.exp' },
      { key: 'dayLimit', header: 'field.dayLimit' },
      { key: 'totalLimit', header: 'field.totalLimit' },
      { key: 'status', header: 'member.column.status', format: (v) => t(`status.${v}`) },
    ],
  })
  @RequirePermission('cms:memberexp:view')
  @OperLog({ title: 'member.expTitle', businessType: BusinessType.EXPORT, saveResult: false })
  @ApiOperation({ summary: 'Exp configs, one per operation' })
  @ApiEnvelope(ExpConfigDto, { paged: true })
  list(@Query() query: ExpConfigQueryDto): Promise<PageResult<MemberExpConfig>> {
    return this.exp.listConfigs(query);
  }

  @Get(':configId')
  @RequirePermission('cms:memberexp:view')
  @ApiOperation({ summary: 'One exp config' })
  @ApiEnvelope(ExpConfigDto)
  get(@Param('configId', IdPipe) configId: string): Promise<MemberExpConfig> {
    return this.exp.getConfig(configId);
  }

  @Post()
  @RequirePermission('cms:memberexp:add')
  @OperLog({ title: 'member.expTitle', businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add the exp config of an operation (one per operation)' })
  @ApiEnvelope(ExpConfigDto)
  create(@Body() dto: CreateExpConfigDto, @CurrentUser() user: LoginUser): Promise<MemberExpConfig> {
    return this.exp.createConfig(dto, user);
  }

  @Put()
  @RequirePermission('cms:memberexp:edit')
  @OperLog({ title: 'member.expTitle', businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change an exp config' })
  @ApiEnvelope(ExpConfigDto)
  update(@Body() dto: UpdateExpConfigDto, @CurrentUser() user: LoginUser): Promise<MemberExpConfig> {
    return this.exp.updateConfig(dto, user);
  }

  @Delete(':configIds')
  @RequirePermission('cms:memberexp:remove')
  @OperLog({ title: 'member.expTitle', businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete exp configs (comma list): those operations grant nothing any more' })
  @ApiEnvelope()
  async remove(@Param('configIds', IdListPipe) configIds: string[]): Promise<void> {
    await this.exp.removeConfigs(configIds);
  }
}

/** The exp log (menu 经验日志, permissions `cms:memberexplog:*`). */
@ApiTags('cms/member')
@ApiBearerAuth()
@Controller('cms/member/expLog')
export class MemberExpLogController {
  constructor(private readonly exp: MemberExpAdminService) {}

  @ListRoute<ExpLogDto>('list', {
    fileName: 'member.exp.logExportFile',
    exportPermission: 'cms:memberexplog:export',
    columns: [
      { key: 'logId', header: 'ID', width: 10 },
      { key: 'memberId', header: 'member.column.memberId', width: 10 },
      { key: 'userName', header: 'member.column.userName' },
      { key: 'opType', header: 'member.column.opType', format: opLabel },
      { key: 'exp', header: 'field.exp', width: 10 },
      { key: 'expAfter', header: 'member.column.exp', width: 10 },
      { key: 'levelAfter', header: 'member.column.level', width: 8 },
      { key: 'createTime', header: 'member.column.createTime' },
    ],
  })
  @RequirePermission('cms:memberexplog:view')
  @OperLog({ title: 'member.expLogTitle', businessType: BusinessType.EXPORT, saveResult: false })
  @ApiOperation({ summary: 'Exp grants, newest first; POST with cc-export: 1 downloads them (needs cms:memberexplog:export)' })
  @ApiEnvelope(ExpLogDto, { paged: true })
  list(@Query() query: ExpLogQueryDto): Promise<PageResult<ExpLogDto>> {
    return this.exp.listLogs(query);
  }

  @Delete(':logIds')
  @RequirePermission('cms:memberexplog:remove')
  @OperLog({ title: 'member.expLogTitle', businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete log entries (comma list); the limits already counted stay counted' })
  @ApiEnvelope()
  async remove(@Param('logIds', IdListPipe) logIds: string[]): Promise<void> {
    await this.exp.removeLogs(logIds);
  }
}
