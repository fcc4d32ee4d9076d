import { Switch } from '@mui/material';
import { useRecordContext, type RaRecord } from 'react-admin';
import { httpClient } from '../providers/httpClient';
import { useApiCall } from './useApiCall';
import { useHasPermission } from './usePermission';

interface StatusSwitchProps {
  /** API url of the change (PUT), e.g. `/system/user/changeStatus`. */
  url: string;
  /** Field naming the row in the body (`userId`). */
  idField: string;
  /** Without it the switch is read-only. */
  permission: string;
  /** Rows whose status may not change (the built-in administrator). */
  locked?: (record: RaRecord) => boolean;
}

/** The enabled/disabled switch of a row (status '0' normal, '1' disabled): PUTs `{ <idField>, status }`. */
export function StatusSwitch({ url, idField, permission, locked }: StatusSwitchProps) {
  const record = useRecordContext();
  const allowed = useHasPermission(permission);
  const { run, busy } = useApiCall();
  if (!record) return null;
  const onChange = (checked: boolean) => run(() => httpClient.put(url, { [idField]: record[idField], status: checked ? '0' : '1' }));
  return (
    <Switch
      size="small"
      checked={record.status === '0'}
      disabled={!allowed || busy || !!locked?.(record)}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) => void onChange(e.target.checked)}
    />
  );
}
