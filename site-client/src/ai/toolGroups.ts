import type { Product } from '../catalog';

export interface ToolGroup {
  category: string;
  tools: Product[];
}

/** Tools grouped by category, categories in order of first appearance (the catalog's order), tools in theirs. */
export function groupByCategory(tools: readonly Product[], fallback = ''): ToolGroup[] {
  const groups = new Map<string, Product[]>();
  for (const tool of tools) {
    const category = tool.category || fallback;
    const list = groups.get(category);
    if (list) list.push(tool);
    else groups.set(category, [tool]);
  }
  return [...groups].map(([category, list]) => ({ category, tools: list }));
}

/**
 * Tools matching a search: every word of the query (space separated, case-insensitive) appears in the name,
 * description, category or route. An empty query matches all.
 */
export function searchTools(tools: readonly Product[], query: string): Product[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...tools];
  return tools.filter((tool) => {
    const haystack = `${tool.name} ${tool.description} ${tool.category ?? ''} ${tool.path}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
