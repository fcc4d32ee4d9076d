import FormatSizeIcon from '@mui/icons-material/FormatSize';
import { IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { COMPONENT_SIZES, layoutStore, useComponentSize } from '../settings/layoutSettings';

/** Component size selector (default, medium, small, mini), kept in a cookie. */
export function SizeSelector() {
  const translate = useTranslate();
  const notify = useNotify();
  const size = useComponentSize();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = translate('app.layout.size.title');
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={(e) => setAnchor(e.currentTarget)}>
          <FormatSizeIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {COMPONENT_SIZES.map((option) => (
          <MenuItem
            key={option}
            selected={option === size}
            disabled={option === size}
            onClick={() => {
              layoutStore.setSize(option);
              setAnchor(null);
              notify('app.layout.size.switched', { type: 'success' });
            }}
          >
            {translate(`app.layout.size.${option}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
