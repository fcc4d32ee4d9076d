import { Injectable } from '@nestjs/common';
import { Brackets, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import type { LoginUser } from '../../auth/login-user';
import { UserService } from '../user/user.service';
import { DataScope } from './sys-role.entity';
import { SUPER_ADMIN_ROLE } from '../../common/security/super-admin';

export interface DataScopeColumns {
  /** SQL expression of the row's department, e.g. `u.dept_id` or `d.dept_id`. */
  dept: string;
  /** SQL expression of the row's owner user, e.g. `u.user_id`; rows without an owner leave it out (SELF then sees none). */
  user?: string;
}

/**
 * Data scope of staff lists: a row is visible when any of the caller's roles allows it (all, custom departments,
 * own department, own department and below, own rows). Super administrators see everything.
 */
@Injectable()
export class DataScopeService {
  constructor(private readonly users: UserService) {}

  /** Narrows a list query to the rows the caller may see. */
  async apply<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, caller: LoginUser, columns: DataScopeColumns): Promise<SelectQueryBuilder<T>> {
    if (caller.roles.includes(SUPER_ADMIN_ROLE)) return qb;
    const roles = await this.users.rolesOf(caller.id);
    if (roles.some((r) => r.dataScope === DataScope.ALL)) return qb;
    const deptId = caller.deptId ?? '-1';
    return qb.andWhere(
      new Brackets((or) => {
        or.where('1 = 0');
        for (const [i, role] of roles.entries()) {
          const p = `ds${i}`;
          switch (role.dataScope) {
            case DataScope.CUSTOM:
              or.orWhere(`${columns.dept} IN (SELECT rd.dept_id FROM sys_role_dept rd WHERE rd.role_id = :${p})`, { [p]: role.roleId });
              break;
            case DataScope.DEPT:
              or.orWhere(`${columns.dept} = :${p}`, { [p]: deptId });
              break;
            case DataScope.DEPT_AND_CHILD:
              or.orWhere(
                `${columns.dept} IN (SELECT sd.dept_id FROM sys_dept sd WHERE sd.dept_id = :${p} OR :${p}::text = ANY (string_to_array(sd.ancestors, ',')))`,
                { [p]: deptId },
              );
              break;
            case DataScope.SELF:
              if (columns.user) or.orWhere(`${columns.user} = :${p}`, { [p]: caller.id });
              break;
          }
        }
      }),
    );
  }
}
