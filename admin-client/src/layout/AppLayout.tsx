import PersonIcon from '@mui/icons-material/Person';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import type { ReactNode } from 'react';
import { AppBar, Layout, Logout, UserMenu, useTranslate, useUserMenu } from 'react-admin';
import { Link } from 'react-router';
import { AppMenu } from './AppMenu';
import { PasswordGate } from './PasswordGate';

/** 个人中心 entry of the avatar menu (the spec's dropdown: Account Center, Logout). */
function ProfileMenuItem() {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to="/user/profile" onClick={() => userMenu?.onClose()}>
      <ListItemIcon>
        <PersonIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.profile.title')}</ListItemText>
    </MenuItem>
  );
}

function AppAppBar() {
  return (
    <AppBar
      userMenu={
        <UserMenu>
          <ProfileMenuItem />
          <Logout />
        </UserMenu>
      }
    />
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={AppAppBar} menu={AppMenu}>
      <PasswordGate />
      {children}
    </Layout>
  );
}
