import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission } from '../../auth/permission';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { IdListPipe, IdPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { CreateLevelConfigDto, LevelConfigDto, LevelConfigQueryDto, UpdateLevelConfigDto } from './member-level.dto';
import type { MemberLevelConfig } from './member-level-config.entity';
import { MemberLevelService } from './member-level.service';

const TITLE = 'member.levelTitle';

/** Level configs (menu 会员等级, permissions `cms:memberlevel:*`). */
@ApiTags('cms/member')
@ApiBearerAuth()
@Controller('cms/member/level')
export class MemberLevelController {
  constructor(private readonly levels: MemberLevelService) {}

  @ListRoute<MemberLevelConfig>('list', { fileName: 'member.levelTitle' })
  @RequirePermission('cms:memberlevel:view')
  @OperLog({ title: TITLE, businessType: BusinessType.EXPORT, saveResult: false })
  @ApiOperation({ summary: 'Level configs by type and level' })
  @ApiEnvelope(LevelConfigDto, { paged: true })
  list(@Query() query: LevelConfigQueryDto): Promise<PageResult<MemberLevelConfig>> {
    return this.levels.list(query);
  }

  @Get(':configId')
  @RequirePermission('cms:memberlevel:view')
  @ApiOperation({ summary: 'One level config' })
  @ApiEnvelope(LevelConfigDto)
  get(@Param('configId', IdPipe) configId: string): Promise<MemberLevelConfig> {
    return this.levels.get(configId);
  }

  @Post()
  @RequirePermission('cms:memberlevel:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a level (type + level unique); member levels are re-derived' })
  @ApiEnvelope(LevelConfigDto)
  create(@Body() dto: CreateLevelConfigDto, @CurrentUser() user: LoginUser): Promise<MemberLevelConfig> {
    return this.levels.create(dto, user);
  }

  @Put()
  @RequirePermission('cms:memberlevel:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a level; member levels are re-derived' })
  @ApiEnvelope(LevelConfigDto)
  update(@Body() dto: UpdateLevelConfigDto, @CurrentUser() user: LoginUser): Promise<MemberLevelConfig> {
    return this.levels.update(dto, user);
  }

  @Delete(':configIds')
  @RequirePermission('cms:memberlevel:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete levels (comma list); member levels are re-derived' })
  @ApiEnvelope()
  async remove(@Param('configIds', IdListPipe) configIds: string[]): Promise<void> {
    await this.levels.remove(configIds);
  }
}
