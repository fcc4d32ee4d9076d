import type { ReactElement, ReactNode } from 'react';
import { CreateButton, FilterButton, List, TopToolbar, type ListProps } from 'react-admin';
import { PAGING } from '@zhiwen/shared';
import { ListPagination } from './ListPagination';
import { ServerExportButton } from './ServerExportButton';

interface ScreenListProps extends Omit<ListProps, 'actions' | 'pagination' | 'perPage'> {
  /** Show the create button (it still hides without the add permission). Default true. */
  creatable?: boolean;
  /** Show the server-side Excel export (it still hides without the export permission). Default true. */
  exportable?: boolean;
  /** Buttons after the standard ones (clean, refresh cache...). */
  extraActions?: ReactNode;
  /** An unpaged tree (departments, menus): every row at once. */
  tree?: boolean;
  children: ReactElement;
}

/** The list frame every screen shares: the spec's page sizes and the toolbar filter / create / export / extras. */
export function ScreenList({ creatable = true, exportable = true, extraActions, tree = false, children, ...props }: ScreenListProps) {
  return (
    <List
      {...props}
      perPage={tree ? 10_000 : PAGING.defaultPageSize}
      pagination={tree ? false : <ListPagination />}
      actions={
        <TopToolbar>
          {props.filters ? <FilterButton /> : null}
          {creatable ? <CreateButton /> : null}
          {exportable ? <ServerExportButton /> : null}
          {extraActions}
        </TopToolbar>
      }
    >
      {children}
    </List>
  );
}
