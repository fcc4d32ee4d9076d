import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequireAnyPermission, RequirePermission } from '../../auth/permission';
import { requestContext } from '../../common/context/request-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { IdPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { CreateMenuDto, MenuQueryDto, TreeNodeDto, UpdateMenuDto } from './dto/menu.dto';
import { MenuAdminService } from './menu-admin.service';

const TITLE = '菜单管理';

@ApiTags('system/menu')
@ApiBearerAuth()
@Controller('system/menu')
export class MenuController {
  constructor(private readonly menus: MenuAdminService) {}

  @Get('list')
  @RequirePermission('system:menu:list')
  @ApiOperation({ summary: 'Every menu (not paged: the screen shows a tree)' })
  list(@Query() query: MenuQueryDto) {
    return this.menus.list(query, requestContext.language());
  }

  @Get('treeselect')
  @RequireAnyPermission('system:menu:list', 'system:role:query', 'system:role:add', 'system:role:edit')
  @ApiEnvelope(TreeNodeDto, { isArray: true })
  tree() {
    return this.menus.tree(requestContext.language());
  }

  @Get('roleMenuTreeselect/:roleId')
  @RequireAnyPermission('system:role:query', 'system:role:edit')
  @ApiOperation({ summary: 'The menu tree and the menus a role holds' })
  roleTree(@Param('roleId', IdPipe) roleId: string) {
    return this.menus.roleTree(roleId, requestContext.language());
  }

  @Get(':menuId')
  @RequirePermission('system:menu:query')
  detail(@Param('menuId', IdPipe) menuId: string) {
    return this.menus.detail(menuId);
  }

  @Post()
  @RequirePermission('system:menu:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  create(@Body() dto: CreateMenuDto, @CurrentUser() user: LoginUser) {
    return this.menus.create(dto, user);
  }

  @Put()
  @RequirePermission('system:menu:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiEnvelope()
  async update(@Body() dto: UpdateMenuDto, @CurrentUser() user: LoginUser): Promise<void> {
    await this.menus.update(dto, user);
  }

  @Delete(':menuId')
  @RequirePermission('system:menu:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiEnvelope()
  async remove(@Param('menuId', IdPipe) menuId: string): Promise<void> {
    await this.menus.remove(menuId);
  }
}
