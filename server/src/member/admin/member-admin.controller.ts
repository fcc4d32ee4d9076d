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
import { ChangeMemberStatusDto, CreateMemberDto, MemberQueryDto, MemberRowDto, ResetMemberPasswordDto, UpdateMemberDto } from './member-admin.dto';
import { MemberAdminService } from './member-admin.service';

const TITLE = 'member.title';

/** The member list of the back office (menu 会员列表, permissions `cms:member:*`). */
@ApiTags('cms/member')
@ApiBearerAuth()
@Controller('cms/member')
export class MemberAdminController {
  constructor(private readonly members: MemberAdminService) {}

  @ListRoute<MemberRowDto>('list', {
    fileName: 'member.exportFile',
    exportPermission: 'cms:member:export',
    columns: [
      { key: 'memberId', header: 'member.column.memberId', width: 10 },
      { key: 'userName', header: 'member.column.userName' },
      { key: 'nickName', header: 'member.column.nickName' },
      { key: 'phonenumber', header: 'member.column.phonenumber' },
      { key: 'email', header: 'member.column.email', width: 28 },
      { key: 'status', header: 'member.column.status', width: 8, format: (v) => t(`status.${v}`) },
      { key: 'source', header: 'member.column.source', width: 10, format: (v) => t(`member.source.${v}`) },
      { key: 'level', header: 'member.column.level', width: 8 },
      { key: 'exp', header: 'member.column.exp', width: 10 },
      { key: 'inviteCode', header: 'member.column.inviteCode', width: 10 },
      { key: 'referrerCode', header: 'member.column.referrerCode', width: 12 },
      { key: 'registerTime', header: 'member.column.registerTime' },
      { key: 'loginTime', header: 'member.column.loginTime' },
      { key: 'loginIp', header: 'member.column.loginIp' },
    ],
  })
  @RequirePermission('cms:member:view')
  @OperLog({ title: TITLE, businessType: BusinessType.EXPORT, saveResult: false })
  @ApiOperation({ summary: 'Members, filtered and paged; POST with cc-export: 1 downloads them (needs cms:member:export)' })
  @ApiEnvelope(MemberRowDto, { paged: true })
  list(@Query() query: MemberQueryDto): Promise<PageResult<MemberRowDto>> {
    return this.members.list(query);
  }

  @Put('resetPwd')
  @RequirePermission('cms:member:resetPwd')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Set a new password; lifts a lock, ends the member’s sessions' })
  @ApiEnvelope()
  async resetPassword(@Body() dto: ResetMemberPasswordDto, @CurrentUser() user: LoginUser): Promise<void> {
    await this.members.resetPassword(dto, user);
  }

  @Put('changeStatus')
  @RequirePermission('cms:member:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Disable (sessions end at once) or enable a member' })
  @ApiEnvelope()
  async changeStatus(@Body() dto: ChangeMemberStatusDto, @CurrentUser() user: LoginUser): Promise<void> {
    await this.members.changeStatus(dto, user);
  }

  @Get(':memberId')
  @RequirePermission('cms:member:view')
  @ApiOperation({ summary: 'One member' })
  @ApiEnvelope(MemberRowDto)
  get(@Param('memberId', IdPipe) memberId: string): Promise<MemberRowDto> {
    return this.members.get(memberId);
  }

  @Post()
  @RequirePermission('cms:member:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a member (at least one of user name, phone, email)' })
  @ApiEnvelope(MemberRowDto)
  create(@Body() dto: CreateMemberDto, @CurrentUser() user: LoginUser): Promise<MemberRowDto> {
    return this.members.create(dto, user);
  }

  @Put()
  @RequirePermission('cms:member:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a member' })
  @ApiEnvelope()
  async update(@Body() dto: UpdateMemberDto, @CurrentUser() user: LoginUser): Promise<void> {
    await this.members.update(dto, user);
  }

  @Delete(':memberIds')
  @RequirePermission('cms:member:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete members (comma list); their sessions end' })
  @ApiEnvelope()
  async remove(@Param('memberIds', IdListPipe) memberIds: string[], @CurrentUser() user: LoginUser): Promise<void> {
    await this.members.remove(memberIds, user);
  }
}
