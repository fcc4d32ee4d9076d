import { Alert, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { httpClient } from '../providers/httpClient';

export interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

const EMPTY: PasswordValues = { oldPassword: '', newPassword: '', confirm: '' };

/** Message key of the first rule (spec 5) each field breaks that the client can check; the policy is the server's. */
export function passwordChangeErrors(values: PasswordValues): Partial<Record<keyof PasswordValues, string>> {
  const errors: Partial<Record<keyof PasswordValues, string>> = {};
  if (!values.oldPassword) errors.oldPassword = 'app.account.password.old_required';
  if (!values.newPassword) errors.newPassword = 'app.account.password.new_required';
  if (!values.confirm) errors.confirm = 'app.account.password.confirm_required';
  else if (values.confirm !== values.newPassword) errors.confirm = 'app.account.password.mismatch';
  return errors;
}

/**
 * Changing one's own password (`PUT /system/user/profile/updatePwd`): old, new and confirm, checked here for what
 * the client can know, then by the server against the active security policy (length, composition, sensitive
 * characters), whose message is shown as is. Shared by the account center and the forced change after sign-in.
 */
export function usePasswordChange(onChanged?: () => void) {
  const translate = useTranslate();
  const notify = useNotify();
  const [values, setValues] = useState<PasswordValues>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState('');
  const [saving, setSaving] = useState(false);

  const errors = submitted ? passwordChangeErrors(values) : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(passwordChangeErrors(values)).length) return;
    setSaving(true);
    setServerError('');
    try {
      await httpClient.put('/system/user/profile/updatePwd', { oldPassword: values.oldPassword, newPassword: values.newPassword });
      notify('app.account.password.success', { type: 'success' });
      setValues(EMPTY);
      setSubmitted(false);
      onChanged?.();
    } catch (err) {
      setServerError((err as Error).message || translate('ra.notification.http_error'));
    } finally {
      setSaving(false);
    }
  };

  const setValue = (name: keyof PasswordValues, value: string) => setValues((current) => ({ ...current, [name]: value }));
  return { values, setValue, errors, serverError, saving, submit };
}

export type PasswordChange = ReturnType<typeof usePasswordChange>;

const FIELDS: { name: keyof PasswordValues; label: string; autoComplete: string }[] = [
  { name: 'oldPassword', label: 'app.account.password.old', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'app.account.password.new', autoComplete: 'new-password' },
  { name: 'confirm', label: 'app.account.password.confirm', autoComplete: 'new-password' },
];

/** The three password fields and the server's refusal; the caller renders the form and its submit button. */
export function PasswordChangeFields({ form }: { form: PasswordChange }) {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      {FIELDS.map(({ name, label, autoComplete }) => (
        <TextField
          key={name}
          type="password"
          name={name}
          label={translate(label)}
          value={form.values[name]}
          onChange={(e) => form.setValue(name, e.target.value)}
          error={!!form.errors[name]}
          helperText={form.errors[name] ? translate(form.errors[name]) : undefined}
          required
          fullWidth
          disabled={form.saving}
          autoComplete={autoComplete}
          slotProps={{ htmlInput: { maxLength: 128 } }}
        />
      ))}
      {form.serverError && <Alert severity="error">{form.serverError}</Alert>}
    </Stack>
  );
}
