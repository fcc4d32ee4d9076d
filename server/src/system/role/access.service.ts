import { Injectable } from '@nestjs/common';
import { ALL_PERMISSIONS } from '../../auth/permission';
import { MenuService } from '../menu/menu.service';
import { UserService } from '../user/user.service';
import { SUPER_ADMIN_ROLE } from '../../common/security/super-admin';

export interface Access {
  /** Keys of the user's enabled roles. */
  roles: string[];
  /** `["*"]` for a super administrator, else the permissions of the roles' enabled menus. */
  permissions: string[];
}

/** What a staff member may do, derived from its roles; computed at sign-in and when roles change. */
@Injectable()
export class AccessService {
  constructor(
    private readonly users: UserService,
    private readonly menus: MenuService,
  ) {}

  async of(userId: string): Promise<Access> {
    const roles = await this.users.rolesOf(userId);
    const keys = roles.map((r) => r.roleKey);
    const permissions = keys.includes(SUPER_ADMIN_ROLE) ? [ALL_PERMISSIONS] : await this.menus.permissionsOfRoles(roles.map((r) => r.roleId));
    return { roles: keys, permissions };
  }
}
