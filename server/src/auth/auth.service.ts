import { Injectable } from '@nestjs/common';
import { appEvents } from '../common/events/app-events';
import { t } from '../common/i18n/i18n';
import type { ClientInfo } from '../common/http/client-info';
import { LoginLogService } from '../monitor/logininfor/login-log.service';
import { AccessService } from '../system/role/access.service';
import { SecurityPolicyService } from '../system/security/security-policy.service';
import { UserService, type UserWithPassword } from '../system/user/user.service';
import type { LoginDto } from './dto/login.dto';
import type { LoginUser } from './login-user';
import { SessionService } from './session.service';
import { SignInGuardService } from './sign-in-guard.service';

/** Signing in and out of the back office. */
@Injectable()
export class AuthService {
  constructor(
    private readonly guard: SignInGuardService,
    private readonly users: UserService,
    private readonly access: AccessService,
    private readonly policy: SecurityPolicyService,
    private readonly sessions: SessionService,
    private readonly loginLog: LoginLogService,
  ) {}

  /** Checks the attempt under the shared sign-in rules (SignInGuardService); returns a token and the message to show. */
  async login(dto: LoginDto, client: ClientInfo): Promise<{ token: string; msg: string }> {
    const user = await this.guard.verify(
      'staff',
      dto,
      client,
      (identifier) => this.users.findForLogin(identifier),
      (u) => ({
        logName: u.userName,
        passwordHash: u.password,
        disabled: u.status === '1',
        lockedUntil: u.lockEndTime,
        identifiers: [u.userName, u.email, u.phonenumber],
      }),
    );
    const policy = await this.policy.active();
    const session = await this.openSession(user, client);
    await this.users.recordLogin(user.userId, client.ipaddr);
    const msgKey = this.policy.isExpired(policy, user.pwdUpdateTime)
      ? 'auth.passwordExpired'
      : user.forceModifyPwd
        ? 'auth.forceModifyPassword'
        : 'auth.loginSuccess';
    await this.loginLog.record(user.userName, client, true, t(msgKey, undefined, 'zh-CN'));
    appEvents.emit('staff.signIn', { userName: user.userName, ipaddr: client.ipaddr, browser: client.browser, os: client.os });
    return { token: session.token, msg: t(msgKey) };
  }

  async logout(user: LoginUser | undefined, client: ClientInfo): Promise<void> {
    if (!user) return;
    await this.sessions.close(user.tokenId);
    await this.loginLog.record(user.userName, client, true, t('auth.logoutSuccess', undefined, 'zh-CN'));
  }

  /** Ends another staff member's session (online users screen). */
  async forceLogout(tokenId: string): Promise<void> {
    await this.sessions.close(tokenId);
  }

  private async openSession(user: UserWithPassword, client: ClientInfo) {
    const { roles, permissions } = await this.access.of(user.userId);
    const dept = await this.users.deptOf(user.deptId);
    return this.sessions.open({
      id: user.userId,
      userName: user.userName,
      nickName: user.nickName,
      deptId: user.deptId,
      deptName: dept?.deptName ?? '',
      roles,
      permissions,
      ipaddr: client.ipaddr,
      browser: client.browser,
      os: client.os,
    });
  }
}
