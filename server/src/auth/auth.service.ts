import { Inject, Injectable } from '@nestjs/common';
import { KV_STORE, type KvStore } from '../common/cache/kv-store';
import { ServiceException } from '../common/errors/service-exception';
import { t } from '../common/i18n/i18n';
import { formatDateTime } from '@zhiwen/shared';
import type { ClientInfo } from '../common/http/client-info';
import { LoginLogService } from '../monitor/logininfor/login-log.service';
import { AccessService } from '../system/role/access.service';
import { SecurityPolicyService, type SecurityPolicy } from '../system/security/security-policy.service';
import { UserService, type UserWithPassword } from '../system/user/user.service';
import { CaptchaService } from './captcha.service';
import type { LoginDto } from './dto/login.dto';
import type { LoginUser } from './login-user';
import { verifyPassword } from './password-hasher';
import { SessionService } from './session.service';

const DAY_MS = 24 * 3600_000;

/** Signing in and out of the back office. */
@Injectable()
export class AuthService {
  constructor(
    private readonly captcha: CaptchaService,
    private readonly users: UserService,
    private readonly access: AccessService,
    private readonly policy: SecurityPolicyService,
    private readonly sessions: SessionService,
    private readonly loginLog: LoginLogService,
    @Inject(KV_STORE) private readonly store: KvStore,
  ) {}

  /** Checks captcha, account state and password under the active policy; returns a token and the message to show. */
  async login(dto: LoginDto, client: ClientInfo): Promise<{ token: string; msg: string }> {
    const fail = async (key: string, args?: Record<string, string | number>): Promise<never> => {
      await this.loginLog.record(dto.username, client, false, t(key, args, 'zh-CN'));
      throw new ServiceException(key, args);
    };

    if (await this.captcha.enabled()) {
      const check = await this.captcha.verify(dto.uuid, dto.code);
      if (check === 'expired') await fail('auth.captchaExpired');
      if (check === 'wrong') await fail('auth.captchaWrong');
    }
    const user = await this.users.findForLogin(dto.username);
    if (!user) return fail('auth.wrongCredentials');
    if (user.status === '1') await fail('auth.accountDisabled');
    if (user.lockEndTime && user.lockEndTime.getTime() > Date.now()) {
      await fail('auth.accountLocked', { until: formatDateTime(user.lockEndTime) });
    }
    const policy = await this.policy.active();
    if (!(await verifyPassword(user.password, dto.password))) await this.onWrongPassword(user, policy, fail);

    await this.store.del(this.failureKey(user.userId));
    const session = await this.openSession(user, client);
    await this.users.recordLogin(user.userId, client.ipaddr);
    const msgKey = this.policy.isExpired(policy, user.pwdUpdateTime)
      ? 'auth.passwordExpired'
      : user.forceModifyPwd
        ? 'auth.forceModifyPassword'
        : 'auth.loginSuccess';
    await this.loginLog.record(user.userName, client, true, t(msgKey, undefined, 'zh-CN'));
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

  private failureKey(userId: string): string {
    return `login-failures:${userId}`;
  }

  /** Counts the failure for the day and applies the policy's strategy once the limit is reached. */
  private async onWrongPassword(
    user: UserWithPassword,
    policy: SecurityPolicy,
    fail: (key: string, args?: Record<string, string | number>) => Promise<never>,
  ): Promise<never> {
    const limit = policy.passwordRetryLimit;
    if (limit <= 0 || policy.passwordRetryStrategy === 'NONE') return fail('auth.wrongCredentials');
    const failures = await this.store.increment(this.failureKey(user.userId), DAY_MS);
    if (failures < limit) return fail('auth.wrongPasswordRemaining', { remaining: limit - failures });
    await this.store.del(this.failureKey(user.userId));
    if (policy.passwordRetryStrategy === 'DISABLE') {
      await this.users.disable(user.userId);
      await this.sessions.closeAllOf(user.userId);
      return fail('auth.disabledAfterRetries');
    }
    await this.users.lockUntil(user.userId, new Date(Date.now() + policy.passwordRetryLockSeconds * 1000));
    return fail('auth.lockedAfterRetries', { minutes: Math.ceil(policy.passwordRetryLockSeconds / 60) });
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
