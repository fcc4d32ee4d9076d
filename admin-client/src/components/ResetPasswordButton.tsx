import KeyIcon from '@mui/icons-material/Key';
import { Dialog, DialogActions, DialogContent, DialogTitle, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { httpClient } from '../providers/httpClient';
import { useApiCall } from './useApiCall';
import { useHasPermission } from './usePermission';

interface ResetPasswordButtonProps {
  /** API url of the reset (PUT), e.g. `/system/user/resetPwd`. */
  url: string;
  /** Body of the call for a row and the typed password, e.g. `{ userId, password }`. */
  body: (record: RaRecord, password: string) => unknown;
  /** Shown only to holders of this permission. */
  permission: string;
  /** What the dialog calls the account (user name...). */
  nameOf: (record: RaRecord) => string;
}

/** 重置密码 of a row: asks the new password and PUTs it. */
export function ResetPasswordButton({ url, body, permission, nameOf }: ResetPasswordButtonProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const allowed = useHasPermission(permission);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const { run, busy } = useApiCall();
  if (!allowed || !record) return null;
  const submit = async () => {
    if (await run(() => httpClient.put(url, body(record, password)), 'app.user.password_reset')) setOpen(false);
  };
  return (
    <>
      <Button
        label="app.user.reset_password"
        onClick={(e) => {
          e.stopPropagation();
          setPassword('');
          setOpen(true);
        }}
      >
        <KeyIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} onClick={(e) => e.stopPropagation()}>
        <DialogTitle>{translate('app.user.reset_password')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('app.user.reset_password_for', { name: nameOf(record) })}
          </Typography>
          <MuiTextField
            autoFocus
            fullWidth
            type="password"
            label={translate('app.user.new_password')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={() => setOpen(false)} />
          <Button label="ra.action.confirm" variant="contained" disabled={!password || busy} onClick={() => void submit()} />
        </DialogActions>
      </Dialog>
    </>
  );
}
