import DownloadIcon from '@mui/icons-material/Download';
import { Button, useCanAccess, useListContext, useNotify, useResourceContext } from 'react-admin';
import { EXPORT_HEADER } from '@zhiwen/shared';
import { saveBlob } from './download';
import { httpClient } from '../providers/httpClient';
import { SCREENS } from '../screens/registry';

/** Downloads the current list, with its filters (the list's permanent one included) and sort, as the server's .xlsx (`POST <list>` + `cc-export: 1`). */
export function ServerExportButton() {
  const resource = useResourceContext() ?? '';
  const { filter, filterValues, sort } = useListContext();
  const notify = useNotify();
  const { canAccess } = useCanAccess({ resource, action: 'export' });
  if (!canAccess) return null;
  const api = SCREENS.find((s) => s.resource === resource)?.api ?? resource;
  const onClick = async () => {
    try {
      const { blob, fileName } = await httpClient.download(
        `/${api}/list`,
        {
          ...filterValues,
          ...filter,
          ...(sort?.field && sort.field !== 'id' ? { orderByColumn: sort.field, isAsc: sort.order === 'ASC' ? 'asc' : 'desc' } : {}),
        },
        { [EXPORT_HEADER]: '1' },
      );
      saveBlob(blob, fileName);
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    <Button label="ra.action.export" onClick={onClick}>
      <DownloadIcon />
    </Button>
  );
}
