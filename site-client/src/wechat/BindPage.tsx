import { useEffect } from 'react';
import { Link } from 'react-router';
import { t } from '../app/messages';
import { loadMember } from '../auth/actions';
import { openAuthDialog } from '../auth/authDialog';
import { useSession } from '../auth/session';
import { storeRedirect } from '../navigation/redirectTarget';
import { QrPanel } from './QrPanel';

/** /bind: a signed-in member binds a WeChat account to sign in with it later. */
export function BindPage() {
  const session = useSession();
  useEffect(() => {
    if (session.signedIn && !session.member) void loadMember();
  }, [session.signedIn, session.member]);

  let body;
  if (!session.signedIn) {
    body = (
      <>
        <p className="auth-note">{t('wechat.bindNeedsLogin')}</p>
        <button
          type="button"
          className="button button-block"
          onClick={() => {
            storeRedirect('/bind');
            openAuthDialog('login');
          }}
        >
          {t('nav.login')}
        </button>
      </>
    );
  } else if (!session.member) {
    body = <p className="auth-note">{t('member.loading')}</p>;
  } else if (session.member.wechatBound) {
    body = (
      <>
        <p className="auth-note">{t('wechat.alreadyBound')}</p>
        <Link to="/memberIndex" className="button button-block">
          {t('nav.memberCenter')}
        </Link>
      </>
    );
  } else {
    body = <QrPanel purpose="bind" />;
  }
  return (
    <section className="auth-page">
      <div className="auth-card qr-card">
        <h1>{t('wechat.bindTitle')}</h1>
        {body}
      </div>
    </section>
  );
}
