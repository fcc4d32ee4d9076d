import { t } from '../app/messages';
import { RegisterForm } from '../auth/forms/RegisterForm';
import { AuthCard } from '../components/AuthCard';

/** /register: where referral links land (the randomCode cookie goes with the registration). */
export function RegisterPage() {
  return (
    <AuthCard title={t('register.title')}>
      <RegisterForm />
    </AuthCard>
  );
}
