import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Checkbox, IconButton, Typography } from '@mui/material';
import { useState } from 'react';
import { Button } from 'react-admin';
import type { TreeNode } from './tree';

const childrenOf = (n: TreeNode) => n.children ?? [];

/** Ids of the nodes without children below (or equal to) a node. */
function leavesOf(node: TreeNode): string[] {
  const kids = childrenOf(node);
  return kids.length ? kids.flatMap(leavesOf) : [String(node.id)];
}

function allNodes(nodes: readonly TreeNode[]): TreeNode[] {
  return nodes.flatMap((n) => [n, ...allNodes(childrenOf(n))]);
}

/**
 * Checked leaves from the ids a server sent (parents included as "half checked"): a listed leaf is checked; a listed
 * parent none of whose descendants is listed counts as fully checked.
 */
export function leavesFromKeys(nodes: readonly TreeNode[], keys: readonly (string | number)[]): Set<string> {
  const wanted = new Set(keys.map(String));
  const out = new Set<string>();
  for (const node of allNodes(nodes)) {
    if (!wanted.has(String(node.id))) continue;
    const below = allNodes(childrenOf(node));
    if (!below.length) out.add(String(node.id));
    else if (!below.some((d) => wanted.has(String(d.id)))) leavesOf(node).forEach((id) => out.add(id));
  }
  return out;
}

/** The ids to send: every node with at least one checked leaf (checked and half-checked), in tree order. */
export function keysFromLeaves(nodes: readonly TreeNode[], leaves: ReadonlySet<string>): string[] {
  return allNodes(nodes)
    .filter((n) => leavesOf(n).some((id) => leaves.has(id)))
    .map((n) => String(n.id));
}

interface ItemProps {
  node: TreeNode;
  depth: number;
  leaves: ReadonlySet<string>;
  expanded: ReadonlySet<string>;
  onToggle: (node: TreeNode, checked: boolean) => void;
  onExpand: (id: string) => void;
  disabled?: boolean;
}

function TreeItem({ node, depth, leaves, expanded, onToggle, onExpand, disabled }: ItemProps) {
  const own = leavesOf(node);
  const count = own.filter((id) => leaves.has(id)).length;
  const kids = childrenOf(node);
  const open = expanded.has(String(node.id));
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', pl: depth * 3, minHeight: 32 }}>
        {kids.length ? (
          <IconButton size="small" onClick={() => onExpand(String(node.id))} aria-label={node.label} aria-expanded={open}>
            {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
          </IconButton>
        ) : (
          <Box sx={{ width: 34 }} />
        )}
        <Checkbox
          size="small"
          sx={{ p: 0.5 }}
          disabled={disabled}
          checked={count > 0 && count === own.length}
          indeterminate={count > 0 && count < own.length}
          onChange={(e) => onToggle(node, e.target.checked)}
        />
        <Typography variant="body2">{node.label}</Typography>
      </Box>
      {open
        ? kids.map((c) => (
            <TreeItem
              key={c.id}
              node={c}
              depth={depth + 1}
              leaves={leaves}
              expanded={expanded}
              onToggle={onToggle}
              onExpand={onExpand}
              disabled={disabled}
            />
          ))
        : null}
    </>
  );
}

export interface CheckboxTreeProps {
  nodes: readonly TreeNode[];
  /** Checked leaf ids (see leavesFromKeys / keysFromLeaves). */
  leaves: ReadonlySet<string>;
  onChange: (leaves: Set<string>) => void;
  disabled?: boolean;
}

/** A checkbox tree with expand/collapse; checking a node checks all of its descendants. */
export function CheckboxTree({ nodes, leaves, onChange, disabled }: CheckboxTreeProps) {
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(nodes.map((n) => String(n.id))));
  const onToggle = (node: TreeNode, checked: boolean) => {
    const next = new Set(leaves);
    for (const id of leavesOf(node)) {
      if (checked) next.add(id);
      else next.delete(id);
    }
    onChange(next);
  };
  const onExpand = (id: string) => {
    const next = new Set(expanded);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setExpanded(next);
  };
  const all = allNodes(nodes);
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, mb: 0.5 }}>
        <Button label="app.tree.expand_all" onClick={() => setExpanded(new Set(all.map((n) => String(n.id))))} />
        <Button label="app.tree.collapse_all" onClick={() => setExpanded(new Set())} />
        <Button label="app.tree.check_all" disabled={disabled} onClick={() => onChange(new Set(nodes.flatMap(leavesOf)))} />
        <Button label="app.tree.uncheck_all" disabled={disabled} onClick={() => onChange(new Set())} />
      </Box>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, maxHeight: 420, overflow: 'auto' }}>
        {nodes.map((n) => (
          <TreeItem key={n.id} node={n} depth={0} leaves={leaves} expanded={expanded} onToggle={onToggle} onExpand={onExpand} disabled={disabled} />
        ))}
      </Box>
    </Box>
  );
}
