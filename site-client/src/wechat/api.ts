import { http } from '../app/http';
import type { WechatPurpose } from './qrState';

/** `GET /wechat/qrConfig`: the widget's settings and a state bound to this browser by a cookie. */
export interface QrConfig {
  appId: string;
  redirectUri: string;
  scope: string;
  state: string;
  purpose: WechatPurpose;
}

export async function fetchQrConfig(purpose: WechatPurpose): Promise<QrConfig> {
  const { data } = await http.get<QrConfig>('/wechat/qrConfig', { purpose }, { withToken: false, requiresAuth: false });
  if (!data) throw new Error('qrConfig without data');
  return data;
}

export async function wechatLogin(code: string, state: string): Promise<{ token: string; msg: string }> {
  const result = await http.get<string>('/wechatLogin', { code, state }, { withToken: false, requiresAuth: false });
  return { token: result.data ?? '', msg: result.msg };
}

export async function bindWechat(code: string, state: string): Promise<string> {
  const result = await http.post('/member/wechat/bind', { code, state });
  return result.msg;
}
