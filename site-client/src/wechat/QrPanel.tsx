import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { t } from '../app/messages';
import { fetchQrConfig, type QrConfig } from './api';
import { completeWechat } from './completeWechat';
import { readCallbackMessage } from './origins';
import { rememberQrState, type WechatPurpose } from './qrState';
import { WxQrLogin } from './WxQrLogin';
import './wechat.css';

type Status = 'loading' | 'ready' | 'working' | 'failed';

/**
 * The QR code of a WeChat login or binding: asks the server for the widget settings and a state, shows the widget,
 * and finishes when the callback page (inside the widget's frame) posts the code. Foreign messages are ignored.
 */
export function QrPanel({ purpose }: { purpose: WechatPurpose }) {
  const navigate = useNavigate();
  const [config, setConfig] = useState<QrConfig>();
  const [status, setStatus] = useState<Status>('loading');
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setStatus('loading');
    fetchQrConfig(purpose)
      .then((answer) => {
        if (!live) return;
        rememberQrState(answer.state, purpose);
        setConfig(answer);
      })
      .catch((e: unknown) => {
        if (!live) return;
        setError(e instanceof Error ? e.message : t('wechat.loadFailed'));
        setStatus('failed');
      });
    return () => {
      live = false;
    };
  }, [purpose, attempt]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = readCallbackMessage(event, window.location.origin);
      if (!message) return;
      setStatus('working');
      void completeWechat(message.code, message.state).then((outcome) => {
        if (outcome.ok) navigate(outcome.to);
        else {
          setError(outcome.message);
          setStatus('failed');
        }
      });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [navigate]);

  const retry = () => {
    setConfig(undefined);
    setError('');
    setAttempt((n) => n + 1);
  };

  return (
    <div className="qr-panel">
      {config && status !== 'failed' && (
        <WxQrLogin
          key={config.state}
          config={config}
          onReady={() => setStatus((s) => (s === 'loading' ? 'ready' : s))}
          onError={() => {
            setError(t('wechat.loadFailed'));
            setStatus('failed');
          }}
        />
      )}
      <p className={status === 'failed' ? 'qr-status qr-error' : 'qr-status'} role="status">
        {status === 'loading' && t('wechat.loadingQr')}
        {status === 'ready' && (purpose === 'bind' ? t('wechat.scanBindHint') : t('wechat.scanHint'))}
        {status === 'working' && (purpose === 'bind' ? t('wechat.binding') : t('wechat.signingIn'))}
        {status === 'failed' && error}
      </p>
      {status === 'failed' && (
        <button type="button" className="button button-outline" onClick={retry}>
          {t('wechat.retry')}
        </button>
      )}
      {purpose === 'login' && (
        <Link to="/memberlogin" className="text-link">
          {t('wechat.accountLogin')}
        </Link>
      )}
    </div>
  );
}
