import { parseLayoutSettings, type LayoutSettings } from '../../layout/settings/layoutSettings';

/** The switches of the layout settings, in the order the settings drawer shows them. */
export const PREFERENCE_SWITCHES = ['topNav', 'tagsView', 'fixedHeader', 'sidebarLogo', 'dynamicTitle'] as const;

/**
 * The server keeps an account's preferences as a free JSON object (`PreferencesDto`); this page edits the layout
 * settings in it (spec 2.6). Missing or malformed values read as the defaults.
 */
export function layoutPreferences(stored: Record<string, unknown> | undefined): LayoutSettings {
  return parseLayoutSettings(JSON.stringify(stored ?? {}));
}

/** What to store: the edited layout settings over what was kept, so keys other clients keep survive. */
export function mergePreferences(stored: Record<string, unknown> | undefined, settings: LayoutSettings): Record<string, unknown> {
  return { ...(stored ?? {}), ...settings };
}
