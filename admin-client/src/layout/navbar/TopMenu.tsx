import { Button, Menu, MenuItem, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router';
import type { MenuNode } from '../../routing/route-tree';
import { useMenu } from '../useScreens';
import { activeTopNode, firstLeaf, visibleTopCount } from './topMenu';

function useBodyWidth(): number {
  const [width, setWidth] = useState(() => document.body.clientWidth);
  useEffect(() => {
    const onResize = () => setWidth(document.body.clientWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

/** Top navigation mode: the top-level menu in the app bar, the overflow under More; the sidebar shows the active item's pages. */
export function TopMenu() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const nodes = useMenu();
  const count = visibleTopCount(useBodyWidth());
  const [moreAnchor, setMoreAnchor] = useState<HTMLElement | null>(null);
  const active = activeTopNode(nodes, location.pathname);
  const open = (node: MenuNode) => {
    setMoreAnchor(null);
    const leaf = firstLeaf(node);
    if (!leaf?.to) return;
    if (leaf.external) window.open(leaf.to, '_blank', 'noopener');
    else navigate(`/${leaf.to}`);
  };
  const shown = nodes.slice(0, count);
  const rest = nodes.slice(count);
  return (
    <Stack direction="row" sx={{ flex: 1, overflow: 'hidden' }} data-testid="top-menu">
      {shown.map((node) => (
        <Button
          key={node.key}
          color="inherit"
          onClick={() => open(node)}
          sx={{ minWidth: 85, borderBottom: 2, borderColor: node === active ? 'currentColor' : 'transparent', borderRadius: 0 }}
        >
          {node.title}
        </Button>
      ))}
      {rest.length ? (
        <>
          <Button color="inherit" onClick={(e) => setMoreAnchor(e.currentTarget)}>
            {translate('app.layout.more')}
          </Button>
          <Menu anchorEl={moreAnchor} open={!!moreAnchor} onClose={() => setMoreAnchor(null)}>
            {rest.map((node) => (
              <MenuItem key={node.key} selected={node === active} onClick={() => open(node)}>
                {node.title}
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : null}
    </Stack>
  );
}
