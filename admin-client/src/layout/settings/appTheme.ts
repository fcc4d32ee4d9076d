import { LAYOUT } from '@zhiwen/shared';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import type { ComponentSize, LayoutSettings } from './layoutSettings';

type MuiSize = 'small' | 'medium';

/** How each size of the size selector maps onto MUI: base font size, spacing unit and control sizes. */
const SIZE_SCALE: Record<ComponentSize, { fontSize: number; spacing: number; control: MuiSize; table: MuiSize }> = {
  default: { fontSize: 14, spacing: 8, control: 'medium', table: 'medium' },
  medium: { fontSize: 14, spacing: 8, control: 'small', table: 'medium' },
  small: { fontSize: 13, spacing: 7, control: 'small', table: 'small' },
  mini: { fontSize: 12, spacing: 6, control: 'small', table: 'small' },
};

/** Sidebar colours of the two sidebar themes (the dark one is the classic admin console look). */
export const SIDEBAR_COLOURS = {
  'theme-dark': { background: '#304156', text: '#bfcbd9', active: '#ffffff' },
  'theme-light': { background: '#ffffff', text: '#303133', active: '' },
} as const;

/** The react-admin theme for the chosen theme colour, sidebar theme and component size. */
export function buildAppTheme(settings: LayoutSettings, size: ComponentSize): RaThemeOptions {
  const scale = SIZE_SCALE[size];
  const withSize = (name: string, prop = 'size', value: string = scale.control) => ({
    [name]: {
      ...(defaultTheme.components as Record<string, object> | undefined)?.[name],
      defaultProps: {
        ...((defaultTheme.components as Record<string, { defaultProps?: object }> | undefined)?.[name]?.defaultProps ?? {}),
        [prop]: value,
      },
    },
  });
  return {
    ...defaultTheme,
    spacing: scale.spacing,
    typography: { ...defaultTheme.typography, fontSize: scale.fontSize },
    palette: { ...defaultTheme.palette, primary: { main: settings.themeColor, contrastText: '#fff' } },
    sidebar: { width: LAYOUT.sidebarWidthPx, closedWidth: 55 },
    components: {
      ...defaultTheme.components,
      ...withSize('MuiButton'),
      ...withSize('MuiIconButton'),
      ...withSize('MuiTextField'),
      ...withSize('MuiFormControl'),
      ...withSize('MuiInputBase'),
      ...withSize('MuiChip'),
      ...withSize('MuiTable', 'size', scale.table),
    },
  };
}
