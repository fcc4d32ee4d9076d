import { TableCell, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The one row of a table that is not a react-admin list when it has no rows: "无结果", across all its columns. */
export function EmptyTableRow({ colSpan }: { colSpan: number }) {
  const translate = useTranslate();
  return (
    <TableRow>
      <TableCell colSpan={colSpan}>
        <Typography variant="body2" color="text.secondary">
          {translate('ra.navigation.no_results')}
        </Typography>
      </TableCell>
    </TableRow>
  );
}
