import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { t } from '../app/messages';
import { completeWechat } from './completeWechat';
import { CALLBACK_MESSAGE_TYPE, type CallbackMessage } from './origins';
import './wechat.css';

/**
 * /wechatcallback: where WeChat sends the browser after a scan, with `code` and `state`. Inside the QR widget's
 * frame it hands them to the page around it (same origin only); opened on its own it finishes the sign-in itself.
 */
export function WechatCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const started = useRef(false);
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (window.parent !== window) {
      const message: CallbackMessage = { type: CALLBACK_MESSAGE_TYPE, code, state };
      window.parent.postMessage(message, window.location.origin);
      return;
    }
    if (!code) {
      setError(t('wechat.loginFailed'));
      return;
    }
    void completeWechat(code, state).then((outcome) => {
      if (outcome.ok) navigate(outcome.to, { replace: true });
      else setError(outcome.message);
    });
  }, [code, state, navigate]);

  return (
    <section className="auth-page">
      <div className="auth-card qr-card">
        <h1>{t('wechat.qrTitle')}</h1>
        {error ? (
          <>
            <p className="qr-status qr-error" role="alert">
              {error}
            </p>
            <Link to="/weqr" className="button button-block">
              {t('wechat.retry')}
            </Link>
          </>
        ) : (
          <p className="qr-status" role="status">
            {t('wechat.signingIn')}
          </p>
        )}
      </div>
    </section>
  );
}
