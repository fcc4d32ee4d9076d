import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { httpClient } from '../providers/httpClient';

interface PasswordCheck {
  isPasswordExpired: boolean;
  forceModifyPassword: boolean;
}

/**
 * Spec 2.5: after sign-in, an expired password or a first/reset password must be changed before the console can be
 * used (`GET /system/security/config/check`). The dialog cannot be dismissed; the server checks the new password
 * against the active policy and its message is shown.
 */
export function PasswordGate() {
  const translate = useTranslate();
  const notify = useNotify();
  const [check, setCheck] = useState<PasswordCheck | null>(null);
  const [values, setValues] = useState({ oldPassword: '', newPassword: '', confirm: '' });
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    httpClient
      .get<PasswordCheck>('/system/security/config/check')
      .then(({ data }) => live && setCheck(data ?? null))
      .catch(() => undefined); // no answer: nothing to enforce here; the server still checks every password
    return () => {
      live = false;
    };
  }, []);

  const open = !!check && (check.isPasswordExpired || check.forceModifyPassword);
  if (!open) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (values.newPassword !== values.confirm) return setError(translate('app.password_gate.mismatch'));
    setSaving(true);
    setError('');
    try {
      await httpClient.put('/system/user/profile/updatePwd', { oldPassword: values.oldPassword, newPassword: values.newPassword });
      notify('app.password_gate.success', { type: 'success' });
      setCheck(null);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const field = (name: keyof typeof values, label: string) => (
    <TextField
      type="password"
      label={translate(label)}
      value={values[name]}
      onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      required
      fullWidth
      autoComplete={name === 'oldPassword' ? 'current-password' : 'new-password'}
    />
  );

  return (
    // No onClose: neither Escape nor the backdrop dismisses it.
    <Dialog open maxWidth="xs" fullWidth>
      <form onSubmit={submit}>
        <DialogTitle>{translate('app.password_gate.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="warning">{translate(check.isPasswordExpired ? 'app.password_gate.expired' : 'app.password_gate.force')}</Alert>
            {field('oldPassword', 'app.password_gate.old')}
            {field('newPassword', 'app.password_gate.new')}
            {field('confirm', 'app.password_gate.confirm')}
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate('app.password_gate.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
