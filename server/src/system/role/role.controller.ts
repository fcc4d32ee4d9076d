import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission } from '../../auth/permission';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { t } from '../../common/i18n/i18n';
import { IdListPipe, IdPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import {
  CreateRoleDto,
  RoleDataScopeDto,
  RoleQueryDto,
  RoleStatusDto,
  RoleUserDto,
  RoleUsersDto,
  RoleUsersQueryDto,
  UpdateRoleDto,
} from './dto/role.dto';
import { DeptService } from '../dept/dept.service';
import { RoleService } from './role.service';
import type { SysRole } from './sys-role.entity';

const TITLE = '角色管理';

@ApiTags('system/role')
@ApiBearerAuth()
@Controller('system/role')
export class RoleController {
  constructor(
    private readonly roles: RoleService,
    private readonly depts: DeptService,
  ) {}

  @ListRoute<SysRole>('list', {
    fileName: 'role.exportFile',
    exportPermission: 'system:role:export',
    columns: [
      { key: 'roleId', header: 'column.roleId', width: 10 },
      { key: 'roleName', header: 'column.roleName' },
      { key: 'roleKey', header: 'column.roleKey' },
      { key: 'roleSort', header: 'column.roleSort', width: 10 },
      { key: 'dataScope', header: 'column.dataScope', format: (v) => t(`dict.sys_data_scope.${v}`) },
      { key: 'status', header: 'column.status', width: 8, format: (v) => t(`status.${v}`) },
      { key: 'createTime', header: 'column.createTime' },
    ],
  })
  @RequirePermission('system:role:list')
  @OperLog({ title: TITLE, businessType: BusinessType.EXPORT, saveResult: false })
  @ApiOperation({ summary: 'Roles' })
  list(@Query() query: RoleQueryDto) {
    return this.roles.list(query);
  }

  @Get('optionselect')
  @RequirePermission('system:role:query')
  @ApiOperation({ summary: 'Enabled roles for pickers' })
  options() {
    return this.roles.options();
  }

  @Get('authUser/allocatedList')
  @RequirePermission('system:role:list')
  @ApiOperation({ summary: 'Users holding the role' })
  allocated(@Query() query: RoleUsersQueryDto, @CurrentUser() user: LoginUser) {
    return this.roles.holders(query, true, user);
  }

  @Get('authUser/unallocatedList')
  @RequirePermission('system:role:list')
  @ApiOperation({ summary: 'Users not holding the role' })
  unallocated(@Query() query: RoleUsersQueryDto, @CurrentUser() user: LoginUser) {
    return this.roles.holders(query, false, user);
  }

  @Put('authUser/selectAll')
  @RequirePermission('system:role:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.GRANT })
  @ApiEnvelope()
  async grant(@Body() dto: RoleUsersDto): Promise<void> {
    await this.roles.grant(dto);
  }

  @Put('authUser/cancel')
  @RequirePermission('system:role:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.GRANT })
  @ApiEnvelope()
  async revokeOne(@Body() dto: RoleUserDto): Promise<void> {
    await this.roles.revoke(dto);
  }

  @Put('authUser/cancelAll')
  @RequirePermission('system:role:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.GRANT })
  @ApiEnvelope()
  async revokeMany(@Body() dto: RoleUsersDto): Promise<void> {
    await this.roles.revoke(dto);
  }

  @Put('dataScope')
  @RequirePermission('system:role:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiEnvelope()
  async dataScope(@Body() dto: RoleDataScopeDto, @CurrentUser() user: LoginUser): Promise<void> {
    await this.roles.setDataScope(dto, user);
  }

  @Put('changeStatus')
  @RequirePermission('system:role:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiEnvelope()
  async changeStatus(@Body() dto: RoleStatusDto, @CurrentUser() user: LoginUser): Promise<void> {
    await this.roles.changeStatus(dto, user);
  }

  @Get('deptTree/:roleId')
  @RequirePermission('system:role:query')
  @ApiOperation({ summary: 'The department tree the caller sees and the departments of a role’s custom data scope' })
  async deptTree(@Param('roleId', IdPipe) roleId: string, @CurrentUser() user: LoginUser) {
    const role = await this.roles.detail(roleId);
    return { checkedKeys: role.deptIds, depts: await this.depts.tree(user) };
  }

  @Get(':roleId')
  @RequirePermission('system:role:query')
  @ApiOperation({ summary: 'One role with its menu and department ids' })
  detail(@Param('roleId', IdPipe) roleId: string) {
    return this.roles.detail(roleId);
  }

  @Post()
  @RequirePermission('system:role:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  create(@Body() dto: CreateRoleDto, @CurrentUser() user: LoginUser) {
    return this.roles.create(dto, user);
  }

  @Put()
  @RequirePermission('system:role:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiEnvelope()
  async update(@Body() dto: UpdateRoleDto, @CurrentUser() user: LoginUser): Promise<void> {
    await this.roles.update(dto, user);
  }

  @Delete(':roleIds')
  @RequirePermission('system:role:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiEnvelope()
  async remove(@Param('roleIds', IdListPipe) roleIds: string[]): Promise<void> {
    await this.roles.remove(roleIds);
  }
}
