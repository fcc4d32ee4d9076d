import { Link } from 'react-router';
import { t } from '../app/messages';

/** /wechat (spec 2.2 "test page"): a way into the QR login to check the WeChat configuration. */
export function WechatTestPage() {
  return (
    <section className="auth-page">
      <div className="auth-card">
        <h1>{t('wechat.testTitle')}</h1>
        <p className="auth-note">{t('wechat.testText')}</p>
        <Link to="/weqr" className="button button-block">
          {t('wechat.testOpen')}
        </Link>
      </div>
    </section>
  );
}
