import type { SysDept } from './sys-dept.entity';

/** A node of the department tree select (RuoYi `TreeSelect`). */
export interface DeptTreeNode {
  id: string;
  label: string;
  disabled: boolean;
  /** Absent on leaves, as RuoYi's TreeSelect omits an empty list. */
  children?: DeptTreeNode[];
}

/**
 * Builds the tree of a flat department list (already in display order). A department whose parent is not in the
 * list becomes a root: a caller who sees only part of the organisation gets the top of what it sees.
 */
export function buildDeptTree(depts: readonly SysDept[]): DeptTreeNode[] {
  const nodes = new Map<string, DeptTreeNode>();
  for (const d of depts) nodes.set(d.deptId, { id: d.deptId, label: d.deptName, disabled: d.status === '1' });
  const roots: DeptTreeNode[] = [];
  for (const d of depts) {
    const node = nodes.get(d.deptId)!;
    const parent = nodes.get(d.parentId);
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}
