import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { t } from '../../app/messages';
import { showToast } from '../../app/toast/toastStore';
import { Field } from '../../components/Field';
import { takeRedirectTarget } from '../../navigation/redirectTarget';
import { startSession } from '../actions';
import { captchaRequiredBy, loginMember } from '../api';
import { forgetLogin, loadRememberedLogin, rememberLogin } from '../rememberMe';
import { hasErrors, validateLogin, type FieldErrors, type LoginFields } from '../validation';
import { CaptchaField } from './CaptchaField';
import { useCaptcha } from './useCaptcha';
import '../auth.css';

interface LoginFormProps {
  /** Called after a sign-in, before leaving for the redirect target (the dialog closes). */
  onDone?: () => void;
  /** In the dialog the register link switches dialogs; on a page it is a link to /register. */
  onRegister?: () => void;
}

/** Member sign-in (spec 2.5): account, password, captcha, remember me, QR login and register links. */
export function LoginForm({ onDone, onRegister }: LoginFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const captcha = useCaptcha();
  const [values, setValues] = useState<LoginFields>({ username: '', password: '', code: '' });
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<keyof LoginFields>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void loadRememberedLogin().then((saved) => {
      if (!live || !saved) return;
      setValues((v) => ({ ...v, username: saved.username, password: saved.password }));
      setRemember(true);
    });
    return () => {
      live = false;
    };
  }, []);

  const change = (field: keyof LoginFields) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateLogin(values, captcha.enabled);
    setErrors(found);
    if (hasErrors(found) || busy) return;
    setBusy(true);
    try {
      const username = values.username.trim();
      const { token } = await loginMember({ username, password: values.password, code: values.code.trim(), uuid: captcha.info?.uuid });
      if (remember) await rememberLogin({ username, password: values.password });
      else forgetLogin();
      void startSession(token);
      showToast('success', t('login.success'));
      onDone?.();
      navigate(takeRedirectTarget(location.search));
    } catch (error) {
      // Spec 8: the message is shown by the client; a used captcha is replaced and its answer cleared. After
      // failures the server may ask for a captcha even while it is off (`captchaRequired`): it is shown from then on.
      setBusy(false);
      setValues((v) => ({ ...v, code: '' }));
      void captcha.refresh(captchaRequiredBy(error));
    }
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <Field
        label={t('form.username')}
        name="username"
        autoComplete="username"
        placeholder={t('form.usernamePlaceholder')}
        value={values.username}
        error={errors.username}
        onChange={(e) => change('username')(e.target.value)}
      />
      <Field
        label={t('form.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        placeholder={t('form.passwordPlaceholder')}
        value={values.password}
        error={errors.password}
        onChange={(e) => change('password')(e.target.value)}
      />
      <CaptchaField info={captcha.info} value={values.code} error={errors.code} onChange={change('code')} onRefresh={() => void captcha.refresh()} />
      <div className="auth-row">
        <label className="checkbox">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          {t('form.rememberMe')}
        </label>
        <Link to="/weqr" className="text-link" onClick={onDone}>
          {t('login.qrLink')}
        </Link>
      </div>
      <button type="submit" className="button button-block" disabled={busy}>
        {busy ? t('login.submitting') : t('login.submit')}
      </button>
      {captcha.registerEnabled && (
        <p className="auth-footer">
          {t('login.noAccount')}
          {onRegister ? (
            <button type="button" className="link-button" onClick={onRegister}>
              {t('login.registerLink')}
            </button>
          ) : (
            <Link to="/register">{t('login.registerLink')}</Link>
          )}
        </p>
      )}
    </form>
  );
}
