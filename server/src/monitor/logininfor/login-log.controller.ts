import { Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PageResult } from '@zhiwen/shared';
import { RequirePermission } from '../../auth/permission';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { t } from '../../common/i18n/i18n';
import { IdListPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { LoginLogAdminService } from './login-log-admin.service';
import { LoginLogQueryDto } from './login-log.dto';
import { LoginLog } from './login-log.entity';

const TITLE = 'logininfor.title';

@ApiTags('monitor')
@ApiBearerAuth()
@Controller('monitor/logininfor')
export class LoginLogController {
  constructor(private readonly logs: LoginLogAdminService) {}

  @ListRoute<LoginLog>('list', {
    fileName: 'logininfor.exportFile',
    exportPermission: 'monitor:logininfor:export',
    columns: [
      { key: 'infoId', header: 'logininfor.column.infoId', width: 10 },
      { key: 'userName', header: 'logininfor.column.userName' },
      { key: 'ipaddr', header: 'logininfor.column.ipaddr' },
      { key: 'browser', header: 'logininfor.column.browser' },
      { key: 'os', header: 'logininfor.column.os' },
      { key: 'status', header: 'logininfor.column.status', width: 10, format: (v) => t(`logininfor.status.${v}`) },
      { key: 'msg', header: 'logininfor.column.msg', width: 40 },
      { key: 'loginTime', header: 'logininfor.column.loginTime' },
      { key: 'realm', header: 'logininfor.column.realm', width: 10, format: (v) => t(`logininfor.realm.${v}`) },
    ],
  })
  @RequirePermission('monitor:logininfor:list')
  @OperLog({ title: TITLE, businessType: BusinessType.EXPORT, saveResult: false })
  @ApiOperation({ summary: 'Sign-in attempts and sign-outs, newest first; export needs monitor:logininfor:export' })
  @ApiEnvelope(LoginLog, { paged: true })
  list(@Query() query: LoginLogQueryDto): Promise<PageResult<LoginLog>> {
    return this.logs.list(query);
  }

  // Declared before `:infoIds` so that `clean` is never read as an id.
  @Delete('clean')
  @RequirePermission('monitor:logininfor:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.CLEAN })
  @ApiOperation({ summary: 'Delete every entry' })
  @ApiEnvelope()
  async clean(): Promise<void> {
    await this.logs.clean();
  }

  @Delete(':infoIds')
  @RequirePermission('monitor:logininfor:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete entries by id (comma list)' })
  @ApiEnvelope()
  async remove(@Param('infoIds', IdListPipe) infoIds: string[]): Promise<void> {
    await this.logs.remove(infoIds);
  }

  @Get('unlock/:userName')
  @RequirePermission('monitor:logininfor:unlock')
  @OperLog({ title: 'logininfor.unlockTitle', businessType: BusinessType.OTHER })
  @ApiOperation({ summary: 'Unlock an account locked by wrong passwords and reset its failure count' })
  @ApiEnvelope()
  async unlock(@Param('userName') userName: string): Promise<void> {
    await this.logs.unlock(userName);
  }
}
