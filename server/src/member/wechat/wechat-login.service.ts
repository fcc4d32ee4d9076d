import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { MemberExpOp, MemberSource } from '@zhiwen/shared';
import type { MemberSession } from '../../auth/login-user';
import { KV_STORE, type KvStore } from '../../common/cache/kv-store';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import type { ClientInfo } from '../../common/http/client-info';
import { LoginLogService } from '../../monitor/logininfor/login-log.service';
import { MemberAuthService } from '../account/member-auth.service';
import { MemberExpService } from '../exp/member-exp.service';
import { MemberUser } from '../member-user.entity';
import { MemberService, type MemberWithSecrets } from '../member.service';
import { WechatClient, type WechatIdentity } from './wechat-client';
import { WechatConfigService } from './wechat-config.service';
import type { WechatQrConfigDto } from './wechat-config.dto';

export type WechatPurpose = 'login' | 'bind';

/** Cookie binding a QR login's `state` to the browser that asked for it. */
export const WECHAT_STATE_COOKIE = 'zw_wechat_state';
export const WECHAT_STATE_TTL_MS = 10 * 60_000;
const STATE = /^[0-9a-f]{32}$/;
const statePrefix = 'wechat-state:';

/**
 * WeChat QR login (website application, OAuth 2.0 authorization code): the server issues a single-use `state`
 * bound to the browser (HttpOnly cookie), WeChat sends the browser back with `code` and `state`, the server checks
 * the state, trades the code for the openid (+unionid) and signs in the member bound to it, creating one on first
 * use. A signed-in member binds WeChat to their account the same way (purpose `bind`).
 */
@Injectable()
export class WechatLoginService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly configs: WechatConfigService,
    private readonly client: WechatClient,
    private readonly members: MemberService,
    private readonly auth: MemberAuthService,
    private readonly exp: MemberExpService,
    private readonly loginLog: LoginLogService,
    @Inject(KV_STORE) private readonly store: KvStore,
  ) {}

  /** The QR widget's settings and a fresh state; the caller sets the state cookie. */
  async qrConfig(purpose: WechatPurpose): Promise<WechatQrConfigDto> {
    const app = await this.configs.active();
    const state = randomBytes(16).toString('hex');
    await this.store.set(statePrefix + state, purpose, WECHAT_STATE_TTL_MS);
    return { appId: app.appId, redirectUri: app.redirectUri, scope: 'snsapi_login', state, purpose };
  }

  /** Signs in the member bound to the WeChat account of `code`, creating one on first use; answers the token. */
  async login(code: string, state: string | undefined, cookieState: string | undefined, client: ClientInfo): Promise<string> {
    await this.checkState(state, cookieState, 'login');
    const identity = await this.identify(code);
    let member: MemberUser | null = await this.members.findByWechat(identity.openid, identity.unionid);
    if (member) {
      if (member.status === '1') {
        await this.loginLog.record(member.userName, client, false, t('auth.accountDisabled', undefined, 'zh-CN'), 'member');
        throw new ServiceException('auth.accountDisabled');
      }
      await this.completeIds(member as MemberWithSecrets, identity);
    } else {
      member = await this.createFor(identity, client);
      await this.exp.grantQuietly(member.memberId, MemberExpOp.REGISTER);
    }
    const token = await this.auth.signIn(member, client, 'wechat.loginSuccess');
    await this.exp.grantQuietly(member.memberId, MemberExpOp.SIGN_IN);
    return token;
  }

  /** Binds the WeChat account of `code` to the signed-in member. */
  async bind(code: string, state: string | undefined, cookieState: string | undefined, session: MemberSession): Promise<void> {
    await this.checkState(state, cookieState, 'bind');
    const identity = await this.identify(code);
    const holder = await this.members.findByWechat(identity.openid, identity.unionid);
    if (holder && holder.memberId !== session.id) throw new ServiceException('wechat.alreadyBound');
    await this.dataSource
      .getRepository(MemberUser)
      .update({ memberId: session.id }, { wechatOpenid: identity.openid, wechatUnionid: identity.unionid, updateBy: session.userName });
  }

  /** The state must be one this server issued for this purpose, unused, and the one this browser holds. */
  private async checkState(state: string | undefined, cookieState: string | undefined, purpose: WechatPurpose): Promise<void> {
    if (!state || !STATE.test(state)) throw new ServiceException('wechat.stateMismatch');
    const issuedFor = await this.store.get(statePrefix + state);
    await this.store.del(statePrefix + state);
    if (issuedFor !== purpose || cookieState !== state) throw new ServiceException('wechat.stateMismatch');
  }

  private async identify(code: string): Promise<WechatIdentity> {
    const app = await this.configs.active();
    return this.client.exchangeCode(app.appId, app.appSecret, code);
  }

  /** A member for a first WeChat sign-in: a generated user name, the WeChat nickname. */
  private async createFor(identity: WechatIdentity, client: ClientInfo): Promise<MemberUser> {
    const info = await this.client.userInfo(identity.accessToken, identity.openid).catch(() => undefined);
    let userName = generatedUserName();
    while (await this.members.findForLogin(userName)) userName = generatedUserName();
    return this.members.create({
      userName,
      nickName: info?.nickname.trim().slice(0, 30) || userName,
      source: MemberSource.WECHAT,
      registerIp: client.ipaddr,
      wechatOpenid: identity.openid,
      wechatUnionid: identity.unionid || info?.unionid || '',
      createBy: 'wechat',
    });
  }

  /** A member found by unionid keeps the openid of the current app too (and the reverse). */
  private async completeIds(member: MemberWithSecrets, identity: WechatIdentity): Promise<void> {
    const unionid = identity.unionid || member.wechatUnionid;
    if (member.wechatOpenid === identity.openid && member.wechatUnionid === unionid) return;
    await this.dataSource.getRepository(MemberUser).update({ memberId: member.memberId }, { wechatOpenid: identity.openid, wechatUnionid: unionid });
  }
}

/** `wx_` and 10 hex digits: a valid member user name (starts with a letter) the member may keep. */
function generatedUserName(): string {
  return `wx_${randomBytes(5).toString('hex')}`;
}
