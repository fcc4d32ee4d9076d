import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.token';
import { hasMessage, t } from '../../common/i18n/i18n';
import { ServiceException } from '../../common/errors/service-exception';

const TIMEOUT_MS = 10_000;

/** Who signed in on WeChat: the app-scoped openid and, when the app belongs to an open-platform account, the unionid. */
export interface WechatIdentity {
  accessToken: string;
  openid: string;
  unionid: string;
}

export interface WechatUserInfo {
  nickname: string;
  headimgurl: string;
  unionid: string;
}

/**
 * The WeChat open platform's website-application OAuth 2.0 (QR login), against `WECHAT_API_BASE`:
 * `GET /sns/oauth2/access_token` trades the callback's code for an access token and openid (+unionid),
 * `GET /sns/userinfo` names the user. Provider errors (`{errcode, errmsg}`) become messages naming the cause;
 * the app secret travels only in the provider call and is never logged.
 */
@Injectable()
export class WechatClient {
  private readonly log = new Logger(WechatClient.name);

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async exchangeCode(appId: string, appSecret: string, code: string): Promise<WechatIdentity> {
    const answer = await this.call('/sns/oauth2/access_token', { appid: appId, secret: appSecret, code, grant_type: 'authorization_code' });
    if (typeof answer.access_token !== 'string' || typeof answer.openid !== 'string' || !answer.openid)
      throw new ServiceException('wechat.badAnswer');
    return {
      accessToken: answer.access_token,
      openid: answer.openid.slice(0, 64),
      unionid: typeof answer.unionid === 'string' ? answer.unionid.slice(0, 64) : '',
    };
  }

  async userInfo(accessToken: string, openid: string): Promise<WechatUserInfo> {
    const answer = await this.call('/sns/userinfo', { access_token: accessToken, openid });
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return { nickname: text(answer.nickname), headimgurl: text(answer.headimgurl), unionid: text(answer.unionid).slice(0, 64) };
  }

  private async call(path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const url = `${this.config.wechatApiBase}${path}?${new URLSearchParams(params).toString()}`;
    let body: unknown;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
      body = await res.json();
    } catch (err) {
      // Only the path: the query holds the app secret.
      this.log.warn(`WeChat ${path} failed: ${(err as Error).name} ${(err as { cause?: { code?: string } }).cause?.code ?? ''}`);
      throw new ServiceException('wechat.unreachable');
    }
    if (!body || typeof body !== 'object') throw new ServiceException('wechat.badAnswer');
    const answer = body as Record<string, unknown>;
    if (answer.errcode !== undefined && Number(answer.errcode) !== 0) {
      const errcode = Number(answer.errcode);
      const errmsg = String(answer.errmsg ?? '').slice(0, 200);
      const key = hasMessage(`wechat.error.${errcode}`) ? `wechat.error.${errcode}` : 'wechat.error.other';
      throw new ServiceException('wechat.providerError', { reason: t(key, { errmsg }), errcode });
    }
    return answer;
  }
}
