import { t } from '../app/messages';
import { LoginForm } from '../auth/forms/LoginForm';
import './pages.css';

/** /memberlogin: member sign-in with what an account gives (a signed-in member goes to /memberIndex). */
export function MemberLoginPage() {
  return (
    <section className="member-login">
      <div className="container member-login-inner">
        <div className="member-login-intro">
          <h1>{t('memberLogin.title')}</h1>
          <p>{t('memberLogin.lead')}</p>
          <ul>
            <li>{t('memberLogin.benefit1')}</li>
            <li>{t('memberLogin.benefit2')}</li>
            <li>{t('memberLogin.benefit3')}</li>
          </ul>
        </div>
        <div className="auth-card">
          <h2>{t('login.title')}</h2>
          <LoginForm />
        </div>
      </div>
    </section>
  );
}
