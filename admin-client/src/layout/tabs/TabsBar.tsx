import CloseIcon from '@mui/icons-material/Close';
import { Box, Chip, Menu, MenuItem } from '@mui/material';
import { LAYOUT } from '@zhiwen/shared';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { pageTitleOf } from '../usePageTitle';
import { useScreens } from '../useScreens';
import { addTab, afterClose, closeTabs, replaceTab, type CloseAction, type VisitedTab } from './visitedTabs';

const STORAGE_KEY = 'visited-tabs';

function loadTabs(): VisitedTab[] {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as VisitedTab[];
    return Array.isArray(saved) ? saved.filter((t) => typeof t?.path === 'string' && typeof t.fullPath === 'string') : [];
  } catch {
    return [];
  }
}

const CLOSE_ACTIONS: CloseAction[] = ['current', 'others', 'left', 'right', 'all'];

/** The tabs bar of visited pages (spec 2.6), with its right-click menu; kept for the browser session. */
export function TabsBar() {
  const translate = useTranslate();
  const location = useLocation();
  const navigate = useNavigate();
  const screens = useScreens();
  const [tabs, setTabs] = useState<VisitedTab[]>(loadTabs);
  const [menu, setMenu] = useState<{ x: number; y: number; tab: VisitedTab } | null>(null);
  const navigationType = useNavigationType();
  const previousPath = useRef(location.pathname);

  const titleOf = (path: string) => pageTitleOf(path, screens, translate);
  const home: VisitedTab = { path: '/', fullPath: '/', title: titleOf('/').title, affix: true };
  // Pinned screens of the route tree come first, like the home tab.
  const pinned = screens
    .filter((s) => s.affix && !s.hidden)
    .map((s) => ({ path: `/${s.path}`, fullPath: `/${s.path}`, title: s.title, affix: true }));

  useEffect(() => {
    if (location.pathname.startsWith('/redirect/') || location.pathname === '/login') return;
    const { title, affix } = titleOf(location.pathname);
    const replaced = navigationType === 'REPLACE' ? previousPath.current : null;
    previousPath.current = location.pathname;
    setTabs((current) => {
      const next = [home, ...pinned].reduce(addTab, current);
      const tab = { path: location.pathname, fullPath: location.pathname + location.search, title, affix };
      return replaced ? replaceTab(next, replaced, tab) : addTab(next, tab);
    });
    // Titles depend on the route tree and the language, which change only with a reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, location.search, screens.length]);

  useEffect(() => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tabs));
  }, [tabs]);

  const close = (tab: VisitedTab, action: CloseAction) => {
    const remaining = closeTabs(tabs, tab.path, action);
    setTabs(remaining);
    setMenu(null);
    // Closing others/left/right from another tab's menu makes that tab the current one.
    const target =
      action === 'current' || action === 'all'
        ? afterClose(remaining, location.pathname)
        : remaining.some((t) => t.path === location.pathname)
          ? undefined
          : tab.fullPath;
    if (target) navigate(target);
  };
  const refresh = (tab: VisitedTab) => {
    setMenu(null);
    navigate(`/redirect${tab.fullPath}`, { replace: true });
  };
  const openMenu = (event: MouseEvent, tab: VisitedTab) => {
    event.preventDefault();
    setMenu({ x: event.clientX, y: event.clientY, tab });
  };

  return (
    <Box
      component="nav"
      aria-label={translate('app.layout.tabs.label')}
      data-testid="tabs-bar"
      sx={{ display: 'flex', gap: 0.5, px: 1, py: 0.5, overflowX: 'auto', borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      {tabs.map((tab) => {
        const active = tab.path === location.pathname;
        return (
          <Chip
            key={tab.path}
            data-tab-path={tab.path}
            label={tab.title}
            size="small"
            color={active ? 'primary' : 'default'}
            variant={active ? 'filled' : 'outlined'}
            onClick={() => navigate(tab.fullPath)}
            onContextMenu={(e) => openMenu(e, tab)}
            onAuxClick={(e) => e.button === 1 && !tab.affix && close(tab, 'current')}
            onDelete={tab.affix ? undefined : () => close(tab, 'current')}
            deleteIcon={<CloseIcon aria-label={translate('app.layout.tabs.close_current')} />}
            sx={{ borderRadius: 1, flexShrink: 0 }}
          />
        );
      })}
      <Menu
        open={!!menu}
        onClose={() => setMenu(null)}
        anchorReference="anchorPosition"
        anchorPosition={menu ? { top: menu.y, left: menu.x } : undefined}
        slotProps={{ paper: { sx: { width: LAYOUT.contextMenuPx } } }}
      >
        <MenuItem dense onClick={() => menu && refresh(menu.tab)}>
          {translate('app.layout.tabs.refresh')}
        </MenuItem>
        {CLOSE_ACTIONS.map((action) => (
          <MenuItem key={action} dense disabled={action === 'current' && menu?.tab.affix} onClick={() => menu && close(menu.tab, action)}>
            {translate(`app.layout.tabs.close_${action}`)}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
