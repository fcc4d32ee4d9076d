import { Injectable } from '@nestjs/common';
import type { Language } from '@zhiwen/shared';
import { ServiceException } from '../common/errors/service-exception';
import { MenuService } from '../system/menu/menu.service';
import type { RouteItem } from '../system/menu/route-item';
import { SUPER_ADMIN_ROLE } from '../common/security/super-admin';
import { SecurityPolicyService } from '../system/security/security-policy.service';
import { UserService } from '../system/user/user.service';
import type { PasswordCheckDto, UserInfoDto } from './dto/auth-answers.dto';
import type { LoginUser } from './login-user';

/** What a signed-in staff member may know about themselves. */
@Injectable()
export class ProfileService {
  constructor(
    private readonly users: UserService,
    private readonly menus: MenuService,
    private readonly policy: SecurityPolicyService,
  ) {}

  async info(session: LoginUser): Promise<UserInfoDto> {
    const user = await this.users.findById(session.id);
    if (!user) throw ServiceException.unauthorized('auth.sessionExpired');
    const roles = await this.users.rolesOf(user.userId);
    return {
      user: {
        userId: user.userId,
        userName: user.userName,
        nickName: user.nickName,
        email: user.email,
        phonenumber: user.phonenumber,
        sex: user.sex,
        avatar: user.avatar,
        avatarSrc: user.avatar,
        deptId: user.deptId,
        deptName: session.deptName,
        loginIp: user.loginIp,
        loginDate: user.loginDate,
        roles: roles.map((r) => ({ roleId: r.roleId, roleKey: r.roleKey, roleName: r.roleName })),
      },
      roles: session.roles,
      permissions: session.permissions,
    };
  }

  async routes(session: LoginUser, language: Language): Promise<RouteItem[]> {
    if (session.roles.includes(SUPER_ADMIN_ROLE)) return this.menus.routesFor('all', language);
    const roles = await this.users.rolesOf(session.id);
    return this.menus.routesFor(
      roles.map((r) => r.roleId),
      language,
    );
  }

  async passwordCheck(session: LoginUser): Promise<PasswordCheckDto> {
    const user = await this.users.findById(session.id);
    if (!user) throw ServiceException.unauthorized('auth.sessionExpired');
    const policy = await this.policy.active();
    return { isPasswordExpired: this.policy.isExpired(policy, user.pwdUpdateTime), forceModifyPassword: user.forceModifyPwd };
  }
}
