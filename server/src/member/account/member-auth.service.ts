import { Inject, Injectable } from '@nestjs/common';
import { formatDateTime, MemberExpOp, MemberSource } from '@zhiwen/shared';
import { CaptchaService } from '../../auth/captcha.service';
import type { MemberSession } from '../../auth/login-user';
import { verifyPassword } from '../../auth/password-hasher';
import { SessionService } from '../../auth/session.service';
import { KV_STORE, type KvStore } from '../../common/cache/kv-store';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import type { ClientInfo } from '../../common/http/client-info';
import { LoginLogService } from '../../monitor/logininfor/login-log.service';
import { SecurityPolicyService } from '../../system/security/security-policy.service';
import { MemberExpService } from '../exp/member-exp.service';
import type { MemberUser } from '../member-user.entity';
import { MemberService } from '../member.service';
import type { LoginDto } from '../../auth/dto/login.dto';
import type { RegisterDto } from './dto/member-account.dto';

const DAY_MS = 24 * 3600_000;
type Fail = (key: string, args?: Record<string, string | number>) => Promise<never>;

/** Key of a member's daily wrong-password counter. */
export const memberLoginFailuresKey = (memberId: string) => `member-login-failures:${memberId}`;

/**
 * Registration, sign-in and sign-out of members. Sign-in follows the staff rules: captcha, disabled and locked
 * accounts refused, wrong passwords counted per day under the active security policy, every attempt in the login log
 * (realm `member`).
 */
@Injectable()
export class MemberAuthService {
  constructor(
    private readonly captcha: CaptchaService,
    private readonly members: MemberService,
    private readonly exp: MemberExpService,
    private readonly policy: SecurityPolicyService,
    private readonly sessions: SessionService,
    private readonly loginLog: LoginLogService,
    @Inject(KV_STORE) private readonly store: KvStore,
  ) {}

  /** Self-registration (parameter `sys.account.registerUser`); the new member is signed in at once. */
  async register(dto: RegisterDto, client: ClientInfo): Promise<string> {
    if (!(await this.captcha.registrationOpen())) throw new ServiceException('member.registerClosed');
    await this.checkCaptcha(dto.uuid, dto.authCode, (key) => {
      throw new ServiceException(key);
    });
    const member = await this.members.create({
      userName: dto.username,
      password: dto.password,
      source: MemberSource.REGISTER,
      registerIp: client.ipaddr,
      referrerCode: dto.randomCode,
      createBy: dto.username,
    });
    await this.exp.grantQuietly(member.memberId, MemberExpOp.REGISTER);
    return this.signIn(member, client, 'member.registerSuccess');
  }

  async login(dto: LoginDto, client: ClientInfo): Promise<string> {
    const fail: Fail = async (key, args) => {
      await this.loginLog.record(dto.username, client, false, t(key, args, 'zh-CN'), 'member');
      throw new ServiceException(key, args);
    };
    await this.checkCaptcha(dto.uuid, dto.code, fail);
    const member = await this.members.findForLogin(dto.username);
    if (!member) return fail('auth.wrongCredentials');
    if (member.status === '1') await fail('auth.accountDisabled');
    if (member.lockEndTime && member.lockEndTime.getTime() > Date.now()) {
      await fail('auth.accountLocked', { until: formatDateTime(member.lockEndTime) });
    }
    if (!(await verifyPassword(member.password, dto.password))) await this.onWrongPassword(member, fail);
    await this.store.del(memberLoginFailuresKey(member.memberId));
    const token = await this.signIn(member, client, 'auth.loginSuccess');
    await this.exp.grantQuietly(member.memberId, MemberExpOp.SIGN_IN);
    return token;
  }

  /** Opens a member session after a sign-in by any means (password, registration, WeChat); logged and recorded. */
  async signIn(member: MemberUser, client: ClientInfo, messageKey: string): Promise<string> {
    const { token } = await this.sessions.openMember({
      id: member.memberId,
      userName: member.userName,
      nickName: member.nickName,
      ipaddr: client.ipaddr,
      browser: client.browser,
      os: client.os,
    });
    await this.members.recordLogin(member.memberId, client.ipaddr);
    await this.loginLog.record(this.logName(member), client, true, t(messageKey, undefined, 'zh-CN'), 'member');
    return token;
  }

  async logout(member: MemberSession | undefined, client: ClientInfo): Promise<void> {
    if (!member) return;
    await this.sessions.close(member.tokenId, 'member');
    await this.loginLog.record(member.userName || `#${member.id}`, client, true, t('auth.logoutSuccess', undefined, 'zh-CN'), 'member');
  }

  private logName(member: MemberUser): string {
    return member.userName || member.phonenumber || member.email || `#${member.memberId}`;
  }

  private async checkCaptcha(uuid: string | undefined, code: string | undefined, fail: (key: string) => Promise<never> | never): Promise<void> {
    if (!(await this.captcha.enabled())) return;
    const check = await this.captcha.verify(uuid, code);
    if (check === 'expired') await fail('auth.captchaExpired');
    if (check === 'wrong') await fail('auth.captchaWrong');
  }

  /** Counts the failure for the day and applies the security policy's strategy once the limit is reached. */
  private async onWrongPassword(member: MemberUser, fail: Fail): Promise<never> {
    const policy = await this.policy.active();
    const limit = policy.passwordRetryLimit;
    if (limit <= 0 || policy.passwordRetryStrategy === 'NONE') return fail('auth.wrongCredentials');
    const key = memberLoginFailuresKey(member.memberId);
    const failures = await this.store.increment(key, DAY_MS);
    if (failures < limit) return fail('auth.wrongPasswordRemaining', { remaining: limit - failures });
    await this.store.del(key);
    if (policy.passwordRetryStrategy === 'DISABLE') {
      await this.members.disable(member.memberId, 'system');
      return fail('auth.disabledAfterRetries');
    }
    await this.members.lockUntil(member.memberId, new Date(Date.now() + policy.passwordRetryLockSeconds * 1000));
    return fail('auth.lockedAfterRetries', { minutes: Math.ceil(policy.passwordRetryLockSeconds / 60) });
  }
}
