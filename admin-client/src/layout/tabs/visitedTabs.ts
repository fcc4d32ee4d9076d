/** A page in the tabs bar of visited pages. */
export interface VisitedTab {
  /** Pathname, the tab's identity. */
  path: string;
  /** Pathname plus query, where clicking the tab goes. */
  fullPath: string;
  title: string;
  /** Pinned: never closed. */
  affix: boolean;
}

/** Adds a visited page, or refreshes the query and title of its tab. */
export function addTab(tabs: VisitedTab[], tab: VisitedTab): VisitedTab[] {
  const index = tabs.findIndex((t) => t.path === tab.path);
  if (index < 0) return [...tabs, tab];
  const existing = tabs[index];
  if (existing.fullPath === tab.fullPath && existing.title === tab.title && existing.affix === tab.affix) return tabs;
  return tabs.map((t, i) => (i === index ? tab : t));
}

/**
 * A page that replaced another in the history (a new record saved and reopened under its id): its tab takes the
 * place of the replaced page's tab instead of adding one; otherwise as addTab.
 */
export function replaceTab(tabs: VisitedTab[], replacedPath: string, tab: VisitedTab): VisitedTab[] {
  const index = tabs.findIndex((t) => t.path === replacedPath);
  if (index < 0 || tabs[index].affix || tabs.some((t) => t.path === tab.path)) return addTab(tabs, tab);
  return tabs.map((t, i) => (i === index ? tab : t));
}

export type CloseAction = 'current' | 'others' | 'left' | 'right' | 'all';

/** The tabs left after a close action on `path`; pinned tabs always stay. */
export function closeTabs(tabs: VisitedTab[], path: string, action: CloseAction): VisitedTab[] {
  const index = tabs.findIndex((t) => t.path === path);
  return tabs.filter((t, i) => {
    if (t.affix) return true;
    switch (action) {
      case 'current':
        return t.path !== path;
      case 'others':
        return t.path === path;
      case 'left':
        return index < 0 || i >= index;
      case 'right':
        return index < 0 || i <= index;
      case 'all':
        return false;
    }
  });
}

/** Where to go after closing: stay when the active tab survived, else the last remaining tab, else home. */
export function afterClose(remaining: VisitedTab[], activePath: string): string | undefined {
  if (remaining.some((t) => t.path === activePath)) return undefined;
  return remaining.length ? remaining[remaining.length - 1].fullPath : '/';
}
