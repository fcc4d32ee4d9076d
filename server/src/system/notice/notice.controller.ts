import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission } from '../../auth/permission';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { IdListPipe, IdPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { CreateNoticeDto, NoticeDto, NoticeQueryDto, UpdateNoticeDto } from './dto/notice.dto';
import { NoticeService } from './notice.service';
import type { SysNotice } from './sys-notice.entity';

const TITLE = '通知公告';

@ApiTags('system/notice')
@ApiBearerAuth()
@Controller('system/notice')
export class NoticeController {
  constructor(private readonly notices: NoticeService) {}

  @ListRoute<SysNotice>('list', {
    fileName: 'notice.exportFile',
    columns: [
      { key: 'noticeId', header: 'field.noticeId', width: 10 },
      { key: 'noticeTitle', header: 'field.noticeTitle', width: 40 },
      { key: 'noticeType', header: 'field.noticeType', width: 10 },
      { key: 'status', header: 'field.status', width: 10 },
      { key: 'createBy', header: 'field.createBy', width: 16 },
      { key: 'createTime', header: 'field.createTime' },
    ],
  })
  @RequirePermission('system:notice:list')
  @ApiOperation({ summary: 'Notices, newest first' })
  @ApiEnvelope(NoticeDto, { paged: true })
  list(@Query() query: NoticeQueryDto) {
    return this.notices.list(query);
  }

  @Get(':noticeId')
  @RequirePermission('system:notice:query')
  @ApiOperation({ summary: 'One notice' })
  @ApiEnvelope(NoticeDto)
  detail(@Param('noticeId', IdPipe) noticeId: string) {
    return this.notices.get(noticeId);
  }

  @Post()
  @RequirePermission('system:notice:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Publish a notice (type from dict sys_notice_type, status from sys_notice_status)' })
  @ApiEnvelope(NoticeDto)
  create(@Body() dto: CreateNoticeDto, @CurrentUser() user: LoginUser) {
    return this.notices.create(dto, user.userName);
  }

  @Put()
  @RequirePermission('system:notice:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a notice' })
  @ApiEnvelope()
  async update(@Body() dto: UpdateNoticeDto, @CurrentUser() user: LoginUser): Promise<void> {
    await this.notices.update(dto, user.userName);
  }

  @Delete(':noticeIds')
  @RequirePermission('system:notice:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete notices (comma list of ids)' })
  @ApiEnvelope()
  async remove(@Param('noticeIds', IdListPipe) noticeIds: string[]): Promise<void> {
    await this.notices.remove(noticeIds);
  }
}
