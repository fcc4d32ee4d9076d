import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../app/http';
import { t } from '../../app/messages';
import { showToast } from '../../app/toast/toastStore';
import { Field } from '../../components/Field';
import { storedReferralCode } from '../../navigation/referral';
import { takeRedirectTarget } from '../../navigation/redirectTarget';
import { startSession } from '../actions';
import { registerMember } from '../api';
import { hasErrors, validateRegister, type FieldErrors, type RegisterFields } from '../validation';
import { CaptchaField } from './CaptchaField';
import { useCaptcha } from './useCaptcha';
import '../auth.css';

interface RegisterFormProps {
  onDone?: () => void;
  /** In the dialog the login link switches dialogs; on a page it is a link to /login. */
  onLogin?: () => void;
}

/** Member registration (spec 2.5): account, password, confirmation, captcha, login link; signs in at once. */
export function RegisterForm({ onDone, onLogin }: RegisterFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const captcha = useCaptcha();
  const [values, setValues] = useState<RegisterFields>({ username: '', password: '', confirmPassword: '', code: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof RegisterFields>>({});
  const [busy, setBusy] = useState(false);
  const referral = storedReferralCode();
  const closed = captcha.info !== null && !captcha.registerEnabled;

  const change = (field: keyof RegisterFields) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateRegister(values, captcha.enabled);
    setErrors(found);
    if (hasErrors(found) || busy) return;
    setBusy(true);
    try {
      const { token } = await registerMember({
        username: values.username.trim(),
        password: values.password,
        authCode: values.code.trim(),
        uuid: captcha.info?.uuid,
        randomCode: referral,
      });
      void startSession(token);
      showToast('success', t('register.success'));
      onDone?.();
      navigate(takeRedirectTarget(location.search));
    } catch (error) {
      // The client has shown the server's message; anything else gets the generic one.
      if (!(error instanceof ApiError)) showToast('error', t('register.failed'));
      setBusy(false);
      setValues((v) => ({ ...v, code: '' }));
      void captcha.refresh();
    }
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      {closed && <p className="auth-note">{t('register.closed')}</p>}
      {referral && <p className="auth-note">{t('register.referral', { code: referral })}</p>}
      <Field
        label={t('form.username')}
        name="username"
        autoComplete="username"
        placeholder={t('form.registerUsernamePlaceholder')}
        value={values.username}
        error={errors.username}
        onChange={(e) => change('username')(e.target.value)}
      />
      <Field
        label={t('form.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        placeholder={t('form.registerPasswordPlaceholder')}
        value={values.password}
        error={errors.password}
        onChange={(e) => change('password')(e.target.value)}
      />
      <Field
        label={t('form.confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        placeholder={t('form.confirmPasswordPlaceholder')}
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={(e) => change('confirmPassword')(e.target.value)}
      />
      <CaptchaField info={captcha.info} value={values.code} error={errors.code} onChange={change('code')} onRefresh={() => void captcha.refresh()} />
      <button type="submit" className="button button-block" disabled={busy || closed}>
        {busy ? t('register.submitting') : t('register.submit')}
      </button>
      <p className="auth-footer">
        {t('register.hasAccount')}
        {onLogin ? (
          <button type="button" className="link-button" onClick={onLogin}>
            {t('register.loginLink')}
          </button>
        ) : (
          <Link to="/login">{t('register.loginLink')}</Link>
        )}
      </p>
    </form>
  );
}
