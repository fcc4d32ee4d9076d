import { Toolbar, Typography } from '@mui/material';
import { Pagination, useListContext, useTranslate, type PaginationProps } from 'react-admin';
import { PAGING } from '@zhiwen/shared';

/**
 * The pager every paged list shares: the spec's page sizes, and "共 0 条" when the list is empty or its request failed.
 * (react-admin's own pager shows nothing for an empty list and, with no total after a failed request, counts the page
 * size as the total: "第 1-20 条，共 20 条" over an empty table.) An estimated total reads "约 N 条".
 */
export function ListPagination(props: PaginationProps) {
  const { isPending, error, total, meta } = useListContext();
  const translate = useTranslate();
  if (!isPending && (error || !total)) {
    return (
      <Toolbar variant="dense" sx={{ justifyContent: 'flex-end' }}>
        <Typography variant="body2" role="status">
          {translate('app.list.total_none')}
        </Typography>
      </Toolbar>
    );
  }
  // A large list's total is the server's estimate (`totalExact: false`, passed on as `meta` by the data provider).
  const estimated = (meta as { totalExact?: boolean } | undefined)?.totalExact === false;
  const labelDisplayedRows = ({ from, to, count }: { from: number; to: number; count: number }) =>
    translate('app.list.range_estimated', { from, to, total: count });
  return <Pagination rowsPerPageOptions={[...PAGING.pageSizeOptions]} {...(estimated ? { labelDisplayedRows } : {})} {...props} />;
}
