import type { MenuNode } from '../../routing/route-tree';

/** Width of one top-menu item; a third of the body width is given to them (spec 2.6). */
const TOP_ITEM_PX = 85;

/** How many top-menu items show before the rest go under More. */
export function visibleTopCount(bodyWidth: number): number {
  return Math.max(1, Math.floor(bodyWidth / 3 / TOP_ITEM_PX));
}

/** Whether a console path lies under a menu node. */
export function nodeContains(node: MenuNode, pathname: string): boolean {
  const path = pathname.replace(/^\/+/, '');
  if (node.to && !node.external && (path === node.to || path.startsWith(`${node.to}/`))) return true;
  return node.children.some((child) => nodeContains(child, pathname));
}

/** The top-level menu node the current page belongs to. */
export function activeTopNode(nodes: MenuNode[], pathname: string): MenuNode | undefined {
  return nodes.find((node) => nodeContains(node, pathname));
}

/** Where clicking a top-level item goes: its own page, or its first page below. */
export function firstLeaf(node: MenuNode): MenuNode | undefined {
  if (!node.children.length) return node.to ? node : undefined;
  for (const child of node.children) {
    const leaf = firstLeaf(child);
    if (leaf) return leaf;
  }
  return undefined;
}
