import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission } from '../../auth/permission';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { t } from '../../common/i18n/i18n';
import { IdListPipe, IdPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { CreateIpRuleDto, IpRuleQueryDto, UpdateIpRuleDto } from './ip-rule.dto';
import { IpRuleService } from './ip-rule.service';
import { SysIpRule } from './sys-ip-rule.entity';

const TITLE = 'iprule.title';

@ApiTags('system/iprule')
@ApiBearerAuth()
@Controller('system/iprule')
export class IpRuleController {
  constructor(private readonly rules: IpRuleService) {}

  @ListRoute<SysIpRule>('list', {
    fileName: 'iprule.exportFile',
    columns: [
      { key: 'ruleId', header: 'iprule.column.ruleId', width: 10 },
      { key: 'ruleType', header: 'iprule.column.ruleType', width: 10, format: (v) => t(`iprule.type.${v}`) },
      { key: 'cidr', header: 'iprule.column.cidr', width: 28 },
      { key: 'expireTime', header: 'iprule.column.expireTime' },
      { key: 'status', header: 'iprule.column.status', width: 8, format: (v) => t(`iprule.status.${v}`) },
      { key: 'remark', header: 'iprule.column.remark', width: 30 },
      { key: 'createTime', header: 'iprule.column.createTime' },
    ],
  })
  @RequirePermission('system:iprule:list')
  @OperLog({ title: TITLE, businessType: BusinessType.EXPORT, saveResult: false })
  @ApiOperation({ summary: 'IP rules, newest first' })
  @ApiEnvelope(SysIpRule, { paged: true })
  list(@Query() query: IpRuleQueryDto): Promise<PageResult<SysIpRule>> {
    return this.rules.list(query);
  }

  @Get(':ruleId')
  @RequirePermission('system:iprule:query')
  @ApiOperation({ summary: 'One IP rule' })
  @ApiEnvelope(SysIpRule)
  get(@Param('ruleId', IdPipe) ruleId: string): Promise<SysIpRule> {
    return this.rules.get(ruleId);
  }

  @Post()
  @RequirePermission('system:iprule:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a rule; it applies at once' })
  @ApiEnvelope(SysIpRule)
  create(@Body() dto: CreateIpRuleDto, @CurrentUser() user: LoginUser, @Req() req: Request): Promise<SysIpRule> {
    return this.rules.create(dto, user, req.ip);
  }

  @Put()
  @RequirePermission('system:iprule:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a rule; it applies at once' })
  @ApiEnvelope(SysIpRule)
  update(@Body() dto: UpdateIpRuleDto, @CurrentUser() user: LoginUser, @Req() req: Request): Promise<SysIpRule> {
    return this.rules.update(dto, user, req.ip);
  }

  @Delete(':ruleIds')
  @RequirePermission('system:iprule:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete rules by id (comma list)' })
  @ApiEnvelope()
  async remove(@Param('ruleIds', IdListPipe) ruleIds: string[], @Req() req: Request): Promise<void> {
    await this.rules.remove(ruleIds, req.ip);
  }
}
