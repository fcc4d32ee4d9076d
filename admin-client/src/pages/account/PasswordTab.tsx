import { Box, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PasswordChangeFields, usePasswordChange } from '../../components/PasswordChange';

/** "Reset password" tab: old, new and confirm; the server's refusal (wrong old password, policy) is shown as is. */
export function PasswordTab() {
  const translate = useTranslate();
  const form = usePasswordChange();
  return (
    <Box component="form" onSubmit={form.submit} noValidate sx={{ maxWidth: 480, p: 2 }}>
      <PasswordChangeFields form={form} />
      <Button type="submit" variant="contained" disabled={form.saving} sx={{ mt: 2 }}>
        {translate('app.account.password.submit')}
      </Button>
    </Box>
  );
}
