import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import LinkIcon from '@mui/icons-material/Link';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Box, Button as MuiButton, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { TOP_LEVEL_ID, type CatalogNode } from './catalog';

interface CatalogTreeProps {
  nodes: readonly CatalogNode[];
  /** Accessible name of the tree. */
  label: string;
  selected?: string;
  onSelect?: (node: CatalogNode) => void;
  /** Multi-choice mode (merge, copy): a checkbox per node. */
  checked?: ReadonlySet<string>;
  onToggleCheck?: (node: CatalogNode) => void;
  /** Nodes shown but not selectable (a catalog itself when choosing where to move it, link catalogs for content). */
  isDisabled?: (node: CatalogNode) => boolean;
}

/**
 * A catalog tree: expand/collapse per node (all open at first), click to select. ARIA tree roles, so a browser test
 * finds a catalog by `role=treeitem` and its name. Hidden catalogs are greyed with an icon, link catalogs have one.
 */
export function CatalogTree({ nodes, label, selected, onSelect, checked, onToggleCheck, isDisabled }: CatalogTreeProps) {
  const translate = useTranslate();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const renderNode = (node: CatalogNode, depth: number) => {
    const id = String(node.id);
    const hasChildren = !!node.children?.length;
    const open = !collapsed.has(id);
    const disabled = !!isDisabled?.(node);
    const hidden = node.props?.visible === false;
    const isSelected = selected === id;
    const toggle = () =>
      setCollapsed((c) => {
        const next = new Set(c);
        if (!next.delete(id)) next.add(id);
        return next;
      });
    return (
      <li
        key={id}
        role="treeitem"
        aria-selected={isSelected}
        aria-expanded={hasChildren ? open : undefined}
        aria-disabled={disabled || undefined}
        aria-label={node.name}
        style={{ listStyle: 'none' }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            pl: depth * 2,
            pr: 1,
            borderRadius: 1,
            cursor: disabled ? 'default' : 'pointer',
            bgcolor: isSelected ? 'action.selected' : undefined,
            opacity: disabled ? 0.5 : hidden ? 0.6 : 1,
            '&:hover': { bgcolor: disabled ? undefined : 'action.hover' },
          }}
          onClick={() => {
            if (disabled) return;
            if (onToggleCheck) onToggleCheck(node);
            else onSelect?.(node);
          }}
        >
          {hasChildren ? (
            <IconButton
              size="small"
              aria-label={translate(open ? 'app.tree_grid.collapse' : 'app.tree_grid.expand', { name: node.name })}
              onClick={(e) => {
                e.stopPropagation();
                toggle();
              }}
            >
              {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
            </IconButton>
          ) : (
            <Box component="span" sx={{ width: 30, flexShrink: 0 }} />
          )}
          {onToggleCheck ? <Checkbox size="small" checked={checked?.has(id) ?? false} disabled={disabled} tabIndex={-1} sx={{ p: 0.5 }} /> : null}
          {node.props?.catalogType === 'link' ? <LinkIcon fontSize="small" color="action" /> : <FolderIcon fontSize="small" color="action" />}
          <Typography variant="body2" sx={{ ml: 0.5, py: 0.5, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {node.name}
          </Typography>
          {hidden ? <VisibilityOffIcon sx={{ ml: 0.5, fontSize: 14 }} color="disabled" titleAccess={translate('app.cms_catalog.hidden')} /> : null}
        </Box>
        {hasChildren && open ? (
          <ul role="group" style={{ margin: 0, padding: 0 }}>
            {node.children!.map((c) => renderNode(c, depth + 1))}
          </ul>
        ) : null}
      </li>
    );
  };
  return (
    <ul role="tree" aria-label={label} aria-multiselectable={onToggleCheck ? true : undefined} style={{ margin: 0, padding: 0 }}>
      {nodes.map((n) => renderNode(n, 0))}
    </ul>
  );
}

interface CatalogPickerDialogProps {
  open: boolean;
  title: string;
  nodes: readonly CatalogNode[];
  /** Offer "top level" (id 0) as a target: moving a catalog. */
  allowTop?: boolean;
  multiple?: boolean;
  isDisabled?: (node: CatalogNode) => boolean;
  busy?: boolean;
  onClose: () => void;
  /** The chosen ids (one unless `multiple`). */
  onConfirm: (ids: string[]) => void;
}

/** Choose a catalog (move, content move) or several (merge, copy) in a tree dialog. */
export function CatalogPickerDialog({ open, title, nodes, allowTop, multiple, isDisabled, busy, onClose, onConfirm }: CatalogPickerDialogProps) {
  const translate = useTranslate();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (node: CatalogNode) =>
    setChosen((c) => {
      const id = String(node.id);
      if (!multiple) return new Set([id]);
      const next = new Set(c);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const close = () => {
    setChosen(new Set());
    onClose();
  };
  const topNode: CatalogNode = { id: TOP_LEVEL_ID, parentId: '', name: translate('app.cms_catalog.top_level'), children: [...nodes] };
  return (
    <Dialog open={open} onClose={busy ? undefined : close} fullWidth maxWidth="sm" aria-label={title}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers sx={{ minHeight: 300 }}>
        <CatalogTree
          nodes={allowTop ? [topNode] : nodes}
          label={title}
          checked={chosen}
          onToggleCheck={toggle}
          isDisabled={(n) => String(n.id) !== TOP_LEVEL_ID && !!isDisabled?.(n)}
        />
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={close} disabled={busy}>
          {translate('ra.action.cancel')}
        </MuiButton>
        <MuiButton
          variant="contained"
          disabled={busy || !chosen.size}
          onClick={() => {
            onConfirm([...chosen]);
            setChosen(new Set());
          }}
        >
          {translate('ra.action.confirm')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}
