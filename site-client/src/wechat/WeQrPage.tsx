import { t } from '../app/messages';
import { QrPanel } from './QrPanel';

/** /weqr and /loginwx: sign in by scanning the QR code with WeChat. */
export function WeQrPage() {
  return (
    <section className="auth-page">
      <div className="auth-card qr-card">
        <h1>{t('wechat.qrTitle')}</h1>
        <QrPanel purpose="login" />
      </div>
    </section>
  );
}
