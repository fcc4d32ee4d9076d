import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import LaunchIcon from '@mui/icons-material/Launch';
import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import { useState } from 'react';
import { Menu, useSidebarState } from 'react-admin';
import { Link, useLocation } from 'react-router';
import type { MenuNode } from '../routing/route-tree';
import { activeTopNode } from './navbar/topMenu';
import { useLayoutSettings } from './settings/layoutSettings';
import { useMenu } from './useScreens';

/** Spec 2.6: titles longer than 5 characters get a tooltip. */
function Title({ text }: { text: string }) {
  const label = <ListItemText primary={text} slotProps={{ primary: { noWrap: true } }} />;
  return text.length > 5 ? (
    <Tooltip title={text} placement="right">
      {label}
    </Tooltip>
  ) : (
    label
  );
}

function MenuEntry({ node, depth }: { node: MenuNode; depth: number }) {
  const location = useLocation();
  const [sidebarOpen] = useSidebarState();
  const active = !!node.to && !node.external && location.pathname.startsWith(`/${node.to}`);
  const [open, setOpen] = useState(() => node.children.some((c) => location.pathname.startsWith(`/${c.key}`)));
  const indent = sidebarOpen ? 2 + depth * 2 : 2;
  if (node.children.length) {
    return (
      <>
        <ListItemButton onClick={() => setOpen(!open)} sx={{ pl: indent }} data-menu-key={node.key} aria-expanded={open}>
          <ListItemIcon>
            <FolderIcon fontSize="small" />
          </ListItemIcon>
          <Title text={node.title} />
          {open ? <ExpandLess /> : <ExpandMore />}
        </ListItemButton>
        <Collapse in={open} unmountOnExit>
          <List disablePadding>
            {node.children.map((child) => (
              <MenuEntry key={child.key} node={child} depth={depth + 1} />
            ))}
          </List>
        </Collapse>
      </>
    );
  }
  if (node.external) {
    return (
      <ListItemButton component="a" href={node.to} target="_blank" rel="noopener noreferrer" sx={{ pl: indent }} data-menu-key={node.key}>
        <ListItemIcon>
          <LaunchIcon fontSize="small" />
        </ListItemIcon>
        <Title text={node.title} />
      </ListItemButton>
    );
  }
  return (
    <ListItemButton component={Link} to={`/${node.to}`} selected={active} sx={{ pl: indent }} data-menu-key={node.key}>
      <ListItemIcon>
        <ArticleIcon fontSize="small" />
      </ListItemIcon>
      <Title text={node.title} />
    </ListItemButton>
  );
}

/**
 * The side menu: the dashboard, then the caller's menu tree from `GET /getRouters`. In top-navigation mode the
 * top level lives in the app bar, so this shows only the pages under the active top item.
 */
export function AppMenu() {
  const nodes = useMenu();
  const { topNav } = useLayoutSettings();
  const location = useLocation();
  const shown = topNav ? (activeTopNode(nodes, location.pathname)?.children ?? []) : nodes;
  return (
    <Menu>
      {topNav ? null : <Menu.DashboardItem />}
      {shown.map((node) => (
        <MenuEntry key={node.key} node={node} depth={0} />
      ))}
    </Menu>
  );
}
