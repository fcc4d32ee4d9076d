import { ACCOUNT } from '@zhiwen/shared';
import { useState, type FormEvent } from 'react';
import { t } from '../app/messages';
import { showToast } from '../app/toast/toastStore';
import { reloadMember } from '../auth/actions';
import { updatePassword } from '../auth/api';
import { Field } from '../components/Field';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };
type Errors = Partial<Record<keyof Values, string>>;

/** Change (or, for a WeChat-created account, set) the password; the server applies its own policy too. */
export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const [values, setValues] = useState<Values>({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof Values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    const { registerPasswordMin: min, registerPasswordMax: max } = ACCOUNT;
    if (hasPassword && !values.oldPassword) found.oldPassword = t('validation.oldPasswordRequired');
    if (!values.newPassword) found.newPassword = t('validation.passwordRequired');
    else if (values.newPassword.length < min || values.newPassword.length > max) found.newPassword = t('validation.passwordLength', { min, max });
    if (!values.confirmPassword) found.confirmPassword = t('validation.confirmRequired');
    else if (values.confirmPassword !== values.newPassword) found.confirmPassword = t('validation.passwordMismatch');
    setErrors(found);
    if (Object.keys(found).length || busy) return;
    setBusy(true);
    try {
      await updatePassword({ oldPassword: hasPassword ? values.oldPassword : undefined, newPassword: values.newPassword });
      showToast('success', t('member.passwordSaved'));
      setValues({ oldPassword: '', newPassword: '', confirmPassword: '' });
      if (!hasPassword) await reloadMember();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="panel-form" onSubmit={submit} noValidate>
      <h3>{hasPassword ? t('member.passwordTitle') : t('member.setPasswordTitle')}</h3>
      {hasPassword && (
        <Field
          label={t('member.oldPassword')}
          type="password"
          autoComplete="current-password"
          value={values.oldPassword}
          error={errors.oldPassword}
          onChange={(e) => set('oldPassword')(e.target.value)}
        />
      )}
      <Field
        label={t('member.newPassword')}
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        error={errors.newPassword}
        onChange={(e) => set('newPassword')(e.target.value)}
      />
      <Field
        label={t('form.confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={(e) => set('confirmPassword')(e.target.value)}
      />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('form.saving') : t('form.save')}
      </button>
    </form>
  );
}
