/** A row of a tree flattened in display order (parent first, then its subtree), as `flattenByParent` makes them. */
export interface DepthRow {
  depth: number;
}

/** Ids of the rows that have children: those followed by a deeper row. */
export function parentIds<T extends DepthRow>(rows: readonly T[], idOf: (row: T) => string): Set<string> {
  const ids = new Set<string>();
  rows.forEach((row, i) => {
    if ((rows[i + 1]?.depth ?? -1) > row.depth) ids.add(idOf(row));
  });
  return ids;
}

/** The rows left once the subtrees of the collapsed rows are hidden (a collapsed row itself stays). */
export function visibleRows<T extends DepthRow>(rows: readonly T[], collapsed: ReadonlySet<string>, idOf: (row: T) => string): T[] {
  const out: T[] = [];
  let hiddenBelow: number | undefined; // depth of the collapsed row whose subtree is being skipped
  for (const row of rows) {
    if (hiddenBelow !== undefined && row.depth > hiddenBelow) continue;
    hiddenBelow = collapsed.has(idOf(row)) ? row.depth : undefined;
    out.push(row);
  }
  return out;
}

/** The collapsed set with one row switched. */
export function toggled(collapsed: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(collapsed);
  if (!next.delete(id)) next.add(id);
  return next;
}

/** Whether every parent row is expanded (the "expand all / collapse all" toggle then offers to collapse). */
export function allExpanded(parents: ReadonlySet<string>, collapsed: ReadonlySet<string>): boolean {
  for (const id of parents) if (collapsed.has(id)) return false;
  return true;
}
