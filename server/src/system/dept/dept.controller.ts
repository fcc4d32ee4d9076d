import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequireAnyPermission, RequirePermission } from '../../auth/permission';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import type { DeptTreeNode } from './dept-tree';
import { CreateDeptDto, DeptDto, DeptIdParam, DeptQueryDto, DeptTreeNodeDto, UpdateDeptDto } from './dept.dto';
import { DeptService } from './dept.service';
import type { SysDept } from './sys-dept.entity';

const TITLE = '部门管理';

@ApiTags('system/dept')
@ApiBearerAuth()
@Controller('system/dept')
export class DeptController {
  constructor(private readonly depts: DeptService) {}

  @Get('list')
  @RequirePermission('system:dept:list')
  @ApiOperation({ summary: 'Departments in the caller data scope, flat, ordered by parent and display order' })
  @ApiEnvelope(DeptDto, { isArray: true })
  list(@CurrentUser() user: LoginUser, @Query() query: DeptQueryDto): Promise<SysDept[]> {
    return this.depts.list(user, query);
  }

  @Get('list/exclude/:deptId')
  @RequirePermission('system:dept:list')
  @ApiOperation({ summary: 'Possible new parents of a department: every visible one except it and its descendants' })
  @ApiEnvelope(DeptDto, { isArray: true })
  listExcluding(@CurrentUser() user: LoginUser, @Param() params: DeptIdParam): Promise<SysDept[]> {
    return this.depts.listExcluding(user, params.deptId);
  }

  @Get('treeselect')
  @RequireAnyPermission('system:dept:list', 'system:user:list')
  @ApiOperation({ summary: 'Department tree in the caller data scope (tree-select shape)' })
  @ApiEnvelope(DeptTreeNodeDto, { isArray: true })
  tree(@CurrentUser() user: LoginUser, @Query() query: DeptQueryDto): Promise<DeptTreeNode[]> {
    return this.depts.tree(user, query);
  }

  @Get(':deptId')
  @RequirePermission('system:dept:query')
  @ApiOperation({ summary: 'One department, with its parent name' })
  @ApiEnvelope(DeptDto)
  get(@CurrentUser() user: LoginUser, @Param() params: DeptIdParam): Promise<SysDept> {
    return this.depts.get(user, params.deptId);
  }

  @Post()
  @RequirePermission('system:dept:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a department under an enabled parent' })
  @ApiEnvelope(DeptDto)
  create(@CurrentUser() user: LoginUser, @Body() dto: CreateDeptDto): Promise<SysDept> {
    return this.depts.create(user, dto);
  }

  @Put()
  @RequirePermission('system:dept:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a department; a new parent moves its whole subtree' })
  @ApiEnvelope(DeptDto)
  update(@CurrentUser() user: LoginUser, @Body() dto: UpdateDeptDto): Promise<SysDept> {
    return this.depts.update(user, dto);
  }

  @Delete(':deptId')
  @RequirePermission('system:dept:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete a department without sub-departments or users' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Param() params: DeptIdParam): Promise<void> {
    await this.depts.remove(user, params.deptId);
  }
}
