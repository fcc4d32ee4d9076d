import { useEffect } from 'react';
import { t } from '../app/messages';
import { openAuthDialog } from '../auth/authDialog';

/** /LoginModal (spec 2.2): the login modal as a route; it opens at once and can be reopened. */
export function LoginModalPage() {
  useEffect(() => openAuthDialog('login'), []);
  return (
    <section className="auth-page">
      <button type="button" className="button" onClick={() => openAuthDialog('login')}>
        {t('loginModalPage.title')}
      </button>
    </section>
  );
}
