import { useLocation } from 'react-router';
import { t } from '../../app/messages';
import { openAuthDialog } from '../../auth/authDialog';
import { storeRedirect } from '../../navigation/redirectTarget';

/** Asks a visitor to sign in; the login dialog brings them back to this page (query kept). */
export function LoginPrompt({ text }: { text: string }) {
  const location = useLocation();
  const ask = (dialog: 'login' | 'register') => {
    storeRedirect(`${location.pathname}${location.search}`);
    openAuthDialog(dialog);
  };
  return (
    <div className="panel check-login" role="status">
      <p className="auth-note">{text}</p>
      <div className="button-row">
        <button type="button" className="button" data-testid="check-login" onClick={() => ask('login')}>
          {t('nav.login')}
        </button>
        <button type="button" className="button button-outline" onClick={() => ask('register')}>
          {t('nav.register')}
        </button>
      </div>
    </div>
  );
}
