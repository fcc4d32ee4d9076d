import PersonIcon from '@mui/icons-material/Person';
import SettingsIcon from '@mui/icons-material/Settings';
import { Box, IconButton, ListItemIcon, ListItemText, MenuItem, Tooltip } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator, LocalesMenuButton, UserMenu, useTranslate, useUserMenu } from 'react-admin';
import { Link, useLocation } from 'react-router';
import { ReloginDialog } from '../auth/ReloginDialog';
import { AppMenu } from './AppMenu';
import { AppSidebar, useIsMobile } from './AppSidebar';
import { Breadcrumb } from './navbar/Breadcrumb';
import { FailedOrdersIndicator } from './navbar/FailedOrdersIndicator';
import { FullscreenToggle } from './navbar/FullscreenToggle';
import { HeaderSearch } from './navbar/HeaderSearch';
import { LogoutWithConfirm } from './navbar/LogoutWithConfirm';
import { PublishTaskIndicator } from './navbar/PublishTaskIndicator';
import { SiteSelector } from './navbar/SiteSelector';
import { SizeSelector } from './navbar/SizeSelector';
import { TopMenu } from './navbar/TopMenu';
import { PasswordGate } from './PasswordGate';
import { SettingsDrawer } from './settings/SettingsDrawer';
import { useLayoutSettings } from './settings/layoutSettings';
import { TabsBar } from './tabs/TabsBar';
import { usePageTitle } from './usePageTitle';

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

function Toolbar() {
  const translate = useTranslate();
  const mobile = useIsMobile();
  const [settingsOpen, setSettingsOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      <HeaderSearch />
      {mobile ? null : <PublishTaskIndicator />}
      {mobile ? null : <FailedOrdersIndicator />}
      <SiteSelector />
      {mobile ? null : <FullscreenToggle />}
      <SizeSelector />
      <LocalesMenuButton />
      <Tooltip title={translate('app.layout.settings.title')}>
        <IconButton color="inherit" aria-label={translate('app.layout.settings.title')} onClick={() => setSettingsOpen(true)}>
          <SettingsIcon />
        </IconButton>
      </Tooltip>
      <LoadingIndicator />
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Box>
  );
}

function AppAppBar() {
  const settings = useLayoutSettings();
  return (
    <AppBar
      alwaysOn={settings.fixedHeader}
      toolbar={<Toolbar />}
      userMenu={
        <UserMenu>
          <ProfileMenuItem />
          <LogoutWithConfirm />
        </UserMenu>
      }
    >
      {settings.topNav ? <TopMenu /> : <Breadcrumb />}
    </AppBar>
  );
}

/** Spec 2.6 "dynamic title": the browser tab names the current page. */
function useDynamicTitle(enabled: boolean) {
  const translate = useTranslate();
  const location = useLocation();
  const { title } = usePageTitle(location.pathname);
  useEffect(() => {
    document.title = enabled ? `${title} - ${translate('app.title')}` : translate('app.title');
  }, [enabled, title, translate]);
}

export function AppLayout({ children }: { children: ReactNode }) {
  const settings = useLayoutSettings();
  useDynamicTitle(settings.dynamicTitle);
  return (
    <Layout appBar={AppAppBar} menu={AppMenu} sidebar={AppSidebar} appBarAlwaysOn={settings.fixedHeader}>
      <PasswordGate />
      <ReloginDialog />
      {settings.tagsView ? <TabsBar /> : null}
      {children}
    </Layout>
  );
}
