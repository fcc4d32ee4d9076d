import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import { Box, IconButton } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Button, Datagrid, FunctionField, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { flattenByParent } from './tree';
import { allExpanded, parentIds, toggled, visibleRows } from './treeExpansion';

type TreeRow = RaRecord & { depth: number };

/**
 * A Datagrid of a flat list with `parentId` (departments, menus) shown as an indented tree: children under their
 * parent, in the server's order. `labelSource` is the column indented by depth, with each parent's expand/collapse
 * button; a button above the table expands or collapses every row.
 */
export function TreeDatagrid({ idKey, labelSource, label, children }: { idKey: string; labelSource: string; label: string; children: ReactNode }) {
  const translate = useTranslate();
  const { data } = useListContext();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const idOf = (row: RaRecord) => String(row[idKey]);
  const rows = flattenByParent((data ?? []) as RaRecord[], idKey);
  const parents = parentIds(rows, idOf);
  const expanded = allExpanded(parents, collapsed);
  return (
    <>
      <Box sx={{ px: 1, pt: 1 }}>
        <Button
          label={expanded ? 'app.tree.collapse_all' : 'app.tree.expand_all'}
          onClick={() => setCollapsed(expanded ? parents : new Set())}
          disabled={!parents.size}
        >
          {expanded ? <UnfoldLessIcon /> : <UnfoldMoreIcon />}
        </Button>
      </Box>
      <Datagrid data={visibleRows(rows, collapsed, idOf)} rowClick={false} bulkActionButtons={false} sx={{ '& th': { whiteSpace: 'nowrap' } }}>
        <FunctionField
          label={label}
          sortable={false}
          render={(r: TreeRow) => {
            const id = idOf(r);
            const open = !collapsed.has(id);
            return (
              <Box sx={{ pl: r.depth * 3, whiteSpace: 'nowrap', display: 'flex', alignItems: 'center' }}>
                {parents.has(id) ? (
                  <IconButton
                    size="small"
                    aria-label={translate(open ? 'app.tree_grid.collapse' : 'app.tree_grid.expand', { name: r[labelSource] })}
                    aria-expanded={open}
                    onClick={(e) => {
                      e.stopPropagation();
                      setCollapsed((c) => toggled(c, id));
                    }}
                  >
                    {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
                  </IconButton>
                ) : (
                  <Box component="span" sx={{ width: 30, flexShrink: 0 }} />
                )}
                {r[labelSource]}
              </Box>
            );
          }}
        />
        {children}
      </Datagrid>
    </>
  );
}
