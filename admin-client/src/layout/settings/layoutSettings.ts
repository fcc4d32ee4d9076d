import { LAYOUT, LAYOUT_DEFAULTS } from '@zhiwen/shared';
import { useSyncExternalStore } from 'react';
import { getCookie, setCookie } from '../../providers/cookies';

/** What the settings drawer controls (spec 2.6). */
export interface LayoutSettings {
  sideTheme: 'theme-dark' | 'theme-light';
  themeColor: string;
  topNav: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  dynamicTitle: boolean;
}

export const COMPONENT_SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type ComponentSize = (typeof COMPONENT_SIZES)[number];

const STORAGE_KEY = 'layout-setting';
const SIZE_COOKIE = 'size';
export const DEFAULT_SIZE: ComponentSize = 'medium';

export const DEFAULT_LAYOUT_SETTINGS: LayoutSettings = {
  sideTheme: LAYOUT_DEFAULTS.sideTheme,
  themeColor: LAYOUT.defaultThemeColor,
  topNav: LAYOUT_DEFAULTS.topNav,
  tagsView: LAYOUT_DEFAULTS.tagsView,
  fixedHeader: LAYOUT_DEFAULTS.fixedHeader,
  sidebarLogo: LAYOUT_DEFAULTS.sidebarLogo,
  dynamicTitle: LAYOUT_DEFAULTS.dynamicTitle,
};

/** Saved settings over the defaults; unknown or malformed values fall back to the defaults. */
export function parseLayoutSettings(raw: string | null): LayoutSettings {
  let saved: Partial<Record<keyof LayoutSettings, unknown>> = {};
  try {
    saved = raw ? (JSON.parse(raw) as typeof saved) : {};
  } catch {
    saved = {};
  }
  const out = { ...DEFAULT_LAYOUT_SETTINGS };
  for (const key of Object.keys(out) as (keyof LayoutSettings)[]) {
    const value = saved?.[key];
    if (typeof value === typeof out[key]) (out as Record<string, unknown>)[key] = value;
  }
  if (!['theme-dark', 'theme-light'].includes(out.sideTheme)) out.sideTheme = DEFAULT_LAYOUT_SETTINGS.sideTheme;
  if (!/^#[0-9a-f]{6}$/i.test(out.themeColor)) out.themeColor = DEFAULT_LAYOUT_SETTINGS.themeColor;
  return out;
}

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

/**
 * The live settings: the drawer changes them at once (a preview); `save` keeps them for the next visit,
 * `reset` forgets them. One small external store so the theme, the app bar and the drawer all follow.
 */
function createLayoutStore() {
  let current = parseLayoutSettings(storage()?.getItem(STORAGE_KEY) ?? null);
  let size: ComponentSize = (COMPONENT_SIZES as readonly string[]).includes(getCookie(SIZE_COOKIE) ?? '')
    ? (getCookie(SIZE_COOKIE) as ComponentSize)
    : DEFAULT_SIZE;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => current,
    getSize: () => size,
    set(patch: Partial<LayoutSettings>) {
      current = { ...current, ...patch };
      emit();
    },
    setSize(next: ComponentSize) {
      size = next;
      setCookie(SIZE_COOKIE, next);
      emit();
    },
    save() {
      storage()?.setItem(STORAGE_KEY, JSON.stringify(current));
    },
    reset() {
      storage()?.removeItem(STORAGE_KEY);
      current = { ...DEFAULT_LAYOUT_SETTINGS };
      emit();
    },
  };
}

export const layoutStore = createLayoutStore();

/** The current layout settings, re-rendering on change. */
export function useLayoutSettings(): LayoutSettings {
  return useSyncExternalStore(layoutStore.subscribe, layoutStore.get, layoutStore.get);
}

/** The current component size, re-rendering on change. */
export function useComponentSize(): ComponentSize {
  return useSyncExternalStore(layoutStore.subscribe, layoutStore.getSize, layoutStore.getSize);
}
