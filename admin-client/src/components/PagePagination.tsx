import { TablePagination } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

export interface PagePaginationProps {
  total: number;
  /** 1-based page. */
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Page sizes offered; one value (or none given) hides the choice. */
  pageSizes?: number[];
  onPageSize?: (pageSize: number) => void;
}

/**
 * Paging of a table that is not a react-admin list (dialogs, tabs, the resource browser): MUI's pager with the
 * app's texts ("第 1-20 条，共 35 条", "共 0 条", "每页条数"), as ListPagination has them; pages counted from 1.
 */
export function PagePagination({ total, page, pageSize, onPage, pageSizes = [pageSize], onPageSize }: PagePaginationProps) {
  const translate = useTranslate();
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, page - 1)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={pageSizes}
      onPageChange={(_, p) => onPage(p + 1)}
      onRowsPerPageChange={(e) => onPageSize?.(Number(e.target.value))}
      labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
      labelDisplayedRows={({ from, to, count }) =>
        count ? translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count }) : translate('app.list.total_none')
      }
    />
  );
}

/** The page sizes the hand-made tables offer (react-admin lists use the spec's `PAGING.pageSizeOptions`). */
export const TABLE_PAGE_SIZES = [10, 20, 50, 100];

/**
 * Page state of a hand-made table: 1-based `page`, `pageSize`, `reset()` (back to page 1, e.g. when a filter changes)
 * and `pager`, the props to spread on `<PagePagination total={…} {...paging.pager} />` (a new page size starts again
 * at page 1).
 */
export function usePaging(initialPageSize = 20, pageSizes: number[] = TABLE_PAGE_SIZES) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  return {
    page,
    pageSize,
    reset: () => setPage(1),
    pager: {
      page,
      pageSize,
      pageSizes,
      onPage: setPage,
      onPageSize: (size: number) => {
        setPageSize(size);
        setPage(1);
      },
    },
  };
}
