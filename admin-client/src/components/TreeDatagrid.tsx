import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { Datagrid, FunctionField, useListContext, type RaRecord } from 'react-admin';
import { flattenByParent } from './tree';

/**
 * A Datagrid of a flat list with `parentId` (departments, menus) shown as an indented tree: children under their
 * parent, in the server's order. `labelSource` is the column indented by depth.
 */
export function TreeDatagrid({ idKey, labelSource, label, children }: { idKey: string; labelSource: string; label: string; children: ReactNode }) {
  const { data } = useListContext();
  const rows = flattenByParent((data ?? []) as RaRecord[], idKey);
  return (
    <Datagrid data={rows} rowClick={false} bulkActionButtons={false} sx={{ '& th': { whiteSpace: 'nowrap' } }}>
      <FunctionField
        label={label}
        sortable={false}
        render={(r: RaRecord & { depth?: number }) => <Box sx={{ pl: (r.depth ?? 0) * 3, whiteSpace: 'nowrap' }}>{r[labelSource]}</Box>}
      />
      {children}
    </Datagrid>
  );
}
