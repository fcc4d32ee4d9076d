import Fuse from 'fuse.js';
import type { ScreenRoute } from '../../routing/route-tree';

export interface SearchEntry {
  /** Titles from the top menu down, e.g. "系统管理 > 用户管理". */
  title: string;
  path: string;
  external: boolean;
}

/** Longer patterns are cut to this length (spec 2.6). */
export const SEARCH_PATTERN_LENGTH = 32;

/** The searchable routes: visible screens the caller may open. */
export function searchEntries(screens: ScreenRoute[]): SearchEntry[] {
  return screens
    .filter((s) => !s.hidden)
    .map((s) => ({
      title: s.trail.join(' > '),
      path: /^https?:\/\//i.test(s.path) ? (s.link ?? s.path) : `/${s.path}`,
      external: /^https?:\/\//i.test(s.path),
    }));
}

/** Fuzzy search over route titles (weight 0.7) and paths (0.3), threshold 0.4, minimum match length 1 (spec 2.6). */
export function createRouteSearch(entries: SearchEntry[]): (query: string) => SearchEntry[] {
  const fuse = new Fuse(entries, {
    keys: [
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ],
    threshold: 0.4,
    minMatchCharLength: 1,
    shouldSort: true,
    location: 0,
    distance: 100,
  });
  return (query) => {
    const pattern = query.trim().slice(0, SEARCH_PATTERN_LENGTH);
    return pattern ? fuse.search(pattern).map((r) => r.item) : [];
  };
}
