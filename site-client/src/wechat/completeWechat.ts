import { ApiError } from '../app/http';
import { t } from '../app/messages';
import { showToast } from '../app/toast/toastStore';
import { reloadMember, startSession } from '../auth/actions';
import { takeRedirectTarget } from '../navigation/redirectTarget';
import { bindWechat, wechatLogin } from './api';
import { takeQrState } from './qrState';

export type WechatOutcome = { ok: true; to: string } | { ok: false; message: string };

/**
 * Finishes a scan: the state must be the one this tab's QR page was given (else '登录状态校验失败', no call), then
 * signs in (GET /wechatLogin) or binds (POST /member/wechat/bind) and says where to go.
 */
export async function completeWechat(code: string, state: string): Promise<WechatOutcome> {
  const purpose = takeQrState(state);
  if (!purpose) {
    const message = t('wechat.stateMismatch');
    showToast('error', message);
    return { ok: false, message };
  }
  try {
    if (purpose === 'bind') {
      const msg = await bindWechat(code, state);
      showToast('success', msg || t('wechat.bindSuccess'));
      await reloadMember();
      return { ok: true, to: '/memberIndex' };
    }
    const { token, msg } = await wechatLogin(code, state);
    void startSession(token);
    showToast('success', msg || t('wechat.loginSuccess'));
    return { ok: true, to: takeRedirectTarget('') };
  } catch (error) {
    // Spec 8: the server's message, else the error's, else the generic one (the client already showed the first).
    const message = error instanceof Error && error.message ? error.message : t('wechat.loginFailed');
    if (!(error instanceof ApiError)) showToast('error', message);
    return { ok: false, message };
  }
}
