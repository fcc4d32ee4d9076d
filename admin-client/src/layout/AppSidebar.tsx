import { Box, Drawer, Link as MuiLink, Typography, useMediaQuery } from '@mui/material';
import { LAYOUT } from '@zhiwen/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { useSidebarState, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router';
import { getCookie, setCookie } from '../providers/cookies';
import { activeTopNode } from './navbar/topMenu';
import { SIDEBAR_COLOURS } from './settings/appTheme';
import { useLayoutSettings } from './settings/layoutSettings';
import { useMenu } from './useScreens';

/** Cookie that keeps the sidebar open ('1') or collapsed ('0') across visits (spec 2.6). */
const SIDEBAR_COOKIE = 'sidebarStatus';
const CLOSED_WIDTH = 55;

/** True below the mobile breakpoint (992 px). */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width:${LAYOUT.mobileBreakpointPx - 0.05}px)`, { noSsr: true });
}

/** Logo and title; links to / when the sidebar is open and to the member home when collapsed (spec 2.6). */
function SidebarLogo({ open }: { open: boolean }) {
  const translate = useTranslate();
  const logo = <Box component="img" src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" sx={{ width: 28, height: 28 }} />;
  const sx = { display: 'flex', alignItems: 'center', gap: 1, px: 1.5, height: 50, color: 'inherit', textDecoration: 'none' };
  return open ? (
    <MuiLink component={Link} to="/" sx={sx} data-testid="sidebar-logo">
      {logo}
      <Typography variant="subtitle1" noWrap sx={{ fontWeight: 600 }}>
        {translate('app.title')}
      </Typography>
    </MuiLink>
  ) : (
    <MuiLink href="/memberIndex" sx={sx} data-testid="sidebar-logo">
      {logo}
    </MuiLink>
  );
}

/**
 * The side menu: 200 px, collapsible, state in a cookie. Below 992 px it becomes a drawer over the page with a
 * backdrop and closes on every navigation. In top-navigation mode it shows the active top item's pages, and hides
 * when that item has none.
 */
export function AppSidebar({ children }: { children: ReactNode }) {
  const [open, setOpen] = useSidebarState();
  const mobile = useIsMobile();
  const location = useLocation();
  const settings = useLayoutSettings();
  const menu = useMenu();
  const colours = SIDEBAR_COLOURS[settings.sideTheme];
  // react-admin's stored state may say "open" on a phone: show the drawer only once it has been closed below.
  const [settled, setSettled] = useState(false);

  useEffect(() => {
    if (mobile) setOpen(false);
    else if (getCookie(SIDEBAR_COOKIE)) setOpen(getCookie(SIDEBAR_COOKIE) === '1');
    setSettled(true);
    // Only when the device class changes; afterwards the user's toggles rule.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mobile]);
  useEffect(() => {
    if (!mobile) setCookie(SIDEBAR_COOKIE, open ? '1' : '0');
  }, [open, mobile]);
  useEffect(() => {
    if (mobile) setOpen(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);

  if (settings.topNav && !activeTopNode(menu, location.pathname)?.children.length) return null;

  const paperSx = {
    bgcolor: colours.background,
    color: colours.text,
    borderRight: settings.sideTheme === 'theme-light' ? 1 : 0,
    borderColor: 'divider',
    '& .MuiListItemIcon-root, & .MuiSvgIcon-root': { color: 'inherit' },
    '& .Mui-selected, & .RaMenuItemLink-active': colours.active ? { color: colours.active } : {},
    overflowX: 'hidden',
  };
  const content = (
    <>
      {settings.sidebarLogo ? <SidebarLogo open={open || mobile} /> : null}
      {children}
    </>
  );
  if (mobile) {
    return (
      <Drawer
        variant="temporary"
        open={settled && open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { sx: { ...paperSx, width: LAYOUT.sidebarWidthPx } } }}
        data-testid="sidebar"
      >
        {content}
      </Drawer>
    );
  }
  const width = open ? LAYOUT.sidebarWidthPx : CLOSED_WIDTH;
  return (
    <Box component="aside" data-testid="sidebar" sx={{ width, flexShrink: 0, transition: 'width 150ms', bgcolor: colours.background }}>
      <Box sx={{ ...paperSx, width, position: 'sticky', top: 0, height: '100vh', overflowY: 'auto', transition: 'width 150ms' }}>{content}</Box>
    </Box>
  );
}
