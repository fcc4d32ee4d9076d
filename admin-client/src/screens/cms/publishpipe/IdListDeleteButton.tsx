import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { Button, Confirm, useRecordContext } from 'react-admin';
import { httpClient } from '../../../providers/httpClient';
import { useApiCall } from '../../../components/useApiCall';
import { useHasPermission } from '../../../components/usePermission';

interface IdListDeleteButtonProps {
  /** API url of the delete, e.g. `/cms/publishpipe`. */
  url: string;
  /** Field naming the row (`publishpipeId`). */
  idField: string;
  permission: string;
  confirmTitle: string;
  confirmContent: string;
  /** Field of the row shown in the confirm text as `%{name}`. */
  nameField: string;
  onSuccess?: () => void;
}

/**
 * A row's delete for the CMS routes that take a JSON list of ids in the body (`DELETE /cms/publishpipe`,
 * `DELETE /cms/template`), where react-admin's DeleteButton would call `DELETE <path>/<id>`.
 */
export function IdListDeleteButton({ url, idField, permission, confirmTitle, confirmContent, nameField, onSuccess }: IdListDeleteButtonProps) {
  const record = useRecordContext();
  const allowed = useHasPermission(permission);
  const [open, setOpen] = useState(false);
  const { run, busy } = useApiCall();
  if (!record || !allowed) return null;
  const remove = async () => {
    const done = await run(() => httpClient.request(url, { method: 'DELETE', data: [String(record[idField])] }), 'ra.notification.deleted');
    setOpen(false);
    if (done) onSuccess?.();
  };
  return (
    <>
      <Button
        label="ra.action.delete"
        color="error"
        disabled={busy}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={confirmTitle}
        content={confirmContent}
        translateOptions={{ name: record[nameField] ?? '', smart_count: 1 }}
        onConfirm={remove}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
