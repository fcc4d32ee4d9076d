import { Controller, Delete, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PageResult } from '@zhiwen/shared';
import { OnlineSessionDto } from '../../auth/dto/auth-answers.dto';
import { RequirePermission } from '../../auth/permission';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { OnlineQueryDto } from './online.dto';
import { OnlineService } from './online.service';

const TITLE = 'online.title';
const time = (v: unknown) => new Date(Number(v));

@ApiTags('monitor')
@ApiBearerAuth()
@Controller('monitor/online')
export class OnlineController {
  constructor(private readonly online: OnlineService) {}

  @ListRoute<OnlineSessionDto>('list', {
    fileName: TITLE,
    columns: [
      { key: 'userName', header: 'online.column.userName' },
      { key: 'deptName', header: 'online.column.deptName' },
      { key: 'ipaddr', header: 'online.column.ipaddr' },
      { key: 'browser', header: 'online.column.browser' },
      { key: 'os', header: 'online.column.os' },
      { key: 'loginTime', header: 'online.column.loginTime', format: time },
      { key: 'lastAccessTime', header: 'online.column.lastAccessTime', format: time },
    ],
  })
  @RequirePermission('monitor:online:list')
  @OperLog({ title: TITLE, businessType: BusinessType.EXPORT, saveResult: false })
  @ApiOperation({ summary: 'Staff sessions now open, newest sign-in first' })
  @ApiEnvelope(OnlineSessionDto, { paged: true })
  list(@Query() query: OnlineQueryDto): Promise<PageResult<OnlineSessionDto>> {
    return this.online.list(query);
  }

  @Delete(':tokenId')
  @RequirePermission('monitor:online:forceLogout')
  @OperLog({ title: TITLE, businessType: BusinessType.FORCE })
  @ApiOperation({ summary: 'Force a session offline; it ends at its next request on every instance' })
  @ApiEnvelope()
  async forceLogout(@Param('tokenId') tokenId: string): Promise<void> {
    await this.online.forceLogout(tokenId);
  }
}
