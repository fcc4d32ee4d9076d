import CheckIcon from '@mui/icons-material/Check';
import { Box, Button, Divider, Drawer, FormControlLabel, Stack, Switch, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import { LAYOUT } from '@zhiwen/shared';
import { useNotify, useTranslate } from 'react-admin';
import { layoutStore, useLayoutSettings, type LayoutSettings } from './layoutSettings';

const SWITCHES: (keyof Pick<LayoutSettings, 'topNav' | 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'dynamicTitle'>)[] = [
  'topNav',
  'tagsView',
  'fixedHeader',
  'sidebarLogo',
  'dynamicTitle',
];

/** Layout settings drawer (spec 2.6, 280 px): changes apply at once; Save keeps them, Reset forgets them and reloads. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const settings = useLayoutSettings();
  const save = () => {
    layoutStore.save();
    notify('app.layout.settings.saved', { type: 'success' });
    onClose();
  };
  const reset = () => {
    layoutStore.reset();
    notify('app.layout.settings.resetting', { type: 'info' });
    window.setTimeout(() => window.location.reload(), 1000);
  };
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: LAYOUT.settingsDrawerPx }, 'data-testid': 'settings-drawer' } as object }}
    >
      <Box sx={{ p: 2 }}>
        <Typography variant="subtitle1" gutterBottom>
          {translate('app.layout.settings.side_theme')}
        </Typography>
        <ToggleButtonGroup size="small" exclusive value={settings.sideTheme} onChange={(_, value) => value && layoutStore.set({ sideTheme: value })}>
          <ToggleButton value="theme-dark">{translate('app.layout.settings.dark')}</ToggleButton>
          <ToggleButton value="theme-light">{translate('app.layout.settings.light')}</ToggleButton>
        </ToggleButtonGroup>
        <Typography variant="subtitle1" sx={{ mt: 2 }} gutterBottom>
          {translate('app.layout.settings.theme_color')}
        </Typography>
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {LAYOUT.themePresets.map((colour) => (
            <Tooltip key={colour} title={colour}>
              <Box
                component="button"
                type="button"
                aria-label={colour}
                aria-pressed={settings.themeColor.toLowerCase() === colour.toLowerCase()}
                onClick={() => layoutStore.set({ themeColor: colour })}
                sx={{
                  width: 24,
                  height: 24,
                  border: 0,
                  borderRadius: 0.5,
                  bgcolor: colour,
                  color: '#fff',
                  cursor: 'pointer',
                  p: 0,
                  display: 'grid',
                  placeItems: 'center',
                }}
              >
                {settings.themeColor.toLowerCase() === colour.toLowerCase() ? <CheckIcon sx={{ fontSize: 16 }} /> : null}
              </Box>
            </Tooltip>
          ))}
        </Stack>
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle1">{translate('app.layout.settings.system_layout')}</Typography>
        <Stack>
          {SWITCHES.map((key) => (
            <FormControlLabel
              key={key}
              labelPlacement="start"
              sx={{ justifyContent: 'space-between', ml: 0 }}
              control={<Switch checked={settings[key]} onChange={(e) => layoutStore.set({ [key]: e.target.checked })} />}
              label={translate(`app.layout.settings.${key}`)}
            />
          ))}
        </Stack>
        <Divider sx={{ my: 2 }} />
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={save}>
            {translate('app.layout.settings.save')}
          </Button>
          <Button variant="outlined" onClick={reset}>
            {translate('app.layout.settings.reset')}
          </Button>
        </Stack>
      </Box>
    </Drawer>
  );
}
