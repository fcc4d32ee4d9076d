import { useEffect, useId, useRef } from 'react';
import type { QrConfig } from './api';
import { loadScript } from './loadScript';

/** WeChat's QR widget script (website application login). */
export const WX_LOGIN_SCRIPT = 'https://res.wx.qq.com/connect/zh_CN/htmledition/js/wxLogin.js';

interface WxLoginOptions {
  self_redirect: boolean;
  id: string;
  appid: string;
  scope: string;
  redirect_uri: string;
  state: string;
  style?: 'black' | 'white';
  href?: string;
}

declare global {
  interface Window {
    WxLogin?: new (options: WxLoginOptions) => unknown;
  }
}

interface WxQrLoginProps {
  config: QrConfig;
  /** The QR code is on screen (spec 2.5: the widget emits a ready event). */
  onReady: () => void;
  onError: () => void;
}

/**
 * Renders WeChat's QR code into a frame. After the scan WeChat opens the redirect URI (/wechatcallback) inside that
 * frame (`self_redirect`), and the callback page posts the code to this page.
 */
export function WxQrLogin({ config, onReady, onError }: WxQrLoginProps) {
  const id = `wx-qr-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const handlers = useRef({ onReady, onError });
  handlers.current = { onReady, onError };

  useEffect(() => {
    let live = true;
    loadScript(WX_LOGIN_SCRIPT)
      .then(() => {
        const container = document.getElementById(id);
        if (!live || !container || !window.WxLogin) throw new Error('WxLogin unavailable');
        container.replaceChildren();
        new window.WxLogin({
          self_redirect: true,
          id,
          appid: config.appId,
          scope: config.scope,
          redirect_uri: encodeURIComponent(config.redirectUri),
          state: config.state,
          style: 'black',
        });
        handlers.current.onReady();
      })
      .catch(() => {
        if (live) handlers.current.onError();
      });
    return () => {
      live = false;
    };
  }, [id, config]);

  return <div id={id} className="wx-qr" />;
}
