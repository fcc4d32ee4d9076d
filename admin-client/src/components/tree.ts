/** A node of the server's tree-select answers (`/system/dept/treeselect`, `/system/menu/treeselect`...). */
export interface TreeNode {
  id: string;
  label: string;
  disabled?: boolean;
  children?: TreeNode[];
}

/** Select choices of a tree, indented by depth so the hierarchy stays readable in a flat list. */
export function treeChoices(nodes: readonly TreeNode[], depth = 0): { id: string; name: string }[] {
  return nodes.flatMap((n) => [{ id: String(n.id), name: `${'\u3000'.repeat(depth)}${n.label}` }, ...treeChoices(n.children ?? [], depth + 1)]);
}

/** Every id of a node and its descendants. */
export function subtreeIds(node: TreeNode): string[] {
  return [String(node.id), ...(node.children ?? []).flatMap(subtreeIds)];
}

/** A flat list with `parentId` arranged as a tree, in list order, each row with its depth. */
export function flattenByParent<T extends object>(rows: readonly T[], key: string): (T & { depth: number })[] {
  const field = (r: T, name: string) => String((r as Record<string, unknown>)[name]);
  const ids = new Set(rows.map((r) => field(r, key)));
  const children = new Map<string, T[]>();
  for (const r of rows) {
    const parent = ids.has(field(r, 'parentId')) ? field(r, 'parentId') : '';
    children.set(parent, [...(children.get(parent) ?? []), r]);
  }
  const out: (T & { depth: number })[] = [];
  const walk = (parent: string, depth: number) => {
    for (const r of children.get(parent) ?? []) {
      out.push({ ...r, depth });
      walk(field(r, key), depth + 1);
    }
  };
  walk('', 0);
  return out;
}
