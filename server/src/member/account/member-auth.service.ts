import { Injectable } from '@nestjs/common';
import { MemberExpOp, MemberSource } from '@zhiwen/shared';
import { CaptchaService } from '../../auth/captcha.service';
import type { MemberSession } from '../../auth/login-user';
import { SessionService } from '../../auth/session.service';
import { SignInGuardService } from '../../auth/sign-in-guard.service';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import type { ClientInfo } from '../../common/http/client-info';
import { LoginLogService } from '../../monitor/logininfor/login-log.service';
import { MemberExpService } from '../exp/member-exp.service';
import type { MemberUser } from '../member-user.entity';
import { MemberService } from '../member.service';
import type { LoginDto } from '../../auth/dto/login.dto';
import type { RegisterDto } from './dto/member-account.dto';

/**
 * Registration, sign-in and sign-out of members. Sign-in goes through the same SignInGuardService as staff sign-in
 * (one message until the password is right, captcha and slowing after failures, every attempt in the login log with
 * realm `member`).
 */
@Injectable()
export class MemberAuthService {
  constructor(
    private readonly captcha: CaptchaService,
    private readonly members: MemberService,
    private readonly exp: MemberExpService,
    private readonly guard: SignInGuardService,
    private readonly sessions: SessionService,
    private readonly loginLog: LoginLogService,
  ) {}

  /** Self-registration (parameter `sys.account.registerUser`); the new member is signed in at once. */
  async register(dto: RegisterDto, client: ClientInfo): Promise<string> {
    if (!(await this.captcha.registrationOpen())) throw new ServiceException('member.registerClosed');
    await this.checkCaptcha(dto.uuid, dto.authCode);
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

  /** Checks the attempt under the shared sign-in rules (SignInGuardService, as for staff); answers the token. */
  async login(dto: LoginDto, client: ClientInfo): Promise<string> {
    const member = await this.guard.verify(
      'member',
      dto,
      client,
      (identifier) => this.members.findForLogin(identifier),
      (m) => ({
        logName: this.logName(m),
        passwordHash: m.password,
        disabled: m.status === '1',
        lockedUntil: m.lockEndTime,
        identifiers: [m.userName, m.email, m.phonenumber],
      }),
    );
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

  private async checkCaptcha(uuid: string | undefined, code: string | undefined): Promise<void> {
    if (!(await this.captcha.enabled())) return;
    const check = await this.captcha.verify(uuid, code);
    if (check === 'expired') throw new ServiceException('auth.captchaExpired');
    if (check === 'wrong') throw new ServiceException('auth.captchaWrong');
  }
}
