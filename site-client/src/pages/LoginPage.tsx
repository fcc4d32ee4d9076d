import { t } from '../app/messages';
import { LoginForm } from '../auth/forms/LoginForm';
import { AuthCard } from '../components/AuthCard';

/** /login: the login form as a page (a signed-in member is sent home by the guard). */
export function LoginPage() {
  return (
    <AuthCard title={t('login.title')}>
      <LoginForm />
    </AuthCard>
  );
}
