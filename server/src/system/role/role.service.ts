import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager, type Repository } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { SessionService } from '../../auth/session.service';
import { ServiceException } from '../../common/errors/service-exception';
import { escapeLike, withUniqueMessages } from '../../database/sql-helpers';
import { paginate } from '../../common/paging/paginate';
import { SysUser } from '../user/sys-user.entity';
import { AccessService } from './access.service';
import { DataScopeService } from './data-scope.service';
import type {
  CreateRoleDto,
  RoleDataScopeDto,
  RoleQueryDto,
  RoleStatusDto,
  RoleUserDto,
  RoleUsersDto,
  RoleUsersQueryDto,
  UpdateRoleDto,
} from './dto/role.dto';
import { DataScope, SysRole } from './sys-role.entity';
import { SUPER_ADMIN_ROLE } from '../../common/security/super-admin';

/** Roles: what they grant (menus, data scope) and who holds them. */
@Injectable()
export class RoleService {
  constructor(
    @InjectRepository(SysRole) private readonly roles: Repository<SysRole>,
    @InjectRepository(SysUser) private readonly users: Repository<SysUser>,
    private readonly dataSource: DataSource,
    private readonly access: AccessService,
    private readonly dataScope: DataScopeService,
    private readonly sessions: SessionService,
  ) {}

  list(query: RoleQueryDto): Promise<PageResult<SysRole>> {
    const qb = this.roles.createQueryBuilder('r').where("r.del_flag = '0'");
    if (query.roleName) qb.andWhere('r.role_name ILIKE :name', { name: `%${escapeLike(query.roleName)}%` });
    if (query.roleKey) qb.andWhere('r.role_key ILIKE :key', { key: `%${escapeLike(query.roleKey)}%` });
    if (query.status) qb.andWhere('r.status = :status', { status: query.status });
    return paginate(qb, query, {
      sortable: { roleId: 'r.role_id', roleSort: 'r.role_sort', roleName: 'r.role_name', createTime: 'r.create_time' },
      defaultOrder: { 'r.role_sort': 'ASC', 'r.role_id': 'ASC' },
    });
  }

  /** Enabled roles for pickers. */
  options(): Promise<SysRole[]> {
    return this.roles.find({ where: { delFlag: '0', status: '0' }, order: { roleSort: 'ASC', roleId: 'ASC' } });
  }

  async detail(roleId: string) {
    const role = await this.find(roleId);
    const menuIds = (await this.dataSource.query('SELECT menu_id FROM sys_role_menu WHERE role_id = $1 ORDER BY menu_id', [roleId])).map(
      (r: { menu_id: string }) => String(r.menu_id),
    );
    const deptIds = (await this.dataSource.query('SELECT dept_id FROM sys_role_dept WHERE role_id = $1 ORDER BY dept_id', [roleId])).map(
      (r: { dept_id: string }) => String(r.dept_id),
    );
    return { ...role, menuIds, deptIds };
  }

  async create(dto: CreateRoleDto, caller: LoginUser): Promise<SysRole> {
    return this.uniqueOr(dto, () =>
      this.dataSource.transaction(async (m) => {
        const role = await m.save(
          m.create(SysRole, {
            roleName: dto.roleName,
            roleKey: dto.roleKey,
            roleSort: dto.roleSort,
            status: dto.status ?? '0',
            dataScope: DataScope.ALL,
            menuCheckStrictly: dto.menuCheckStrictly ?? true,
            deptCheckStrictly: dto.deptCheckStrictly ?? true,
            remark: dto.remark ?? '',
            createBy: caller.userName,
          }),
        );
        await this.replaceMenus(m, role.roleId, dto.menuIds ?? []);
        return role;
      }),
    );
  }

  async update(dto: UpdateRoleDto, caller: LoginUser): Promise<void> {
    const role = await this.editable(dto.roleId);
    await this.uniqueOr(dto, () =>
      this.dataSource.transaction(async (m) => {
        await m.update(
          SysRole,
          { roleId: dto.roleId },
          {
            roleName: dto.roleName,
            roleKey: dto.roleKey,
            roleSort: dto.roleSort,
            status: dto.status ?? role.status,
            menuCheckStrictly: dto.menuCheckStrictly ?? role.menuCheckStrictly,
            deptCheckStrictly: dto.deptCheckStrictly ?? role.deptCheckStrictly,
            remark: dto.remark ?? role.remark,
            updateBy: caller.userName,
          },
        );
        if (dto.menuIds) await this.replaceMenus(m, dto.roleId, dto.menuIds);
      }),
    );
    await this.refreshHolders([dto.roleId]);
  }

  async setDataScope(dto: RoleDataScopeDto, caller: LoginUser): Promise<void> {
    await this.editable(dto.roleId);
    await this.dataSource.transaction(async (m) => {
      await m.update(SysRole, { roleId: dto.roleId }, { dataScope: dto.dataScope, updateBy: caller.userName });
      await m.query('DELETE FROM sys_role_dept WHERE role_id = $1', [dto.roleId]);
      if (dto.dataScope !== DataScope.CUSTOM) return;
      const deptIds = [...new Set(dto.deptIds ?? [])];
      const found = await m.query(`SELECT dept_id FROM sys_dept WHERE dept_id = ANY($1::bigint[]) AND del_flag = '0'`, [deptIds]);
      if (found.length !== deptIds.length) throw new ServiceException('role.deptNotFound');
      for (const deptId of deptIds) await m.query('INSERT INTO sys_role_dept (role_id, dept_id) VALUES ($1, $2)', [dto.roleId, deptId]);
    });
  }

  async changeStatus(dto: RoleStatusDto, caller: LoginUser): Promise<void> {
    await this.editable(dto.roleId);
    await this.roles.update({ roleId: dto.roleId }, { status: dto.status, updateBy: caller.userName });
    await this.refreshHolders([dto.roleId]);
  }

  async remove(roleIds: string[]): Promise<void> {
    for (const id of roleIds) {
      const role = await this.editable(id);
      const [{ n }] = await this.dataSource.query(
        "SELECT count(*)::int AS n FROM sys_user_role ur JOIN sys_user u ON u.user_id = ur.user_id WHERE ur.role_id = $1 AND u.del_flag = '0'",
        [id],
      );
      if (n > 0) throw new ServiceException('role.assigned', { roleName: role.roleName });
    }
    await this.roles.update({ roleId: In(roleIds) }, { delFlag: '2' });
  }

  /** Users who hold the role (`allocated`) or do not (`unallocated`), within the caller's data scope. */
  async holders(query: RoleUsersQueryDto, allocated: boolean, caller: LoginUser): Promise<PageResult<SysUser>> {
    const qb = this.users.createQueryBuilder('u').where("u.del_flag = '0'");
    const holds = 'EXISTS (SELECT 1 FROM sys_user_role ur WHERE ur.user_id = u.user_id AND ur.role_id = :roleId)';
    qb.andWhere(allocated ? holds : `NOT ${holds}`, { roleId: query.roleId });
    if (query.userName) qb.andWhere('u.user_name ILIKE :userName', { userName: `%${escapeLike(query.userName)}%` });
    if (query.phonenumber) qb.andWhere('u.phonenumber LIKE :phone', { phone: `%${escapeLike(query.phonenumber)}%` });
    await this.dataScope.apply(qb, caller, { dept: 'u.dept_id', user: 'u.user_id' });
    return paginate(qb, query, { sortable: { userId: 'u.user_id', userName: 'u.user_name' }, defaultOrder: { 'u.user_id': 'ASC' } });
  }

  async grant(dto: RoleUsersDto): Promise<void> {
    await this.editable(dto.roleId);
    await this.dataSource.query(
      `INSERT INTO sys_user_role (user_id, role_id) SELECT u.user_id, $1 FROM sys_user u WHERE u.user_id = ANY($2::bigint[]) AND u.del_flag = '0' ON CONFLICT DO NOTHING`,
      [dto.roleId, dto.userIds],
    );
    await this.refreshUsers(new Set(dto.userIds));
  }

  async revoke(dto: RoleUsersDto | RoleUserDto): Promise<void> {
    await this.editable(dto.roleId);
    const userIds = 'userIds' in dto ? dto.userIds : [dto.userId];
    await this.dataSource.query('DELETE FROM sys_user_role WHERE role_id = $1 AND user_id = ANY($2::bigint[])', [dto.roleId, userIds]);
    await this.refreshUsers(new Set(userIds));
  }

  private async find(roleId: string): Promise<SysRole> {
    const role = await this.roles.findOne({ where: { roleId, delFlag: '0' } });
    if (!role) throw ServiceException.notFound('role.notFound');
    return role;
  }

  /** The super administrator role holds every permission by its key; it is not edited. */
  private async editable(roleId: string): Promise<SysRole> {
    const role = await this.find(roleId);
    if (role.roleKey === SUPER_ADMIN_ROLE) throw new ServiceException('role.superAdminProtected');
    return role;
  }

  /** Runs a write, turning a clash with another live role's name or key (unique indexes) into its message. */
  private uniqueOr<T>(dto: { roleName: string }, write: () => Promise<T>): Promise<T> {
    return withUniqueMessages(write, {
      uq_sys_role_name: () => new ServiceException('role.nameTaken', { roleName: dto.roleName }),
      uq_sys_role_key: () => new ServiceException('role.keyTaken', { roleName: dto.roleName }),
    });
  }

  private async replaceMenus(m: EntityManager, roleId: string, menuIds: string[]): Promise<void> {
    const ids = [...new Set(menuIds)];
    const found = await m.query('SELECT menu_id FROM sys_menu WHERE menu_id = ANY($1::bigint[])', [ids]);
    if (found.length !== ids.length) throw new ServiceException('role.menuNotFound');
    await m.query('DELETE FROM sys_role_menu WHERE role_id = $1', [roleId]);
    for (const menuId of ids) await m.query('INSERT INTO sys_role_menu (role_id, menu_id) VALUES ($1, $2)', [roleId, menuId]);
  }

  /** Signed-in holders of these roles get their new permissions at their next request. */
  private async refreshHolders(roleIds: string[]): Promise<void> {
    const rows: Array<{ user_id: string }> = await this.dataSource.query(
      'SELECT DISTINCT user_id FROM sys_user_role WHERE role_id = ANY($1::bigint[])',
      [roleIds],
    );
    await this.refreshUsers(new Set(rows.map((r) => String(r.user_id))));
  }

  private async refreshUsers(userIds: Set<string>): Promise<void> {
    await this.sessions.refreshAccess(userIds, (userId) => this.access.of(userId));
  }
}
