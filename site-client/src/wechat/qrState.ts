import { browserStore } from '../app/browser/storage';

export type WechatPurpose = 'login' | 'bind';

/** sessionStorage key of the state the QR page was given, and what it was for. */
export const QR_STATE_KEY = 'wechat-qr';

export function rememberQrState(state: string, purpose: WechatPurpose): void {
  browserStore('session').setItem(QR_STATE_KEY, JSON.stringify({ state, purpose }));
}

/** The purpose of `state` when it is the one this tab's QR page was given (single use: it is forgotten). */
export function takeQrState(state: string): WechatPurpose | undefined {
  const store = browserStore('session');
  let saved: { state?: unknown; purpose?: unknown };
  try {
    saved = JSON.parse(store.getItem(QR_STATE_KEY) ?? '{}');
  } catch {
    saved = {};
  }
  if (typeof saved.state !== 'string' || saved.state !== state) return undefined;
  store.removeItem(QR_STATE_KEY);
  return saved.purpose === 'bind' ? 'bind' : 'login';
}
