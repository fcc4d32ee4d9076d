import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { PasswordChangeFields, usePasswordChange } from '../components/PasswordChange';
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
  const [check, setCheck] = useState<PasswordCheck | null>(null);
  const form = usePasswordChange(() => setCheck(null));

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

  if (!check || !(check.isPasswordExpired || check.forceModifyPassword)) return null;
  return (
    // No onClose: neither Escape nor the backdrop dismisses it.
    <Dialog open maxWidth="xs" fullWidth>
      <form onSubmit={form.submit} noValidate>
        <DialogTitle>{translate('app.password_gate.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="warning">{translate(check.isPasswordExpired ? 'app.password_gate.expired' : 'app.password_gate.force')}</Alert>
            <PasswordChangeFields form={form} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button type="submit" variant="contained" disabled={form.saving}>
            {translate('app.password_gate.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
