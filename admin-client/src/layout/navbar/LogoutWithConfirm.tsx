import ExitIcon from '@mui/icons-material/PowerSettingsNew';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { useState } from 'react';
import { Confirm, useLogout, useTranslate, useUserMenu } from 'react-admin';

/** Logout entry of the avatar menu: asks first (spec 2.6), then signs out. */
export function LogoutWithConfirm() {
  const translate = useTranslate();
  const logout = useLogout();
  const userMenu = useUserMenu();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <MenuItem onClick={() => setAsking(true)}>
        <ListItemIcon>
          <ExitIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{translate('ra.auth.logout')}</ListItemText>
      </MenuItem>
      <Confirm
        isOpen={asking}
        title="app.layout.logout_title"
        content="app.layout.logout_confirm"
        onConfirm={() => {
          setAsking(false);
          userMenu?.onClose();
          void logout();
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
